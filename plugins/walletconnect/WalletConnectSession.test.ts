import { ContainerModule } from 'inversify';
import {
  ConnectorRegistry,
  createKernel,
  type Eip1193Provider,
  type Kernel,
} from '../../kernel/index';
import type { TrackedEvent } from '../../kernel/services/Events';
import { WALLETCONNECT_CONNECTOR_ID } from './connectors';
import { walletConnectPlugin } from './index';
import { lazyEip1193Provider } from './provider';
import { PAIRING_LIFETIME_MS } from './pairing';
import { shouldSkipVerify } from './providerLifecycle';
import { UniversalProviderInit, WalletConnectSession, type SessionEvent, type UniversalProviderLike } from './types';
import { evmNetwork } from '../../kernel/testing/networks';
import { BehaviorSubject, Subject } from 'rxjs';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const evm = (id: number) => evmNetwork(id, `Chain ${id}`, `http://127.0.0.1:${8500 + (id % 100)}/rpc${id}`);

/** A scripted stand-in for @walletconnect/universal-provider. */
class FakeUniversalProvider implements UniversalProviderLike {
  session: UniversalProviderLike['session'];
  readonly listeners = new Map<string, Set<(...a: any[]) => void>>();
  readonly connectCalls: Record<string, unknown>[] = [];
  readonly pending: { resolve(v: unknown): void; reject(e: unknown): void }[] = [];
  readonly requests: { args: { method: string; params?: unknown }; chain?: string }[] = [];
  readonly clientRequests: unknown[] = [];
  defaultChain: string | undefined;
  disconnects = 0;
  answers: Record<string, unknown> = {};
  requestError: unknown;
  readonly verify = { register: async () => 'hosted-attestation' as string | undefined };
  /** The relay socket: `relayDown()` / `relayUp()` emit what WalletConnect's relayer emits. */
  readonly relayListeners = new Map<string, Set<() => void>>();
  readonly relayer = {
    connected: true,
    on: (event: string, fn: () => void) => {
      if (!this.relayListeners.has(event)) this.relayListeners.set(event, new Set());
      this.relayListeners.get(event)!.add(fn);
    },
  };
  readonly client = {
    request: async (p: unknown) => {
      this.clientRequests.push(p);
      return null;
    },
    core: { verify: this.verify, relayer: this.relayer },
  };
  /** When set, requests wait until the test answers them (`held`). */
  hold = false;
  readonly held: { method: string; resolve(v: unknown): void; reject(e: unknown): void }[] = [];

  relayDown() {
    this.relayer.connected = false;
    for (const fn of this.relayListeners.get('relayer_disconnect') ?? []) fn();
  }
  relayUp() {
    this.relayer.connected = true;
    for (const fn of this.relayListeners.get('relayer_connect') ?? []) fn();
  }
  readonly rpcProviders = {
    eip155: { getDefaultChain: () => this.defaultChain ?? '' },
  };

  emit(event: string, ...args: unknown[]) {
    for (const fn of this.listeners.get(event) ?? []) fn(...args);
  }
  on(event: string, fn: (...a: any[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
  }
  removeListener(event: string, fn: (...a: any[]) => void) {
    this.listeners.get(event)?.delete(fn);
  }
  connect(opts: Record<string, unknown>) {
    this.connectCalls.push(opts);
    const n = this.connectCalls.length;
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      queueMicrotask(() => this.emit('display_uri', `wc:${'a'.repeat(63)}${n}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`));
    });
  }
  /** The wallet approves the latest pairing. */
  approve(accounts = [`eip155:1:${ADDRESS}`]) {
    this.session = { topic: 'session-topic', namespaces: { eip155: { accounts, chains: [...new Set(accounts.map((a) => a.split(':').slice(0, 2).join(':')))], methods: ['personal_sign', 'eth_sendTransaction', 'wallet_switchEthereumChain'] } } };
    this.defaultChain = accounts[0]!.split(':')[1];
    this.emit('connect', { session: this.session });
    this.pending.at(-1)!.resolve(this.session);
  }
  async request<T>(args: { method: string; params?: unknown }, chain?: string): Promise<T> {
    this.requests.push({ args, chain });
    if (this.requestError) throw this.requestError;
    if (this.hold) return new Promise<T>((resolve, reject) => this.held.push({ method: args.method, resolve: resolve as (v: unknown) => void, reject }));
    return this.answers[args.method] as T;
  }
  setDefaultChain(chain: string) {
    const prev = this.defaultChain;
    this.defaultChain = chain.split(':')[1];
    if (prev !== this.defaultChain) this.emit('chainChanged', this.defaultChain);
  }
  async disconnect() {
    this.disconnects++;
    this.session = undefined;
  }
}

