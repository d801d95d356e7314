/**
 * The embedded wallet (spec sections 4, 6, 7): one service behind the `email` and `socials`
 * plugins and their shared AUTH connector. It owns the frame client, runs the login flows, keeps
 * the login cache, answers the connector's EIP-1193 requests (so the EVM adapter drives the
 * embedded wallet like any other) and routes not-safe requests through the frame's approval
 * surface, shown in the modal's ApproveTransaction view.
 */
import type { Subscription } from 'rxjs';
import {
  localText,
  Store,
  type Account,
  type AccountType,
  type Alerts,
  type Connection,
  type Environment,
  type Modal,
  type Network,
  type Options,
  type Router,
  type ScopedStorage,
  type Snackbar,
  type Storage,
  type Theme,
} from 'latchkey';
import { FrameClient, type FrameStatus } from './frame/FrameClient';
import { emailError, rpcSafety, RPC_METHOD_NOT_ALLOWED_MESSAGE, type PayloadOf, type RequestName, type ResultOf } from './frame/protocol';
import { CODES, EmbeddedWalletError, FrameLoadError } from './errors';
import {
  EMBEDDED_WALLET_CONNECTOR_ID,
  type EmailAction,
  type EmbeddedUser,
  type EmbeddedWallet,
  type EmbeddedWalletState,
  type SocialLoginProvider,
} from './types';
import { providerTitle } from './social';
import { messages } from './messages';
import { FrameOverlay } from './overlay';
import { isChainError, numberToHex, serializeParams, toChainNumber } from './requestParams';
import { waitForPopup, type PopupWait } from './socialPopup';

/** Spec section 5: one e-mail code per 30 s from this page ('Please try again after {n} seconds'). */
const EMAIL_THROTTLE_MS = 30_000;
/** Spec section 8: after an unlisted method, the UI message comes this much later. */
const NOT_ALLOWED_UI_DELAY_MS = 300;
/** A full-redirect social login is completed on return only within this time. */
const SOCIAL_REDIRECT_TTL_MS = 10 * 60_000;
/** Sign-out waits at most this long for the frame (AppKit: 3 s). */
const SIGN_OUT_WAIT_MS = 3000;
/** Between two long polls (device approval, Farcaster), should the frame answer 'not approved yet' at once. */
const POLL_RETRY_MS = 1000;

/** The alert shown when social loading times out (spec section 8: 'Invalid App Configuration'). */
const SOCIALS_TIMEOUT_ALERT = {
  key: 'EMBEDDED_WALLET_SOCIALS_TIMEOUT',
  shortMessage: messages.en.alertInvalidConfig,
  longMessage: messages.en.alertSocialsTimeout,
  variant: 'error',
  text: { short: localText(messages, 'alertInvalidConfig'), long: localText(messages, 'alertSocialsTimeout') },
} as const;

/** Login cache keys (spec section 4), under the shared 'embedded-wallet' storage scope. */
const KEYS = {
  loginUsed: 'loginUsed',
  email: 'email',
  username: 'username',
  lastChain: 'lastChain',
  lastEmailLoginTime: 'lastEmailLoginTime',
  pendingSocial: 'pendingSocial',
} as const;

/** The kernel services the wallet works with. */
export interface EmbeddedWalletDeps {
  readonly env: Environment;
  readonly options: Options;
  readonly storage: ScopedStorage;
  readonly kernelStorage: Storage;
  readonly router: Router;
  readonly modal: Modal;
  readonly snackbar: Snackbar;
  readonly alerts: Alerts;
  readonly connection: Connection;
  readonly account: Account;
  readonly network: Network;
  readonly theme: Theme;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPendingSocial = (v: unknown): v is { provider: string; at: number } =>
  typeof v === 'object' && v !== null && isString((v as { provider?: unknown }).provider) && isNumber((v as { at?: unknown }).at);


export class EmbeddedWalletService implements EmbeddedWallet {
  private readonly store = new Store<EmbeddedWalletState>({ frame: 'idle', user: undefined, approvals: 0, social: undefined });
  readonly state$ = this.store.state$;
  private emit: (event: string, ...args: unknown[]) => void = () => undefined;
  private client: FrameClient | undefined;
  private sessionToken: string | undefined;
  private restoring: Promise<EmbeddedUser | undefined> | undefined;
  private subs: Subscription[] = [];
  private started = false;
  private socialWait: PopupWait | undefined;

