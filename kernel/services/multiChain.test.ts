/**
 * Multi-chain wallets and the namespace switching rules: a MULTI_CHAIN group connects every
 * namespace it offers (the active one first, the others without taking the active namespace),
 * switching between namespaces keeps each namespace's account and prompts nobody, a reload
 * restores them all and keeps the namespace the visitor was on.
 */
import { FakeAdapter, MemoryStorage, injectedConnector, testAnvil, testKernel, testMainnet } from '../testing/fakeAdapter';
import { solana, solanaDevnet } from '../networks';
import { CapabilityNotSupportedError } from '../errors/kernel';
import { UserRejectedRequestError } from '../errors/rpc';
import type { PluginManifest } from '../plugin/manifest';
import type { Connector } from '../types';
import type { TransferRequest } from '../adapter';

const SOL_ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96';

/** The same product announced for eip155 (EIP-6963) and solana (wallet-standard): one name. */
const evmMember: Connector = { ...injectedConnector, id: 'dev.latchkey.wallet', name: 'Latchkey Dev Wallet', info: { rdns: 'dev.latchkey.wallet' } };
const solMember: Connector = { id: 'solana:latchkey-dev-wallet', name: 'Latchkey Dev Wallet', type: 'ANNOUNCED', chain: 'solana', provider: {}, installed: true };
const solOnly: Connector = { id: 'solana:solana-dev-wallet', name: 'Solana Dev Wallet', type: 'ANNOUNCED', chain: 'solana', provider: {}, installed: true };

class SolanaFake extends FakeAdapter {
  readonly sent: TransferRequest[] = [];
  constructor() {
    super('solana', { address: SOL_ADDRESS, chainId: solanaDevnet.id, balance: '99.5' });
  }
  async transfer(args: { request: TransferRequest }): Promise<string> {
    this.sent.push(args.request);
    return '5'.repeat(88);
  }
}

function solanaPlugin(adapter: FakeAdapter): PluginManifest {
  return { id: 'fake-solana', contributes: { namespaces: ['solana'] }, load: async () => ({ adapters: () => [adapter] }) };
}

function setup(storage = new MemoryStorage(), sol = new SolanaFake()) {
  const t = testKernel({ networks: [testMainnet, testAnvil, solanaDevnet, solana] }, { storage, plugins: [solanaPlugin(sol)] });
  t.kernel.connectors.add([evmMember, solMember, solOnly]);
  return { ...t, sol, storage };
}

const methods = (a: FakeAdapter) => a.calls.map((c) => c.method);
const group = (k: ReturnType<typeof setup>['kernel']) => k.connectors.grouped().find((c) => c.name === 'Latchkey Dev Wallet')!;

/** A Solana side whose first connect prompt stays open until the test answers it (`gates[0]()`). */
class GatedSolana extends SolanaFake {
  readonly gates: (() => void)[] = [];
  override async connect(args: { connector: Connector }) {
    if (this.gates.length === 0) await new Promise<void>((resolve) => this.gates.push(resolve));
    return super.connect(args);
  }
}

/** The group connect of a wallet whose Solana companion waits at its prompt; resolves once it waits there. */
async function groupWithWaitingCompanion() {
  const sol = new GatedSolana();
  sol.script.reconnectResult = null; // not granted yet: the companion prompts
  const { kernel } = setup(new MemoryStorage(), sol);
  const groupConnect = kernel.connection.connect({ connectorId: group(kernel).id });
  for (let i = 0; i < 50 && sol.gates.length === 0; i++) await new Promise((r) => setTimeout(r, 0));
  return { sol, kernel, groupConnect };
}

