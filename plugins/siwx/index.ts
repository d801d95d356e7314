/**
 * The sign-in plugin's manifest (`latchkey/plugins/siwx`): sign in with a wallet message
 * (EIP-4361 on EVM, CAIP-122 on Solana and Bitcoin) once an account connects, when a session
 * provider is configured (docs/account-features.md#sign-in-with-a-wallet-message).
 *
 *     createKernel({
 *       options: { projectId, networks, siwx: localSiwx({ statement: 'Sign in to Example' }) },
 *       plugins: [evmPlugin(), siwxPlugin()],
 *     });
 *
 * The plugin owns the `siwx` and `siweConfig` options (the kernel only refuses both at once).
 * At start it only watches the connected account: its module (the flow, verification with
 * viem) loads when an account connects with a provider configured.
 */
import { Account, Network, Options, PluginHost, definePlugin, type CaipNetworkId, type PluginManifest, type ValidationIssue } from 'latchkey';
import type { SiweConfig } from './legacy';
import type { SessionVerifier } from './verify';
import type { BackendSiwxOptions } from './backend';
import type { LocalSiwxOptions } from './local';
import type { SIWX_ATTACH as AttachKey, SignIn as SignInToken, AttachableSiwx, SiwxConfig, SiwxEnvironment } from './types';

// The manifest's own copy of the token in ./types (which the lazily loaded code imports): a module
// shared with lazy chunks is a chunk of its own before the connect button works. Symbol.for
// gives both the same value; plugins/tokens.test.ts checks it.
export const SignIn: typeof SignInToken = Symbol.for('latchkey.siwx.SignIn') as typeof SignInToken;
export type SignIn = SignInToken;
/** The key under which a provider made by this plugin receives its environment. */
export const SIWX_ATTACH: typeof AttachKey = Symbol.for('latchkey.siwx.attach') as typeof AttachKey;
export type { SiwxConfig, SiwxMessage, SiwxMessageData, SiwxSession, SignInState, SignInStatus, SiwxEnvironment } from './types';
export type { SiweConfig, SiweCreateMessageArgs, SiweMessageParams, SiweSession } from './legacy';
export type { LocalSiwxOptions, SiwxMessageOptions } from './local';
export type { BackendSiwxOptions } from './backend';
export type { SessionVerifier } from './verify';

declare module 'latchkey' {
  interface LatchkeyViews {
    /** Sign in with the connected wallet ("Sign", "Cancel"). */
    SIWXSignMessage: undefined;
    /** The same, for the legacy `siweConfig`. */
    ConnectingSiwe: undefined;
  }
}

export const SIWX_PLUGIN_ID = 'siwx';

export interface SiwxPluginConfig {
  /** The session provider (else the `siwx` option). */
  readonly siwx?: SiwxConfig;
  /** The legacy SIWE configuration (else the `siweConfig` option). */
  readonly siweConfig?: SiweConfig;
  /** Signature verifiers by namespace for the providers this plugin makes (e.g. a BIP-322 one for bip122). */
  readonly verifiers?: Readonly<Record<string, SessionVerifier>>;
}

const fn = (o: Record<string, unknown>, k: string) => typeof o[k] === 'function';

/** `siwx` must be a session provider (docs/account-features.md#sign-in-with-a-wallet-message); `siweConfig` a SIWE configuration. */
export function validateSiwxOptions(options: Readonly<Record<string, unknown>>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const check = (key: string, required: readonly string[], optional: readonly string[]) => {
    const v = options[key];
    if (v === undefined) return;
    if (typeof v !== 'object' || v === null) {
      issues.push({ path: key, message: `Expected object, received ${v === null ? 'null' : typeof v}` });
      return;
    }
    const o = v as Record<string, unknown>;
    for (const k of required) if (!fn(o, k)) issues.push({ path: `${key}.${k}`, message: o[k] === undefined ? 'Required' : 'Expected function' });
    for (const k of optional) if (o[k] !== undefined && !fn(o, k)) issues.push({ path: `${key}.${k}`, message: 'Expected function' });
  };
  check('siwx', ['createMessage', 'getSessions', 'addSession', 'setSessions'], ['getRequired', 'revokeSession']);
  check('siweConfig', ['createMessage', 'getNonce', 'getSession', 'verifyMessage', 'signOut'], ['getMessageParams', 'onSignIn', 'onSignOut']);
  return issues;
}

/** The text when both are set (docs/errors.md#kernel-errors); the kernel throws it for its own options. */
export const SIWX_CONFLICT_TEXT = 'Cannot set both `siweConfig` and `siwx` options';

