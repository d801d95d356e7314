import { ContainerModule } from 'inversify';
import { Subject } from 'rxjs';
import {
  createKernel,
  defineNetwork,
  type CaipNetwork,
  type ChainAdapter,
  type Connector,
  type Kernel,
  type PluginManifest,
} from '../../kernel/index';
import { WALLETCONNECT_GROUP_ID, walletConnectPlugin } from './index';
import { walletConnectConnectorId, walletConnectNamespaces } from './connectors';
import { resolveWalletConnectConnectorId } from './resolveConnector';
import { base64Encode, utf8ToHex } from './units';
import { UnexpectedWalletResponseError } from './errors';
import { base58Decode, base58Encode } from 'latchkey/encoding';
import { formatUnits, parseUnits } from '../../kernel/index';
import { UniversalAdapter } from './UniversalAdapter';
import { FakeUniversalProvider } from './testing/fakeUniversalProvider';
import { evmNetwork } from '../../kernel/testing/networks';
import { UniversalProviderInit, WalletConnectSession } from './types';

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SOL = 'GqzBbbFvQ3TvYXrKb4QvX5uMKXXNy2sZmeS7nZ4LkDjh';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const evm = (id: number): CaipNetwork => evmNetwork(id, `Chain ${id}`, `http://127.0.0.1:9/evm${id}`);
const SOLANA_REF = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const SOLANA_DEV = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1';
const sol = (ref: string): CaipNetwork =>
  defineNetwork({
    id: ref,
    name: `Solana ${ref.slice(0, 4)}`,
    caipNetworkId: `solana:${ref}`,
    chainNamespace: 'solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [`http://127.0.0.1:9/sol-${ref.slice(0, 4)}`] } },
  });
const BTC_REF = '000000000019d6689c085ae165831e93';
const btc: CaipNetwork = defineNetwork({
  id: BTC_REF,
  name: 'Bitcoin',
  caipNetworkId: `bip122:${BTC_REF}`,
  chainNamespace: 'bip122',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9/btc'] } },
});

/** A chain plugin for `ns` (its adapter is never used here). */
function chainPlugin(id: string, ns: 'eip155' | 'solana'): PluginManifest {
  const adapter = { namespace: ns, events$: new Subject() } as unknown as ChainAdapter;
  return { id, contributes: { namespaces: [ns] }, load: async () => ({ adapters: () => [adapter] }) };
}

interface Setup {
  kernel: Kernel;
  fake: FakeUniversalProvider;
  rpcCalls: { url: string; body: any }[];
}

function setup(
  opts: {
    networks?: CaipNetwork[];
    plugins?: PluginManifest[];
    env?: Record<string, unknown>;
    rpc?: (body: any) => unknown;
    options?: Record<string, unknown>;
  } = {},
): Setup {
  const fake = new FakeUniversalProvider();
  const rpcCalls: { url: string; body: any }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    rpcCalls.push({ url, body });
    const one = (b: any) => ({ jsonrpc: '2.0', id: b.id, result: opts.rpc?.(b) });
    return new Response(JSON.stringify(Array.isArray(body) ? body.map(one) : one(body)), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const kernel = createKernel({
    options: {
      projectId: 'test-project',
      metadata: { name: 'Test dapp', description: 'd', url: 'http://127.0.0.1:5173', icons: [] },
      networks: opts.networks ?? [evm(1), evm(31337), sol(SOLANA_REF), sol(SOLANA_DEV), btc],
      relayUrl: 'ws://127.0.0.1:8787',
      features: { analytics: false },
      ...(opts.options ?? {}),
    },
    plugins: [...(opts.plugins ?? []), walletConnectPlugin()],
    environment: { localStorage: undefined, window: undefined, fetch, ...(opts.env ?? {}) } as never,
    modules: [new ContainerModule(({ bind }) => void bind(UniversalProviderInit).toConstantValue(async () => fake))],
  });
  return { kernel, fake, rpcCalls };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const settle = async () => {
  for (let i = 0; i < 4; i++) await tick();
};

/** Connects through the WalletConnect group and lets the wallet approve `accounts`. */
async function connectAll(s: Setup, accounts: Record<string, readonly string[]>) {
  await s.kernel.start();
  const done = s.kernel.connection.connect({ connectorId: WALLETCONNECT_GROUP_ID });
  await settle();
  expect(s.fake.connectCalls).toHaveLength(1);
  s.fake.approve(accounts);
  const outcome = await done.then(
    () => undefined,
    (err: unknown) => err,
  );
  await settle();
  return outcome;
}

const ALL = {
  eip155: [`eip155:1:${EVM}`, `eip155:31337:${EVM}`],
  solana: [`solana:${SOLANA_REF}:${SOL}`, `solana:${SOLANA_DEV}:${SOL}`],
  bip122: [`bip122:${BTC_REF}:${BTC}`],
};

async function adapterOf(kernel: Kernel, ns: 'eip155' | 'solana' | 'bip122' | 'polkadot'): Promise<UniversalAdapter> {
  const a = await kernel.plugins.adapter(ns);
  expect(a).toBeInstanceOf(UniversalAdapter);
  return a as UniversalAdapter;
}

describe('manifest: fallback namespaces and one connector per namespace', () => {
  it('declares the fallback namespaces; only chain plugins count for basic mode', async () => {
    const s = setup();
    await s.kernel.start();
    const manifest = s.kernel.plugins.manifests().find((m) => m.id === 'walletconnect')!;
    expect(manifest.contributes?.fallbackNamespaces).toEqual(['eip155', 'solana', 'bip122', 'polkadot']);
    expect(manifest.contributes?.namespaces).toBeUndefined();
    expect(s.kernel.plugins.namespaces()).toEqual([]);
    for (const ns of ['eip155', 'solana', 'bip122', 'polkadot'] as const) expect(s.kernel.plugins.hasAdapter(ns)).toBe(true);
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(false);
  });

  it('registers a WALLET_CONNECT connector per configured namespace, grouped as multichain:walletconnect', async () => {
    const s = setup();
    await s.kernel.start();
    const wc = s.kernel.connectors.state.connectors.filter((c) => c.type === 'WALLET_CONNECT');
    expect(wc.map((c) => [c.id, c.chain])).toEqual([
      ['walletConnect', 'eip155'],
      ['walletConnect:solana', 'solana'],
      ['walletConnect:bip122', 'bip122'],
    ]);
    // only the eip155 one carries an EIP-1193 provider (for a chain plugin's EVM adapter)
    expect(typeof (wc[0]!.provider as { request?: unknown }).request).toBe('function');
    expect(wc[1]!.provider).toBeUndefined();
    const groups = s.kernel.connectors.grouped().filter((c) => c.name === 'WalletConnect');
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ id: WALLETCONNECT_GROUP_ID, type: 'MULTI_CHAIN' });
    expect(groups[0]!.connectors!.map((c) => c.id)).toEqual(['walletConnect', 'walletConnect:solana', 'walletConnect:bip122']);
    expect(s.kernel.connectors.get(WALLETCONNECT_GROUP_ID)?.type).toBe('MULTI_CHAIN');
  });

  it('a namespace a chain plugin adapts keeps no WalletConnect connector (eip155 excepted), also for plugins registered later', async () => {
    const s = setup({ plugins: [chainPlugin('evm', 'eip155')] });
    await s.kernel.start();
    const ids = () => s.kernel.connectors.state.connectors.filter((c) => c.type === 'WALLET_CONNECT').map((c) => c.id);
    expect(ids()).toEqual(['walletConnect', 'walletConnect:solana', 'walletConnect:bip122']);
    s.kernel.plugins.register(chainPlugin('sol', 'solana'));
    expect(ids()).toEqual(['walletConnect', 'walletConnect:bip122']);
    expect(walletConnectNamespaces([sol(SOLANA_REF), evm(1), btc, evm(5)], [])).toEqual(['solana', 'eip155', 'bip122']);
    expect(walletConnectNamespaces([], [])).toEqual(['eip155']);
    expect(walletConnectConnectorId('eip155')).toBe('walletConnect');
    expect(walletConnectConnectorId('bip122')).toBe('walletConnect:bip122');
  });

  it('enableWalletConnect false registers none; turning it on later registers them', async () => {
    const s = setup({ options: { enableWalletConnect: false } });
    await s.kernel.start();
    expect(s.kernel.connectors.state.connectors.filter((c) => c.type === 'WALLET_CONNECT')).toEqual([]);
    s.kernel.options.update({ enableWalletConnect: true });
    expect(s.kernel.connectors.state.connectors.filter((c) => c.type === 'WALLET_CONNECT')).toHaveLength(3);
  });
});

