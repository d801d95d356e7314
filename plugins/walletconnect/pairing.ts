/**
 * The pairing: its link's lifetime rules (docs/connection.md#walletconnect-pairing; pure functions of a clock
 * reading, so they are tested without waiting), and {@link PairingFlow}, which runs a pairing
 * from the connects that wait for it to the wallet's approval.
 *
 * `connect()` publishes a `wc:` link (state `wcUri`, `wcPairingExpiry`) and waits for the
 * wallet's approval. A link lives 4 minutes and counts as expired 10 s before; while a connect
 * waits, an expired link is replaced by a fresh one (a timer, on the injectable clock of
 * Environment). Every waiting connect resolves with whichever pairing the wallet approves. On a
 * phone in Telegram or iOS Safari, a new connect reuses an unexpired link; a link prepared by
 * prewarm (./prewarmedPairing) is adopted by the next connect.
 *
 * A connect may carry an AbortSignal: when it aborts (the visitor chose another wallet), that
 * connect stops waiting, and the pairing stops when nobody waits for it any more.
 *
 * With sign-in configured and every chain eip155, a pairing asks the wallet to sign in as it
 * connects (one-click auth, ./oneClickAuth): what it signs is kept through the sign-in plugin
 * before the connects hear of the session. A wallet that does not know the request settles a plain
 * session and is then asked to sign, with no error shown; one that refuses the request (other than
 * the visitor's "no", which is "Connection declined") gets a fresh link for a plain pairing.
 */
import { isUserRejection, type Alerts, type CaipNetworkId, type ConnectorRegistry, type Options, type Store } from 'latchkey';
import { UserRejectedRequestError } from 'latchkey/errors';
import type { SignInOnConnect, SignInRequest } from 'latchkey/signin';
import { buildNamespaces } from './sessionNamespaces';
import { authenticationRequest, canSignInOverUniversalProvider, messageChain, sessionCacaos, signedSessions } from './oneClickAuth';
import type { PairingPrewarm } from './prewarmedPairing';
import type { UniversalProviderLike, WalletConnectState } from './types';

/** A pairing URI is offered for 4 minutes. */
export const PAIRING_LIFETIME_MS = 4 * 60_000;
/** …and counts as expired within 10 s of its expiry. */
export const PAIRING_EXPIRY_MARGIN_MS = 10_000;

/** Expiry time of a URI published at `publishedAt`. */
export function pairingExpiry(publishedAt: number): number {
  return publishedAt + PAIRING_LIFETIME_MS;
}

/** True when there is no expiry, or `now` is within the margin of it (or past it). */
export function isPairingExpired(expiry: number | undefined, now: number): boolean {
  return expiry === undefined || expiry - now <= PAIRING_EXPIRY_MARGIN_MS;
}

/** Milliseconds until the pairing counts as expired (0 when it already does). */
export function msUntilExpired(expiry: number, now: number): number {
  return Math.max(0, expiry - PAIRING_EXPIRY_MARGIN_MS - now);
}

/** What the rule depends on, from the kernel's Environment. */
export interface PairingEnvironment {
  isMobile(): boolean;
  isTelegram(): boolean;
  isIos(): boolean;
  isSafari(): boolean;
}

/**
 * On a phone inside Telegram or in iOS Safari, leaving for the wallet app and
 * coming back must not change the link the wallet already has: an unexpired
 * pairing is reused there. Everywhere else a new connect gets a fresh URI.
 */
export function reusesPairing(env: PairingEnvironment): boolean {
  return env.isMobile() && (env.isTelegram() || (env.isIos() && env.isSafari()));
}

/** Whether a connect may reuse the pairing expiring at `expiry` instead of creating a new one. */
export function shouldReusePairing(env: PairingEnvironment, expiry: number | undefined, now: number): boolean {
  return reusesPairing(env) && !isPairingExpired(expiry, now);
}

/** CAIP-10 accounts of a session ('eip155:1:0xabc…'), every namespace. */
export function sessionAccounts(provider: UniversalProviderLike): string[] {
  const namespaces = provider.session?.namespaces ?? {};
  return Object.values(namespaces).flatMap((n) => [...(n.accounts ?? [])]);
}

