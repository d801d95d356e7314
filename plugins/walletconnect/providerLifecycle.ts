/**
 * The universal provider's lifecycle: created once, on first need (the host's own when
 * `options.universalProvider` is set), with the dapp's metadata, our logger and storage prefix,
 * and Verify answered at once where it cannot attest anything ({@link shouldSkipVerify}). A
 * failure to create it is shown (alert, error state) only when a caller that reports failures
 * waits for it, not when only a prewarm does; a failed creation is tried again by the next caller.
 */
import type { Alerts, Events, Options, Store } from 'latchkey';
import { UniversalProviderInitError } from './errors';
import { walletConnectLogger } from './logger';
import type { UniversalProviderInit, UniversalProviderLike, WalletConnectPluginConfig, WalletConnectState } from './types';

const DEFAULT_STORAGE_PREFIX = 'latchkey';

/**
 * WalletConnect Verify makes the dapp's client open a hidden frame on the hosted
 * Verify service for every session proposal and request and wait for it, up to
 * 5 s (core 2.25, `verify.register`). There is no option to turn it off, and its
 * result when the service is unreachable is an empty attestation — which the
 * wallet treats as "unknown origin". So where the service cannot attest anything
 * anyway (a relay on loopback or a private network), we return that empty
 * attestation at once instead of waiting: same outcome, no 5 s stall.
 * `config.verify` forces it on or off.
 */
export function shouldSkipVerify(relayUrl: string | undefined, verify: boolean | undefined): boolean {
  if (verify !== undefined) return !verify;
  if (!relayUrl) return false;
  let host: string;
  try {
    host = new URL(relayUrl).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}

export interface ProviderLifecycleDeps {
  readonly options: Options;
  readonly config: WalletConnectPluginConfig;
  readonly alerts: Alerts;
  readonly events: Events;
  /** The session's state: 'initializing' while the provider starts, 'error' when it failed to. */
  readonly store: Store<WalletConnectState>;
  readonly init: UniversalProviderInit;
  /** The provider is up, before anybody gets it (`own`: started here, not the host's): its listeners go on. */
  started(provider: UniversalProviderLike, own: boolean): void;
}

export class ProviderLifecycle {
  private providerPromise: Promise<UniversalProviderLike> | undefined;
  /** The provider once started (for synchronous checks). */
  private started: UniversalProviderLike | undefined;
  /** A caller that reports failures (not a prewarm) waits for the provider being created. */
  private reportInitFailure = false;

  constructor(private readonly deps: ProviderLifecycleDeps) {}

  /** The provider once started; undefined before. */
  get current(): UniversalProviderLike | undefined {
    return this.started;
  }

  /** The provider being created or created (undefined: nobody asked yet, or the last try failed). */
  get pending(): Promise<UniversalProviderLike> | undefined {
    return this.providerPromise;
  }

  private get relayUrl(): string | undefined {
    return this.deps.config.relayUrl ?? this.deps.options.state.relayUrl;
  }

  /** The provider, created once; `report`: a failure to create it is shown (alert, error state) to whoever waits. */
  ensure(report: boolean): Promise<UniversalProviderLike> {
    if (!this.providerPromise) this.reportInitFailure = report;
    else this.reportInitFailure ||= report;
    this.providerPromise ??= this.create().catch((err) => {
      this.providerPromise = undefined;
      throw err;
    });
    return this.providerPromise;
  }

  private async create(): Promise<UniversalProviderLike> {
    const { options, config, store } = this.deps;
    const opts = options.state;
    const host = opts.universalProvider as UniversalProviderLike | undefined;
    let provider: UniversalProviderLike;
    if (host) {
      provider = host;
    } else {
      store.patch({ status: 'initializing' });
      const relayUrl = this.relayUrl;
      try {
        provider = await this.deps.init({
          projectId: opts.projectId,
          ...(relayUrl ? { relayUrl } : {}),
          metadata: {
            name: opts.metadata.name,
            description: opts.metadata.description,
            url: opts.metadata.url,
            icons: [...opts.metadata.icons],
          },
          telemetryEnabled: false,
          // WalletConnect's own log at 'error', without the visitor's rejections: a normal
          // approval or a "no" in the wallet logs nothing.
          logger: walletConnectLogger('error'),
          customStoragePrefix: config.customStoragePrefix ?? DEFAULT_STORAGE_PREFIX,
        });
      } catch (cause) {
        const error = new UniversalProviderInitError({ cause });
        if (!this.reportInitFailure) {
          // Only a prewarm waited: nobody asked for WalletConnect yet; its own connect will try again.
          store.patch({ status: 'idle' });
          throw error;
        }
        this.deps.events.track({ type: 'error', event: 'INTERNAL_SDK_ERROR', properties: { errorType: 'UniversalProviderInitError' } });
        console.error('[latchkey] WalletConnect: the universal provider failed to start', cause);
        this.deps.alerts.showProviderError(cause);
        store.patch({ status: 'error', wcError: true, error, buffering: false });
        throw error;
      }
      if (shouldSkipVerify(relayUrl, config.verify)) {
        const verify = provider.client?.core?.verify;
        if (verify && typeof verify.register === 'function') verify.register = async () => '';
      }
    }
    this.deps.started(provider, provider !== host);
    this.started = provider;
    if (provider.session) store.patch({ status: 'connected' });
    else if (store.state.status === 'initializing') store.patch({ status: 'idle' });
    return provider;
  }
}