describe('basic mode (only the WalletConnect plugin)', () => {
  // The plugin's module imports @walletconnect/universal-provider: seconds of loading on a busy machine, paid once here rather than inside a test's time.
  beforeAll(() => import('./module'), 60_000);
  it('desktop opens ConnectingWalletConnectBasic, mobile AllWallets', async () => {
    const desktop = setup();
    await desktop.kernel.start();
    await desktop.kernel.modal.open();
    expect(desktop.kernel.router.state.view).toBe('ConnectingWalletConnectBasic');
    const mobile = setup({ env: { isMobile: () => true } });
    await mobile.kernel.start();
    await mobile.kernel.modal.open();
    expect(mobile.kernel.router.state.view).toBe('AllWallets');
  });

  it('one pairing connects every approved namespace through the universal adapters; the first stays active', async () => {
    const s = setup();
    const disconnects: string[] = [];
    s.kernel.connection.onDidDisconnect$.subscribe((e) => disconnects.push(e.namespace));
    await connectAll(s, ALL);
    const proposal = s.fake.connectCalls[0]!['optionalNamespaces'] as Record<string, { chains: string[] }>;
    expect(Object.keys(proposal)).toEqual(['eip155', 'solana', 'bip122']);
    expect(proposal['solana']!.chains).toEqual([`solana:${SOLANA_REF}`, `solana:${SOLANA_DEV}`]);
    expect(s.kernel.account.get('eip155')).toMatchObject({ status: 'connected', address: EVM, caipAddress: `eip155:1:${EVM}`, connectorId: 'walletConnect' });
    expect(s.kernel.account.get('solana')).toMatchObject({ status: 'connected', address: SOL, caipAddress: `solana:${SOLANA_REF}:${SOL}`, connectorId: 'walletConnect:solana' });
    expect(s.kernel.account.get('bip122')).toMatchObject({ status: 'connected', address: BTC, connectorId: 'walletConnect:bip122' });
    expect(s.kernel.account.get('bip122').allAccounts).toEqual([{ namespace: 'bip122', address: BTC, type: 'payment' }]);
    expect(s.kernel.account.get('polkadot').status).toBe('disconnected');
    expect(s.kernel.network.state.activeNamespace).toBe('eip155');
    expect(s.kernel.network.state.namespaces.solana.caipNetwork?.caipNetworkId).toBe(`solana:${SOLANA_REF}`);
    expect(s.fake.connectCalls).toHaveLength(1); // no second pairing for the other namespaces

    // the wallet ends the session: every namespace resets, once each
    s.fake.walletDisconnect();
    await settle();
    for (const ns of ['eip155', 'solana', 'bip122'] as const) expect(s.kernel.account.get(ns).status).toBe('disconnected');
    expect(disconnects.sort()).toEqual(['bip122', 'eip155', 'solana']);
  });

  it('a namespace the wallet did not approve stays disconnected (typed error); the approved ones connect anyway', async () => {
    const s = setup();
    // the group connects its first member (eip155) first; the wallet approves Solana only
    const outcome = await connectAll(s, { solana: ALL.solana });
    expect(outcome).toMatchObject({ name: 'NamespaceNotApprovedError', message: 'The WalletConnect session has no eip155 account' });
    expect(s.kernel.account.get('solana')).toMatchObject({ status: 'connected', address: SOL });
    expect(s.kernel.account.get('eip155').status).toBe('disconnected');
    await expect(s.kernel.connection.connect({ connectorId: 'walletConnect:bip122' })).rejects.toMatchObject({ name: 'NamespaceNotApprovedError' });
  });

  it('a dapp-side disconnect of one namespace ends the session and disconnects every namespace exactly once', async () => {
    const s = setup();
    await connectAll(s, ALL);
    const disconnects: string[] = [];
    s.kernel.connection.onDidDisconnect$.subscribe((e) => disconnects.push(e.namespace));
    await s.kernel.connection.disconnect('solana');
    await settle();
    expect(s.fake.disconnects).toBe(1);
    for (const ns of ['eip155', 'solana', 'bip122'] as const) expect(s.kernel.account.get(ns).status).toBe('disconnected');
    expect(disconnects.sort()).toEqual(['bip122', 'eip155', 'solana']);
  });

  it('restores a stored session without pairing (reconnect), and returns null without one', async () => {
    const s = setup();
    await s.kernel.start();
    const session = (await s.kernel.plugins.load('walletconnect'), s.kernel.get<WalletConnectSession>(WalletConnectSession));
    const adapter = await adapterOf(s.kernel, 'solana');
    const connector = s.kernel.connectors.get('walletConnect:solana')!;
    expect(await adapter.reconnect({ connector })).toBeNull();
    s.fake.session = { topic: 't', namespaces: { solana: { accounts: [`solana:${SOLANA_DEV}:${SOL}`], methods: ['solana_signMessage'] } } };
    const restored = await adapter.reconnect({ connector, network: sol(SOLANA_REF) });
    expect(restored).toEqual({ address: SOL, caipAddress: `solana:${SOLANA_DEV}:${SOL}`, chainId: SOLANA_DEV, accounts: [{ namespace: 'solana', address: SOL, type: 'eoa' }] });
    expect(s.fake.connectCalls).toHaveLength(0);
    expect(session.activeChain('solana')).toBe(`solana:${SOLANA_DEV}`);
  });
});

