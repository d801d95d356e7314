import { testKernel, testAnvil, testMainnet, MemoryStorage, injectedConnector, FakeAdapter } from '../testing/fakeAdapter';
import { solana, UNSUPPORTED_NETWORK_NAME } from '../networks';
import { AdapterForNamespaceNotFoundError, ChainIsNotSupportedError } from '../errors/kernel';
import { UserRejectedRequestError } from '../errors/rpc';
import { evmNetwork } from '../testing/networks';

const sepolia = evmNetwork(11155111, 'Sepolia', 'http://127.0.0.1:3/unused');

describe('Network', () => {
  it('starts on the first requested network, grouped per namespace', () => {
    const { kernel } = testKernel({ networks: [testMainnet, testAnvil, solana] });
    expect(kernel.network.state.activeNamespace).toBe('eip155');
    expect(kernel.network.state.activeNetwork?.caipNetworkId).toBe('eip155:1');
    expect(kernel.network.state.namespaces.eip155.requestedCaipNetworks.map((n) => n.id)).toEqual([1, 31337]);
    expect(kernel.network.state.namespaces.solana.caipNetwork?.caipNetworkId).toBe(solana.caipNetworkId);
    expect(kernel.network.networks()).toHaveLength(3);
  });

  it('prefers the stored network, then defaultNetwork', () => {
    const storage = new MemoryStorage();
    const first = testKernel({ defaultNetwork: testAnvil }, { storage });
    expect(first.kernel.network.state.activeNetwork?.id).toBe(31337);
    void first.kernel.network.switchNetwork(testMainnet);
    const second = testKernel({ defaultNetwork: testAnvil }, { storage });
    return Promise.resolve().then(() => {
      expect(second.kernel.network.state.activeNetwork?.id).toBe(1);
    });
  });

  it('switches without a wallet when disconnected and stores the choice', async () => {
    const { kernel, adapter, storage } = testKernel();
    await kernel.network.switchNetwork('eip155:31337');
    expect(kernel.network.state.activeNetwork?.id).toBe(31337);
    expect(adapter.calls.filter((c) => c.method === 'switchNetwork')).toHaveLength(0);
    expect(testKernel({}, { storage }).kernel.network.state.activeNetwork?.id).toBe(31337);
  });

  it('asks the connected wallet to switch first; a declined switch keeps the network', async () => {
    const { kernel, adapter } = testKernel();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    await kernel.network.switchNetwork(testAnvil);
    expect(adapter.calls.filter((c) => c.method === 'switchNetwork')).toHaveLength(1);
    expect(kernel.network.state.activeNetwork?.id).toBe(31337);
    adapter.script.switchError = new UserRejectedRequestError();
    await expect(kernel.network.switchNetwork(testMainnet)).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(kernel.network.state.activeNetwork?.id).toBe(31337);
    adapter.script.switchError = new ChainIsNotSupportedError();
    await expect(kernel.network.switchNetwork(testMainnet)).rejects.toThrow('Chain is not supported');
  });

  it("shows 'Network Not Found' when defaultNetwork is not among the networks, and starts on the first listed", () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { kernel } = testKernel({ networks: [testMainnet], defaultNetwork: sepolia });
    expect(kernel.alerts.state.current?.shortMessage).toBe('Network Not Found');
    expect(kernel.alerts.state.current?.longMessage).toContain("'networks' array");
    expect(kernel.network.state.activeNetwork?.id).toBe(1);
    expect(testKernel({ networks: [testMainnet, sepolia], defaultNetwork: sepolia }).kernel.alerts.state.current).toBeUndefined();
    error.mockRestore();
  });

  it("shows the 'switch network not found' alert for an unknown id", async () => {
    const { kernel } = testKernel();
    await kernel.network.switchNetwork('eip155:999');
    expect(kernel.alerts.state.current?.shortMessage).toMatch(/switch network not found/i);
    expect(kernel.network.state.activeNetwork?.id).toBe(1);
  });

  it('a wallet on an unrequested chain gives the unsupported placeholder and opens UnsupportedChain', async () => {
    const { kernel } = testKernel();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    kernel.network.setActiveChainId('eip155', 56);
    expect(kernel.network.state.activeNetwork?.name).toBe(UNSUPPORTED_NETWORK_NAME);
    expect(kernel.network.state.activeNetwork?.caipNetworkId).toBe('eip155:56');
    expect(kernel.network.isSupported(kernel.network.state.activeNetwork!)).toBe(false);
    expect(kernel.modal.state.open).toBe(true);
    expect(kernel.router.state.view).toBe('UnsupportedChain');
  });

  it('does not open UnsupportedChain when unsupported chains are allowed or switching is disabled', async () => {
    for (const opts of [{ allowUnsupportedChain: true }, { enableNetworkSwitch: false }]) {
      const { kernel } = testKernel(opts);
      await kernel.connection.connect({ connectorId: injectedConnector.id });
      kernel.network.setActiveChainId('eip155', 56);
      expect(kernel.network.state.activeNetwork?.name).toBe(UNSUPPORTED_NETWORK_NAME);
      expect(kernel.modal.state.open).toBe(false);
    }
  });

  it('does not open UnsupportedChain in basic mode (no chain adapter registered)', () => {
    const { createKernel } = require('../createKernel') as typeof import('../createKernel');
    const kernel = createKernel({
      options: { projectId: 'p', networks: [testMainnet], features: { analytics: false } },
      environment: { window: undefined, document: undefined, localStorage: new MemoryStorage() },
    });
    kernel.network.setActiveChainId('eip155', 56);
    expect(kernel.network.state.activeNetwork?.name).toBe(UNSUPPORTED_NETWORK_NAME);
    expect(kernel.modal.state.open).toBe(false);
  });

  it("adds networks only for namespaces with an adapter; known ids are ignored", () => {
    const { kernel } = testKernel();
    kernel.network.addNetwork('eip155', sepolia);
    kernel.network.addNetwork('eip155', sepolia);
    expect(kernel.network.state.namespaces.eip155.requestedCaipNetworks.filter((n) => n.id === 11155111)).toHaveLength(1);
    expect(() => kernel.network.addNetwork('solana', solana)).toThrow(AdapterForNamespaceNotFoundError);
    expect(() => kernel.network.addNetwork('solana', solana)).toThrow("Adapter for namespace solana doesn't exist");
    expect(() => kernel.network.removeNetwork('bip122', 'x')).toThrow("Adapter for namespace bip122 doesn't exist");
  });

  it('removing the active network falls back to the first network of that chain', async () => {
    const { kernel } = testKernel();
    await kernel.network.switchNetwork(testAnvil);
    kernel.network.removeNetwork('eip155', 31337);
    expect(kernel.network.state.activeNetwork?.id).toBe(1);
    kernel.network.removeNetwork('eip155', 'eip155:1');
    expect(kernel.network.state.activeNetwork).toBeUndefined();
  });

  it('finds networks by CAIP id, deprecated CAIP id and bare id', () => {
    const { kernel } = testKernel({ networks: [testMainnet, solana] });
    expect(kernel.network.find('eip155:1')?.id).toBe(1);
    expect(kernel.network.find(1)?.id).toBe(1);
    expect(kernel.network.find('solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ')?.name).toBe('Solana');
    expect(kernel.network.find('eip155:2')).toBeUndefined();
  });

  it('reset keeps a supported network but drops the unsupported placeholder and approvals', async () => {
    const { kernel } = testKernel({ allowUnsupportedChain: true });
    kernel.network.setApprovedNetworkIds('eip155', ['eip155:1']);
    kernel.network.setActiveChainId('eip155', 56);
    kernel.network.reset('eip155');
    expect(kernel.network.state.activeNetwork?.id).toBe(1);
    expect(kernel.network.state.namespaces.eip155.approvedCaipNetworkIds).toEqual([]);
  });
});