interface Setup {
  kernel: Kernel;
  fake: FakeUniversalProvider;
  inits: Record<string, unknown>[];
  session(): Promise<WalletConnectSession>;
  provider: Eip1193Provider & { on(e: string, f: (...a: any[]) => void): unknown };
  tracked: TrackedEvent[];
}

function setup(opts: { relayUrl?: string; env?: Record<string, () => unknown>; initError?: unknown; hostProvider?: boolean; verify?: boolean; lostConnectionTimeoutMs?: number } = {}): Setup {
  const fake = new FakeUniversalProvider();
  const inits: Record<string, unknown>[] = [];
  const init = async (o: Record<string, unknown>) => {
    inits.push(o);
    if (opts.initError) throw opts.initError;
    return fake;
  };
  const kernel = createKernel({
    options: {
      projectId: 'test-project',
      metadata: { name: 'Test dapp', description: 'd', url: 'http://127.0.0.1:5173', icons: [] },
      networks: [evm(1), evm(31337)],
      relayUrl: opts.relayUrl ?? 'ws://127.0.0.1:8787',
      features: { analytics: false },
      ...(opts.hostProvider ? { universalProvider: fake } : {}),
    },
    plugins: [
      walletConnectPlugin({
        ...(opts.verify === undefined ? {} : { verify: opts.verify }),
        ...(opts.lostConnectionTimeoutMs === undefined ? {} : { lostConnectionTimeoutMs: opts.lostConnectionTimeoutMs }),
      }),
    ],
    environment: { localStorage: undefined, window: undefined, ...(opts.env ?? {}) } as never,
    modules: [new ContainerModule(({ bind }) => void bind(UniversalProviderInit).toConstantValue(init))],
  });
  void kernel.start(); // the manifest's start hook registers the connector once its code is imported (await kernel.start())
  const tracked: TrackedEvent[] = [];
  kernel.events.events$.subscribe((e) => tracked.push(e));
  return {
    kernel,
    fake,
    inits,
    tracked,
    async session() {
      await kernel.plugins.load('walletconnect');
      return kernel.get<WalletConnectSession>(WalletConnectSession);
    },
    get provider() {
      return kernel.get<ConnectorRegistry>(ConnectorRegistry).get(WALLETCONNECT_CONNECTOR_ID)!.provider as Setup['provider'];
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('walletConnectPlugin manifest', () => {
  it('registers one WALLET_CONNECT connector at start without loading the module', async () => {
    const s = setup();
    await s.kernel.start();
    const c = s.kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)!;
    expect(c).toMatchObject({ name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' });
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(false);
    expect(s.kernel.plugins.view('ConnectingWalletConnect')?.plugin).toBe('walletconnect');
    expect(s.kernel.plugins.view('ConnectingWalletConnectBasic')?.plugin).toBe('walletconnect');
    expect(s.kernel.plugins.connectorView('WALLET_CONNECT')).toBe('ConnectingWalletConnect');
    expect(s.kernel.plugins.basicView()).toBe('ConnectingWalletConnectBasic');
    // the first request loads it
    expect(await s.provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(true);
    await s.kernel.stop();
  });

  it('registers no connector when enableWalletConnect is false', async () => {
    const kernel = createKernel({ options: { projectId: 'p', enableWalletConnect: false }, plugins: [walletConnectPlugin()], environment: { window: undefined } as never });
    await kernel.start();
    expect(kernel.connectors.get(WALLETCONNECT_CONNECTOR_ID)).toBeUndefined();
  });
});

describe('WalletConnectSession', () => {
  afterEach(() => jest.useRealTimers());

  it('starts the provider once with the relay, metadata, no telemetry and its own storage prefix', async () => {
    const s = setup();
    const session = await s.session();
    await Promise.all([session.provider(), session.provider()]);
    expect(s.inits).toEqual([
      {
        projectId: 'test-project',
        relayUrl: 'ws://127.0.0.1:8787',
        metadata: { name: 'Test dapp', description: 'd', url: 'http://127.0.0.1:5173', icons: [] },
        telemetryEnabled: false,
        logger: expect.objectContaining({ level: 'error' }),
        customStoragePrefix: 'latchkey',
      },
    ]);
  });

  it('eth_requestAccounts pairs: proposes the spec namespaces, publishes the link, resolves with the approved account', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const s = setup();
    await s.kernel.start(); // the start hook (imported on start) registers the connector
    const accounts = s.provider.request({ method: 'eth_requestAccounts' });
    const session = await s.session();
    await jest.advanceTimersByTimeAsync(0);
    expect(s.fake.connectCalls).toHaveLength(1);
    const ns = (s.fake.connectCalls[0]!['optionalNamespaces'] as Record<string, any>)['eip155'];
    expect(ns.chains).toEqual(['eip155:1', 'eip155:31337']);
    expect(ns.rpcMap).toEqual({ '1': 'http://127.0.0.1:8501/rpc1', '31337': 'http://127.0.0.1:8537/rpc31337' });
    expect(ns.methods).toContain('wallet_getAssets');
    expect(ns.events).toEqual(['accountsChanged', 'chainChanged']);
    expect(session.state).toMatchObject({ status: 'pairing', buffering: false, wcError: false, wcPairingExpiry: 1_000_000 + PAIRING_LIFETIME_MS });
    expect(session.state.wcUri).toMatch(/^wc:a+1@2/);
    s.fake.approve();
    await expect(accounts).resolves.toEqual([ADDRESS]);
    expect(session.state).toMatchObject({ status: 'connected', wcUri: undefined });
    expect(await s.provider.request({ method: 'eth_accounts' })).toEqual([ADDRESS]);
    expect(await s.provider.request({ method: 'eth_chainId' })).toBe('0x1');
  });

  it('replaces the link 10 s before its 4 minutes are up; the waiting connect resolves with the fresh pairing', async () => {
    jest.useFakeTimers({ now: 5_000_000 });
    const s = setup();
    const session = await s.session();
    const done = session.connect();
    await jest.advanceTimersByTimeAsync(0);
    const first = session.state.wcUri;
    expect(s.fake.connectCalls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(PAIRING_LIFETIME_MS - 10_001);
    expect(s.fake.connectCalls).toHaveLength(1);
    expect(session.state.wcUri).toBe(first);
    await jest.advanceTimersByTimeAsync(1);
    expect(s.fake.connectCalls).toHaveLength(2);
    expect(session.state.wcUri).not.toBe(first);
    expect(session.state.wcPairingExpiry).toBe(5_000_000 + PAIRING_LIFETIME_MS - 10_000 + PAIRING_LIFETIME_MS);
    // the replaced pairing ending later does not fail the connect
    s.fake.pending[0]!.reject(new Error('Proposal expired'));
    await jest.advanceTimersByTimeAsync(0);
    expect(session.state.wcError).toBe(false);
    s.fake.approve();
    await expect(done).resolves.toEqual([`eip155:1:${ADDRESS}`]);
  });

  it('desktop: a new connect gets a fresh link; mobile iOS Safari and Telegram reuse the unexpired one', async () => {
    for (const [env, reuse] of [
      [{}, false],
      [{ isMobile: () => true, isIos: () => true, isSafari: () => true }, true],
      [{ isMobile: () => true, isTelegram: () => true }, true],
      [{ isMobile: () => true, isIos: () => true, isSafari: () => false }, false],
    ] as const) {
      jest.useFakeTimers({ now: 10_000_000 });
      const s = setup({ env });
      const session = await s.session();
      const a = session.connect();
      await jest.advanceTimersByTimeAsync(0);
      const uri = session.state.wcUri;
      session.cancel(); // e.g. the modal closed while the visitor was in the wallet app
      await expect(a).rejects.toMatchObject({ name: 'UserRejectedRequestError' });
      await jest.advanceTimersByTimeAsync(60_000);
      const b = session.connect();
      await jest.advanceTimersByTimeAsync(0);
      expect({ env: Object.keys(env), calls: s.fake.connectCalls.length, same: session.state.wcUri === uri }).toEqual({
        env: Object.keys(env),
        calls: reuse ? 1 : 2,
        same: reuse,
      });
      if (reuse) {
        // …but not once it counts as expired
        session.cancel();
        await expect(b).rejects.toBeDefined();
        await jest.advanceTimersByTimeAsync(PAIRING_LIFETIME_MS - 60_000 - 10_000);
        void session.connect().catch(() => undefined);
        await jest.advanceTimersByTimeAsync(0);
        expect(s.fake.connectCalls).toHaveLength(2);
      }
      jest.useRealTimers();
    }
  });

  it('two connects while the link is generated share one pairing (no double proposal)', async () => {
    const s = setup();
    const session = await s.session();
    const a = session.connect();
    await Promise.resolve();
    const b = session.connect();
    await flush();
    await new Promise((r) => setTimeout(r, 0));
    expect(s.fake.connectCalls).toHaveLength(1);
    s.fake.approve();
    await expect(Promise.all([a, b])).resolves.toHaveLength(2);
  });

  it('closing the modal stops a pairing: the waiting connect rejects as a user rejection', async () => {
    const s = setup();
    await s.kernel.modal.open({ view: 'ConnectingWalletConnect' });
    const session = await s.session();
    const waiting = session.connect();
    await flush();
    s.kernel.modal.close();
    await expect(waiting).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 });
    expect(session.state.status).toBe('idle');
  });

  it('maps requests: personal_sign to the session on the current chain; switch asks the wallet then moves the default chain', async () => {
    const s = setup();
    await s.kernel.start(); // the start hook (imported on start) registers the connector
    const accounts = s.provider.request({ method: 'eth_requestAccounts' });
    await s.session();
    await new Promise((r) => setTimeout(r, 0));
    s.fake.approve([`eip155:1:${ADDRESS}`, `eip155:31337:${ADDRESS}`]);
    await accounts;
    const chains: unknown[] = [];
    s.provider.on('chainChanged', (c: unknown) => chains.push(c));
    s.fake.answers['personal_sign'] = '0xsig';
    expect(await s.provider.request({ method: 'personal_sign', params: ['0x68', ADDRESS] })).toBe('0xsig');
    expect(s.fake.requests.at(-1)).toEqual({ args: { method: 'personal_sign', params: ['0x68', ADDRESS] }, chain: 'eip155:1' });

    expect(await s.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })).toBeNull();
    expect(s.fake.clientRequests).toEqual([
      { topic: 'session-topic', chainId: 'eip155:1', request: { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] } },
    ]);
    expect(chains).toEqual(['0x7a69']);
    expect(await s.provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    await s.provider.request({ method: 'eth_sendTransaction', params: [{ to: ADDRESS }] });
    expect(s.fake.requests.at(-1)!.chain).toBe('eip155:31337');

    // wallet_revokePermissions (the EVM adapter's disconnect) ends the session
    expect(await s.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull();
    expect(s.fake.disconnects).toBe(1);
    await expect(s.provider.request({ method: 'personal_sign', params: [] })).rejects.toMatchObject({ code: 4900 });
  });

  it('a wallet-side delete reaches the facade once as disconnect; accountsChanged passes through', async () => {
    const s = setup();
    await s.kernel.start(); // the start hook (imported on start) registers the connector
    const accounts = s.provider.request({ method: 'eth_requestAccounts' });
    await s.session();
    await new Promise((r) => setTimeout(r, 0));
    s.fake.approve();
    await accounts;
    const seen: string[] = [];
    s.provider.on('disconnect', (e: { code: number }) => seen.push(`disconnect ${e.code}`));
    s.provider.on('accountsChanged', (a: string[]) => seen.push(`accounts ${a.join(',')}`));
    s.fake.emit('accountsChanged', [ADDRESS]);
    s.fake.emit('session_delete', { topic: 'session-topic' });
    s.fake.emit('disconnect', { message: 'User disconnected.', data: 'session-topic' });
    expect(seen).toEqual([`accounts ${ADDRESS}`, 'disconnect 4900']);
  });

  it('a provider error shows its alert once; the pairing shows wcError and a later connect can retry', async () => {
    const s = setup();
    const session = await s.session();
    const a = session.connect();
    await new Promise((r) => setTimeout(r, 0));
    s.fake.pending[0]!.reject(new Error('Unauthorized: invalid key'));
    await expect(a).rejects.toThrow('Unauthorized: invalid key');
    expect(session.state).toMatchObject({ status: 'error', wcError: true });
    expect(s.kernel.alerts.state.current).toMatchObject({ key: 'INVALID_APP_CONFIGURATION', shortMessage: 'Invalid App Configuration' });
    s.kernel.alerts.dismiss();
    const b = session.connect();
    await new Promise((r) => setTimeout(r, 0));
    expect(session.state).toMatchObject({ status: 'pairing', wcError: false });
    s.fake.pending[1]!.reject(new Error('Unauthorized: invalid key'));
    await expect(b).rejects.toThrow();
    expect(s.kernel.alerts.state.current).toBeUndefined(); // shown once per page
    expect(s.kernel.alerts.state.shown).toEqual(['INVALID_APP_CONFIGURATION']);
  });

  it('a start failure tracks INTERNAL_SDK_ERROR UniversalProviderInitError, logs, and is retried next time', async () => {
    const cause = new Error('Unauthorized: origin not allowed');
    const s = setup({ initError: cause });
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const session = await s.session();
      await expect(session.connect()).rejects.toMatchObject({ name: 'UniversalProviderInitError', cause });
      expect(s.tracked.map((t) => t.data)).toContainEqual({ type: 'error', event: 'INTERNAL_SDK_ERROR', properties: { errorType: 'UniversalProviderInitError' } });
      expect(log).toHaveBeenCalledWith(expect.stringContaining('universal provider failed to start'), cause);
      expect(s.kernel.alerts.state.current?.key).toBe('ORIGIN_NOT_ALLOWED');
      expect(session.state.wcError).toBe(true);
      await expect(session.provider()).rejects.toBeDefined();
      expect(s.inits).toHaveLength(2);
    } finally {
      log.mockRestore();
    }
  });

  it("uses the host's universalProvider instead of starting one", async () => {
    const s = setup({ hostProvider: true });
    const session = await s.session();
    expect(await session.provider()).toBe(s.fake);
    expect(s.inits).toHaveLength(0);
  });

  it('Verify is skipped for a local relay (empty attestation at once) and kept for a hosted one', async () => {
    const local = setup({ relayUrl: 'ws://127.0.0.1:9999' });
    await (await local.session()).provider();
    await expect(local.fake.verify.register()).resolves.toBe('');
    const hosted = setup({ relayUrl: 'wss://relay.walletconnect.org' });
    await (await hosted.session()).provider();
    await expect(hosted.fake.verify.register()).resolves.toBe('hosted-attestation');
    const forced = setup({ relayUrl: 'ws://127.0.0.1:9999', verify: true });
    await (await forced.session()).provider();
    await expect(forced.fake.verify.register()).resolves.toBe('hosted-attestation');
    expect(shouldSkipVerify('ws://localhost:8787', undefined)).toBe(true);
    expect(shouldSkipVerify('ws://192.168.1.4:8787', undefined)).toBe(true);
    expect(shouldSkipVerify('ws://[::1]:8787', undefined)).toBe(true);
    expect(shouldSkipVerify(undefined, undefined)).toBe(false);
    expect(shouldSkipVerify('wss://relay.example.com', false)).toBe(true);
  });

  it('modal.open({ uri }) shows a host-made link (manualWCControl)', async () => {
    jest.useFakeTimers({ now: 42_000 });
    const s = setup();
    await s.kernel.start();
    await s.kernel.modal.open({ view: 'ConnectingWalletConnect', uri: 'wc:host@2?symKey=1' });
    await jest.advanceTimersByTimeAsync(0);
    const session = await s.session();
    expect(session.state).toMatchObject({ wcUri: 'wc:host@2?symKey=1', wcPairingExpiry: 42_000 + PAIRING_LIFETIME_MS });
  });

  it('a disconnect resets the pairing (SessionState)', async () => {
    const s = setup();
    const session = await s.session();
    session.setUri('wc:x@2');
    session.setWcLinking({ name: 'W', href: 'w://wc?uri=x' });
    await s.kernel.connection.disconnect();
    expect(session.state).toMatchObject({ wcUri: undefined, wcPairingExpiry: undefined, wcLinking: undefined });
  });
});

describe('the relay link: lost, bounded waits, cancel, recovery (issue 8)', () => {
  /** Connects eip155 through the session (the universal adapter), the wallet approving at once. */
  async function connected(opts: Parameters<typeof setup>[0] = {}) {
    const s = setup(opts);
    await s.kernel.start();
    const connecting = s.kernel.connection.connect({ connectorId: WALLETCONNECT_CONNECTOR_ID });
    await new Promise((r) => setTimeout(r, 0));
    s.fake.approve();
    await connecting;
    return { ...s, session: await s.session() };
  }

  it('the relay going away shows on the session and the account; it clears when the relay is back', async () => {
    const s = await connected();
    expect(s.session.state.connectionLost).toBe(false);
    s.fake.relayDown();
    expect(s.session.state.connectionLost).toBe(true);
    expect(s.kernel.account.get('eip155')).toMatchObject({ status: 'connected', connectionLost: true });
    s.fake.relayUp();
    expect(s.session.state.connectionLost).toBe(false);
    expect(s.kernel.account.get('eip155').connectionLost).toBe(false);
    // Without a session there is nothing to lose: the relay closing then is not shown.
    await s.kernel.connection.disconnect();
    s.fake.relayDown();
    expect(s.session.state.connectionLost).toBe(false);
  });

  it('a request while the relay is gone fails after lostConnectionTimeoutMs with RelayConnectionLostError; one the relay comes back for is answered', async () => {
    const s = await connected({ lostConnectionTimeoutMs: 40 });
    s.fake.hold = true;
    s.fake.relayDown();
    const t0 = Date.now();
    const lost = s.kernel.connection.signMessage('hello').catch((e: unknown) => e);
    expect(await lost).toMatchObject({ name: 'RelayConnectionLostError', code: 4900, message: 'The connection to the wallet was lost' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(35);
    // A late answer to it is dropped; the next request waits for the relay, which comes back in time.
    s.fake.held[0]!.resolve('0xlate');
    const back = s.kernel.connection.signMessage('again');
    await new Promise((r) => setTimeout(r, 10));
    s.fake.relayUp();
    await new Promise((r) => setTimeout(r, 60)); // past the timeout: its timer was stopped with the relay's return
    s.fake.held[1]!.resolve('0xsigned');
    expect(await back).toBe('0xsigned');
  });

  it('cancelRequests ends the wait of every unanswered request (RequestAbortedError); the wallet ending the session fails them with 4900', async () => {
    const s = await connected();
    s.fake.hold = true;
    const one = s.kernel.connection.signMessage('a').catch((e: unknown) => e);
    const two = s.provider.request({ method: 'eth_sendTransaction', params: [{ to: ADDRESS }] }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 0));
    s.session.cancelRequests();
    expect(await one).toMatchObject({ name: 'RequestAbortedError', details: 'The request to the wallet was cancelled.' });
    expect(await two).toMatchObject({ name: 'RequestAbortedError' });
    // reads of the session itself are never held
    expect(await s.provider.request({ method: 'eth_chainId' })).toBe('0x1');
    const three = s.kernel.connection.signMessage('b').catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 0));
    s.fake.relayDown();
    s.fake.emit('session_delete', { topic: 'session-topic' });
    expect(await three).toMatchObject({ name: 'ProviderDisconnectedError', code: 4900 });
    expect(s.session.state.connectionLost).toBe(false);
    expect(s.kernel.account.get('eip155').status).toBe('disconnected');
  });
});

