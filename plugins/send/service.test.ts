/**
 * The send form's state machine on a real kernel with scripted adapters (eip155 and solana),
 * a scripted blockchain API and RPC: loading, the retry block, names, gas, review, send and
 * the resets of docs/account-features.md#send.
 */
import { createKernel, defineNetwork, type BlockchainApi, type Kernel, type PluginManifest, type RpcTransport, type TokenBalance, type TransferRequest } from 'latchkey';
import { encodeFunctionResult, erc20Abi } from 'viem';
import { FakeAdapter, MemoryStorage, testAnvil, testMainnet } from '../../kernel/testing/fakeAdapter';
import { FAKE_ENS_REGISTRY, fakeEnsRpc, type FakeEnsRecords } from '../../kernel/testing/fakeEns';
import { kernelsStoppedAfterEach } from '../../kernel/testing/kernels';
import { NameNotResolvedError } from './errors';
import { SendFormImpl, BALANCE_RETRY_MS, NATIVE_TRANSFER_GAS, RESOLVING_TEXT, TOKEN_TRANSFER_GAS } from './service';
import { SEND_TEXTS } from './validation';
import { sendPlugin, SendForm } from './index';

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const LKD = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const SOL_ME = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96';
const SOL_TO = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD';

const solanaLocal = defineNetwork({
  id: 'BnAZyDyPdEZzajeAKFyfJg6h4CW6WGvu',
  name: 'Solana (local)',
  chainNamespace: 'solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:3/unused'] } },
});

class PayingAdapter extends FakeAdapter {
  transfers: TransferRequest[] = [];
  transferError: unknown;
  estimate = 51_234n;
  estimates: unknown[] = [];
  async transfer(args: { request: TransferRequest }) {
    this.transfers.push(args.request);
    if (this.transferError) throw this.transferError;
    return `0x${'cd'.repeat(32)}`;
  }
  async estimateGas(args: { request: unknown }) {
    this.estimates.push(args.request);
    return this.estimate;
  }
}

function api(over: Partial<BlockchainApi> & { configured?: boolean } = {}) {
  const calls = { balances: 0, lookup: [] as string[] };
  const impl = {
    configured: true,
    async balances() {
      calls.balances++;
      return [] as TokenBalance[];
    },
    async lookupName(name: string) {
      calls.lookup.push(name);
      return undefined;
    },
    ...over,
  } as unknown as BlockchainApi;
  return { impl, calls };
}

/** RPC answering eth_gasPrice and the ERC-20 reads of LKD. */
function fakeRpc(gasPriceWei = 10n ** 9n): RpcTransport & { methods: string[] } {
  const methods: string[] = [];
  const answer = (name: 'balanceOf' | 'decimals' | 'symbol' | 'name', value: unknown) =>
    encodeFunctionResult({ abi: erc20Abi, functionName: name, result: value } as never);
  const selectors: Record<string, string> = {
    '0x70a08231': answer('balanceOf', 25n * 10n ** 18n),
    '0x313ce567': answer('decimals', 18),
    '0x95d89b41': answer('symbol', 'LKD'),
    '0x06fdde03': answer('name', 'Latchkey Dev Token'),
  };
  return {
    methods,
    dispose() {},
    forNetwork: () => ({
      kind: 'fake',
      dispose() {},
      async request({ method, params }: { method: string; params?: any }) {
        methods.push(method);
        if (method === 'eth_gasPrice') return `0x${gasPriceWei.toString(16)}`;
        if (method === 'eth_call') return selectors[params[0].data.slice(0, 10)];
        throw new Error(`unexpected ${method}`);
      },
    }),
  } as unknown as RpcTransport & { methods: string[] };
}

const kernels = kernelsStoppedAfterEach();
beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

interface Setup {
  kernel: Kernel;
  evm: PayingAdapter;
  sol: PayingAdapter;
  form: SendFormImpl;
  clock: { now: number };
}

/** The dev chain with ENS configured (its registry named in `contracts`, as the demo does). */
const anvilWithEns = defineNetwork({ ...testAnvil, contracts: { ensRegistry: { address: FAKE_ENS_REGISTRY } } });

/** RPC whose eth_calls are the scripted ENS (and eth_gasPrice). */
function ensRpc(records: FakeEnsRecords): RpcTransport & { ens: ReturnType<typeof fakeEnsRpc> } {
  const ens = fakeEnsRpc(records);
  const request = async (args: { method: string; params?: unknown }) => (args.method === 'eth_gasPrice' ? '0x3b9aca00' : ens.request(args));
  return { ens, dispose() {}, forNetwork: () => ({ kind: 'fake', dispose() {}, request }) } as unknown as RpcTransport & { ens: ReturnType<typeof fakeEnsRpc> };
}

