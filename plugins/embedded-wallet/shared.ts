/**
 * What the `email` and `socials` manifests share, in the host's entry bundle: the AUTH connector
 * with its lazy EIP-1193 provider, the option check, and the start hook. Small on purpose; the
 * frame client, the service and the views load behind `import()`.
 */
import {
  ConnectorRegistry,
  Environment,
  PluginHost,
  Storage,
  type Eip1193Provider,
  type PluginContext,
  type ValidationIssue,
} from 'latchkey';
import { EMBEDDED_WALLET_CONNECTOR_ID, EMBEDDED_WALLET_SCOPE, EmbeddedWallet } from './types';

declare module 'latchkey' {
  interface LatchkeyOptions {
    /** The embedded-wallet service (email and socials plugins); its frame page is `${walletServiceUrl}/frame`. */
    readonly walletServiceUrl?: string;
    /** The wallet frame logs its message names to its console (email and socials plugins). Default true. */
    readonly enableAuthLogger?: boolean;
  }
  interface LatchkeyViews {
    EmailLogin: undefined;
    SocialLogin: undefined;
    EmailVerifyOtp: { readonly email: string };
    EmailVerifyDevice: { readonly email: string };
    ConnectingSocial: { readonly provider: string; readonly title?: string };
    ConnectingFarcaster: undefined;
    ApproveTransaction: undefined;
    EmbeddedWalletSettings: undefined;
    UpdateEmailWallet: undefined;
    UpdateEmailOtp: { readonly step: 'primary' | 'secondary'; readonly email: string; readonly newEmail: string };
  }
}

export const OWNED_OPTIONS = ['walletServiceUrl', 'enableAuthLogger'];

/** `walletServiceUrl` an http(s) URL, `enableAuthLogger` a boolean, when given. */
export function validateEmbeddedWalletOptions(o: Readonly<Record<string, unknown>>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const url = o['walletServiceUrl'];
  if (url !== undefined && !(typeof url === 'string' && /^https?:\/\/[^\s/]+/i.test(url))) issues.push({ path: 'walletServiceUrl', message: 'Invalid input' });
  const log = o['enableAuthLogger'];
  if (log !== undefined && typeof log !== 'boolean') issues.push({ path: 'enableAuthLogger', message: `Expected boolean, received ${log === null ? 'null' : typeof log}` });
  return issues;
}

type Listener = (...args: unknown[]) => void;

/**
 * `onKernelStart` of both plugins: the first registers the AUTH connector, whose provider loads
 * the module on its first request; and when the visitor used the embedded wallet before (the
 * stored login flag) or comes back from a social login (`result_uri`), the module loads now,
 * which creates the frame.
 */
export function startEmbeddedWallet(ctx: PluginContext): () => void {
  const registry = ctx.get<ConnectorRegistry>(ConnectorRegistry);
  if (registry.get(EMBEDDED_WALLET_CONNECTOR_ID)) return () => undefined;
  const listeners = new Map<string, Set<Listener>>();
  let wallet: Promise<EmbeddedWallet> | undefined;
  const load = () =>
    (wallet ??= ctx
      .get<PluginHost>(PluginHost)
      .load(ctx.manifest.id)
      .then(
        () => {
          const w = ctx.get<EmbeddedWallet>(EmbeddedWallet);
          w.events$.subscribe((e) => {
            const args = e.type === 'accountsChanged' ? [[...e.accounts]] : e.type === 'chainChanged' ? [e.chainId] : [{ code: 4900, message: 'Signed out of the embedded wallet' }];
            for (const fn of [...(listeners.get(e.type) ?? [])]) fn(...args);
          });
          return w;
        },
        (err: unknown) => {
          wallet = undefined;
          throw err;
        },
      ));
  const provider: Eip1193Provider & { on(e: string, l: Listener): unknown; removeListener(e: string, l: Listener): unknown } = {
    request: async (args) => (await load()).request(args),
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
  };
  registry.add({ id: EMBEDDED_WALLET_CONNECTOR_ID, name: 'Embedded Wallet', type: 'AUTH', chain: 'eip155', provider });
  const used = ctx.get<Storage>(Storage).scope(EMBEDDED_WALLET_SCOPE).get('loginUsed') === true;
  if (used || /[?&]result_uri=/.test(ctx.get<Environment>(Environment).window?.location?.search ?? '')) {
    load().catch((err: unknown) => console.error('[latchkey] the embedded wallet failed to load', err));
  }
  return () => registry.remove(EMBEDDED_WALLET_CONNECTOR_ID);
}