describe('multi-chain wallets', () => {
  it('connectors of the same name across namespaces are one MULTI_CHAIN connector; a one-namespace wallet stays itself', () => {
    const { kernel } = setup();
    const g = group(kernel);
    expect(g).toMatchObject({ type: 'MULTI_CHAIN', id: 'multichain:latchkey-dev-wallet' });
    expect(g.connectors!.map((c) => c.chain)).toEqual(['eip155', 'solana']);
    expect(kernel.connectors.grouped().find((c) => c.name === 'Solana Dev Wallet')).toBe(solOnly);
  });

  it('choosing the group connects the active namespace first, then the others, without taking the active namespace', async () => {
    const { kernel, adapter, sol } = setup();
    const order: string[] = [];
    kernel.connection.onDidConnect$.subscribe((e) => order.push(e.namespace));
    expect(kernel.network.state.activeNamespace).toBe('eip155');
    await kernel.connection.connect({ connectorId: group(kernel).id });
    expect(order).toEqual(['eip155', 'solana']);
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', connectorId: evmMember.id });
    expect(kernel.account.get('solana')).toMatchObject({ status: 'connected', connectorId: solMember.id, address: SOL_ADDRESS });
    expect(kernel.network.state.activeNamespace).toBe('eip155');
    expect(kernel.network.state.namespaces.solana.caipNetwork?.caipNetworkId).toBe(solanaDevnet.caipNetworkId);
    // the companion tries without a prompt first; here the wallet grants it silently
    expect(methods(sol)).toEqual(expect.arrayContaining(['reconnect']));
    expect(methods(sol)).not.toContain('connect');
    expect(methods(adapter)).toContain('connect');
  });

  it('from the Solana side the Solana member goes first and stays active', async () => {
    const { kernel, adapter, sol } = setup();
    kernel.network.setActiveNamespace('solana');
    sol.script.reconnectResult = null; // not granted yet: the companion would prompt
    adapter.script.reconnectResult = null;
    await kernel.connection.connect({ connectorId: group(kernel).id });
    expect(kernel.network.state.activeNamespace).toBe('solana');
    expect(methods(sol)[0]).toBe('connect');
    expect(methods(adapter).slice(0, 2)).toEqual(['reconnect', 'connect']);
    expect(kernel.account.get('eip155').status).toBe('connected');
  });

  it('a declined companion leaves its namespace disconnected; the connect itself succeeds', async () => {
    const { kernel, sol } = setup();
    sol.script.reconnectResult = null;
    sol.script.connectError = { code: 4001, message: 'User rejected the request.' };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await expect(kernel.connection.connect({ connectorId: group(kernel).id })).resolves.toBeUndefined();
    } finally {
      warn.mockRestore();
    }
    expect(kernel.account.get('eip155').status).toBe('connected');
    expect(kernel.account.get('solana').status).toBe('disconnected');
    expect(kernel.connection.state).toEqual({ pending: undefined, error: undefined });
  });

  it("a wallet the visitor picks in a companion's namespace while the companion waits counts; the companion's late approval is let go", async () => {
    const { sol, kernel, groupConnect } = await groupWithWaitingCompanion();
    expect(kernel.account.get('solana').status).toBe('connecting');
    await kernel.connection.connect({ connectorId: solOnly.id });
    expect(kernel.account.get('solana')).toMatchObject({ status: 'connected', connectorId: solOnly.id });
    sol.gates[0]!(); // the companion's prompt approved late
    await groupConnect;
    expect(kernel.account.get('solana')).toMatchObject({ status: 'connected', connectorId: solOnly.id });
    expect(kernel.storage.connectorId('solana')).toBe(solOnly.id);
    const released = sol.calls.filter((c) => c.method === 'disconnect').map((c) => (c.args as { connector: Connector }).connector.id);
    expect(released).toEqual([solMember.id]);
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', connectorId: evmMember.id });
    expect(kernel.connection.state).toEqual({ pending: undefined, error: undefined });
  });

  it('a disconnect while a companion still connects stops it: its late approval is let go and its namespace stays disconnected', async () => {
    const { sol, kernel, groupConnect } = await groupWithWaitingCompanion();
    expect(kernel.account.get('eip155').status).toBe('connected');
    expect(kernel.account.get('solana').status).toBe('connecting');
    await kernel.connection.disconnect();
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(kernel.account.get('solana').status).toBe('disconnected');
    sol.gates[0]!(); // the companion's prompt approved after the visitor disconnected
    await groupConnect;
    expect(kernel.account.get('solana').status).toBe('disconnected');
    expect(kernel.storage.connectorId('solana')).toBeUndefined();
    const released = sol.calls.filter((c) => c.method === 'disconnect').map((c) => (c.args as { connector: Connector }).connector.id);
    expect(released).toEqual([solMember.id]);
    expect(kernel.connection.state).toEqual({ pending: undefined, error: undefined });
  });

  it('a declined primary fails the connect and tries no companion', async () => {
    const { kernel, adapter, sol } = setup();
    adapter.script.connectError = { code: 4001, message: 'no' };
    await expect(kernel.connection.connect({ connectorId: group(kernel).id })).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(sol.calls).toEqual([]);
    expect(kernel.account.get('solana').status).toBe('disconnected');
  });

  it("a member's own id connects that namespace only; a namespace connected to another wallet is left alone", async () => {
    const { kernel, adapter, sol } = setup();
    await kernel.connection.connect({ connectorId: solOnly.id });
    expect(kernel.network.state.activeNamespace).toBe('solana');
    await kernel.connection.connect({ connectorId: evmMember.id });
    expect(kernel.account.get('solana').connectorId).toBe(solOnly.id);
    sol.calls.length = 0;
    await kernel.connection.connect({ connectorId: group(kernel).id, namespace: 'eip155' });
    expect(kernel.account.get('solana').connectorId).toBe(solOnly.id); // not taken over by the group
    expect(sol.calls).toEqual([]);
    expect(methods(adapter).filter((m) => m === 'connect')).toHaveLength(2);
  });

  it('switching EVM ↔ Solana keeps both accounts and prompts nobody', async () => {
    const { kernel, adapter, sol } = setup();
    await kernel.connection.connect({ connectorId: group(kernel).id });
    const evmAddress = kernel.account.get('eip155').address;
    const connects = () => [...methods(adapter), ...methods(sol)].filter((m) => m === 'connect').length;
    const before = connects();
    await kernel.network.switchNetwork(solanaDevnet);
    expect(kernel.network.state.activeNamespace).toBe('solana');
    expect(kernel.network.state.activeNetwork?.caipNetworkId).toBe(solanaDevnet.caipNetworkId);
    await kernel.network.switchNetwork(testAnvil);
    expect(kernel.network.state.activeNamespace).toBe('eip155');
    await kernel.network.switchNetwork(solana);
    expect(kernel.network.state.activeNetwork?.caipNetworkId).toBe(solana.caipNetworkId);
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', address: evmAddress });
    expect(kernel.account.get('solana')).toMatchObject({ status: 'connected', address: SOL_ADDRESS });
    expect(connects()).toBe(before);
    // a namespace already on the target network asks nothing (Solana was on devnet); the others ask their own wallet
    expect(methods(sol).filter((m) => m === 'switchNetwork')).toHaveLength(1);
    expect(methods(adapter).filter((m) => m === 'switchNetwork')).toHaveLength(1);
    await kernel.network.switchNetwork(testAnvil); // back to the chain the EVM wallet is on
    expect(kernel.network.state.activeNetwork?.caipNetworkId).toBe(testAnvil.caipNetworkId);
    expect(methods(adapter).filter((m) => m === 'switchNetwork')).toHaveLength(1);
  });

  it('Disconnect in one namespace disconnects the whole multi-chain wallet, not another wallet', async () => {
    const { kernel, adapter, sol } = setup();
    await kernel.connection.connect({ connectorId: group(kernel).id });
    await kernel.connection.disconnect('eip155');
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(kernel.account.get('solana').status).toBe('disconnected');
    expect(methods(adapter)).toContain('disconnect');
    expect(methods(sol)).toContain('disconnect');
    await kernel.connection.connect({ connectorId: evmMember.id });
    await kernel.connection.connect({ connectorId: solOnly.id });
    await kernel.connection.disconnect('eip155');
    expect(kernel.account.get('solana')).toMatchObject({ status: 'connected', connectorId: solOnly.id });
  });

  it('a disconnect the wallet reports in one namespace leaves the other namespace of the same wallet', async () => {
    const { kernel, sol } = setup();
    await kernel.connection.connect({ connectorId: group(kernel).id });
    sol.events.next({ type: 'disconnect', namespace: 'solana', connectorId: solMember.id });
    expect(kernel.account.get('solana').status).toBe('disconnected');
    expect(kernel.account.get('eip155').status).toBe('connected');
  });

  it('switching to a namespace without a connection changes the network only; the other account stays', async () => {
    const { kernel, sol } = setup();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    await kernel.network.switchNetwork(solanaDevnet);
    expect(kernel.network.state.activeNamespace).toBe('solana');
    expect(kernel.account.get('solana').status).toBe('disconnected');
    expect(kernel.account.get('eip155').status).toBe('connected');
    expect(sol.calls).toEqual([]);
  });

  it('a reload restores every namespace and keeps the one the visitor was on', async () => {
    const storage = new MemoryStorage();
    const first = setup(storage);
    await first.kernel.connection.connect({ connectorId: group(first.kernel).id });
    await first.kernel.network.switchNetwork(solanaDevnet);
    const second = setup(storage);
    expect(second.kernel.account.get('eip155').status).toBe('connecting');
    expect(second.kernel.account.get('solana').status).toBe('connecting');
    await second.kernel.start();
    expect(second.kernel.account.get('eip155').status).toBe('connected');
    expect(second.kernel.account.get('solana')).toMatchObject({ status: 'connected', address: SOL_ADDRESS, connectorId: solMember.id });
    expect(second.kernel.network.state.activeNamespace).toBe('solana');
    expect(methods(second.adapter)).not.toContain('connect');
    expect(methods(second.sol)).not.toContain('connect');
  });

  it('a reload whose active namespace does not come back shows one that did', async () => {
    const storage = new MemoryStorage();
    const first = setup(storage);
    await first.kernel.connection.connect({ connectorId: group(first.kernel).id });
    await first.kernel.network.switchNetwork(solanaDevnet);
    const sol = new SolanaFake();
    sol.script.reconnectResult = null; // the wallet no longer grants Solana
    const second = setup(storage, sol);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await second.kernel.start();
    } finally {
      warn.mockRestore();
    }
    expect(second.kernel.account.get('solana').status).toBe('disconnected');
    expect(second.kernel.network.state.activeNamespace).toBe('eip155');
  });

  it('a chain change reported in a background namespace updates it without switching the view', async () => {
    const { kernel, adapter } = setup();
    await kernel.connection.connect({ connectorId: group(kernel).id });
    await kernel.network.switchNetwork(solanaDevnet);
    adapter.events.next({ type: 'chainChanged', namespace: 'eip155', chainId: 31337, connectorId: evmMember.id });
    expect(kernel.network.state.activeNamespace).toBe('solana');
    expect(kernel.network.state.namespaces.eip155.caipNetwork?.id).toBe(31337);
    expect(kernel.account.get('eip155').caipAddress).toMatch(/^eip155:31337:/);
    // in the active namespace it does switch
    await kernel.network.switchNetwork(testMainnet);
    adapter.events.next({ type: 'chainChanged', namespace: 'eip155', chainId: 31337, connectorId: evmMember.id });
    expect(kernel.network.state.activeNetwork?.id).toBe(31337);
  });

  it('account sync is skipped outside eip155: the Solana profile stays cleared (docs/connection.md#account-sync)', async () => {
    const { kernel } = setup();
    kernel.account.setProfile('solana', { name: 'stale.sol', image: 'https://x.example/a.png' });
    kernel.account.setProfile('eip155', { name: 'kept.eth' });
    await kernel.connection.connect({ connectorId: group(kernel).id });
    expect(kernel.account.get('solana')).toMatchObject({ profileName: null, profileImage: null });
    expect(kernel.account.get('eip155').profileName).toBe('kept.eth');
  });

  it('the default account types per namespace (docs/connection.md#namespaces-and-data-shapes)', () => {
    const { kernel } = setup();
    expect(kernel.account.get('eip155').preferredAccountType).toBe('smartAccount');
    expect(kernel.account.get('solana').preferredAccountType).toBe('eoa');
    expect(kernel.account.get('polkadot').preferredAccountType).toBe('eoa');
    expect(kernel.account.get('bip122').preferredAccountType).toBe('payment');
  });

  it('transfer goes to the active namespace adapter, refreshes its balance, and is refused where the capability is missing', async () => {
    const { kernel, sol } = setup();
    await kernel.connection.connect({ connectorId: group(kernel).id });
    await expect(kernel.connection.transfer({ to: 'x', amount: 1n })).rejects.toBeInstanceOf(CapabilityNotSupportedError);
    await kernel.network.switchNetwork(solanaDevnet);
    sol.script.balance = '98.25';
    await expect(kernel.connection.transfer({ to: SOL_ADDRESS, amount: 10_000_000n })).resolves.toBe('5'.repeat(88));
    expect(sol.sent).toEqual([{ to: SOL_ADDRESS, amount: 10_000_000n }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(kernel.account.get('solana')).toMatchObject({ balance: '98.25', balanceSymbol: 'SOL' });
  });
});
