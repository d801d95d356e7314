/**
 * `latchkey/signin`: signing in while a wallet connects (docs/account-features.md#sign-in-with-a-wallet-message).
 *
 * A connector that can ask the wallet to sign in as part of connecting (WalletConnect's one-click
 * auth: a CAIP-222 sign-in request inside the session proposal) and the sign-in plugin meet here, so neither
 * imports the other:
 * - the plugin that owns the `siwx` option (the sign-in plugin) binds {@link SignInOnConnect} when
 *   its module loads;
 * - the connector calls {@link findSignInOnConnect} before it pairs: it loads that plugin, asks it
 *   for the message's fields, has the wallet sign them while connecting, and hands back the signed
 *   sessions before the account connects, so the sign-in view is not shown.
 *
 * A token, types and one function that touches nothing at import time: server-safe, and only for
 * plugins' lazily loaded code (not on the kernel's entry, whose size it would grow).
 */
import type { CaipNetworkId } from './types';
import type { PluginManifest, PluginModule } from './plugin/manifest';

/** The sign-in plugin's side of the link, bound when its module loads. */
export const SignInOnConnect = /* @__PURE__ */ Symbol.for('latchkey.SignInOnConnect');

/** What the wallet is asked to sign while it connects: a sign-in message without its account (EIP-4361 fields). */
export interface SignInRequest {
  /** CAIP-2 chain of the message (the active network when it is one of the requested chains). */
  readonly chainId: CaipNetworkId;
  /** RFC 3986 authority asking for the sign-in (host[:port]). */
  readonly domain: string;
  readonly uri: string;
  readonly version: '1';
  /** At least 8 alphanumeric characters. */
  readonly nonce: string;
  readonly statement?: string;
  /** ISO 8601. */
  readonly expirationTime?: string;
  readonly notBefore?: string;
  readonly requestId?: string;
  readonly resources?: readonly string[];
}

/** A sign-in the wallet signed while connecting: the session shape of the sign-in plugin (data, message, signature, cacao). */
export interface SignedInSession {
  readonly data: Omit<SignInRequest, 'chainId'> & {
    /** The account that signed (EIP-55 for eip155). */
    readonly accountAddress: string;
    /** CAIP-2 chain the message names. */
    readonly chainId: CaipNetworkId;
    /** ISO 8601. */
    readonly issuedAt: string;
  };
  /** The exact text the wallet signed. */
  readonly message: string;
  readonly signature: string;
  /** The CAIP-74 object capability the wallet returned. */
  readonly cacao?: unknown;
}

export interface SignInOnConnect {
  /**
   * The fields of a message for `chainId` (the account left empty: the wallet fills it in), or
   * undefined when no sign-in provider is configured or the account need not sign in this way.
   */
  request(chainId: CaipNetworkId): Promise<SignInRequest | undefined>;
  /**
   * Verifies and keeps what the wallet signed while connecting, through the provider's usual path
   * ('Authenticating...' meanwhile). Rejects when one is refused: the visitor is then asked to sign
   * after connecting, as without this link.
   */
  addSessions(sessions: readonly SignedInSession[]): Promise<void>;
}

/** The kernel's plugin registry, as much of it as finding the sign-in plugin needs (PluginHost). */
interface Plugins {
  manifests(): readonly PluginManifest[];
  load(id: string): Promise<PluginModule>;
}

/**
 * The sign-in plugin's side of the link, once that plugin's module has loaded (undefined when it
 * binds none); no promise at all when no registered plugin owns the `siwx` option, so a caller
 * without sign-in goes on at once. `get` reads the kernel's container (undefined when nothing is bound).
 */
export function findSignInOnConnect(plugins: Plugins, get: (token: symbol) => unknown): Promise<SignInOnConnect | undefined> | undefined {
  const owner = plugins.manifests().find((m) => m.options?.keys.includes('siwx'));
  if (!owner) return undefined;
  return plugins.load(owner.id).then(() => get(SignInOnConnect) as SignInOnConnect | undefined);
}