describe('Network: a switch waiting for the wallet (issue 8: "Continue in {wallet}")', () => {
  /** A wallet whose switch prompt stays open until the test answers it. */
  function setup() {
    const adapter = new FakeAdapter('eip155');
    const prompts: { resolve: () => void; reject: (e: unknown) => void }[] = [];
    adapter.switchNetwork = async (args) => {
      adapter.calls.push({ method: 'switchNetwork', args });
      await new Promise<void>((resolve, reject) => prompts.push({ resolve, reject }));
    };
    return { ...testKernel({}, { adapter }), prompts };
  }
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('pendingSwitch names the target and the wallet while the wallet waits, and clears when it answers', async () => {
    const { kernel, prompts } = setup();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    const seen: unknown[] = [];
    kernel.network.state$.subscribe((s) => seen.push(s.pendingSwitch?.network.id));
    const switching = kernel.network.switchNetwork(testAnvil);
    await tick();
    expect(kernel.network.state.pendingSwitch).toMatchObject({ connectorId: injectedConnector.id, walletName: 'Test Wallet' });
    expect(kernel.network.state.pendingSwitch?.network.id).toBe(31337);
    expect(kernel.network.state.activeNetwork?.id).toBe(1);
    prompts[0]!.resolve();
    await switching;
    expect(kernel.network.state.pendingSwitch).toBeUndefined();
    expect(kernel.network.state.activeNetwork?.id).toBe(31337);
    expect(seen).toContain(31337);
  });

  it('cancelSwitch ends the wait with RequestAbortedError and keeps the active network; a declined switch clears it too', async () => {
    const { kernel, prompts } = setup();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    const switching = kernel.network.switchNetwork(testAnvil);
    await tick();
    kernel.network.cancelSwitch();
    await expect(switching).rejects.toMatchObject({ name: 'RequestAbortedError', message: 'Request was aborted', details: 'The network switch was cancelled.' });
    expect(kernel.network.state.pendingSwitch).toBeUndefined();
    expect(kernel.network.state.activeNetwork?.id).toBe(1);
    // The wallet approving later is not applied by the cancelled switch (the wallet's chainChanged would be).
    prompts[0]!.resolve();
    await tick();
    expect(kernel.network.state.activeNetwork?.id).toBe(1);

    const declined = kernel.network.switchNetwork(testAnvil);
    await tick();
    prompts[1]!.reject(new UserRejectedRequestError());
    await expect(declined).rejects.toBeInstanceOf(UserRejectedRequestError);
    expect(kernel.network.state.pendingSwitch).toBeUndefined();
    kernel.network.cancelSwitch(); // nothing waiting: no-op
  });

  it('a newer switch replaces the waiting one (which rejects), and only the newer one applies', async () => {
    const optimism = evmNetwork(10, 'OP', 'http://127.0.0.1:3/unused');
    const adapter = new FakeAdapter('eip155');
    const prompts: { resolve: () => void }[] = [];
    adapter.switchNetwork = async () => new Promise<void>((resolve) => prompts.push({ resolve }));
    const { kernel } = testKernel({ networks: [testMainnet, testAnvil, optimism] }, { adapter });
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    const first = kernel.network.switchNetwork(testAnvil).catch((e: unknown) => e);
    await tick();
    const second = kernel.network.switchNetwork(optimism);
    expect(await first).toMatchObject({ name: 'RequestAbortedError', details: 'A newer network switch replaced this one.' });
    await tick();
    expect(kernel.network.state.pendingSwitch?.network.id).toBe(10);
    prompts[0]!.resolve(); // the old prompt answered late: ignored
    prompts[1]!.resolve();
    await second;
    expect(kernel.network.state.activeNetwork?.id).toBe(10);
    expect(kernel.network.state.pendingSwitch).toBeUndefined();
  });

  it('going back to the network the wallet is on while a switch waits: the wait ends, the wallet is not asked again', async () => {
    const { kernel, prompts, adapter } = setup();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    const first = kernel.network.switchNetwork(testAnvil).catch((e: unknown) => e);
    await tick();
    await kernel.network.switchNetwork(testMainnet);
    expect(await first).toMatchObject({ name: 'RequestAbortedError', details: 'A newer network switch replaced this one.' });
    expect(kernel.network.state.pendingSwitch).toBeUndefined();
    expect(adapter.calls.filter((c) => c.method === 'switchNetwork')).toHaveLength(1);
    prompts[0]!.resolve(); // the old prompt answered late: ignored
    await tick();
    expect(kernel.network.state.activeNetwork?.id).toBe(1);
  });

  it('no wallet to ask (disconnected): no pending state', async () => {
    const { kernel } = setup();
    const seen: unknown[] = [];
    kernel.network.state$.subscribe((s) => seen.push(s.pendingSwitch));
    await kernel.network.switchNetwork(testAnvil);
    expect(seen.every((p) => p === undefined)).toBe(true);
  });
});
