/**
 * The pairing's prewarm (./prewarm and WalletConnectSession.prewarm) against a fake universal
 * provider: started when the modal opens on a desktop, adopted by the view's connect, renewed
 * while unused, dropped on close; none on a phone (until intent), with WalletConnect disabled
 * or with manualWCControl; quiet failures. The real relay path: tests/e2e/walletconnect*.
 */
import { ContainerModule } from 'inversify';
import { createKernel, type Eip1193Provider, type Kernel, type PluginManifest } from '../../kernel/index';
import type { TrackedEvent } from '../../kernel/services/Events';
import { evmNetwork } from '../../kernel/testing/networks';
import { walletConnectPlugin } from './index';
import { PAIRING_LIFETIME_MS } from './pairing';
import { isWalletConnectTarget, OPEN_SETTLE_MS } from './prewarm';
import { FakeUniversalProvider } from './testing/fakeUniversalProvider';
import { UniversalProviderInit, WalletConnectSession, type UniversalProviderLike } from './types';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const mainnet = evmNetwork(1, 'Ethereum', 'http://127.0.0.1:8545');

/** A chain plugin for eip155 (as the EVM plugin declares it), so the modal opens on the Connect view. */
const chainPlugin: PluginManifest = { id: 'test-chain', contributes: { namespaces: ['eip155'] }, load: async () => ({}) };

/** A button-like node for composedPath(): what the intent listener looks at. */
const button = (text: string) => ({ tagName: 'BUTTON', textContent: text, getAttribute: (name: string) => (name === 'aria-label' ? text : null) });

/** An event on `target` (its composed path starting there), dispatched on the fake document. */
function intent(doc: EventTarget, type: string, target: object): void {
  const event = new Event(type);
  Object.defineProperty(event, 'composedPath', { value: () => [{ textContent: 'icon' }, target] });
  doc.dispatchEvent(event);
}

interface Setup {
  kernel: Kernel;
  fake: FakeUniversalProvider;
  inits: number;
  doc: EventTarget;
  tracked: TrackedEvent[];
  session(): WalletConnectSession;
}

async function setup(
  opts: { mobile?: boolean; manual?: boolean; disabled?: boolean; initError?: boolean; window?: object; prewarm?: 'open' | 'intent' | false; plugins?: PluginManifest[] } = {},
): Promise<Setup> {
  const fake = new FakeUniversalProvider();
  const doc = new EventTarget();
  const s = { fake, inits: 0, doc, tracked: [] as TrackedEvent[] } as Setup;
  const init = async (): Promise<UniversalProviderLike> => {
    s.inits++;
    if (opts.initError) throw new Error('Unauthorized: origin not allowed'); // an error the kernel has an alert for
    return fake;
  };
  s.kernel = createKernel({
    options: {
      projectId: 'test-project',
      metadata: { name: 'Test dapp', description: 'd', url: 'http://127.0.0.1:5173', icons: [] },
      networks: [mainnet],
      relayUrl: 'ws://127.0.0.1:8787',
      features: { analytics: false },
      ...(opts.manual ? { manualWCControl: true } : {}),
      ...(opts.disabled ? { enableWalletConnect: false } : {}),
    },
    plugins: [walletConnectPlugin(opts.prewarm === undefined ? {} : { prewarm: opts.prewarm }), chainPlugin, ...(opts.plugins ?? [])],
    environment: { localStorage: undefined, window: opts.window, document: doc, isMobile: () => opts.mobile === true } as never,
    modules: [new ContainerModule(({ bind }) => void bind(UniversalProviderInit).toConstantValue(init))],
  });
  await s.kernel.start();
  s.kernel.events.events$.subscribe((e) => s.tracked.push(e));
  s.session = () => s.kernel.get<WalletConnectSession>(WalletConnectSession);
  return s;
}

/** Lets the module load, the provider start and the fake publish its link. */
const settle = () => jest.advanceTimersByTimeAsync(0);