interface Waiter {
  resolve(accounts: readonly string[]): void;
  reject(err: unknown): void;
}

/** What a pairing works with. */
export interface PairingFlowDeps {
  readonly options: Options;
  readonly env: PairingEnvironment & { now(): number };
  readonly alerts: Alerts;
  readonly connectors: ConnectorRegistry;
  readonly store: Store<WalletConnectState>;
  /** The pairing prepared before anybody asked, if any. */
  readonly prewarm: Pick<PairingPrewarm, 'prepared' | 'drop'>;
  provider(): Promise<UniversalProviderLike>;
  /** A session was approved (told before the waiting connects hear of it). */
  sessionApproved(): void;
  /** One-click auth: the sign-in plugin's side (latchkey/signin) and the active network, the message's chain when requested. */
  readonly signIn?: { link(): Promise<SignInOnConnect | undefined> | undefined; activeChain(): CaipNetworkId | undefined };
}

/** What a one-click pairing asks for. */
interface OneClick {
  readonly link: SignInOnConnect;
  readonly request: SignInRequest;
  readonly chains: readonly CaipNetworkId[];
}

/** The pairing under way: its link, the connects waiting for it, the wallet's answer. */
export class PairingFlow {
  private waiters: Waiter[] = [];
  /** Id of the pairing attempt whose outcome counts (older ones were replaced). */
  private attempt = 0;
  private expiryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Until the provider's sign client has run its start-up replay, no pairing link is shown (./startupReplay). */
  private linkGate: Promise<void> | undefined;
  /** The one-click pairing whose sign-in is being asked for or kept. */
  private authenticating: number | undefined;
  /** The pairing attempt whose link was shown last. */
  private linked: number | undefined;

  constructor(private readonly deps: PairingFlowDeps) {}

  private get state(): WalletConnectState {
    return this.deps.store.state;
  }

  /** Whether a connect waits for the pairing. */
  get waiting(): boolean {
    return this.waiters.length > 0;
  }