  private readonly overlay: FrameOverlay;

  constructor(
    private readonly k: EmbeddedWalletDeps,
    private readonly serviceUrl: string,
  ) {
    this.overlay = new FrameOverlay(() => this.k.env.window, () => this.client);
  }

  get state(): EmbeddedWalletState {
    return this.store.state;
  }

  setEmitter(emit: (event: string, ...args: unknown[]) => void): void {
    this.emit = (event, ...args) => {
      try {
        emit(event, ...args);
      } catch (err) {
        console.error(`[latchkey] an embedded-wallet '${event}' listener threw`, err);
      }
    };
  }

  /* ------------------------------------------------------------------ lifecycle */

  /** Module onLoad: completes a social login coming back by redirect, else creates the frame when the visitor used it before. */
  start(): void {
    this.wire();
    if (this.started) return;
    this.started = true;
    if (this.resumeRedirect()) return;
    if (this.loginUsed()) this.prepare();
  }

  /** Module onStop: the frame goes away; the service can start again. */
  stop(): void {
    for (const s of this.subs) s.unsubscribe();
    this.subs = [];
    this.socialWait?.cancel();
    this.overlay.stop();
    this.client?.dispose();
    this.client = undefined;
    this.started = false;
    this.store.patch({ frame: 'idle' });
  }

  prepare(): void {
    try {
      this.frame()
        .ready()
        .catch(() => undefined); // the state says 'failed'; views show it
    } catch {
      /* no window: a server */
    }
  }

  private wire(): void {
    if (this.subs.length > 0) return;
    const { modal, router, connection, theme } = this.k;
    this.subs.push(
      // Spec section 4: closing the modal with no transaction pending rejects the outstanding requests (safe ones go on).
      modal.onDidClose$.subscribe(() => {
        if (router.transactionStack().length === 0) this.client?.abortNotSafe();
      }),
      connection.onDidConnect$.subscribe((e) => {
        if (e.connectorId === EMBEDDED_WALLET_CONNECTOR_ID) this.applyAccountDetails();
      }),
      connection.onDidDisconnect$.subscribe((e) => {
        if (e.connectorId === EMBEDDED_WALLET_CONNECTOR_ID) void this.signOut();
      }),
      theme.state$.subscribe(() => {
        if (this.client?.status === 'ready') void this.call('SYNC_THEME', this.themePayload()).catch(() => undefined);
      }),
    );
  }

  private frame(): FrameClient {
    this.wire();
    if (this.client) return this.client;
    const win = this.k.env.window;
    if (!win) throw new FrameLoadError('there is no browser window');
    const options = this.k.options.state;
    this.client = new FrameClient({
      serviceUrl: this.serviceUrl,
      projectId: options.projectId,
      chainId: () => this.startChainId(),
      enableLogger: options.enableAuthLogger !== false,
      window: win,
      zIndex: () => this.zIndex(),
      onStatus: (frame: FrameStatus) => this.store.patch({ frame }),
      onInit: () => this.syncFrame(),
      onSession: (token) => {
        this.sessionToken = token;
      },
      onTimeout: (name) => {
        // Spec section 8: 'Invalid App Configuration' when social loading times out.
        if (name === 'GET_SOCIAL_REDIRECT_URI' || name === 'CONNECT_SOCIAL') this.k.alerts.show(SOCIALS_TIMEOUT_ALERT);
      },
    });
    return this.client;
  }

  /** A request to the frame; the allowlist and project-id errors raise their alert ('Invalid App Configuration'). */
  private async call<K extends RequestName>(name: K, payload: PayloadOf<K>): Promise<ResultOf<K>> {
    try {
      return await this.frame().request(name, payload);
    } catch (err) {
      this.k.alerts.showProviderError(err);
      throw err;
    }
  }