describe('WalletConnect prewarm', () => {
  // The plugin's module (which the first prewarm loads) imports @walletconnect/universal-provider:
  // seconds of loading on a busy machine, once per file. Loaded here, so no test's own time pays it.
  beforeAll(() => import('./module'), 60_000);
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('desktop: opening the modal prepares a pairing; the view connect adopts it (one proposal) and resolves on approval', async () => {
    const s = await setup();
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(false);
    await s.kernel.modal.open();
    await settle();
    expect(s.inits).toBe(1);
    expect(s.fake.connectCalls).toHaveLength(1);
    const uri = s.session().state.wcUri;
    expect(uri).toMatch(/^wc:0+1@2/);
    expect(s.session().state).toMatchObject({ status: 'pairing', buffering: false, wcPairingExpiry: 1_000_000 + PAIRING_LIFETIME_MS });

    // The pairing view's connect (through the connector's EIP-1193 provider, as the EVM adapter
    // asks it): the link is ready, kept, and nothing new is proposed.
    const provider = s.kernel.connectors.state.connectors.find((c) => c.type === 'WALLET_CONNECT')!.provider as Eip1193Provider;
    const done = provider.request({ method: 'eth_requestAccounts' });
    await settle();
    expect(s.fake.connectCalls).toHaveLength(1);
    expect(s.session().state.wcUri).toBe(uri);
    s.fake.approve({ eip155: [`eip155:1:${ADDRESS}`] });
    await expect(done).resolves.toEqual([ADDRESS]);
    expect(s.session().state.status).toBe('connected');
  });

  it('a connect arriving while the prepared link is still being generated joins it', async () => {
    const s = await setup();
    await s.kernel.modal.open();
    await jest.advanceTimersByTimeAsync(0);
    const session = s.session();
    // Hold the link back: the fake publishes it in a microtask, so connect before that.
    s.fake.listeners.get('display_uri')?.clear();
    await session.refreshPairing(); // still the prepared pairing: renewed, not adopted
    expect(session.state).toMatchObject({ status: 'pairing', buffering: true });
    const calls = s.fake.connectCalls.length;
    const done = session.connect();
    await settle();
    expect(s.fake.connectCalls).toHaveLength(calls);
    s.fake.approve({ eip155: [`eip155:1:${ADDRESS}`] });
    await expect(done).resolves.toEqual([`eip155:1:${ADDRESS}`]);
  });

  it('renews an unused prepared link when it counts as expired, and stops renewing once the modal closes', async () => {
    const s = await setup();
    await s.kernel.modal.open();
    await settle();
    const first = s.session().state.wcUri;
    await jest.advanceTimersByTimeAsync(PAIRING_LIFETIME_MS - 10_000);
    expect(s.fake.connectCalls).toHaveLength(2);
    expect(s.session().state.wcUri).not.toBe(first);
    expect(s.session().state.wcPairingExpiry).toBe(1_000_000 + PAIRING_LIFETIME_MS - 10_000 + PAIRING_LIFETIME_MS);

    s.kernel.modal.close();
    expect(s.session().state).toMatchObject({ status: 'idle', wcUri: undefined, wcPairingExpiry: undefined, buffering: false });
    expect(jest.getTimerCount()).toBe(0); // no renewal timer left behind
    expect(s.fake.cleanups).toEqual([{ deletePairings: true }]); // its relay subscription goes too
    await jest.advanceTimersByTimeAsync(2 * PAIRING_LIFETIME_MS);
    expect(s.fake.connectCalls).toHaveLength(2);
  });

  it('a modal closed unused leaves nothing behind: a late end of the dropped pairing is ignored, a later connect pairs afresh', async () => {
    const s = await setup();
    await s.kernel.modal.open();
    await settle();
    s.kernel.modal.close();
    s.fake.pending[0]!.reject(new Error('Proposal expired'));
    await settle();
    expect(s.session().state).toMatchObject({ status: 'idle', wcError: false, error: undefined });
    expect(s.kernel.alerts.state.current).toBeUndefined();

    // Later, from the host's code (no modal): a fresh pairing, which the wallet approves.
    const done = s.session().connect();
    await settle();
    expect(s.fake.connectCalls).toHaveLength(2);
    expect(s.session().state.wcUri).toMatch(/^wc:0+2@2/);
    s.fake.approve({ eip155: [`eip155:1:${ADDRESS}`] });
    await expect(done).resolves.toEqual([`eip155:1:${ADDRESS}`]);
  });

  it('opening again after an unused close prepares a new link (a shown link is never offered twice on a desktop)', async () => {
    const s = await setup();
    await s.kernel.modal.open();
    await settle();
    s.kernel.modal.close();
    await s.kernel.modal.open();
    await settle();
    expect(s.fake.connectCalls).toHaveLength(2);
    expect(s.session().state.wcUri).toMatch(/^wc:0+2@2/);
  });

  it('in a browser, waits until the modal is fully shown (painted, its entrance animation run, an idle moment), then starts the provider and pairs in idle moments of their own', async () => {
    const frames: (() => void)[] = [];
    const idles: (() => void)[] = [];
    const window = { requestAnimationFrame: (fn: () => void) => frames.push(fn), requestIdleCallback: (fn: () => void) => idles.push(fn) };
    const s = await setup({ window });
    await s.kernel.modal.open();
    await settle();
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(false);
    frames.shift()!();
    frames.shift()!();
    await settle();
    expect(idles).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(OPEN_SETTLE_MS - 1);
    expect(idles).toHaveLength(0); // the entrance animation is still running
    await jest.advanceTimersByTimeAsync(1);
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(false);
    // idle: the module loads; next idle: the provider starts; next idle: the pairing
    idles.shift()!();
    await settle();
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(true);
    expect(s.inits).toBe(0);
    expect(idles).toHaveLength(2);
    // the module's onLoad: the sign-in plugin's module (none here), in an idle moment of its own
    idles.shift()!();
    await settle();
    expect(s.inits).toBe(0);
    idles.shift()!();
    await settle();
    expect(s.inits).toBe(1);
    expect(s.fake.connectCalls).toHaveLength(0);
    idles.shift()!();
    await settle();
    expect(s.fake.connectCalls).toHaveLength(1);
    expect(s.session().state.wcUri).toMatch(/^wc:/);
  });

  describe("the module loaded ahead of the open (the UI's idle prefetch): the sign-in plugin's module, which the pairing asks for, follows in an idle moment", () => {
    const signInPlugin = () => {
      const m = { id: 'test-signin', options: { keys: ['siwx'] }, loads: 0, load: async () => (m.loads++, {}) };
      return m;
    };
    it('on a desktop with prewarm at open', async () => {
      const idles: (() => void)[] = [];
      const signIn = signInPlugin();
      const s = await setup({ window: { requestAnimationFrame: () => 0, requestIdleCallback: (fn: () => void) => idles.push(fn) }, plugins: [signIn as never] });
      await s.kernel.plugins.load('walletconnect');
      expect(signIn.loads).toBe(0);
      expect(idles).toHaveLength(1);
      idles.shift()!();
      await settle();
      expect(signIn.loads).toBe(1);
      expect(s.inits).toBe(0); // code only: no provider, no pairing
    });
    it.each([
      ['on a phone', { mobile: true }],
      ["with prewarm: 'intent'", { prewarm: 'intent' as const }],
    ])('not %s', async (_label, opts) => {
      const idles: (() => void)[] = [];
      const signIn = signInPlugin();
      await (await setup({ ...opts, window: { requestAnimationFrame: () => 0, requestIdleCallback: (fn: () => void) => idles.push(fn) }, plugins: [signIn as never] })).kernel.plugins.load('walletconnect');
      await settle();
      expect(idles).toHaveLength(0);
      expect(signIn.loads).toBe(0);
    });
  });

  it('phone: nothing at opening (no module, no provider); a pointer or focus on the WalletConnect entry prepares it', async () => {
    const s = await setup({ mobile: true });
    await s.kernel.modal.open();
    await settle();
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(false);
    expect(s.inits).toBe(0);
    intent(s.doc, 'pointerover', button('MetaMask'));
    await settle();
    expect(s.inits).toBe(0);
    intent(s.doc, 'focusin', button('WalletConnect'));
    await settle();
    expect(s.inits).toBe(1);
    expect(s.fake.connectCalls).toHaveLength(1);
    expect(s.session().state.wcUri).toMatch(/^wc:/);
  });

  it("prewarm: 'intent' — nothing at opening on a desktop either; the WalletConnect entry's hover prepares it", async () => {
    const s = await setup({ prewarm: 'intent' });
    await s.kernel.modal.open();
    await settle();
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(false);
    expect(s.inits).toBe(0);
    intent(s.doc, 'pointerover', button('WalletConnect'));
    await settle();
    expect(s.inits).toBe(1);
    expect(s.session().state.wcUri).toMatch(/^wc:/);
  });

  it('prewarm: false — neither opening nor intent prepares anything; choosing WalletConnect still pairs', async () => {
    const s = await setup({ prewarm: false });
    await s.kernel.modal.open();
    await settle();
    intent(s.doc, 'focusin', button('WalletConnect'));
    await settle();
    expect(s.inits).toBe(0);
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(false);
    await s.kernel.plugins.load('walletconnect');
    void s.session().connect().catch(() => undefined);
    await settle();
    expect(s.inits).toBe(1);
    expect(s.fake.connectCalls).toHaveLength(1);
  });

  it('intent counts only while the modal is open', async () => {
    const s = await setup({ mobile: true });
    await s.kernel.modal.open();
    s.kernel.modal.close();
    intent(s.doc, 'pointerover', button('WalletConnect'));
    await settle();
    expect(s.inits).toBe(0);
  });

  it('no prewarm with manualWCControl (the host pairs), even on intent', async () => {
    const s = await setup({ manual: true });
    await s.kernel.modal.open();
    intent(s.doc, 'pointerover', button('WalletConnect'));
    await settle();
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(false);
    expect(s.inits).toBe(0);
  });

  it('no prewarm when WalletConnect is disabled', async () => {
    const s = await setup({ disabled: true });
    await s.kernel.modal.open();
    intent(s.doc, 'pointerover', button('WalletConnect'));
    await settle();
    expect(s.kernel.plugins.isLoaded('walletconnect')).toBe(false);
    expect(s.inits).toBe(0);
  });

  it('a provider that fails to start during a prewarm says nothing; the view connect tries again and reports it', async () => {
    const s = await setup({ initError: true });
    await s.kernel.modal.open();
    await settle();
    expect(s.inits).toBe(1);
    expect(s.session().state).toMatchObject({ status: 'idle', wcError: false });
    expect(s.kernel.alerts.state.current).toBeUndefined();
    expect(s.tracked.map((t) => t.data)).not.toContainEqual(expect.objectContaining({ event: 'INTERNAL_SDK_ERROR' }));

    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(s.session().connect()).rejects.toMatchObject({ name: 'UniversalProviderInitError' });
    } finally {
      errors.mockRestore();
    }
    expect(s.inits).toBe(2);
    expect(s.session().state).toMatchObject({ status: 'error', wcError: true });
    expect(s.tracked.map((t) => t.data)).toContainEqual(expect.objectContaining({ event: 'INTERNAL_SDK_ERROR' }));
    expect(s.kernel.alerts.state.current?.key).toBe('ORIGIN_NOT_ALLOWED');
  });

  it('a prepared pairing that fails unused is dropped quietly; once adopted, its failure is the connect’s', async () => {
    const s = await setup();
    await s.kernel.modal.open();
    await settle();
    s.fake.pending[0]!.reject(new Error('relay said no'));
    await settle();
    expect(s.session().state).toMatchObject({ status: 'idle', wcUri: undefined, wcError: false });
    expect(s.kernel.alerts.state.current).toBeUndefined();

    // Prepared again (intent), adopted by a connect, then failing: the connect rejects.
    intent(s.doc, 'pointerover', button('WalletConnect'));
    await settle();
    expect(s.fake.connectCalls).toHaveLength(2);
    const done = s.session().connect();
    await settle();
    s.fake.pending[1]!.reject(new Error('relay said no'));
    await expect(done).rejects.toThrow('relay said no');
    expect(s.session().state).toMatchObject({ status: 'error', wcError: true });
  });
});

describe('isWalletConnectTarget', () => {
  const on = (...path: object[]) => ({ composedPath: () => path }) as unknown as Event;
  it('finds the closest button and reads its name', () => {
    expect(isWalletConnectTarget(on({ textContent: 'x' }, button('WalletConnect')))).toBe(true);
    expect(isWalletConnectTarget(on(button('Connect with WalletConnect')))).toBe(true);
    expect(isWalletConnectTarget(on(button('MetaMask'), button('WalletConnect')))).toBe(false);
    expect(isWalletConnectTarget(on({ tagName: 'DIV', textContent: 'WalletConnect', getAttribute: () => null }))).toBe(false);
    expect(isWalletConnectTarget(on())).toBe(false);
  });
});