describe('the pairing belongs to its connect (issue 8)', () => {
  it('a connect whose signal aborts stops waiting; the pairing stops when nobody waits for it', async () => {
    const s = setup();
    const session = await s.session();
    const a = new AbortController();
    const b = new AbortController();
    const first = session.connect({ signal: a.signal }).catch((e: unknown) => e);
    const second = session.connect({ signal: b.signal }).catch((e: unknown) => e);
    await flush();
    expect(session.state.status).toBe('pairing');
    a.abort(new Error('left'));
    expect(await first).toMatchObject({ message: 'left' });
    expect(session.state.status).toBe('pairing'); // the other connect still waits
    b.abort(new Error('left too'));
    expect(await second).toMatchObject({ message: 'left too' });
    expect(session.state.status).toBe('idle');
    // an answer to the stopped pairing does not count for a later one
    s.fake.pending[0]!.reject(new Error('expired'));
    await flush();
    expect(session.state.wcError).toBe(false);
  });

  it("another wallet's connect starting while the pairing waits stops the pairing, and never touches that wallet's connection", async () => {
    const s = setup();
    await s.kernel.start();
    const other = { id: 'io.other', name: 'Other', type: 'ANNOUNCED' as const, chain: 'solana' as const, provider: {} };
    s.kernel.connectors.add(other);
    const wc = s.kernel.connection.connect({ connectorId: WALLETCONNECT_CONNECTOR_ID }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 0));
    const session = await s.session();
    expect(session.state.status).toBe('pairing');
    void s.kernel.connection.connect({ connectorId: other.id }).catch(() => undefined);
    expect(await wc).toMatchObject({ name: 'RequestAbortedError', details: 'Another wallet was chosen.' });
    expect(session.state.status).toBe('idle');
    expect(s.kernel.account.get('eip155').status).toBe('disconnected');
  });

  it("the account shows the wallet behind the session by its own name (cleaned) and a safe icon only", async () => {
    const s = setup();
    await s.kernel.start();
    const connecting = s.kernel.connection.connect({ connectorId: WALLETCONNECT_CONNECTOR_ID });
    await new Promise((r) => setTimeout(r, 0));
    s.fake.approve();
    (s.fake.session as { peer?: unknown }).peer = { metadata: { name: '  Phone\u202e  Wallet\n'.repeat(1) + 'x'.repeat(100), icons: ['javascript:alert(1)'] } };
    await connecting;
    await flush();
    const info = s.kernel.account.get('eip155').connectedWalletInfo!;
    expect(info.name).toBe(`Phone Wallet ${'x'.repeat(51)}`);
    expect(info.icon).toBeUndefined();
    const session = await s.session();
    (s.fake.session as { peer?: unknown }).peer = { metadata: { name: 'Wallet', icons: ['https://wallet.example/icon.png'] } };
    expect(session.peerWallet()).toEqual({ name: 'Wallet', icon: 'https://wallet.example/icon.png' });
    (s.fake.session as { peer?: unknown }).peer = { metadata: { name: 42 } };
    expect(session.peerWallet()).toBeUndefined();
  });
});