  /** A connect without a session: waits for the pairing under way (or a new one) to be approved. */
  wait(provider: UniversalProviderLike, signal: AbortSignal | undefined): Promise<readonly string[]> {
    const done = new Promise<readonly string[]>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject };
      this.waiters.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          if (!this.waiters.includes(waiter)) return;
          // This connect was left; the pairing stops when nobody else waits for it.
          this.waiters = this.waiters.filter((w) => w !== waiter);
          if (this.waiters.length === 0 && this.state.status === 'pairing') this.stop();
          reject(signal.reason);
        },
        { once: true },
      );
    });
    const s = this.state;
    const generating = s.status === 'pairing' && s.buffering;
    const prepared = this.deps.prewarm.prepared && s.status === 'pairing' && s.wcUri !== undefined && !isPairingExpired(s.wcPairingExpiry, this.deps.env.now());
    const reuse = prepared || (s.wcUri !== undefined && shouldReusePairing(this.deps.env, s.wcPairingExpiry, this.deps.env.now()));
    // A prepared pairing (ready or being generated) is this connect's from now on.
    this.deps.prewarm.prepared = false;
    if (generating || reuse) {
      this.deps.store.patch({ status: 'pairing', wcError: false, error: undefined });
      if (reuse) this.scheduleExpiry();
    } else if (this.deps.options.state.manualWCControl) {
      // The host pairs the provider itself; we show its URI and wait for its session.
      this.deps.store.patch({ status: 'pairing', wcError: false, error: undefined });
    } else {
      this.start(provider);
    }
    return done;
  }

  /** Replaces the link with a fresh one while a connect (or a prewarm) waits for it. */
  async refresh(): Promise<void> {
    if (this.state.status !== 'pairing' || (this.waiters.length === 0 && !this.deps.prewarm.prepared) || this.deps.options.state.manualWCControl) return;
    const provider = await this.deps.provider();
    if (provider.session) return this.approved(provider);
    this.start(provider);
  }

  /** A new pairing: the one under way no longer counts. `signIn: false`: a plain one (the fallback of one-click auth). */
  start(provider: UniversalProviderLike, signIn = true): void {
    const id = ++this.attempt;
    this.clearExpiryTimer();
    this.deps.store.patch({ status: 'pairing', buffering: true, wcUri: undefined, wcPairingExpiry: undefined, wcError: false, error: undefined });
    const optionalNamespaces = buildNamespaces(this.deps.options.state.networks, this.deps.options.state.customRpcUrls);
    const pair = (auth: OneClick | undefined): void => {
      if (id !== this.attempt) return;
      if (auth) return this.authenticate(provider, id, auth, optionalNamespaces);
      provider.connect({ optionalNamespaces }).then(
        () => {
          if (id === this.attempt) this.approved(provider);
        },
        (err: unknown) => this.failed(id, err),
      );
    };
    const oneClick = signIn ? this.oneClick(provider) : undefined;
    if (oneClick) void oneClick.then(pair);
    else pair(undefined);
  }

  /** The sign-in to ask for while pairing (undefined: a plain pairing); no promise when one-click auth does not apply at all. */
  private oneClick(provider: UniversalProviderLike): Promise<OneClick | undefined> | undefined {
    const signIn = this.deps.signIn;
    const networks = this.deps.options.state.networks;
    if (!signIn || this.deps.options.state.manualWCControl || !canSignInOverUniversalProvider(networks)) return undefined;
    const link = signIn.link();
    return link && this.signInRequest(link, signIn.activeChain(), networks.map((n) => n.caipNetworkId));
  }

  private async signInRequest(found: Promise<SignInOnConnect | undefined>, active: CaipNetworkId | undefined, chains: CaipNetworkId[]): Promise<OneClick | undefined> {
    try {
      const link = await found;
      const chainId = messageChain(chains, active);
      const request = link && chainId ? await link.request(chainId) : undefined;
      return link && request ? { link, request, chains } : undefined;
    } catch (err) {
      console.warn('[latchkey] sign-in while pairing is unavailable: pairing without it', err);
      return undefined;
    }
  }

  /**
   * One-click auth: the session proposal carries the sign-in request (`connect`'s `authentication`);
   * what the wallet signed comes back on the session it settles and is kept before the connects hear
   * of the session. A wallet that ignores the request settles a plain session (the visitor signs after
   * connecting); a visitor's "no" (4001 / 5000) is the wallet declining the connection; any other
   * refusal after the link was shown gets a fresh plain link.
   */
  private authenticate(provider: UniversalProviderLike, id: number, auth: OneClick, optionalNamespaces: Record<string, unknown>): void {
    this.authenticating = id;
    provider.connect({ optionalNamespaces, authentication: [authenticationRequest(auth.request, auth.chains)] }).then(
      async () => {
        const format = provider.client?.formatAuthMessage;
        const cacaos = sessionCacaos(provider.session);
        const sessions = cacaos.length && format ? signedSessions(cacaos, (request, iss) => format.call(provider.client, { request, iss })) : [];
        if (id === this.attempt && sessions.length > 0) {
          // Not kept (refused by the provider's verification): the visitor signs after connecting.
          await auth.link.addSessions(sessions).catch((err: unknown) => console.warn('[latchkey] the sign-in signed while pairing was not kept', err));
        }
        if (this.authenticating === id) this.authenticating = undefined;
        if (id === this.attempt) this.approved(provider);
      },
      (err: unknown) => {
        if (this.authenticating === id) this.authenticating = undefined;
        if (id !== this.attempt) return;
        // The wallet had the link and refused the request without the visitor's "no": a plain pairing, then a signature.
        if (this.linked === id && !isUserRejection(err)) return this.start(provider, false);
        this.failed(id, err);
      },
    );
  }

  /** The provider's `connect` event: ignored while a one-click pairing keeps its sign-in first. */
  approvedByProvider(provider: UniversalProviderLike): void {
    if (this.authenticating !== undefined && this.authenticating === this.attempt) return;
    this.approved(provider);
  }

  private failed(id: number, err: unknown): void {
    if (id !== this.attempt) return; // replaced by a fresher link: its end does not count
    if (this.deps.prewarm.prepared && this.waiters.length === 0) return this.deps.prewarm.drop(); // unused: nobody to tell
    this.fail(err);
  }

  private fail(err: unknown): void {
    this.clearExpiryTimer();
    this.deps.alerts.showProviderError(err);
    const error = err instanceof Error ? err : new Error(typeof err === 'string' ? err : 'WalletConnect pairing failed');
    this.deps.store.patch({ status: 'error', wcError: true, error, buffering: false });
    this.settle((w) => w.reject(err));
  }

  /** The wallet approved: every waiting connect resolves with the session's accounts. */
  approved(provider: UniversalProviderLike): void {
    if (!provider.session) return;
    this.attempt++;
    this.deps.prewarm.prepared = false;
    this.clearExpiryTimer();
    this.deps.sessionApproved();
    const recent = this.state.recentWallet;
    this.deps.store.patch({ status: 'connected', wcUri: undefined, wcPairingExpiry: undefined, buffering: false, wcError: false, error: undefined, wcLinking: undefined, connectionLost: false });
    if (recent) this.deps.connectors.addRecent(recent);
    const accounts = sessionAccounts(provider);
    this.settle((w) => w.resolve(accounts));
  }

  private settle(fn: (w: Waiter) => void): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) fn(w);
  }

  /** Links wait for `gate` (the start-up replay of a provider just started; ./startupReplay). */
  holdLinksFor(gate: Promise<void> | undefined): void {
    this.linkGate = gate;
    void gate?.then(() => {
      if (this.linkGate === gate) this.linkGate = undefined;
    });
  }

  /** A link from the provider: shown now, or once its sign client has run its start-up replay; not when its pairing stopped meanwhile. */
  showUri(uri: string): void {
    const gate = this.linkGate;
    if (!gate) return this.setUri(uri);
    const id = this.attempt;
    void gate.then(() => {
      if (id === this.attempt) this.setUri(uri);
    });
  }

  setUri(uri: string): void {
    this.linked = this.attempt;
    const expiry = pairingExpiry(this.deps.env.now());
    this.deps.store.patch({ wcUri: uri, wcPairingExpiry: expiry, buffering: false, wcError: false, error: undefined, status: this.state.status === 'connected' ? 'connected' : 'pairing' });
    this.scheduleExpiry();
  }

  /** While a connect waits, a link that counts as expired is replaced by a fresh one. */
  private scheduleExpiry(): void {
    this.clearExpiryTimer();
    const expiry = this.state.wcPairingExpiry;
    if (expiry === undefined) return;
    const wait = msUntilExpired(expiry, this.deps.env.now());
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = undefined;
      if (this.state.wcPairingExpiry !== expiry) return;
      if (!isPairingExpired(expiry, this.deps.env.now())) return this.scheduleExpiry();
      void this.refresh().catch(() => undefined);
    }, wait);
  }

  private clearExpiryTimer(): void {
    if (this.expiryTimer !== undefined) clearTimeout(this.expiryTimer);
    this.expiryTimer = undefined;
  }

  cancel(reason?: Error): void {
    this.stop();
    this.settle((w) => w.reject(reason ?? new UserRejectedRequestError({ details: 'The modal was closed before a wallet approved the pairing.' })));
  }

  /** The pairing stops: its link is no longer renewed and a late answer to it no longer counts. */
  private stop(): void {
    this.attempt++;
    this.deps.prewarm.prepared = false;
    this.clearExpiryTimer();
    this.deps.store.patch({ status: 'idle', buffering: false });
  }

  /** The pairing under way stops counting (a prepared one nobody used): no longer renewed, a late answer to it ignored. */
  retire(): void {
    this.attempt++;
    this.clearExpiryTimer();
  }

  /** The link is no longer renewed, nor adopted as a prepared one (a disconnect, a reset). */
  release(): void {
    this.deps.prewarm.prepared = false;
    this.clearExpiryTimer();
  }
}
