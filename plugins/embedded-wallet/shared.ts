/**
 * What the `email` and `socials` manifests share, in the host's entry bundle: the AUTH connector
 * with its lazy EIP-1193 provider, the option check, the start hook, the module loader. Small on
 * purpose (the budget is 1 KiB gzip for both plugins); the frame client, the service and the views
 * load behind `import()`.
 */
import {
  ConnectorRegistry,
  PluginHost,
  Storage,
  type Eip1193Provider,
  type PluginContext,
  type PluginContributions,
  type PluginManifest,
  type ValidationIssue,
  type ViewContribution,
} from 'latchkey';
import { EMBEDDED_WALLET_CONNECTOR_ID, EmbeddedWallet as WalletToken } from './di';
import type { EmbeddedWallet as Service, EmbeddedWalletConfig } from './types';

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

// The token (declared once, in ./di: the build keeps it in the entry's core chunk) and the
// service's interface, under one name; the connector's id. No value comes from ./types, which
// only lazy code loads.
export { EMBEDDED_WALLET_CONNECTOR_ID, WalletToken as EmbeddedWallet };
export type EmbeddedWallet = Service;

/**
 * View contributions of `titles`' ids ('' : the default title), all from the views module: one
 * chunk, loaded when the UI first shows one of them. ApproveTransaction is everyone's.
 */
export function views(titles: Readonly<Record<string, string>>): ViewContribution[] {
  const all: Readonly<Record<string, string>> = { ...titles, ApproveTransaction: 'Approve Transaction' };
  return Object.keys(all).map((id) => ({
    id,
    title: all[id] || undefined,
    load: () => import('./views/index').then((m: Record<string, unknown>) => ({ default: m[id] })),
  }));
}

const OPTION_KEYS = ['walletServiceUrl', 'enableAuthLogger'];

/** The options the plugins own: `walletServiceUrl` an http(s) URL, `enableAuthLogger` a boolean, when given. */
function validateOptions({ walletServiceUrl: url, enableAuthLogger: log }: Readonly<Record<string, unknown>>): ValidationIssue[] {
  return [
    ...(url === undefined || (typeof url === 'string' && /^https?:\/\/[^\s/]/i.test(url)) ? [] : [{ path: OPTION_KEYS[0]!, message: 'Invalid input' }]),
    ...(log === undefined || typeof log === 'boolean' ? [] : [{ path: OPTION_KEYS[1]!, message: `Expected boolean, received ${log === null ? 'null' : typeof log}` }]),
  ];
}

type Listener = (...args: unknown[]) => void;

/**
 * `onKernelStart` of both plugins: the first registers the AUTH connector, whose provider loads
 * the module on its first request; and when the visitor used the embedded wallet before (the
 * stored login flag) or is coming back from a social login by redirect, the module loads now,
 * which creates the frame (or completes the login).
 */
function start(ctx: PluginContext): () => void {
  const registry = ctx.get<ConnectorRegistry>(ConnectorRegistry);
  if (registry.get(EMBEDDED_WALLET_CONNECTOR_ID)) return () => undefined;
  const listeners: [string, Listener][] = [];
  let wallet: Promise<Service> | undefined;
  const load = () =>
    (wallet ??= ctx
      .get<PluginHost>(PluginHost)
      .load(ctx.manifest.id)
      .then(
        () => {
          const w = ctx.get<Service>(WalletToken);
          w.setEmitter((event, ...args) => {
            for (const [e, fn] of [...listeners]) if (e === event) fn(...args);
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
      listeners.push([event, listener]);
      return provider;
    },
    removeListener(event, listener) {
      // -1 (not found) >>> 0 is past the end: nothing is removed
      listeners.splice(listeners.findIndex(([e, fn]) => e === event && fn === listener) >>> 0, 1);
      return provider;
    },
  };
  registry.add({ id: EMBEDDED_WALLET_CONNECTOR_ID, name: 'Embedded Wallet', type: 'AUTH', chain: 'eip155', provider });
  // The login flag, or a social login that left by redirect (it completes on return, from
  // `result_uri`). A failed load is recorded by the plugin host; the next use tries again.
  const stored = ctx.get<Storage>(Storage).scope('embedded-wallet');
  if (stored.get('loginUsed') || stored.get('pendingSocial')) load().catch(() => undefined);
  return () => registry.remove(EMBEDDED_WALLET_CONNECTOR_ID);
}

/** A manifest of the embedded wallet: `email` or `socials`, with what it contributes; the rest is shared. */
export function embeddedWalletPlugin(id: string, config: EmbeddedWalletConfig, contributes: PluginContributions): PluginManifest {
  return {
    id,
    contributes,
    options: { keys: OPTION_KEYS, validate: validateOptions },
    onKernelStart: start,
    translations: () => import('./labels'),
    load: async () => (await import('./module')).embeddedWalletModule(config),
  };
}