/** An eip155 chain plugin whose adapter drives the connector's EIP-1193 provider (like plugins/evm). */
function providerEvmPlugin(): PluginManifest {
  const events = new Subject<any>();
  let live: { id: string; provider: any; onDisconnect: () => void } | undefined;
  const adapter = {
    namespace: 'eip155',
    events$: events,
    async connect({ connector }: { connector: Connector }) {
      const provider = connector.provider as any;
      const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
      const onDisconnect = () => events.next({ type: 'disconnect', namespace: 'eip155', connectorId: connector.id });
      provider.on('disconnect', onDisconnect);
      live = { id: connector.id, provider, onDisconnect };
      return { address: address!, caipAddress: `eip155:1:${address}`, chainId: 1, accounts: [{ namespace: 'eip155', address: address!, type: 'eoa' }] };
    },
    async disconnect() {
      live?.provider.removeListener('disconnect', live.onDisconnect);
      // Like the real EVM adapter: a revoke on a session that already ended is not an error.
      await live?.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }).catch(() => undefined);
      live = undefined;
    },
    getBalance: async () => ({ balance: '0', symbol: 'ETH' }),
  } as unknown as ChainAdapter;
  return { id: 'evm-test', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) };
}

describe('with an EVM chain plugin: eip155 through its adapter, solana through the universal adapter', () => {
  it('one pairing connects both; a dapp-side disconnect of solana also ends eip155 (through the provider facade), once each', async () => {
    const s = setup({ plugins: [providerEvmPlugin()], networks: [evm(1), sol(SOLANA_REF)] });
    await connectAll(s, { eip155: [`eip155:1:${EVM}`], solana: [`solana:${SOLANA_REF}:${SOL}`] });
    expect(s.kernel.plugins.loadedAdapter('eip155')).not.toBeInstanceOf(UniversalAdapter);
    expect(s.kernel.plugins.loadedAdapter('solana')).toBeInstanceOf(UniversalAdapter);
    expect(s.kernel.account.get('eip155')).toMatchObject({ status: 'connected', address: EVM, connectorId: 'walletConnect' });
    expect(s.kernel.account.get('solana')).toMatchObject({ status: 'connected', address: SOL, connectorId: 'walletConnect:solana' });
    expect(s.kernel.network.state.activeNamespace).toBe('eip155');
    expect(s.fake.connectCalls).toHaveLength(1);

    const disconnects: string[] = [];
    s.kernel.connection.onDidDisconnect$.subscribe((e) => disconnects.push(e.namespace));
    await s.kernel.connection.disconnect('solana');
    await settle();
    expect(s.fake.disconnects).toBe(1);
    expect(s.kernel.account.get('eip155').status).toBe('disconnected');
    expect(s.kernel.account.get('solana').status).toBe('disconnected');
    expect(disconnects.sort()).toEqual(['eip155', 'solana']);
  });

  it('records the chains the wallet approved per namespace, follows a session update, and a disconnect clears them', async () => {
    const s = setup({ plugins: [providerEvmPlugin()], networks: [evm(1), evm(31337), sol(SOLANA_REF), btc] });
    const approval = (ns: 'eip155' | 'solana' | 'bip122') => {
      const { approvedCaipNetworkIds, supportsAllNetworks } = s.kernel.network.state.namespaces[ns];
      return { approvedCaipNetworkIds, supportsAllNetworks };
    };
    expect(approval('eip155')).toEqual({ approvedCaipNetworkIds: [], supportsAllNetworks: true });
    await connectAll(s, { eip155: [`eip155:1:${EVM}`], solana: [`solana:${SOLANA_REF}:${SOL}`] });
    // eip155 through the chain plugin's adapter, solana through the universal one: both recorded
    expect(approval('eip155')).toEqual({ approvedCaipNetworkIds: ['eip155:1'], supportsAllNetworks: false });
    expect(approval('solana')).toEqual({ approvedCaipNetworkIds: [`solana:${SOLANA_REF}`], supportsAllNetworks: false });
    // a namespace the session does not serve is left as it was
    expect(approval('bip122')).toEqual({ approvedCaipNetworkIds: [], supportsAllNetworks: true });
    // the wallet adds a chain (session_update)
    s.fake.updateSession({ eip155: [`eip155:1:${EVM}`, `eip155:31337:${EVM}`], solana: [`solana:${SOLANA_REF}:${SOL}`] });
    await settle();
    expect(approval('eip155')).toEqual({ approvedCaipNetworkIds: ['eip155:1', 'eip155:31337'], supportsAllNetworks: false });
    await s.kernel.connection.disconnect('eip155');
    await settle();
    expect(approval('eip155')).toEqual({ approvedCaipNetworkIds: [], supportsAllNetworks: true });
    expect(approval('solana')).toEqual({ approvedCaipNetworkIds: [], supportsAllNetworks: true });
  });

  it('switching to a chain the wallet did not approve asks the wallet; a chain it does not know (4902) is added, then switched to', async () => {
    const s = setup();
    await connectAll(s, { eip155: [`eip155:1:${EVM}`], solana: [`solana:${SOLANA_REF}:${SOL}`] });
    expect(s.kernel.network.state.namespaces.eip155.approvedCaipNetworkIds).toEqual(['eip155:1']);
    let switches = 0;
    s.fake.answers['wallet_switchEthereumChain'] = () => {
      if (++switches === 1) throw Object.assign(new Error('Unrecognized chain ID "0x7a69".'), { code: 4902 });
      return null;
    };
    s.fake.answers['wallet_addEthereumChain'] = null;
    await s.kernel.network.switchNetwork('eip155:31337');
    const asked = [...s.fake.clientRequests.map((r) => r.request), ...s.fake.requests.map((r) => ({ method: r.method, params: r.params }))];
    expect(asked.filter((r) => r.method === 'wallet_switchEthereumChain')).toHaveLength(2);
    expect(asked.find((r) => r.method === 'wallet_addEthereumChain')).toEqual({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x7a69', rpcUrls: ['http://127.0.0.1:9/evm31337'], chainName: 'Chain 31337', nativeCurrency: evm(31337).nativeCurrency }],
    });
    expect(s.kernel.network.state.namespaces.eip155.caipNetwork?.id).toBe(31337);
  });

  it('the wallet ending the session resets both', async () => {
    const s = setup({ plugins: [providerEvmPlugin()], networks: [evm(1), sol(SOLANA_REF)] });
    await connectAll(s, { eip155: [`eip155:1:${EVM}`], solana: [`solana:${SOLANA_REF}:${SOL}`] });
    s.fake.walletDisconnect();
    await settle();
    expect(s.kernel.account.get('eip155').status).toBe('disconnected');
    expect(s.kernel.account.get('solana').status).toBe('disconnected');
  });
});