export function siwxPlugin(config: SiwxPluginConfig = {}): PluginManifest {
  // The plugin's own configuration counts as the options it stands for.
  const own: Record<string, unknown> = {};
  if (config.siwx !== undefined) own['siwx'] = config.siwx;
  if (config.siweConfig !== undefined) own['siweConfig'] = config.siweConfig;
  const validate = (options: Readonly<Record<string, unknown>>): ValidationIssue[] => {
    const all = { ...options, ...own };
    const issues = validateSiwxOptions(all);
    if (all['siwx'] !== undefined && all['siweConfig'] !== undefined) issues.unshift({ path: 'siwx', message: SIWX_CONFLICT_TEXT });
    return issues;
  };
  return definePlugin({
    id: SIWX_PLUGIN_ID,
    contributes: {
      views: [
        { id: 'SIWXSignMessage', title: 'Sign in', load: () => import('./views/SIWXSignMessage') },
        { id: 'ConnectingSiwe', title: 'Sign in', load: () => import('./views/ConnectingSiwe') },
      ],
    },
    translations: () => import('./labels'),
    options: { keys: ['siwx', 'siweConfig'], validate },
    onKernelStart(ctx) {
      const options = ctx.get<Options>(Options);
      const enabled = () => {
        const o = options.state as { siwx?: unknown; siweConfig?: unknown };
        return (config.siwx ?? o.siwx ?? config.siweConfig ?? o.siweConfig) !== undefined;
      };
      const account = ctx.get<Account>(Account);
      const network = ctx.get<Network>(Network);
      const host = ctx.get<PluginHost>(PluginHost);
      let last: string | undefined;
      // On every newly connected account (connect, restore, account or chain change): its session, else sign-in.
      const check = () => {
        const ns = network.state.activeNamespace;
        const a = ns ? account.get(ns) : undefined;
        const key = a?.status === 'connected' ? a.caipAddress : undefined;
        if (key === last) return;
        last = key;
        if (!key || !enabled()) return;
        host
          .load(SIWX_PLUGIN_ID)
          .then(() => ctx.get<SignIn>(SignIn).initialize())
          .catch((err: unknown) => console.error('[latchkey] sign-in could not start', err));
      };
      const sub = account.state$.subscribe(check);
      sub.add(network.state$.subscribe(check));
      return () => sub.unsubscribe();
    },
    load: async () => (await import('./module')).siwxModule(config),
  });
}

/**
 * A provider whose code loads on its first call; the plugin hands it its environment
 * (storage, verification, HTTP) when the plugin's module loads.
 */
function lazyProvider(load: () => Promise<AttachableSiwx>, required: boolean, signOutOnDisconnect: boolean): AttachableSiwx {
  let env: SiwxEnvironment | undefined;
  let impl: Promise<AttachableSiwx> | undefined;
  const get = (): Promise<AttachableSiwx> => {
    impl ??= load().then(
      (p) => {
        if (env) p[SIWX_ATTACH](env);
        return p;
      },
      (err: unknown) => {
        impl = undefined;
        throw err;
      },
    );
    return impl;
  };
  return {
    signOutOnDisconnect,
    getRequired: () => required,
    createMessage: (input) => get().then((p) => p.createMessage(input)),
    getSessions: (chainId: CaipNetworkId, address: string) => get().then((p) => p.getSessions(chainId, address)),
    addSession: (session) => get().then((p) => p.addSession(session)),
    setSessions: (sessions) => get().then((p) => p.setSessions(sessions)),
    revokeSession: (chainId: CaipNetworkId, address: string) => get().then((p) => p.revokeSession!(chainId, address)),
    [SIWX_ATTACH](e: SiwxEnvironment) {
      env = e;
      void impl?.then((p) => p[SIWX_ATTACH](e), () => undefined);
    },
  };
}

/**
 * The default session provider: sessions kept in the browser's storage (the kernel's Storage,
 * under this plugin's prefix), verified when added and when read, dropped when expired.
 * `required` defaults to true; sessions last one day unless `expiration` (ms) says otherwise.
 */
export function localSiwx(options: LocalSiwxOptions = {}): SiwxConfig {
  return lazyProvider(async () => new (await import('./local')).LocalSiwx(options), options.required ?? true, options.signOutOnDisconnect ?? true);
}

/** A provider that talks to the host's backend (README.md "Sign-in" gives the protocol); `url` or `urls` name it. */
export function backendSiwx(options: BackendSiwxOptions): SiwxConfig {
  if (!options || (!options.url && !(options.urls?.nonce && options.urls.session && options.urls.sessions))) {
    throw new TypeError('backendSiwx needs `url`, or `urls` with nonce, session and sessions');
  }
  return lazyProvider(async () => new (await import('./backend')).BackendSiwx(options), options.required ?? true, options.signOutOnDisconnect ?? true);
}