describe('lazyEip1193Provider', () => {
  it('loads on the first request only, retries a failed load, and maps session events to EIP-1193 events', async () => {
    const events = new Subject<SessionEvent>();
    const requests: unknown[] = [];
    const state = new BehaviorSubject<{ wcUri: string | undefined }>({ wcUri: undefined });
    const fakeSession = { events$: events, state$: state, eip1193Request: async (a: unknown) => (requests.push(a), 'ok') } as unknown as WalletConnectSession;
    let loads = 0;
    const provider = lazyEip1193Provider(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk failed');
      return fakeSession;
    });
    const seen: unknown[] = [];
    provider.on('chainChanged', (c: unknown) => seen.push(['chain', c]));
    provider.on('disconnect', (e: { code: number }) => seen.push(['disconnect', e.code]));
    expect(loads).toBe(0);
    expect(provider.loaded).toBe(false);
    await expect(provider.request({ method: 'eth_accounts' })).rejects.toThrow('chunk failed');
    expect(await provider.request({ method: 'eth_chainId' })).toBe('ok');
    expect(await provider.request({ method: 'eth_accounts' })).toBe('ok');
    expect(loads).toBe(2);
    expect(requests).toEqual([{ method: 'eth_chainId' }, { method: 'eth_accounts' }]);
    events.next({ type: 'chainChanged', chainId: '0x1' });
    events.next({ type: 'disconnect' });
    const off = (c: unknown) => seen.push(['removed', c]);
    provider.on('chainChanged', off);
    provider.removeListener('chainChanged', off);
    events.next({ type: 'chainChanged', chainId: '0x2' });
    expect(seen).toEqual([['chain', '0x1'], ['disconnect', 4900], ['chain', '0x2']]);
  });

  it("announces each new pairing URI as 'display_uri' (a listener loads the session)", async () => {
    const state = new BehaviorSubject<{ wcUri: string | undefined }>({ wcUri: 'wc:first@2' });
    const fakeSession = { events$: new Subject(), state$: state } as unknown as WalletConnectSession;
    let loads = 0;
    const provider = lazyEip1193Provider(async () => (loads++, fakeSession));
    const uris: unknown[] = [];
    provider.on('display_uri', (u: unknown) => uris.push(u));
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toBe(1);
    state.next({ wcUri: 'wc:first@2' }); // the same link again: not repeated
    state.next({ wcUri: undefined });
    state.next({ wcUri: 'wc:second@2' });
    expect(uris).toEqual(['wc:first@2', 'wc:second@2']);
  });
});