describe('UniversalAdapter requests per namespace', () => {
  it('signMessage: eip155 personal_sign (hex), solana solana_signMessage (base58, pubkey), bip122 signMessage', async () => {
    const s = setup();
    await connectAll(s, ALL);
    s.fake.answers['personal_sign'] = '0xevmsig';
    s.fake.answers['solana_signMessage'] = { signature: '5solSig' };
    s.fake.answers['signMessage'] = { address: BTC, signature: 'H+btcSig=' };
    expect(await s.kernel.connection.signMessage('héllo', 'eip155')).toBe('0xevmsig');
    expect(s.fake.requests.at(-1)).toEqual({ method: 'personal_sign', params: ['0x68c3a96c6c6f', EVM], chain: 'eip155:1' });
    expect(await s.kernel.connection.signMessage('hello', 'solana')).toBe('5solSig');
    expect(s.fake.requests.at(-1)).toEqual({ method: 'solana_signMessage', params: { message: 'Cn8eVZg', pubkey: SOL }, chain: `solana:${SOLANA_REF}` });
    expect(await s.kernel.connection.signMessage('hello', 'bip122')).toBe('H+btcSig=');
    expect(s.fake.requests.at(-1)).toEqual({ method: 'signMessage', params: { address: BTC, message: 'hello' }, chain: `bip122:${BTC_REF}` });
  });

  it('a wallet rejection keeps its code (4001) and a malformed answer is a typed error', async () => {
    const s = setup();
    await connectAll(s, ALL);
    s.fake.answers['solana_signMessage'] = Object.assign(new Error('User rejected.'), { code: 4001 });
    await expect(s.kernel.connection.signMessage('x', 'solana')).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 });
    s.fake.answers['solana_signMessage'] = { nope: true };
    await expect(s.kernel.connection.signMessage('x', 'solana')).rejects.toMatchObject({ name: 'UnexpectedWalletResponseError' });
  });

  it("without a provider or session: 'UniversalAdapter:signMessage - provider is undefined'", async () => {
    const s = setup();
    await s.kernel.start();
    const adapter = await adapterOf(s.kernel, 'solana');
    const connector = s.kernel.connectors.get('walletConnect:solana')!;
    await expect(adapter.signMessage({ connector, address: SOL, message: 'x' })).rejects.toMatchObject({
      name: 'UniversalProviderUndefinedError',
      message: 'UniversalAdapter:signMessage - provider is undefined',
    });
    await expect(
      adapter.sendTransaction!({ connector, network: sol(SOLANA_REF), address: SOL, request: { transaction: new Uint8Array([1]) } } as never),
    ).rejects.toMatchObject({ code: 4900 });
    const evmAdapter = await adapterOf(s.kernel, 'eip155');
    await expect(
      evmAdapter.sendTransaction!({ connector: s.kernel.connectors.get('walletConnect')!, network: evm(1), address: EVM, request: { to: EVM } } as never),
    ).rejects.toMatchObject({ code: 4900 });
  });

  it("a connector that is not WalletConnect: 'WalletConnectConnector not found'", async () => {
    const s = setup();
    await s.kernel.start();
    const adapter = await adapterOf(s.kernel, 'solana');
    const phantom: Connector = { id: 'phantom', name: 'Phantom', type: 'INJECTED', chain: 'solana', provider: {} };
    await expect(adapter.connect({ connector: phantom })).rejects.toMatchObject({ name: 'WalletConnectConnectorNotFoundError', message: 'WalletConnectConnector not found' });
    await expect(adapter.reconnect({ connector: phantom })).rejects.toMatchObject({ name: 'WalletConnectConnectorNotFoundError' });
  });

  it('sendTransaction: eip155 eth_sendTransaction (hex quantities, on the target chain)', async () => {
    const s = setup();
    await connectAll(s, ALL);
    s.fake.answers['eth_sendTransaction'] = '0xhash';
    s.fake.answers['wallet_switchEthereumChain'] = null;
    const hash = await s.kernel.connection.sendTransaction({ to: EVM, value: 10n ** 18n, data: '0x1234', gas: 21000n }, 'eip155');
    expect(hash).toBe('0xhash');
    expect(s.fake.requests.at(-1)).toEqual({
      method: 'eth_sendTransaction',
      params: [{ from: EVM, to: EVM, value: '0xde0b6b3a7640000', data: '0x1234', gas: '0x5208' }],
      chain: 'eip155:1',
    });
    const adapter = await adapterOf(s.kernel, 'eip155');
    await adapter.sendTransaction!({ connector: s.kernel.connectors.get('walletConnect')!, network: evm(31337), request: { to: EVM } } as never);
    expect(s.fake.clientRequests.at(-1)?.request).toEqual({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] });
    expect(s.fake.requests.at(-1)).toMatchObject({ method: 'eth_sendTransaction', chain: 'eip155:31337' });
  });

  it('switchNetwork: eip155 asks the wallet through the session; solana moves to an approved chain only', async () => {
    const s = setup();
    await connectAll(s, ALL);
    s.fake.answers['wallet_switchEthereumChain'] = null;
    await s.kernel.network.switchNetwork('eip155:31337');
    expect(s.fake.clientRequests.at(-1)).toEqual({ topic: 'session-topic', chainId: 'eip155:1', request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] } });
    expect(s.kernel.account.get('eip155').caipAddress).toBe(`eip155:31337:${EVM}`);
    expect(s.kernel.network.state.namespaces.eip155.caipNetwork?.id).toBe(31337);

    await s.kernel.network.switchNetwork(`solana:${SOLANA_DEV}`);
    expect(s.fake.defaultChains.at(-1)).toBe(`solana:${SOLANA_DEV}`);
    expect(s.kernel.account.get('solana').caipAddress).toBe(`solana:${SOLANA_DEV}:${SOL}`);
    s.fake.answers['solana_signMessage'] = { signature: 's' };
    await s.kernel.connection.signMessage('x', 'solana');
    expect(s.fake.requests.at(-1)!.chain).toBe(`solana:${SOLANA_DEV}`);

    const adapter = await adapterOf(s.kernel, 'solana');
    const other = sol('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z');
    await expect(adapter.switchNetwork({ connector: s.kernel.connectors.get('walletConnect:solana')!, network: other })).rejects.toMatchObject({ name: 'SwitchChainError' });
  });

  it('wallet events: accountsChanged and chainChanged per namespace reach the kernel; empty accounts disconnect that namespace', async () => {
    const s = setup();
    await connectAll(s, ALL);
    const SOL2 = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    s.fake.walletEvent(`solana:${SOLANA_REF}`, 'accountsChanged', [`solana:${SOLANA_REF}:${SOL2}`]);
    expect(s.kernel.account.get('solana')).toMatchObject({ address: SOL2, caipAddress: `solana:${SOLANA_REF}:${SOL2}` });
    expect(s.kernel.account.get('eip155').address).toBe(EVM);
    s.fake.walletEvent(`solana:${SOLANA_REF}`, 'chainChanged', SOLANA_DEV);
    expect(s.kernel.network.state.namespaces.solana.caipNetwork?.caipNetworkId).toBe(`solana:${SOLANA_DEV}`);
    s.fake.walletEvent('eip155:1', 'chainChanged', '0x7a69');
    expect(s.kernel.network.state.namespaces.eip155.caipNetwork?.id).toBe(31337);
    s.fake.walletEvent(`bip122:${BTC_REF}`, 'accountsChanged', []);
    await settle();
    expect(s.kernel.account.get('bip122').status).toBe('disconnected');
  });

  it('getBalance through the kernel RpcTransport: eip155 eth_getBalance, solana getBalance (lamports / 1e9); bitcoin is a typed refusal', async () => {
    const s = setup({
      rpc: (b) => (b.method === 'eth_getBalance' ? '0x1bc16d674ec80000' : b.method === 'getBalance' ? { context: { slot: 1 }, value: 1_500_000_001 } : null),
    });
    await s.kernel.start();
    const e = await adapterOf(s.kernel, 'eip155');
    expect(await e.getBalance({ address: EVM, network: evm(1) })).toEqual({ balance: '2', symbol: 'ETH' });
    expect(s.rpcCalls.at(-1)).toMatchObject({ url: 'http://127.0.0.1:9/evm1', body: { method: 'eth_getBalance', params: [EVM, 'latest'] } });
    const so = await adapterOf(s.kernel, 'solana');
    expect(await so.getBalance({ address: SOL, network: sol(SOLANA_REF) })).toEqual({ balance: '1.500000001', symbol: 'SOL' });
    expect(s.rpcCalls.at(-1)).toMatchObject({ url: 'http://127.0.0.1:9/sol-5eyk', body: { method: 'getBalance', params: [SOL] } });
    const b = await adapterOf(s.kernel, 'bip122');
    await expect(b.getBalance({ address: BTC, network: btc })).rejects.toMatchObject({ name: 'UniversalAdapterUnsupportedError', message: 'UniversalAdapter:getBalance - not supported for bip122' });
  });

  it('the kernel refreshes the connected solana balance through the adapter', async () => {
    const s = setup({ rpc: (b) => (b.method === 'getBalance' ? { value: 2_000_000_000 } : b.method === 'eth_getBalance' ? '0x0' : null) });
    await connectAll(s, { solana: ALL.solana });
    await settle();
    expect(s.kernel.account.get('solana')).toMatchObject({ balance: '2', balanceSymbol: 'SOL' });
  });
});

