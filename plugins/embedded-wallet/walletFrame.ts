/**
 * The wallet frame as the service uses it: the frame client, created on first use with its
 * callbacks (status into the state, the app's data and theme sent once the frame is initialised,
 * the session token, the 'Invalid App Configuration' alert when social loading times out), and
 * requests through it, whose allowlist and project-id errors raise their alert.
 */
import { localText, type Store } from 'latchkey';
import { FrameClient, type FrameStatus } from './frame/FrameClient';
import type { PayloadOf, RequestName, ResultOf } from 'latchkey/plugins/embedded-wallet/protocol';
import { FrameLoadError } from './errors';
import type { EmbeddedWalletDeps } from './deps';
import type { LoginCache } from './loginCache';
import { messages } from './messages';
import { toChainNumber } from './requestParams';
import type { EmbeddedWalletState } from './types';

/** The alert shown when social loading times out (docs/errors.md#alerts: 'Invalid App Configuration'). */
const SOCIALS_TIMEOUT_ALERT = {
  key: 'EMBEDDED_WALLET_SOCIALS_TIMEOUT',
  shortMessage: messages.en.alertInvalidConfig,
  longMessage: messages.en.alertSocialsTimeout,
  variant: 'error',
  text: { short: localText(messages, 'alertInvalidConfig'), long: localText(messages, 'alertSocialsTimeout') },
} as const;

export class WalletFrame {
  /** The frame client, once created (until `dispose`). */
  client: FrameClient | undefined;
  /** The session token the frame last handed over (IS_CONNECTED sends it back). */
  sessionToken: string | undefined;

  constructor(
    private readonly k: EmbeddedWalletDeps,
    private readonly serviceUrl: string,
    private readonly store: Store<EmbeddedWalletState>,
    private readonly cache: LoginCache,
    /** Runs before every use of the frame (the service subscribes to the kernel's events). */
    private readonly beforeUse: () => void,
  ) {}

  /** Starts loading the frame now; a failure shows in the state. */
  prepare(): void {
    try {
      this.get()
        .ready()
        .catch(() => undefined); // the state says 'failed'; views show it
    } catch {
      /* no window: a server */
    }
  }

  dispose(): void {
    this.client?.dispose();
    this.client = undefined;
  }

  get(): FrameClient {
    this.beforeUse();
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
      onInit: () => this.sync(),
      onSession: (token) => {
        this.sessionToken = token;
      },
      onTimeout: (name) => {
        // docs/errors.md#alerts: 'Invalid App Configuration' when social loading times out.
        if (name === 'GET_SOCIAL_REDIRECT_URI' || name === 'CONNECT_SOCIAL') this.k.alerts.show(SOCIALS_TIMEOUT_ALERT);
      },
    });
    return this.client;
  }

  /** A request to the frame; the allowlist and project-id errors raise their alert ('Invalid App Configuration'). */
  async call<K extends RequestName>(name: K, payload: PayloadOf<K>): Promise<ResultOf<K>> {
    try {
      return await this.get().request(name, payload);
    } catch (err) {
      this.k.alerts.showProviderError(err);
      throw err;
    }
  }

  /** The theme changed: SYNC_THEME, when the frame is up. */
  syncTheme(): void {
    if (this.client?.status === 'ready') void this.call('SYNC_THEME', this.themePayload()).catch(() => undefined);
  }

  /** The chain the frame starts on: the app's active EVM network, else the last one used, else 1. */
  startChainId(): number {
    return toChainNumber(this.k.network.state.namespaces.eip155.caipNetwork?.id) ?? this.cache.lastChain() ?? 1;
  }

  private sync(): void {
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

  /**
   * The modal's theme as the frame's approval card takes it (AppKit's `--w3m-*` names): the mode,
   * and the accent, font, master radius and colour mix in effect (the defaults included, so the
   * card matches the modal). The frame checks each value and ignores a bad one.
   */
  private themePayload(): PayloadOf<'SYNC_THEME'> {
    const v = this.k.theme.cssVariables();
    const strength = Number.parseFloat(v['--lk-color-mix-strength'] ?? '0');
    const vars: Record<string, string | number> = {};
    const put = (name: string, value: string | undefined) => {
      if (value && value.length <= 256) vars[name] = value;
    };
    put('--w3m-accent', v['--lk-accent']);
    put('--w3m-font-family', v['--lk-font-family']);
    put('--w3m-border-radius-master', v['--lk-border-radius-master']);
    put('--w3m-color-mix', v['--lk-color-mix']);
    if (Number.isFinite(strength)) vars['--w3m-color-mix-strength'] = strength;
    return { themeMode: this.k.theme.state.themeMode, themeVariables: vars };
  }

  private zIndex(): number {
    const z = Number(this.k.theme.cssVariables()['--lk-z-index']);
    return (Number.isSafeInteger(z) ? z : 999) + 1;
  }
}
