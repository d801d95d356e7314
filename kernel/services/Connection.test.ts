import { ContainerModule } from 'inversify';
import { testKernel, injectedConnector, MemoryStorage, FakeAdapter, testAnvil, testMainnet } from '../testing/fakeAdapter';
import { SessionState } from '../plugin/tokens';
import { UserRejectedRequestError } from '../errors/rpc';
import { AddressOrAuthConnectorNotFoundError, FailedToDisconnectError } from '../errors/kernel';
import type { Connector } from '../types';

const wcEvm: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' };
const wcSol: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'solana' };

describe('Connection', () => {
  it('connects through the adapter plugin, loading it on first use', async () => {
    const { kernel, adapter, plugin } = testKernel();
    expect(plugin.loads).toBe(0);
    const seen: string[] = [];
    kernel.connection.onDidConnect$.subscribe((e) => seen.push(`${e.namespace}:${e.address}`));
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    expect(plugin.loads).toBe(1);
    const acc = kernel.account.get('eip155');
    expect(acc.status).toBe('connected');
    expect(acc.address).toBe('0x1111111111111111111111111111111111111111');
    expect(acc.caipAddress).toBe('eip155:1:0x1111111111111111111111111111111111111111');
    expect(acc.connectedWalletInfo?.name).toBe('Test Wallet');
    expect(kernel.connectors.state.recent[0]).toMatchObject({ id: injectedConnector.id, rdns: 'io.test.wallet' });
    expect(seen).toEqual(['eip155:0x1111111111111111111111111111111111111111']);
    expect(adapter.calls[0]!.method).toBe('connect');
  });

  it("writes the account's explorer link, and follows its network", async () => {
    const explorer = { ...testMainnet, blockExplorers: { default: { name: 'Scan', url: 'https://scan.test/' } } };
    const { kernel } = testKernel({ networks: [explorer, testAnvil] });
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    await kernel.connection.refreshBalance('eip155');
    expect(kernel.account.get('eip155').addressExplorerUrl).toBe('https://scan.test/address/0x1111111111111111111111111111111111111111');
    // a network without an explorer: no link
    await kernel.network.switchNetwork(testAnvil);
    await kernel.connection.refreshBalance('eip155');
    expect(kernel.account.get('eip155').addressExplorerUrl).toBeUndefined();
  });

  it('fetches the native balance after connecting and caches it for 30 s', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const { kernel, adapter } = testKernel();
      await kernel.connection.connect({ connectorId: injectedConnector.id });
      await jest.advanceTimersByTimeAsync(0);
      expect(kernel.account.get('eip155').balance).toBe('1.5');
      expect(kernel.account.get('eip155').balanceSymbol).toBe('ETH');
      adapter.script.balance = '2';
      await kernel.connection.refreshBalance('eip155');
      expect(kernel.account.get('eip155').balance).toBe('1.5'); // cached
      jest.setSystemTime(1_000_000 + 30_001);
      await kernel.connection.refreshBalance('eip155');
      expect(kernel.account.get('eip155').balance).toBe('2');
      adapter.script.balance = '3';
      await kernel.connection.refreshBalance('eip155', { force: true });
      expect(kernel.account.get('eip155').balance).toBe('3');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a declined connect leaves the account disconnected with a typed error', async () => {
    const { kernel, adapter } = testKernel();
    adapter.script.connectError = { code: 4001, message: 'User rejected the request.' };
    const err = await kernel.connection.connect({ connectorId: injectedConnector.id }).catch((e) => e);
    expect(err).toBeInstanceOf(UserRejectedRequestError);
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(kernel.connection.state.error).toBe(err);
    expect(kernel.connection.state.pending).toBeUndefined();
  });

  it('treats provider code 5000 as a user rejection', async () => {
    const { kernel, adapter } = testKernel();
    adapter.script.connectError = { code: 5000, message: 'User disapproved' };
    await expect(kernel.connection.connect({ connectorId: injectedConnector.id })).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it('restores a stored connection at startup without prompting: connecting → connected', async () => {
    const storage = new MemoryStorage();
    const first = testKernel({}, { storage });
    await first.kernel.connection.connect({ connectorId: injectedConnector.id });
    const second = testKernel({}, { storage });
    const statuses: string[] = [];
    second.kernel.account.state$.subscribe((s) => statuses.push(s.namespaces.eip155.status));
    await second.kernel.start();
    expect(second.adapter.calls.map((c) => c.method)).toEqual(expect.arrayContaining(['reconnect']));
    expect(second.adapter.calls.map((c) => c.method)).not.toContain('connect');
    expect(statuses).toContain('connecting');
    expect(statuses.at(-1)).toBe('connected');
  });

  it('a stored connection the wallet no longer grants ends disconnected, with a warning', async () => {
    const storage = new MemoryStorage();
    await testKernel({}, { storage }).kernel.connection.connect({ connectorId: injectedConnector.id });
    const adapter = new FakeAdapter('eip155', { reconnectResult: null });
    const second = testKernel({}, { storage, adapter });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await second.kernel.start();
    expect(second.kernel.account.get('eip155').status).toBe('disconnected');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    // and the next start does not try again
    const third = testKernel({}, { storage });
    await third.kernel.start();
    expect(third.adapter.calls).toHaveLength(0);
  });

  it('disconnect resets account and network, clears stored ids and social provider, resets session state', async () => {
    const { kernel, storage } = testKernel();
    const resets: unknown[] = [];
    kernel.container.loadSync(
      new ContainerModule(({ bind }) => {
        bind(SessionState).toConstantValue({ reset: (ns?: string) => resets.push(ns ?? 'all') });
      }),
    );
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    kernel.storage.setSocialProvider('google');
    const events: string[] = [];
    kernel.events.events$.subscribe((e) => events.push(e.data.event));
    await kernel.connection.disconnect();
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(kernel.account.get('eip155').address).toBeUndefined();
    expect(kernel.storage.connectorId('eip155')).toBeUndefined();
    expect(kernel.storage.socialProvider()).toBeUndefined();
    expect(resets).toEqual(['all']);
    expect(events).toContain('DISCONNECT_SUCCESS');
    expect([...storage.map.values()].join()).not.toContain('0x1111111111111111111111111111111111111111');
  });

  it('a failed wallet disconnect still clears local state, tracks the error and throws Failed to disconnect', async () => {
    const { kernel, adapter } = testKernel();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    adapter.script.disconnectError = new Error('wallet gone');
    const events: string[] = [];
    kernel.events.events$.subscribe((e) => events.push(e.data.event));
    await expect(kernel.connection.disconnect()).rejects.toThrow(FailedToDisconnectError);
    await expect(Promise.reject(new FailedToDisconnectError())).rejects.toThrow('Failed to disconnect');
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(events).toContain('DISCONNECT_ERROR');
  });

  it('namespaces sharing a WalletConnect connector disconnect together; an injected one alone', async () => {
    const evm = new FakeAdapter('eip155');
    const sol = new FakeAdapter('solana', { address: 'So1ana1111111111111111111111111111111111111', chainId: 'x' });
    const { kernel } = testKernel(
      {},
      { adapter: evm, plugins: [{ id: 'sol', contributes: { namespaces: ['solana'] }, load: async () => ({ adapters: () => [sol] }) }] },
    );
    kernel.connectors.add([wcEvm]);
    await kernel.connection.connect({ connectorId: 'walletConnect', namespace: 'eip155' });
    kernel.connectors.add([wcSol]);
    await kernel.connection.connect({ connectorId: 'walletConnect', namespace: 'solana' });
    expect(kernel.account.get('solana').status).toBe('connected');
    await kernel.connection.disconnect('eip155');
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(kernel.account.get('solana').status).toBe('disconnected');
  });

  it('follows wallet events: account change, chain change, disconnect', async () => {
    const { kernel, adapter } = testKernel();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    const other = '0x2222222222222222222222222222222222222222';
    adapter.events.next({ type: 'accountsChanged', namespace: 'eip155', accounts: [other], connectorId: injectedConnector.id });
    expect(kernel.account.get('eip155').address).toBe(other);
    adapter.events.next({ type: 'chainChanged', namespace: 'eip155', chainId: 31337, connectorId: injectedConnector.id });
    expect(kernel.network.state.activeNetwork?.id).toBe(31337);
    expect(kernel.account.get('eip155').caipAddress).toBe(`eip155:31337:${other}`);
    adapter.events.next({ type: 'disconnect', namespace: 'eip155', connectorId: injectedConnector.id });
    expect(kernel.account.get('eip155').status).toBe('disconnected');
  });

  it('ignores events from a connector that is not the connected one', async () => {
    const { kernel, adapter } = testKernel();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    adapter.events.next({ type: 'disconnect', namespace: 'eip155', connectorId: 'someone-else' });
    expect(kernel.account.get('eip155').status).toBe('connected');
  });

  it('signs and sends through the connected wallet; without a connection it throws', async () => {
    const { kernel } = testKernel();
    await expect(kernel.connection.signMessage('hi')).rejects.toBeInstanceOf(AddressOrAuthConnectorNotFoundError);
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    expect(await kernel.connection.signMessage('hi')).toBe('signed:hi');
    expect(await kernel.connection.sendTransaction({ to: '0x2222222222222222222222222222222222222222', value: 1n })).toMatch(/^0x(ab){32}$/);
  });

  it('after a send, reads the balance now and again when the adapter says the chain holds the transaction', async () => {
    const { kernel, adapter } = testKernel();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    const reads = () => adapter.calls.filter((c) => c.method === 'getBalance').length;
    const before = reads();
    // the node answered the hash before the block that holds it: the read right after is the old balance
    const hash = await kernel.connection.sendTransaction({ to: '0x2222222222222222222222222222222222222222', value: 1n });
    await new Promise((r) => setTimeout(r, 0));
    expect(reads()).toBe(before + 1);
    expect(kernel.account.get('eip155').balance).toBe('1.5');
    adapter.script.balance = '1.2';
    adapter.events.next({ type: 'transactionIncluded', namespace: 'eip155', connectorId: injectedConnector.id, hash });
    await new Promise((r) => setTimeout(r, 0));
    expect(reads()).toBe(before + 2); // read again, past the 30 s cache
    expect(kernel.account.get('eip155').balance).toBe('1.2');
    // another wallet's transaction changes nothing
    adapter.events.next({ type: 'transactionIncluded', namespace: 'eip155', connectorId: 'someone-else', hash });
    await new Promise((r) => setTimeout(r, 0));
    expect(reads()).toBe(before + 2);
  });

  it('maps a declined signature to UserRejectedRequestError', async () => {
    const { kernel, adapter } = testKernel();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    adapter.script.signError = { code: 4001, message: 'User denied message signature.' };
    await expect(kernel.connection.signMessage('hi')).rejects.toBeInstanceOf(UserRejectedRequestError);
  });
});

describe('Connection startup race', () => {
  it('shows a stored connection as connecting before start, and a visitor connect during start is not reset', async () => {
    const storage = new MemoryStorage();
    await testKernel({}, { storage }).kernel.connection.connect({ connectorId: injectedConnector.id });
    const second = testKernel({}, { storage });
    expect(second.kernel.account.get('eip155').status).toBe('connecting');

    // A fresh visitor (nothing stored) clicks a wallet while start() is still running.
    const fresh = testKernel();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const connecting = fresh.kernel.connection.connect({ connectorId: injectedConnector.id });
    await fresh.kernel.start();
    await connecting;
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    expect(fresh.kernel.account.get('eip155').status).toBe('connected');
  });
});

describe('Connection restore waits for a late wallet announcement', () => {
  it('reconnects when the stored connector is announced within 1 s, and gives up after', async () => {
    const storage = new MemoryStorage();
    await testKernel({}, { storage }).kernel.connection.connect({ connectorId: injectedConnector.id });
    jest.useFakeTimers();
    try {
      const late = testKernel({}, { storage });
      late.kernel.connectors.remove(injectedConnector.id);
      const started = late.kernel.start();
      await jest.advanceTimersByTimeAsync(500);
      late.kernel.connectors.add(injectedConnector);
      await started;
      expect(late.kernel.account.get('eip155').status).toBe('connected');

      const never = testKernel({}, { storage });
      never.kernel.connectors.remove(injectedConnector.id);
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const pending = never.kernel.start();
      await jest.advanceTimersByTimeAsync(1001);
      await pending;
      warn.mockRestore();
      expect(never.kernel.account.get('eip155').status).toBe('disconnected');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Connection with a WalletConnect session beside another wallet', () => {
  const wcSolana: Connector = { id: 'walletConnect:solana', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'solana' };
  const wcBtc: Connector = { id: 'walletConnect:bip122', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'bip122' };

  function setup() {
    const sol = new FakeAdapter('solana', { address: 'So1ana1111111111111111111111111111111111111', chainId: 'x' });
    const btc = new FakeAdapter('bip122', { address: 'bc1qtest', chainId: 'y' });
    const t = testKernel(
      {},
      {
        plugins: [
          { id: 'sol', contributes: { namespaces: ['solana'] }, load: async () => ({ adapters: () => [sol] }) },
          { id: 'btc', contributes: { namespaces: ['bip122'] }, load: async () => ({ adapters: () => [btc] }) },
        ],
      },
    );
    t.kernel.connectors.add([wcSolana, wcBtc]);
    return { ...t, sol };
  }

  it('a wallet-side session end resets only the namespaces on that session', async () => {
    const { kernel, sol } = setup();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    await kernel.connection.connect({ connectorId: wcSolana.id });
    await kernel.connection.connect({ connectorId: wcBtc.id });
    sol.events.next({ type: 'disconnect', namespace: 'solana', connectorId: wcSolana.id });
    expect(kernel.account.get('solana').status).toBe('disconnected');
    expect(kernel.account.get('bip122').status).toBe('disconnected');
    expect(kernel.account.get('eip155').status).toBe('connected');
  });

  it('a dapp-side disconnect of one session namespace takes the others on the session, not other wallets', async () => {
    const { kernel } = setup();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    await kernel.connection.connect({ connectorId: wcSolana.id });
    await kernel.connection.connect({ connectorId: wcBtc.id });
    await kernel.connection.disconnect('solana');
    expect(kernel.account.get('bip122').status).toBe('disconnected');
    expect(kernel.account.get('eip155').status).toBe('connected');
  });

  it('does not record session connectors as recent wallets', async () => {
    const { kernel } = setup();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    await kernel.connection.connect({ connectorId: wcSolana.id });
    await kernel.connection.connect({ connectorId: wcBtc.id });
    expect(kernel.connectors.state.recent.map((r) => r.id)).toEqual([injectedConnector.id]);
  });
});

/** An adapter whose connect waits until the test settles it (a wallet prompt left open), honouring the abort signal when told to. */
class WaitingAdapter extends FakeAdapter {
  readonly waiting: { resolve: () => void; reject: (e: unknown) => void; signal?: AbortSignal }[] = [];
  honourSignal = false;
  override async connect(args: { connector: Connector; signal?: AbortSignal }) {
    this.calls.push({ method: 'connect', args });
    await new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject, ...(args.signal ? { signal: args.signal } : {}) });
      if (this.honourSignal) args.signal?.addEventListener('abort', () => reject(args.signal!.reason));
    });
    if (this.script.connectError) throw this.script.connectError;
    return {
      address: this.script.address ?? '0x1111111111111111111111111111111111111111',
      chainId: 1,
      caipAddress: `eip155:1:${this.script.address ?? '0x1111111111111111111111111111111111111111'}` as const,
      accounts: [],
    };
  }
}