async function setup(opts: { api?: BlockchainApi; rpc?: RpcTransport; balance?: string; tokens?: Record<string, { address: string }>; ens?: boolean } = {}): Promise<Setup> {
  const evm = new PayingAdapter('eip155', { address: ME, chainId: 31337, balance: opts.balance ?? '2' });
  const sol = new PayingAdapter('solana', { address: SOL_ME, chainId: solanaLocal.id, balance: '100' });
  const chain = (a: FakeAdapter): PluginManifest => ({ id: `fake-${a.namespace}`, contributes: { namespaces: [a.namespace] }, load: async () => ({ adapters: () => [a] }) });
  const kernel = createKernel({
    options: { projectId: 'test', networks: [opts.ens ? anvilWithEns : testAnvil, testMainnet, solanaLocal], features: { analytics: false }, ...(opts.tokens ? { tokens: opts.tokens } : {}) },
    plugins: [chain(evm), chain(sol), sendPlugin()],
    environment: { window: undefined, document: undefined, localStorage: new MemoryStorage(), isMobile: () => false, fetch: () => Promise.reject(new Error('offline')) },
  });
  kernels.push(kernel);
  kernel.connectors.add({ id: 'evm-wallet', name: 'EVM Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: {}, installed: true });
  kernel.connectors.add({ id: 'sol-wallet', name: 'Sol Wallet', type: 'ANNOUNCED', chain: 'solana', provider: {}, installed: true });
  await kernel.connection.connect({ connectorId: 'evm-wallet' });
  const clock = { now: 1_000_000 };
  const form = new SendFormImpl({
    connection: kernel.connection,
    network: kernel.network,
    account: kernel.account,
    blockchainApi: opts.api ?? api({ configured: false }).impl,
    options: kernel.options,
    rpc: opts.rpc ?? fakeRpc(),
    snackbar: kernel.snackbar,
    router: kernel.router,
    now: () => clock.now,
  });
  return { kernel, evm, sol, form, clock };
}

const eth = (numeric: string, price = 0): TokenBalance => ({
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  price,
  iconUrl: '',
  quantity: { decimals: '18', numeric },
});
const lkd = (numeric: string): TokenBalance => ({ ...eth(numeric), name: 'Latchkey Dev Token', symbol: 'LKD', address: `eip155:31337:${LKD}` });

describe('loading the form', () => {
  it('without a data API: the native balance through the adapter, the host token from the chain, the gas price; native chosen', async () => {
    const rpc = fakeRpc(2n * 10n ** 9n);
    const { form } = await setup({ rpc, tokens: { 'eip155:31337': { address: LKD } } });
    await form.load();
    expect(form.state.tokens.map((t) => [t.symbol, t.quantity.numeric, t.quantity.decimals])).toEqual([
      ['ETH', '2', '18'],
      ['LKD', '25', '18'],
    ]);
    expect(form.state.token?.symbol).toBe('ETH');
    expect(form.state.gasPrice).toBe(2n * 10n ** 9n);
    expect(form.state.namespace).toBe('eip155');
    expect(form.state.caipNetworkId).toBe('eip155:31337');
    expect(form.state.loading).toBe(false);
    expect(rpc.methods).toContain('eth_gasPrice');
  });

  it('with a data API: its balances for this network, zero-decimal tokens left out, USD figures from the native price', async () => {
    const spam = { ...lkd('5'), symbol: 'SPAM', quantity: { decimals: '0', numeric: '5' } };
    const { impl } = api({ balances: async () => [eth('1.5', 2000), lkd('10'), spam, { ...eth('3', 2000), chainId: 'eip155:1' }] });
    const { form } = await setup({ api: impl });
    await form.load();
    expect(form.state.tokens.map((t) => t.symbol)).toEqual(['ETH', 'LKD']);
    expect(form.state.networkBalanceInUSD).toBe('3000');
    // 21,000 gas at 1 gwei = 0.000021 ETH = $0.042
    expect(form.state.gasPriceInUSD).toBeCloseTo(0.042, 6);
  });

  it("a failed fetch shows 'Token Balance Unavailable' and blocks retries for 30 s", async () => {
    let fail = true;
    const { impl, calls } = api({
      balances: async () => {
        calls.balances++;
        if (fail) throw new Error('down');
        return [eth('1')];
      },
    });
    const { form, kernel, clock } = await setup({ api: impl });
    await form.load();
    expect(calls.balances).toBe(1);
    expect(kernel.snackbar.state).toMatchObject({ open: true, message: SEND_TEXTS.balanceUnavailable, variant: 'error' });
    expect(form.state.lastRetry).toBe(clock.now);
    fail = false;
    clock.now += BALANCE_RETRY_MS - 1;
    await form.load();
    expect(calls.balances).toBe(1);
    clock.now += 1;
    await form.load();
    expect(calls.balances).toBe(2);
    expect(form.state.lastRetry).toBeUndefined();
    expect(form.state.tokens).toHaveLength(1);
  });
});

describe('the receiver', () => {
  it('a name resolves through the blockchain API to the address of this chain', async () => {
    const record = {
      name: 'alice.latchkey.id',
      addresses: { [String(0x80000000 + 31337)]: { address: TO }, '60': { address: ME } },
      attributes: { avatar: 'https://example.test/a.png' },
    };
    const { impl, calls } = api({ lookupName: async (n: string) => (calls.lookup.push(n), record) } as never);
    const { form } = await setup({ api: impl });
    await form.setReceiver('Alice.latchkey.id');
    expect(calls.lookup).toEqual(['alice.latchkey.id']);
    expect(form.state).toMatchObject({
      receiverInput: 'Alice.latchkey.id',
      receiverAddress: TO,
      receiverProfileName: 'alice.latchkey.id',
      receiverProfileImageUrl: 'https://example.test/a.png',
      resolving: false,
    });
  });

  it("an unknown name stays as typed ('Invalid Address'); a late answer for an older input is dropped", async () => {
    let release!: (v: unknown) => void;
    const { impl } = api({ lookupName: () => new Promise((r) => (release = r)) } as never);
    const { form } = await setup({ api: impl });
    await form.load();
    const pending = form.setReceiver('bob.latchkey.id');
    expect(form.problem()).toBe(RESOLVING_TEXT);
    await form.setReceiver(TO);
    release({ name: 'bob.latchkey.id', addresses: { '60': { address: ME } }, attributes: {} });
    await pending;
    expect(form.state.receiverAddress).toBe(TO);
    expect(form.state.receiverProfileName).toBeUndefined();

    const { impl: none } = api({ balances: async () => [eth('1')] });
    const s2 = await setup({ api: none });
    await s2.form.load();
    s2.form.setAmount('0.1');
    await s2.form.setReceiver('nobody.latchkey.id');
    expect(s2.form.state.receiverAddress).toBe('nobody.latchkey.id');
    expect(s2.form.problem()).toBe(SEND_TEXTS.invalidAddress);
    expect(s2.form.state.receiverError).toBeInstanceOf(NameNotResolvedError);
  });

  it('on a network with ENS a name resolves there first (normalized, with its avatar); the API is not asked', async () => {
    const rpc = ensRpc({ names: { 'alice.eth': { address: TO, avatar: 'data:image/png;base64,AA==' } } });
    const { impl, calls } = api();
    const { form } = await setup({ api: impl, rpc, ens: true });
    await form.setReceiver('Alice.ETH');
    expect(form.state).toMatchObject({ receiverAddress: TO, receiverProfileName: 'alice.eth', receiverProfileImageUrl: 'data:image/png;base64,AA==', receiverError: undefined, resolving: false });
    expect(calls.lookup).toEqual([]);
    expect(rpc.ens.calls).toBeGreaterThan(0);
  });

  it('a name ENS does not know falls back to the API (a .eth name does not: ENS governs it); one neither knows is NameNotResolvedError (NAME_NOT_RESOLVED) and Invalid Address', async () => {
    const record = { name: 'carol.latchkey.id', addresses: { '60': { address: ME } }, attributes: {} };
    const { impl, calls } = api({ balances: async () => [eth('1')], lookupName: async (n: string) => (calls.lookup.push(n), n === 'carol.latchkey.id' ? record : undefined) } as never);
    const { form } = await setup({ api: impl, rpc: ensRpc({}), ens: true });
    await form.load();
    form.setAmount('0.1');
    await form.setReceiver('carol.latchkey.id');
    expect(form.state).toMatchObject({ receiverAddress: ME, receiverProfileName: 'carol.latchkey.id', receiverError: undefined });
    await form.setReceiver('nobody.latchkey.id');
    await form.setReceiver('nobody.eth');
    expect(calls.lookup).toEqual(['carol.latchkey.id', 'nobody.latchkey.id']);
    const err = form.state.receiverError!;
    expect(err).toBeInstanceOf(NameNotResolvedError);
    expect({ code: err.code, message: err.shortMessage, name: (err as NameNotResolvedError).receiverName }).toEqual({ code: 'NAME_NOT_RESOLVED', message: 'Error resolving name', name: 'nobody.eth' });
    expect(form.state.receiverAddress).toBe('nobody.eth');
    expect(form.problem()).toBe(SEND_TEXTS.invalidAddress);
    // typing again clears the error
    await form.setReceiver(TO);
    expect(form.state.receiverError).toBeUndefined();
  });

  it('ENS alone (no API): an unknown name is NameNotResolvedError; a node that fails is one too, with the cause', async () => {
    const { form } = await setup({ rpc: ensRpc({}), ens: true });
    await form.setReceiver('nobody.eth');
    expect(form.state.receiverError).toBeInstanceOf(NameNotResolvedError);
    const failing = { dispose() {}, forNetwork: () => ({ kind: 'fake', dispose() {}, request: async () => Promise.reject(new Error('node down')) }) } as unknown as RpcTransport;
    const s2 = await setup({ rpc: failing, ens: true });
    await s2.form.setReceiver('alice.eth');
    expect(s2.form.state.receiverError).toBeInstanceOf(NameNotResolvedError);
    expect((s2.form.state.receiverError!.cause as Error).message).toContain('node down');
  });

  it('without ENS or an API a name is not looked up (Invalid Address, no error)', async () => {
    const rpc = ensRpc({ names: { 'alice.eth': { address: TO } } });
    const { form } = await setup({ rpc });
    await form.setReceiver('alice.eth');
    expect(form.state).toMatchObject({ receiverAddress: 'alice.eth', receiverError: undefined });
    expect(rpc.ens.calls).toBe(0);
  });

  it('a plain address needs no lookup', async () => {
    const { impl, calls } = api();
    const { form } = await setup({ api: impl });
    await form.setReceiver(` ${TO} `);
    expect(form.state.receiverAddress).toBe(TO);
    expect(calls.lookup).toEqual([]);
  });
});

describe('problems, review and send (EVM)', () => {
  it('walks the button texts to a complete form', async () => {
    const { form } = await setup();
    expect(form.problem()).toBe(SEND_TEXTS.selectToken);
    await form.load();
    expect(form.problem()).toBe(SEND_TEXTS.addAmount);
    form.setAmount('3');
    expect(form.problem()).toBe(SEND_TEXTS.insufficientFunds);
    form.setAmount('0.5');
    expect(form.problem()).toBe(SEND_TEXTS.addAddress);
    await form.setReceiver('0x1234');
    expect(form.problem()).toBe(SEND_TEXTS.invalidAddress);
    await form.setReceiver(TO);
    expect(form.problem()).toBeUndefined();
    expect(await form.review()).toBe(true);
  });

  it('a zero native balance is insufficient gas, for a token send too', async () => {
    const { form } = await setup({ balance: '0', tokens: { 'eip155:31337': { address: LKD } } });
    await form.load();
    form.setToken(form.state.tokens.find((t) => t.symbol === 'LKD'));
    form.setAmount('1');
    await form.setReceiver(TO);
    expect(form.gasCost()).toBe(TOKEN_TRANSFER_GAS * 10n ** 9n);
    expect(form.problem()).toBe(SEND_TEXTS.insufficientGas);
    expect(await form.review()).toBe(false);
  });

  it('gas costing more than the balance is insufficient; a smart account is not held to it', async () => {
    // 21,000 gas at 1,000 gwei = 0.021 ETH > 0.01 ETH
    const { form, kernel } = await setup({ balance: '0.01', rpc: fakeRpc(10n ** 12n) });
    await form.load();
    form.setAmount('0.001');
    await form.setReceiver(TO);
    expect(form.gasCost()).toBe(NATIVE_TRANSFER_GAS * 10n ** 12n);
    expect(form.problem()).toBe(SEND_TEXTS.insufficientGas);
    kernel.account.patch('eip155', { allAccounts: [{ namespace: 'eip155', address: ME, type: 'smartAccount' }] });
    expect(form.problem()).toBeUndefined();
  });

  it('review estimates the gas of an ERC-20 transfer call; send pays through transfer and resets to Account', async () => {
    const { form, evm, kernel } = await setup({ tokens: { 'eip155:31337': { address: LKD } } });
    await kernel.modal.open({ view: 'Send' });
    await form.load();
    form.setToken(form.state.tokens.find((t) => t.symbol === 'LKD'));
    form.setAmount('2.5');
    await form.setReceiver(TO);
    expect(await form.review()).toBe(true);
    expect(evm.estimates).toEqual([
      { to: LKD, data: expect.stringMatching(/^0xa9059cbb0{24}70997970c51812dc3a010c7d01b50e0d17dc79c8/), from: ME },
    ]);
    expect(form.state).toMatchObject({ gasLimit: 51_234n, gasEstimated: true });
    expect(form.gasCost()).toBe(51_234n * 10n ** 9n);
    const hash = await form.send();
    expect(hash).toBe(`0x${'cd'.repeat(32)}`);
    expect(evm.transfers).toEqual([{ to: TO, amount: 2_500_000_000_000_000_000n, token: LKD }]);
    expect(kernel.snackbar.state).toMatchObject({ open: true, message: SEND_TEXTS.started, variant: 'success' });
    expect(kernel.router.state.view).toBe('Account');
    expect(form.state).toMatchObject({ token: undefined, sendTokenAmount: undefined, receiverAddress: undefined, loading: false, tokens: [] });
  });

  it("a native send carries no token; a failure says 'Something went wrong' and keeps the form", async () => {
    const { form, evm, kernel } = await setup();
    await form.load();
    form.setAmount('0.25');
    await form.setReceiver(TO);
    evm.transferError = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    expect(await form.send()).toBeUndefined();
    expect(evm.transfers).toEqual([{ to: TO, amount: 250_000_000_000_000_000n }]);
    expect(kernel.snackbar.state).toMatchObject({ message: SEND_TEXTS.failed, variant: 'error' });
    expect(form.state).toMatchObject({ sendTokenAmount: '0.25', receiverAddress: TO, loading: false });
  });

  it('an incomplete form does not send', async () => {
    const { form, evm } = await setup();
    await form.load();
    form.setAmount('0.25');
    expect(await form.send()).toBeUndefined();
    expect(evm.transfers).toEqual([]);
  });
});

describe('Solana', () => {
  async function onSolana() {
    const s = await setup();
    await s.kernel.connection.connect({ connectorId: 'sol-wallet' });
    await s.form.load();
    return s;
  }

  it('sends SOL through the same transfer capability, in lamports', async () => {
    const { form, sol, kernel } = await onSolana();
    expect(form.state.namespace).toBe('solana');
    expect(form.state.token).toMatchObject({ symbol: 'SOL', quantity: { decimals: '9', numeric: '100' } });
    expect(form.state.gasPrice).toBeUndefined();
    form.setAmount('1.5');
    await form.setReceiver(SOL_TO);
    expect(form.problem()).toBeUndefined();
    expect(await form.review()).toBe(true);
    expect(await form.send()).toBeDefined();
    expect(sol.transfers).toEqual([{ to: SOL_TO, amount: 1_500_000_000n }]);
    expect(kernel.snackbar.state.message).toBe(SEND_TEXTS.started);
  });

  it("a missing amount or receiver: 'Please enter a valid amount and receiver address'; a failure: the Solana text", async () => {
    const { form, sol, kernel } = await onSolana();
    await form.setReceiver(SOL_TO);
    expect(await form.review()).toBe(false);
    expect(kernel.snackbar.state.message).toBe(SEND_TEXTS.solanaInvalid);
    expect(await form.send()).toBeUndefined();
    expect(sol.transfers).toEqual([]);
    form.setAmount('1');
    sol.transferError = new Error('blockhash not found');
    expect(await form.send()).toBeUndefined();
    // the snackbar swaps after 150 ms; the pending message is the Solana one
    await new Promise((r) => setTimeout(r, 200));
    expect(kernel.snackbar.state.message).toBe(SEND_TEXTS.solanaFailed);
  });
});

describe('resets (docs/account-features.md#send), through the plugin module', () => {
  it('the form empties on a network switch and on disconnect', async () => {
    const { kernel } = await setup();
    await kernel.plugins.load('send');
    const form = kernel.get<SendForm>(SendForm);
    form.setAmount('1');
    await form.setReceiver(TO);
    expect(form.state.receiverAddress).toBe(TO);
    await kernel.network.switchNetwork('eip155:1');
    expect(form.state.receiverAddress).toBeUndefined();
    expect(form.state.sendTokenAmount).toBeUndefined();

    form.setAmount('2');
    await kernel.connection.disconnect();
    expect(form.state.sendTokenAmount).toBeUndefined();
  });
});