/** A legacy Solana transaction with one required signer (`signer`) and an empty signature slot. */
function solanaTransaction(signer: Uint8Array): Uint8Array {
  const program = new Uint8Array(32).fill(7);
  const blockhash = new Uint8Array(32).fill(9);
  // [1 signature][64 zero bytes] | header [1, 0, 1] | 2 keys | blockhash | 0 instructions
  return Uint8Array.from([1, ...new Uint8Array(64), 1, 0, 1, 2, ...signer, ...program, ...blockhash, 0]);
}

describe('UniversalAdapter capabilities per namespace (the lists of docs/connection.md#session-methods)', () => {
  const connector = (s: Setup, ns: 'eip155' | 'solana' | 'bip122') => s.kernel.connectors.get(walletConnectConnectorId(ns))!;

  it('each namespace exposes exactly its capabilities; polkadot none', async () => {
    const s = setup();
    await s.kernel.start();
    const has = async (ns: 'eip155' | 'solana' | 'bip122' | 'polkadot') => {
      const a = await adapterOf(s.kernel, ns);
      return ['sendTransaction', 'estimateGas', 'signTransaction', 'signAllTransactions', 'signPsbt', 'sendCalls', 'getCallsStatus', 'getCapabilities', 'grantPermissions', 'revokePermissions', 'getAssets'].filter(
        (c) => typeof (a as unknown as Record<string, unknown>)[c] === 'function',
      );
    };
    expect(await has('eip155')).toEqual(['sendTransaction', 'estimateGas', 'signTransaction', 'sendCalls', 'getCallsStatus', 'getCapabilities', 'grantPermissions', 'revokePermissions', 'getAssets']);
    expect(await has('solana')).toEqual(['sendTransaction', 'signTransaction', 'signAllTransactions']);
    expect(await has('bip122')).toEqual(['sendTransaction', 'signPsbt']);
    expect(await has('polkadot')).toEqual([]);
  });

  it('solana sendTransaction: solana_signAndSendTransaction with the base64 wire bytes and the send options; answers the signature', async () => {
    const s = setup();
    await connectAll(s, ALL);
    s.fake.answers['solana_signAndSendTransaction'] = { signature: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW' };
    const tx = Uint8Array.from([1, 2, 3, 250]);
    const signature = await s.kernel.connection.sendTransaction({ transaction: tx, options: { skipPreflight: true, preflightCommitment: 'confirmed' } }, 'solana');
    expect(signature).toBe('5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW');
    expect(s.fake.requests.at(-1)).toEqual({
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQID+g==', sendOptions: { skipPreflight: true, preflightCommitment: 'confirmed' } },
      chain: `solana:${SOLANA_REF}`,
    });
    await expect(s.kernel.connection.sendTransaction({ transaction: new Uint8Array() }, 'solana')).rejects.toMatchObject({ name: 'InvalidParamsRpcError' });
  });

  it('solana signTransaction: the wallet\'s signed transaction, or its signature put in the signer\'s slot; signAllTransactions in order', async () => {
    const s = setup();
    await connectAll(s, ALL);
    const session = await s.kernel.connection.session('solana', 'signTransaction');
    const signer = base58Decode(SOL)!;
    const tx = solanaTransaction(signer);
    const sig = new Uint8Array(64).fill(0xab);
    s.fake.answers['solana_signTransaction'] = { signature: base58Encode(sig) };
    const signed = (await session.adapter.signTransaction!({ ...session, request: { transaction: tx } } as never)) as Uint8Array;
    expect(s.fake.requests.at(-1)).toMatchObject({ method: 'solana_signTransaction', params: { transaction: base64Encode(tx) } });
    expect([...signed.subarray(1, 65)]).toEqual([...sig]);
    expect([...signed.subarray(65)]).toEqual([...tx.subarray(65)]);

    const fromWallet = Uint8Array.from([...tx.subarray(0, 1), ...sig, ...tx.subarray(65)]);
    s.fake.answers['solana_signTransaction'] = { signature: base58Encode(sig), transaction: base64Encode(fromWallet) };
    expect([...((await session.adapter.signTransaction!({ ...session, request: { transaction: tx } } as never)) as Uint8Array)]).toEqual([...fromWallet]);

    // a signature for a transaction the account does not sign cannot be placed: typed error
    s.fake.answers['solana_signTransaction'] = { signature: base58Encode(sig) };
    await expect(session.adapter.signTransaction!({ ...session, request: { transaction: solanaTransaction(new Uint8Array(32).fill(1)) } } as never)).rejects.toMatchObject({ name: 'UnexpectedWalletResponseError' });
    // a signature that is not base58 (a base58 error, docs/errors.md#encoding-errors): the answer is refused, the decoder's error its cause
    s.fake.answers['solana_signTransaction'] = { signature: `0OIl${base58Encode(sig).slice(4)}` };
    const refused = await session.adapter.signTransaction!({ ...session, request: { transaction: tx } } as never).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UnexpectedWalletResponseError);
    expect((refused as UnexpectedWalletResponseError).cause).toMatchObject({ name: 'Base58Error', message: 'Non-base58 character', code: 'BASE58' });

    s.fake.answers['solana_signAllTransactions'] = (p: any) => ({ transactions: p.transactions.map((t: string) => t) });
    const all = await session.adapter.signAllTransactions!({ ...session, requests: [{ transaction: tx }, { transaction: fromWallet }] } as never);
    expect(all.map((t) => [...(t as Uint8Array)])).toEqual([[...tx], [...fromWallet]]);
    s.fake.answers['solana_signAllTransactions'] = { transactions: ['AQID'] };
    await expect(session.adapter.signAllTransactions!({ ...session, requests: [{ transaction: tx }, { transaction: tx }] } as never)).rejects.toMatchObject({ name: 'UnexpectedWalletResponseError' });
  });

  it('bitcoin sendTransaction: sendTransfer (satoshis as a decimal string) → txid; signPsbt with its inputs', async () => {
    const s = setup();
    await connectAll(s, ALL);
    const TXID = 'ab'.repeat(32);
    s.fake.answers['sendTransfer'] = { txid: TXID };
    expect(await s.kernel.connection.sendTransaction({ recipient: 'bc1qrecipient', amount: 12_345n }, 'bip122')).toBe(TXID);
    expect(s.fake.requests.at(-1)).toEqual({ method: 'sendTransfer', params: { account: BTC, recipientAddress: 'bc1qrecipient', amount: '12345' }, chain: `bip122:${BTC_REF}` });
    await expect(s.kernel.connection.sendTransaction({ recipient: 'bc1qrecipient', amount: 0n }, 'bip122')).rejects.toMatchObject({ name: 'InvalidParamsRpcError' });
    s.fake.answers['sendTransfer'] = { txid: '<script>' };
    await expect(s.kernel.connection.sendTransaction({ recipient: 'bc1qrecipient', amount: 1n }, 'bip122')).rejects.toMatchObject({ name: 'UnexpectedWalletResponseError' });

    const session = await s.kernel.connection.session('bip122', 'signPsbt');
    s.fake.answers['signPsbt'] = { psbt: 'cHNidP8signed', txid: TXID };
    const out = await session.adapter.signPsbt!({ ...session, request: { psbt: 'cHNidP8', signInputs: { [BTC]: [0, 2] }, broadcast: true } } as never);
    expect(out).toEqual({ psbt: 'cHNidP8signed', txid: TXID });
    expect(s.fake.requests.at(-1)!.params).toEqual({ account: BTC, psbt: 'cHNidP8', signInputs: [{ address: BTC, index: 0 }, { address: BTC, index: 2 }], broadcast: true });
    await expect(s.kernel.connection.session('bip122', 'signTransaction')).rejects.toMatchObject({ name: 'CapabilityNotSupportedError' });
  });

  it('eip155 sendCalls: validated (kernel/sendCalls.test.ts has every rule) before the wallet sees it, then wallet_sendCalls; status, capabilities, permissions, assets', async () => {
    const s = setup();
    await connectAll(s, ALL);
    const session = await s.kernel.connection.session('eip155', 'sendCalls');
    const before = s.fake.requests.length;
    await expect(session.adapter.sendCalls!({ ...session, request: { calls: [{ to: EVM, data: 'a9059cbb' }] } } as never)).rejects.toMatchObject({ name: 'InvalidParamsRpcError', code: -32602 });
    expect(s.fake.requests.length).toBe(before);

    s.fake.answers['wallet_sendCalls'] = { id: '0xbundle' };
    const id = await session.adapter.sendCalls!({ ...session, request: { calls: [{ to: EVM, data: '0xa9059cbb', value: 5n }], atomicRequired: true } } as never);
    expect(id).toBe('0xbundle');
    expect(s.fake.requests.at(-1)).toEqual({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', from: EVM, chainId: '0x1', atomicRequired: true, calls: [{ to: EVM, data: '0xa9059cbb', value: '0x5' }] }],
      chain: 'eip155:1',
    });
    s.fake.answers['wallet_sendCalls'] = '0xv1id';
    expect(await session.adapter.sendCalls!({ ...session, request: { calls: [{ to: EVM }] } } as never)).toBe('0xv1id');
    s.fake.answers['wallet_sendCalls'] = { nope: 1 };
    await expect(session.adapter.sendCalls!({ ...session, request: { calls: [{ to: EVM }] } } as never)).rejects.toMatchObject({ name: 'UnexpectedWalletResponseError' });

    s.fake.answers['wallet_getCallsStatus'] = { status: 200, receipts: [] };
    expect(await session.adapter.getCallsStatus!({ ...session, id: '0xbundle' })).toEqual({ status: 200, receipts: [] });
    s.fake.answers['wallet_getCapabilities'] = { '0x1': { atomic: { status: 'supported' } } };
    expect(await session.adapter.getCapabilities!(session)).toEqual({ '0x1': { atomic: { status: 'supported' } } });
    expect(s.fake.requests.at(-1)!.params).toEqual([EVM, ['0x1']]);
    s.fake.answers['wallet_grantPermissions'] = { permissionsContext: '0xctx' };
    expect(await session.adapter.grantPermissions!({ ...session, request: { expiry: 1 } })).toEqual({ permissionsContext: '0xctx' });
    s.fake.answers['wallet_revokePermissions'] = null;
    await session.adapter.revokePermissions!({ ...session, request: { permissionContext: '0xctx' } });
    expect(s.fake.requests.at(-1)).toMatchObject({ method: 'wallet_revokePermissions', params: [{ permissionContext: '0xctx' }] });
    s.fake.answers['wallet_getAssets'] = { '0x1': [] };
    expect(await session.adapter.getAssets!({ ...session, chainFilter: ['eip155:1', '0x7a69'] })).toEqual({ '0x1': [] });
    expect(s.fake.requests.at(-1)!.params).toEqual([{ account: EVM, chainFilter: ['0x1', '0x7a69'] }]);
    s.fake.answers['wallet_getAssets'] = 'not an object';
    await expect(session.adapter.getAssets!(session)).rejects.toMatchObject({ name: 'UnexpectedWalletResponseError' });
  });

  it('a method the session did not approve is CapabilityNotSupportedError, and nothing is sent; a wallet error stays typed', async () => {
    const s = setup();
    await connectAll(s, ALL);
    const ns = s.fake.session!.namespaces['eip155'] as unknown as { methods: string[] };
    ns.methods = ns.methods.filter((m) => m !== 'wallet_sendCalls');
    const session = await s.kernel.connection.session('eip155', 'sendCalls');
    const before = s.fake.requests.length;
    await expect(session.adapter.sendCalls!({ ...session, request: { calls: [{ to: EVM }] } } as never)).rejects.toMatchObject({
      name: 'CapabilityNotSupportedError',
      message: 'The eip155 wallet does not support sendCalls',
      details: 'The wallet did not approve wallet_sendCalls for this session.',
    });
    expect(s.fake.requests.length).toBe(before);
    s.fake.answers['wallet_getCallsStatus'] = Object.assign(new Error('Unknown bundle id'), { code: 5730 });
    await expect(session.adapter.getCallsStatus!({ ...session, id: '0x1' })).rejects.toMatchObject({ name: 'UnknownBundleIdError', code: 5730 });
    s.fake.answers['solana_signAndSendTransaction'] = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    await expect(s.kernel.connection.sendTransaction({ transaction: Uint8Array.from([1]) }, 'solana')).rejects.toMatchObject({ name: 'UserRejectedRequestError' });
  });

  it('the raw EIP-1193 path (the connector\'s provider) validates wallet_sendCalls too', async () => {
    const s = setup();
    await connectAll(s, ALL);
    const provider = connector(s, 'eip155').provider as { request(a: { method: string; params?: unknown }): Promise<unknown> };
    const before = s.fake.requests.length;
    await expect(provider.request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: EVM, data: 'deadbeef' }] }] })).rejects.toMatchObject({ name: 'InvalidParamsRpcError' });
    await expect(provider.request({ method: 'wallet_sendCalls', params: {} })).rejects.toMatchObject({ name: 'InvalidParamsRpcError' });
    expect(s.fake.requests.length).toBe(before);
    s.fake.answers['wallet_sendCalls'] = { id: '0xok' };
    expect(await provider.request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: EVM, data: '0x' }] }] })).toEqual({ id: '0xok' });
  });
});