describe('Connection: an abandoned attempt never touches the connection that replaced it (issue 8)', () => {
  const wc: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' };
  const tick = () => new Promise((r) => setTimeout(r, 0));

  function setup() {
    const adapter = new WaitingAdapter('eip155');
    const t = testKernel({}, { adapter });
    t.kernel.connectors.add(wc);
    return { ...t, adapter };
  }

  it('WalletConnect, Back, then the installed wallet: the pairing ending later leaves the wallet connected', async () => {
    const { kernel, adapter } = setup();
    const wcConnect = kernel.connection.connect({ connectorId: wc.id }).catch((e: unknown) => e);
    await tick();
    // A pairing on show is not a connection.
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(kernel.connection.state.pending).toBe(wc.id);
    const wallet = kernel.connection.connect({ connectorId: injectedConnector.id });
    await tick();
    expect(kernel.account.get('eip155').status).toBe('connecting');
    expect(adapter.waiting[0]!.signal?.aborted).toBe(true); // the pairing was told to stop
    expect(kernel.connection.state.pending).toBe(injectedConnector.id);
    adapter.waiting[1]!.resolve();
    await wallet;
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', connectorId: injectedConnector.id });
    // ~12 ms later the abandoned pairing ends (the modal closed, so WalletConnect cancelled it).
    adapter.script.connectError = new UserRejectedRequestError({ details: 'The modal was closed.' });
    adapter.waiting[0]!.resolve();
    const outcome = await wcConnect;
    expect(outcome).toBeInstanceOf(UserRejectedRequestError);
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', connectorId: injectedConnector.id });
    expect(kernel.connection.state).toEqual({ pending: undefined, error: undefined });
    expect(kernel.storage.connectorId('eip155')).toBe(injectedConnector.id);
  });

  it('an abandoned attempt whose wallet connects anyway is disconnected again, and the namespace keeps the other wallet', async () => {
    const { kernel, adapter } = setup();
    const wcConnect = kernel.connection.connect({ connectorId: wc.id }).catch((e: unknown) => e);
    await tick();
    const wallet = kernel.connection.connect({ connectorId: injectedConnector.id });
    await tick();
    adapter.waiting[1]!.resolve();
    await wallet;
    adapter.script.address = '0x2222222222222222222222222222222222222222';
    adapter.waiting[0]!.resolve(); // the QR was scanned after all
    expect(await wcConnect).toMatchObject({ name: 'RequestAbortedError' });
    expect(adapter.calls.filter((c) => c.method === 'disconnect').map((c) => (c.args as { connector: Connector }).connector.id)).toEqual([wc.id]);
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', address: '0x1111111111111111111111111111111111111111', connectorId: injectedConnector.id });
  });

  it('an adapter that honours the signal ends the abandoned attempt at once, without touching the account', async () => {
    const { kernel, adapter } = setup();
    adapter.honourSignal = true;
    const wcConnect = kernel.connection.connect({ connectorId: wc.id }).catch((e: unknown) => e);
    await tick();
    const wallet = kernel.connection.connect({ connectorId: injectedConnector.id });
    expect(await wcConnect).toMatchObject({ name: 'RequestAbortedError', details: 'Another connection (Test Wallet) replaced this one.' });
    expect(kernel.account.get('eip155').status).toBe('connecting');
    await tick(); // the replacing connect reaches its wallet
    adapter.waiting[1]!.resolve();
    await wallet;
    expect(kernel.account.get('eip155').status).toBe('connected');
  });

  it('the wallet declining the replacing connect rolls back to the status before the first attempt', async () => {
    const { kernel, adapter } = setup();
    adapter.honourSignal = true;
    void kernel.connection.connect({ connectorId: wc.id }).catch(() => undefined);
    await tick();
    const wallet = kernel.connection.connect({ connectorId: injectedConnector.id }).catch((e: unknown) => e);
    await tick();
    adapter.script.connectError = { code: 4001, message: 'User rejected the request.' };
    adapter.waiting[1]!.resolve();
    expect(await wallet).toBeInstanceOf(UserRejectedRequestError);
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(kernel.connection.state.pending).toBeUndefined();
    expect(kernel.connection.state.error).toBeInstanceOf(UserRejectedRequestError);
  });

  it('a wallet prompt left open by closing the modal: reopening returns to its view (on top of Connect); a pairing does not', async () => {
    const { kernel, adapter } = setup();
    await kernel.start();
    const wallet = kernel.connection.connect({ connectorId: injectedConnector.id });
    await tick();
    await kernel.modal.open();
    kernel.modal.close();
    expect(kernel.account.get('eip155').status).toBe('connecting');
    await kernel.modal.open();
    expect(kernel.router.state.view).toBe('ConnectingExternal');
    expect(kernel.router.state.data).toEqual({ connectorId: injectedConnector.id, title: 'Test Wallet' });
    expect(kernel.router.state.history.map((h) => h.view)).toEqual(['Connect', 'ConnectingExternal']);
    adapter.waiting[0]!.resolve();
    await wallet;
    kernel.modal.close();
    await kernel.modal.open();
    expect(kernel.router.state.view).toBe('Account');

    await kernel.connection.disconnect();
    void kernel.connection.connect({ connectorId: wc.id }).catch(() => undefined);
    kernel.modal.close();
    await kernel.modal.open();
    expect(kernel.router.state.view).toBe('Connect');
  });
});

