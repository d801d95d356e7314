/**
 * The sign-in plugin's contract: the session provider interface of docs/account-features.md#sign-in-with-a-wallet-message (create a
 * message, get, add and set sessions), the message and session shapes, and the
 * SignIn service token. Types only; the tokens are declared in ./di.
 */
import type { CaipNetworkId, Observed } from 'latchkey';
import type { SignInRequest } from 'latchkey/signin';
import { SIWX_ATTACH } from './di';

/** What a sign-in message says (EIP-4361 for eip155, CAIP-122 for other namespaces): the request a wallet is asked to sign (latchkey/signin), with its account and the time it was issued. */
export interface SiwxMessageData extends SignInRequest {
  /** The account, as the wallet gives it (EIP-55 checksummed for eip155). */
  readonly accountAddress: string;
  /** ISO 8601. */
  readonly issuedAt: string;
}

/** A message ready to sign: its data and its text (`toString()`). */
export interface SiwxMessage extends SiwxMessageData {
  toString(): string;
}

/** A sign-in session (docs/account-features.md#sign-in-with-a-wallet-message): data, message, signature, cacao. */
export interface SiwxSession {
  readonly data: SiwxMessageData;
  /** The exact text that was signed. */
  readonly message: string;
  readonly signature: string;
  /** A CAIP-74 object capability, when the session came from a one-click auth. */
  readonly cacao?: unknown;
}

/**
 * The session provider (docs/account-features.md#sign-in-with-a-wallet-message): what a host gives as the `siwx` option. The
 * plugin asks it for the sessions of the connected account; with none, it opens
 * SIWXSignMessage, has the wallet sign `createMessage`'s text and hands the result to
 * `addSession`.
 */
export interface SiwxConfig {
  createMessage(input: { readonly chainId: CaipNetworkId; readonly accountAddress: string }): Promise<SiwxMessage>;
  /** Valid sessions of `address` on `chainId` (empty when none). */
  getSessions(chainId: CaipNetworkId, address: string): Promise<readonly SiwxSession[]>;
  /** Verifies and keeps a session; throws when it is not valid. */
  addSession(session: SiwxSession): Promise<void>;
  /** Replaces every session (an empty list signs out). */
  setSessions(sessions: readonly SiwxSession[]): Promise<void>;
  /** Forgets the sessions of `address` on `chainId`. */
  revokeSession?(chainId: CaipNetworkId, address: string): Promise<void>;
  /** True when the visitor must sign in to stay connected (cancel disconnects; the modal cannot be closed). */
  getRequired?(): boolean;
  /** Forget the sessions of an account when it disconnects (default true). */
  readonly signOutOnDisconnect?: boolean;
}

export type SignInStatus = 'idle' | 'checking' | 'required' | 'signing' | 'signed' | 'declined';

export interface SignInState {
  /** The provider in use: `siwx`, the legacy `siweConfig` mapped to it, or none. */
  readonly enabled: boolean;
  readonly legacy: boolean;
  readonly status: SignInStatus;
  /** The session of the connected account, once known. */
  readonly session: SiwxSession | undefined;
}

// The token, declared in ./di (in the entry's core chunk); the interface below shares its name.
export { SignIn } from './di';
/** The sign-in flow (docs/account-features.md#sign-in-with-a-wallet-message), bound when the plugin's module loads. */
export interface SignIn extends Observed<SignInState> {
  /** The configured provider (undefined: sign-in is off). */
  provider(): SiwxConfig | undefined;
  /** True when the visitor must sign in (`getRequired()`). */
  required(): boolean;
  /** On connect: the stored session of the account, else SIWXSignMessage (ConnectingSiwe for `siweConfig`). */
  initialize(): Promise<void>;
  /** Signs in: message, wallet signature, `addSession`, close. A decline says 'Signature declined' and reopens the view. Throws 'SIWX is not enabled' without a provider. */
  requestSignMessage(): Promise<void>;
  /** Cancel: disconnects when sign-in is required, else closes. */
  cancel(): Promise<void>;
  /** Sessions of the connected account. */
  getSessions(): Promise<readonly SiwxSession[]>;
  /** True while the modal may not close: sign-in required, its view shown, no session. */
  closeBlocked(): boolean;
}

/** What the plugin hands a provider it made (`localSiwx`, `backendSiwx`) when its module loads. */
export interface SiwxEnvironment {
  /** Storage under the plugin's own prefix. */
  readonly storage: {
    get<T = unknown>(key: string, guard?: (value: unknown) => value is T): T | undefined;
    set(key: string, value: unknown): void;
    remove(key: string): void;
  };
  /** Verifies a session's signature over its message (EOA, ERC-1271 / ERC-6492 through the chain, ed25519). */
  verify(session: SiwxSession): Promise<boolean>;
  /** JSON over HTTP (the kernel's HttpClient). */
  readonly http: {
    get<T = unknown>(req: { path: string; params?: Record<string, string>; headers?: Record<string, string> }): Promise<T>;
    post<T = unknown>(req: { path: string; body?: unknown; headers?: Record<string, string> }): Promise<T>;
    put<T = unknown>(req: { path: string; body?: unknown; headers?: Record<string, string> }): Promise<T>;
    delete<T = unknown>(req: { path: string; params?: Record<string, string>; headers?: Record<string, string> }): Promise<T>;
  };
  /** The page's host and origin (the message's domain and uri by default). */
  readonly location: { readonly host: string; readonly origin: string } | undefined;
  readonly now: () => number;
}

/** The key under which a provider made by this plugin receives its environment. */
export { SIWX_ATTACH };
export interface AttachableSiwx extends SiwxConfig {
  [SIWX_ATTACH](env: SiwxEnvironment): void;
}