describe('pure helpers', () => {
  it('parseUnits / formatUnits: bigint decimal math, rounding half up, negatives, invalid input', () => {
    expect(parseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(parseUnits('0.000000001', 9)).toBe(1n);
    expect(parseUnits('.5', 1)).toBe(5n);
    expect(parseUnits('-2', 8)).toBe(-200_000_000n);
    expect(parseUnits('1.25', 1)).toBe(13n);
    expect(parseUnits('1.24', 1)).toBe(12n);
    expect(() => parseUnits('1.2.3', 18)).toThrow('Number `1.2.3` is not a valid decimal number.');
    expect(() => parseUnits('', 18)).toThrow();
    expect(formatUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5');
    expect(formatUnits(1n, 9)).toBe('0.000000001');
    expect(formatUnits(0n, 18)).toBe('0');
    expect(formatUnits(-150n, 2)).toBe('-1.5');
    expect(formatUnits(123n, 0)).toBe('123');
    for (const v of ['0.1', '123.456789', '1000000']) expect(formatUnits(parseUnits(v, 9), 9)).toBe(v);
  });

  it('utf8ToHex', () => {
    expect(utf8ToHex('hello')).toBe('0x68656c6c6f');
    expect(utf8ToHex('')).toBe('0x');
  });

  it('resolveWalletConnectConnectorId: group → member on the active namespace; none → WalletConnectConnector not found', async () => {
    const s = setup();
    await s.kernel.start();
    const reg = s.kernel.connectors;
    expect(resolveWalletConnectConnectorId(reg, 'solana', WALLETCONNECT_GROUP_ID)).toBe('walletConnect:solana');
    expect(resolveWalletConnectConnectorId(reg, undefined, WALLETCONNECT_GROUP_ID)).toBe('walletConnect');
    expect(resolveWalletConnectConnectorId(reg, 'bip122')).toBe('walletConnect:bip122');
    expect(resolveWalletConnectConnectorId(reg, 'polkadot')).toBe('walletConnect');
    expect(resolveWalletConnectConnectorId(reg, 'eip155', 'walletConnect:solana')).toBe('walletConnect:solana');
    const none = setup({ options: { enableWalletConnect: false } });
    await none.kernel.start();
    expect(() => resolveWalletConnectConnectorId(none.kernel.connectors, 'eip155')).toThrow('WalletConnectConnector not found');
  });
});