describe('Connection: wallet-side disconnects (docs/connection.md#wallet-events)', () => {
  const wcEip: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' };
  const wcSolana: Connector = { id: 'walletConnect:solana', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'solana' };
  const wcBtc: Connector = { id: 'walletConnect:bip122', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'bip122' };

  function setup() {
    const sol = new FakeAdapter('solana', { address: 'So1ana1111111111111111111111111111111111111', chainId: 'x' });
    const btc = new FakeAdapter('bip122', { address: 'bc1qtest', chainId: 'y' });
    const storage = new MemoryStorage();
    const t = testKernel(
      {},
      {
        storage,
        plugins: [
          { id: 'sol', contributes: { namespaces: ['solana'] }, load: async () => ({ adapters: () => [sol] }) },
          { id: 'btc', contributes: { namespaces: ['bip122'] }, load: async () => ({ adapters: () => [btc] }) },
        ],
      },
    );
    t.kernel.connectors.add([wcEip, wcSolana, wcBtc]);
    return { ...t, sol, btc };
  }

  it('the session ending resets every namespace of the session, whichever adapter tells it, once', async () => {
    const { kernel, adapter } = setup();
    for (const c of [wcEip, wcSolana, wcBtc]) await kernel.connection.connect({ connectorId: c.id });
    const disconnects: string[] = [];
    kernel.connection.onDidDisconnect$.subscribe((e) => disconnects.push(e.namespace));
    adapter.events.next({ type: 'disconnect', namespace: 'eip155', connectorId: wcEip.id });
    for (const ns of ['eip155', 'solana', 'bip122'] as const) {
      expect(kernel.account.get(ns).status).toBe('disconnected');
      expect(kernel.account.get(ns).address).toBeUndefined();
    }
    expect(disconnects.sort()).toEqual(['bip122', 'eip155', 'solana']);
  });

  it('a namespace restoring through the session (status connecting) is reset too', async () => {
    const { kernel, sol, storage } = setup();
    for (const c of [wcEip, wcSolana]) await kernel.connection.connect({ connectorId: c.id });
    // A reload: both restore; the solana restore is still on its way when the wallet ends the session.
    const again = testKernel({}, { storage, adapter: new FakeAdapter('eip155'), plugins: [{ id: 'sol', contributes: { namespaces: ['solana'] }, load: async () => ({ adapters: () => [sol] }) }] });
    again.kernel.connectors.add([wcEip, wcSolana]);
    expect(again.kernel.account.get('solana').status).toBe('connecting');
    await again.kernel.connection.connect({ connectorId: wcEip.id });
    again.adapter.events.next({ type: 'disconnect', namespace: 'eip155', connectorId: wcEip.id });
    expect(again.kernel.account.get('solana').status).toBe('disconnected');
    expect(again.kernel.storage.connectorId('solana')).toBeUndefined();
  });

  it('one namespace losing its accounts resets that namespace only; the session and its other namespaces live on', async () => {
    const { kernel, btc } = setup();
    for (const c of [wcEip, wcSolana, wcBtc]) await kernel.connection.connect({ connectorId: c.id });
    btc.events.next({ type: 'disconnect', namespace: 'bip122', connectorId: wcBtc.id, scope: 'namespace' });
    expect(kernel.account.get('bip122').status).toBe('disconnected');
    expect(kernel.account.get('eip155').status).toBe('connected');
    expect(kernel.account.get('solana').status).toBe('connected');
  });

  it('a session connector reporting no accounts for its namespace (accountsChanged []) resets that namespace only', async () => {
    const { kernel, sol, btc } = setup();
    for (const c of [wcEip, wcSolana, wcBtc]) await kernel.connection.connect({ connectorId: c.id });
    sol.events.next({ type: 'accountsChanged', namespace: 'solana', accounts: [], connectorId: wcSolana.id });
    expect(kernel.account.get('solana').status).toBe('disconnected');
    expect(kernel.account.get('eip155').status).toBe('connected');
    expect(kernel.account.get('bip122').status).toBe('connected');
    expect(btc.calls.map((c) => c.method)).not.toContain('disconnect'); // the session was not ended from here
  });

  it('an injected wallet emptying its accounts is disconnected like a visitor would (its adapter lets go)', async () => {
    const { kernel, adapter } = setup();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    adapter.events.next({ type: 'accountsChanged', namespace: 'eip155', accounts: [], connectorId: injectedConnector.id });
    await new Promise((r) => setTimeout(r, 0));
    expect(kernel.account.get('eip155').status).toBe('disconnected');
    expect(adapter.calls.map((c) => c.method)).toContain('disconnect');
  });

  it('a disconnect event from a connector no namespace holds (an abandoned pairing) changes nothing', async () => {
    const { kernel, adapter } = setup();
    await kernel.connection.connect({ connectorId: injectedConnector.id });
    adapter.events.next({ type: 'disconnect', namespace: 'eip155', connectorId: wcEip.id });
    expect(kernel.account.get('eip155')).toMatchObject({ status: 'connected', connectorId: injectedConnector.id });
  });
});