  private syncFrame(): void {
    const o = this.k.options.state;
    const cut = (s: string, n: number) => s.slice(0, n);
    void this.call('SYNC_DAPP_DATA', {
      projectId: o.projectId,
      metadata: {
        name: cut(o.metadata.name, 256),
        description: cut(o.metadata.description, 4096),
        url: cut(o.metadata.url, 4096),
        icons: o.metadata.icons.slice(0, 16).map((i) => cut(i, 4096)),
      },
      sdkVersion: cut(o.sdkVersion, 256),
      sdkType: cut(o.sdkType, 256),
    }).catch(() => undefined);
    void this.call('SYNC_THEME', this.themePayload()).catch(() => undefined);
  }

  private themePayload(): PayloadOf<'SYNC_THEME'> {
    const { themeMode, themeVariables } = this.k.theme.state;
    const accent = themeVariables['--lk-accent'];
    return typeof accent === 'string' && /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\))$/.test(accent)
      ? { themeMode, themeVariables: { '--w3m-accent': accent } }
      : { themeMode };
  }

  private zIndex(): number {
    const z = Number(this.k.theme.cssVariables()['--lk-z-index']);
    return (Number.isSafeInteger(z) ? z : 999) + 1;
  }

  /** The chain the frame starts on: the app's active EVM network, else the last one used, else 1. */
  private startChainId(): number {
    return toChainNumber(this.k.network.state.namespaces.eip155.caipNetwork?.id) ?? this.k.storage.get(KEYS.lastChain, isNumber) ?? 1;
  }

  /* ------------------------------------------------------------------ login cache (spec section 4) */

  private loginUsed(): boolean {
    return this.k.storage.get(KEYS.loginUsed) === true;
  }

  private saveLogin(email: string | null | undefined, username: string | null | undefined): void {
    const s = this.k.storage;
    if (email) s.set(KEYS.email, email);
    if (username) s.set(KEYS.username, username);
    s.set(KEYS.loginUsed, true);
    s.remove(KEYS.lastEmailLoginTime);
  }

  private clearLoginCache(): void {
    const s = this.k.storage;
    for (const key of [KEYS.loginUsed, KEYS.email, KEYS.lastChain, KEYS.username]) s.remove(key);
  }

  emailCooldown(): number {
    const last = this.k.storage.get(KEYS.lastEmailLoginTime, isNumber);
    if (last === undefined) return 0;
    const left = EMAIL_THROTTLE_MS - (this.k.env.now() - last);
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /* ------------------------------------------------------------------ user */

  private setUser(user: EmbeddedUser | undefined): void {
    this.store.patch({ user });
    if (user) {
      const chain = toChainNumber(user.chainId);
      if (chain) this.k.storage.set(KEYS.lastChain, chain);
    }
  }

  private toUser(raw: ResultOf<'GET_USER'> | ResultOf<'CONNECT_SOCIAL'>, userName?: string | null): EmbeddedUser {
    const address = raw.address;
    return {
      address,
      chainId: toChainNumber(raw.chainId) ?? raw.chainId,
      email: raw.email ?? null,
      userName: userName ?? ('userName' in raw ? raw.userName : undefined) ?? this.k.storage.get(KEYS.username, isString) ?? null,
      accounts: raw.accounts?.map((a) => ({ address: a.address, type: a.type })) ?? [{ address, type: 'eoa' }],
      preferredAccountType: raw.preferredAccountType,
      smartAccountDeployed: 'smartAccountDeployed' in raw ? raw.smartAccountDeployed : undefined,
    };
  }

  private preferredAccountType(): string {
    return this.k.account.get('eip155').preferredAccountType ?? this.k.options.state.defaultAccountTypes.eip155;
  }

  /**
   * GET_USER on `chainId` (default: the app's active network). A chain the wallet does not know is
   * retried on the wallet's own chain unless `strict`.
   */
  private async fetchUser(chainId?: number, strict = false): Promise<EmbeddedUser> {
    const target = chainId ?? toChainNumber(this.k.network.state.namespaces.eip155.caipNetwork?.id);
    const payload = { ...(target ? { chainId: target } : {}), preferredAccountType: this.preferredAccountType() };
    let raw: ResultOf<'GET_USER'>;
    try {
      raw = await this.call('GET_USER', payload);
    } catch (err) {
      if (strict || !target || !isChainError(err)) throw err;
      raw = await this.call('GET_USER', { preferredAccountType: payload.preferredAccountType });
    }
    const user = this.toUser(raw, this.state.user?.userName);
    this.setUser(user);
    return user;
  }

  /** Spec section 4: with no stored login flag the answer is "not connected", without asking the frame. */
  private restore(): Promise<EmbeddedUser | undefined> {
    this.restoring ??= (async () => {
      try {
        if (!this.loginUsed()) return undefined;
        const { isConnected } = await this.call('IS_CONNECTED', this.sessionToken ? { token: this.sessionToken } : undefined);
        if (!isConnected) {
          this.clearLoginCache();
          return undefined;
        }
        return await this.fetchUser();
      } catch (err) {
        this.clearLoginCache();
        throw err;
      } finally {
        this.restoring = undefined;
      }
    })();
    return this.restoring;
  }

  /** Writes what the kernel's account shows of the embedded wallet: e-mail, user name, account type, social provider. */
  private applyAccountDetails(): void {
    const user = this.state.user;
    const { account } = this.k;
    const current = account.get('eip155');
    if (!user || current.connectorId !== EMBEDDED_WALLET_CONNECTOR_ID) return;
    const social = this.k.kernelStorage.socialProvider();
    account.patch('eip155', {
      user: { ...(user.email ? { email: user.email } : {}), ...(user.userName ? { username: user.userName } : {}) },
      ...(user.preferredAccountType === 'eoa' || user.preferredAccountType === 'smartAccount' ? { preferredAccountType: user.preferredAccountType } : {}),
      ...(user.smartAccountDeployed !== undefined ? { smartAccountDeployed: user.smartAccountDeployed } : {}),
      ...(social ? { socialProvider: social } : {}),
      connectedWalletInfo: { name: current.connectedWalletInfo?.name ?? 'Embedded Wallet', ...(social ? { social } : {}) },
    });
  }

  /* ------------------------------------------------------------------ e-mail login */

  async connectEmail(email: string): Promise<EmailAction> {
    const invalid = emailError(email);
    if (invalid) throw new EmbeddedWalletError(invalid, { request: 'CONNECT_EMAIL' });
    const wait = this.emailCooldown();
    if (wait > 0) throw new EmbeddedWalletError(`Please try again after ${wait} seconds`, { request: 'CONNECT_EMAIL' });
    const { action } = await this.call('CONNECT_EMAIL', { email });
    this.k.storage.set(KEYS.lastEmailLoginTime, this.k.env.now());
    return action;
  }

  async connectDevice(): Promise<void> {
    await this.call('CONNECT_DEVICE', undefined);
  }

  async connectOtp(otp: string): Promise<void> {
    await this.call('CONNECT_OTP', { otp: otp.trim() });
    await this.finishLogin();
  }

  async finishLogin(extra: { readonly socialProvider?: string; readonly userName?: string | null } = {}): Promise<void> {
    const user = await this.fetchUser();
    const named = extra.userName ? { ...user, userName: extra.userName } : user;
    this.setUser(named);
    this.saveLogin(named.email, named.userName);
    this.k.kernelStorage.setSocialProvider(extra.socialProvider);
    await this.connectAuth();
  }

  /** Connects the AUTH connector through the kernel (the EVM adapter asks our provider for the account), then closes the modal. */
  private async connectAuth(): Promise<void> {
    const loginView = this.k.router.state.view;
    await this.k.connection.connect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, namespace: 'eip155' });
    this.applyAccountDetails();
    // A plugin may have moved on (e.g. to sign-in): close only when the login view is still shown.
    if (this.k.modal.state.open && this.k.router.state.view === loginView) this.k.modal.close();
  }

  /* ------------------------------------------------------------------ social login */

  async socialLogin(provider: Exclude<SocialLoginProvider, 'farcaster'>, popup: Window | null): Promise<void> {
    const win = this.k.env.window;
    this.store.patch({ social: { provider, phase: 'starting' } });
    try {
      let uri: string;
      try {
        ({ uri } = await this.call('GET_SOCIAL_REDIRECT_URI', { provider }));
        if (!/^https?:\/\//i.test(uri)) throw new EmbeddedWalletError('The wallet frame sent an invalid login address', { request: 'GET_SOCIAL_REDIRECT_URI' });
      } catch (err) {
        popup?.close();
        throw err;
      }
      // Telegram mini-apps cannot use popups; nor can a page whose popup was blocked: a full redirect, completed on return.
      if (!win || !popup || popup.closed || this.k.env.isTelegram()) {
        popup?.close();
        this.k.storage.set(KEYS.pendingSocial, { provider, at: this.k.env.now() });
        win?.location.assign(uri);
        return;
      }
      popup.location.href = uri;
      this.store.patch({ social: { provider, phase: 'popup' } });
      this.socialWait?.cancel();
      const wait = (this.socialWait = waitForPopup(popup, win.location.origin));
      const result = await wait.result.finally(() => {
        if (this.socialWait === wait) this.socialWait = undefined;
      });
      await this.completeSocial(result, provider);
    } catch (err) {
      this.store.patch({ social: { provider, phase: 'failed', error: (err as Error).message || 'Unknown error' } });
      throw err;
    }
  }

  cancelSocial(): void {
    this.socialWait?.cancel();
  }

  /**
   * CONNECT_SOCIAL with the provider's result, then the kernel connect. While it works:
   * 'Authenticating...'; on failure (spec section 8): 'A problem occurred while trying initialize
   * authentication', the embedded wallet disconnects and the modal returns to Connect.
   */
  private async completeSocial(uri: string, provider: string): Promise<void> {
    const { snackbar } = this.k;
    this.store.patch({ social: { provider, phase: 'authenticating' } });
    snackbar.loading(localText(messages, 'snackAuthenticating'));
    try {
      const chainId = toChainNumber(this.k.network.state.namespaces.eip155.caipNetwork?.id);
      const raw = await this.call('CONNECT_SOCIAL', { uri, ...(chainId ? { chainId } : {}), preferredAccountType: this.preferredAccountType() });
      const user = this.toUser(raw);
      this.setUser(user);
      this.saveLogin(user.email, user.userName);
      this.k.kernelStorage.setSocialProvider(provider);
      await this.connectAuth();
      snackbar.hide();
      this.store.patch({ social: undefined });
    } catch (err) {
      this.store.patch({ social: { provider, phase: 'failed', error: (err as Error).message || 'Unknown error' } });
      snackbar.error(localText(messages, 'snackAuthProblem'));
      const ns = this.k.account.get('eip155');
      if (ns.connectorId === EMBEDDED_WALLET_CONNECTOR_ID && ns.status !== 'disconnected') await this.k.connection.disconnect('eip155').catch(() => undefined);
      else await this.signOut();
      this.k.router.reset('Connect');
      throw err;
    }
  }

  /**
   * Back from a full-redirect social login (popups blocked, or a Telegram mini-app): `result_uri`
   * is read, removed from the address bar and used to complete the login (spec section 2). Only a
   * login this page started (its marker, stored before it left) is completed, and never in a popup
   * (its opener completes it).
   */
  private resumeRedirect(): boolean {
    const win = this.k.env.window;
    if (!win) return false;
    let url: URL;
    try {
      url = new URL(win.location.href);
    } catch {
      return false;
    }
    const result = url.searchParams.get('result_uri');
    const pending = this.k.storage.get(KEYS.pendingSocial, isPendingSocial);
    if (!pending) return false;
    this.k.storage.remove(KEYS.pendingSocial); // used once, whatever comes of it
    let inPopup = false;
    try {
      inPopup = win.opener != null && win.opener !== win;
    } catch {
      inPopup = true;
    }
    if (!result || inPopup || this.k.env.now() - pending.at > SOCIAL_REDIRECT_TTL_MS) return false;
    url.searchParams.delete('result_uri');
    try {
      win.history.replaceState(win.history.state, '', url.href);
    } catch {
      /* a sandboxed page: the parameter stays, the login still completes */
    }
    const provider = pending.provider;
    void this.k.modal.open({ view: 'ConnectingSocial', data: { provider, title: providerTitle(provider) } });
    void this.completeSocial(result, provider).catch((err: unknown) => console.warn('[latchkey] social login failed', err));
    return true;
  }

  async farcasterUri(): Promise<string> {
    const { url } = await this.call('GET_FARCASTER_URI', undefined);
    if (!/^https?:\/\//i.test(url)) throw new EmbeddedWalletError('The wallet frame sent an invalid Farcaster link', { request: 'GET_FARCASTER_URI' });
    return url;
  }

  async connectFarcaster(signal?: AbortSignal): Promise<void> {
    for (;;) {
      try {
        const { userName } = await this.call('CONNECT_FARCASTER', undefined);
        if (signal?.aborted) return;
        await this.finishLogin({ socialProvider: 'farcaster', userName });
        return;
      } catch (err) {
        // The frame long-polls ≤ 25 s and then says 'Not approved yet': ask again while the view waits.
        if (signal?.aborted) return;
        if (!/not approved yet/i.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, POLL_RETRY_MS));
      }
    }
  }

  /* ------------------------------------------------------------------ account */

  async updateEmail(email: string): Promise<'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'> {
    const invalid = emailError(email);
    if (invalid) throw new EmbeddedWalletError(invalid, { request: 'UPDATE_EMAIL' });
    const { action } = await this.call('UPDATE_EMAIL', { email });
    this.k.storage.set(KEYS.lastEmailLoginTime, this.k.env.now());
    return action;
  }

  async updateEmailPrimaryOtp(otp: string): Promise<void> {
    await this.call('UPDATE_EMAIL_PRIMARY_OTP', { otp: otp.trim() });
  }

  async updateEmailSecondaryOtp(otp: string): Promise<string> {
    const { newEmail } = await this.call('UPDATE_EMAIL_SECONDARY_OTP', { otp: otp.trim() });
    this.saveLogin(newEmail, undefined);
    const user = this.state.user;
    if (user) this.setUser({ ...user, email: newEmail });
    this.applyAccountDetails();
    return newEmail;
  }

  async setPreferredAccountType(type: AccountType): Promise<void> {
    try {
      await this.call('SET_PREFERRED_ACCOUNT', { type });
    } catch (err) {
      this.k.snackbar.error((err as Error).message || localText(messages, 'snackSmartAccount'));
      throw err;
    }
    this.k.account.setPreferredAccountType('eip155', type);
    const before = this.state.user?.address;
    const user = await this.fetchUser(toChainNumber(this.state.user?.chainId), true);
    this.applyAccountDetails();
    if (before && user.address.toLowerCase() !== before.toLowerCase()) this.emit('accountsChanged', [user.address]);
  }

  /** Signs out of the frame and forgets the login cache (disconnect, spec section 4). */
  async signOut(): Promise<void> {
    const had = this.state.user !== undefined || this.loginUsed();
    this.clearLoginCache();
    this.setUser(undefined);
    this.client?.abortNotSafe();
    const client = this.client;
    if (!had || !client || client.status === 'failed' || client.status === 'idle') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      client.request('SIGN_OUT', undefined).catch(() => undefined),
      new Promise<void>((r) => (timer = setTimeout(r, SIGN_OUT_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }

  /* ------------------------------------------------------------------ EIP-1193 */

  async request(args: { readonly method: string; readonly params?: unknown }): Promise<unknown> {
    const { method, params } = args;
    switch (method) {
      case 'eth_requestAccounts': {
        const user = this.state.user ?? (await this.restore());
        if (!user) throw new EmbeddedWalletError('Log in with your e-mail or a social account first', { code: CODES.unauthorized });
        return [user.address];
      }
      case 'eth_accounts': {
        const user = this.state.user ?? (await this.restore());
        return user ? [user.address] : [];
      }
      case 'eth_chainId':
        return numberToHex(toChainNumber(this.state.user?.chainId) ?? this.startChainId());
      case 'wallet_switchEthereumChain':
        return this.switchChain(params);
      case 'wallet_addEthereumChain':
        throw new EmbeddedWalletError('The embedded wallet cannot add chains', { code: CODES.unsupported });
      case 'wallet_revokePermissions': {
        // The EVM adapter's disconnect: revoking account access is signing out.
        const first = Array.isArray(params) ? (params[0] as Record<string, unknown> | undefined) : undefined;
        if (first && typeof first === 'object' && 'eth_accounts' in first) {
          await this.signOut();
          return null;
        }
        break;
      }
      default:
        break;
    }
    const safety = rpcSafety(method);
    if (safety === 'notAllowed') return this.notAllowed(method);
    const user = this.state.user;
    if (!user) throw new EmbeddedWalletError('Not logged in', { code: CODES.unauthorized, request: 'RPC_REQUEST' });
    const chainId = toChainNumber(user.chainId);
    const payload: PayloadOf<'RPC_REQUEST'> = {
      method,
      ...(params !== undefined ? { params: serializeParams(params) } : {}),
      ...(chainId ? { chainId } : {}),
      chainNamespace: 'eip155',
    };
    if (safety === 'safe') return this.call('RPC_REQUEST', payload);
    return this.notSafe(payload);
  }

  /** Spec sections 6 and 8: refused; the modal opens, the error is logged; 300 ms later 'Action not allowed' and the open requests are rejected. */
  private notAllowed(method: string): never {
    if (!this.k.modal.state.open) void this.k.modal.open();
    console.error('[latchkey] RPC method not allowed', { method });
    setTimeout(() => {
      this.k.snackbar.error(localText(messages, 'snackNotAllowed'));
      this.client?.abortNotSafe();
    }, NOT_ALLOWED_UI_DELAY_MS);
    throw new EmbeddedWalletError(RPC_METHOD_NOT_ALLOWED_MESSAGE, { code: CODES.unsupported, request: 'RPC_REQUEST' });
  }

  /**
   * A request that needs the user: ApproveTransaction shows the frame's approval surface; the
   * answer closes the modal or pops the transaction stack (spec section 4), and a success
   * refreshes the native balance.
   */
  private async notSafe(payload: PayloadOf<'RPC_REQUEST'>): Promise<unknown> {
    const pending = this.call('RPC_REQUEST', payload);
    this.store.patch((s) => ({ approvals: s.approvals + 1 }));
    this.showApproveTransaction();
    let outcome: 'success' | 'error' = 'error';
    try {
      const result = await pending;
      outcome = 'success';
      void this.k.connection.refreshBalance('eip155', { force: true }).catch(() => undefined);
      return result;
    } finally {
      this.store.patch((s) => ({ approvals: Math.max(0, s.approvals - 1) }));
      this.afterApproval(outcome);
    }
  }

  private showApproveTransaction(): void {
    const { modal, router } = this.k;
    if (!modal.state.open) void modal.open({ view: 'ApproveTransaction' });
    // AppKit leaves an open modal alone when the transaction stack is empty; then the frame's
    // surface would never be seen and the request would wait for ever: it is always shown here.
    else if (router.state.view !== 'ApproveTransaction') router.push('ApproveTransaction');
  }

  private afterApproval(outcome: 'success' | 'error'): void {
    const { modal, router } = this.k;
    if (!modal.state.open || router.state.view !== 'ApproveTransaction') return;
    if (router.transactionStack().length > 0) router.popTransactionStack(outcome);
    else if (this.state.approvals === 0) modal.close();
  }

  /**
   * Spec section 4: on the embedded wallet a switch reconnects the wallet on the target chain
   * (GET_USER with that chain); on failure, a plain switch (SWITCH_NETWORK). A chain the wallet
   * cannot serve fails with 4902, and the adapter reports 'Chain is not supported'.
   */
  private async switchChain(params: unknown): Promise<null> {
    const first = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined;
    const target = toChainNumber(first?.chainId);
    if (!target) throw new EmbeddedWalletError('wallet_switchEthereumChain: Invalid input', { code: -32602 });
    if (!this.state.user) throw new EmbeddedWalletError('Not logged in', { code: CODES.unauthorized });
    try {
      await this.fetchUser(target, true);
    } catch {
      try {
        const { chainId } = await this.call('SWITCH_NETWORK', { chainId: target });
        const user = this.state.user;
        if (user) this.setUser({ ...user, chainId: toChainNumber(chainId) ?? chainId });
      } catch (err) {
        throw new EmbeddedWalletError((err as Error).message || 'Chain is not supported', { code: CODES.unrecognizedChain, cause: err });
      }
    }
    this.emit('chainChanged', numberToHex(target));
    return null;
  }

  /* ------------------------------------------------------------------ approval surface */

  attachApproval(anchor: HTMLElement): () => void {
    return this.overlay.attach(anchor);
  }

  focusApproval(): void {
    this.client?.element?.focus();
  }
}
