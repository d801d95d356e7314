/**
 * The social login (docs/embedded-wallet.md#social-login): the provider's page in the popup the click opened, or a
 * full redirect (popup blocked, a Telegram mini-app) completed when the page comes back with
 * `result_uri`; then CONNECT_SOCIAL and the kernel connect. And Farcaster: its link, then long
 * polls until the approval comes.
 */
import { localText, type Store } from 'latchkey';
import { EmbeddedWalletError } from './errors';
import type { EmbeddedWalletDeps } from './deps';
import type { LoginCache } from './loginCache';
import { messages } from './messages';
import { toChainNumber } from './requestParams';
import { providerTitle } from './social';
import { waitForPopup, type PopupWait } from './socialPopup';
import { EMBEDDED_WALLET_CONNECTOR_ID, type EmbeddedWalletState, type SocialLoginProvider } from './types';
import type { UserSession } from './user';
import type { WalletFrame } from './walletFrame';

/** A full-redirect social login is completed on return only within this time. */
const SOCIAL_REDIRECT_TTL_MS = 10 * 60_000;
/** Between two long polls (Farcaster), should the frame answer 'not approved yet' at once. */
const POLL_RETRY_MS = 1000;

export class SocialLogin {
  private wait: PopupWait | undefined;

  constructor(
    private readonly k: EmbeddedWalletDeps,
    private readonly store: Store<EmbeddedWalletState>,
    private readonly frame: WalletFrame,
    private readonly cache: LoginCache,
    private readonly user: UserSession,
  ) {}

  async socialLogin(provider: Exclude<SocialLoginProvider, 'farcaster'>, popup: Window | null): Promise<void> {
    const win = this.k.env.window;
    this.store.patch({ social: { provider, phase: 'starting' } });
    try {
      let uri: string;
      try {
        ({ uri } = await this.frame.call('GET_SOCIAL_REDIRECT_URI', { provider }));
        if (!/^https?:\/\//i.test(uri)) throw new EmbeddedWalletError('The wallet frame sent an invalid login address', { request: 'GET_SOCIAL_REDIRECT_URI' });
      } catch (err) {
        popup?.close();
        throw err;
      }
      // Telegram mini-apps cannot use popups; nor can a page whose popup was blocked: a full redirect, completed on return.
      if (!win || !popup || popup.closed || this.k.env.isTelegram()) {
        popup?.close();
        this.cache.leaveForSocial(provider);
        win?.location.assign(uri);
        return;
      }
      popup.location.href = uri;
      this.store.patch({ social: { provider, phase: 'popup' } });
      this.wait?.cancel();
      const wait = (this.wait = waitForPopup(popup, win.location.origin));
      const result = await wait.result.finally(() => {
        if (this.wait === wait) this.wait = undefined;
      });
      await this.complete(result, provider);
    } catch (err) {
      this.store.patch({ social: { provider, phase: 'failed', error: (err as Error).message || 'Unknown error' } });
      throw err;
    }
  }

  /** Stops waiting for the popup (closing it). */
  cancel(): void {
    this.wait?.cancel();
  }

  /**
   * Back from a full-redirect social login (popups blocked, or a Telegram mini-app): `result_uri`
   * is read, removed from the address bar and used to complete the login (docs/embedded-wallet.md#social-login). Only a
   * login this page started (its marker, stored before it left) is completed, and never in a popup
   * (its opener completes it). True when a login is being completed.
   */
  resumeRedirect(): boolean {
    const win = this.k.env.window;
    if (!win) return false;
    let url: URL;
    try {
      url = new URL(win.location.href);
    } catch {
      return false;
    }
    const result = url.searchParams.get('result_uri');
    const pending = this.cache.takePendingSocial();
    if (!pending) return false;
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
    void this.complete(result, provider).catch((err: unknown) => console.warn('[latchkey] social login failed', err));
    return true;
  }

  async farcasterUri(): Promise<string> {
    const { url } = await this.frame.call('GET_FARCASTER_URI', undefined);
    if (!/^https?:\/\//i.test(url)) throw new EmbeddedWalletError('The wallet frame sent an invalid Farcaster link', { request: 'GET_FARCASTER_URI' });
    // the account state keeps the link (`farcasterUrl`) for the namespace being connected
    this.k.account.patch(this.k.network.state.activeNamespace ?? 'eip155', { farcasterUrl: url });
    return url;
  }

  async connectFarcaster(signal?: AbortSignal): Promise<void> {
    for (;;) {
      try {
        const { userName } = await this.frame.call('CONNECT_FARCASTER', undefined);
        if (signal?.aborted) return;
        await this.user.finishLogin({ socialProvider: 'farcaster', userName });
        return;
      } catch (err) {
        // The frame long-polls ≤ 25 s and then says 'Not approved yet': ask again while the view waits.
        if (signal?.aborted) return;
        if (!/not approved yet/i.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, POLL_RETRY_MS));
      }
    }
  }

  /**
   * CONNECT_SOCIAL with the provider's result, then the kernel connect. While it works:
   * 'Authenticating...'; on failure (docs/embedded-wallet.md#social-login): 'A problem occurred while trying initialize
   * authentication', the embedded wallet disconnects and the modal returns to Connect.
   */
  private async complete(uri: string, provider: string): Promise<void> {
    const { snackbar } = this.k;
    this.store.patch({ social: { provider, phase: 'authenticating' } });
    snackbar.loading(localText(messages, 'snackAuthenticating'));
    try {
      const chainId = toChainNumber(this.k.network.state.namespaces.eip155.caipNetwork?.id);
      const raw = await this.frame.call('CONNECT_SOCIAL', { uri, ...(chainId ? { chainId } : {}), preferredAccountType: this.user.preferredAccountType() });
      const user = this.user.fromFrame(raw);
      this.user.set(user);
      this.cache.save(user.email, user.userName);
      this.k.kernelStorage.setSocialProvider(provider);
      await this.user.connectAuth();
      snackbar.hide();
      this.store.patch({ social: undefined });
    } catch (err) {
      this.store.patch({ social: { provider, phase: 'failed', error: (err as Error).message || 'Unknown error' } });
      snackbar.error(localText(messages, 'snackAuthProblem'));
      const ns = this.k.account.get('eip155');
      if (ns.connectorId === EMBEDDED_WALLET_CONNECTOR_ID && ns.status !== 'disconnected') await this.k.connection.disconnect('eip155').catch(() => undefined);
      else await this.user.signOut();
      this.k.router.reset('Connect');
      throw err;
    }
  }
}
