/**
 * Contracts of the WalletConnect plugin, shared by the manifest (index.ts), the
 * lazily loaded module and its views. Type-only apart from the tokens: nothing
 * here imports WalletConnect code.
 */
import type { Observable } from 'rxjs';
import type { Observed } from 'latchkey';
import type { SignInOnConnect } from 'latchkey/signin';
import type { Cacao } from './oneClickAuth';

/** The session service, bound when the plugin's module loads. */
export const WalletConnectSession = Symbol.for('latchkey.walletconnect.WalletConnectSession');
/** `(opts) => UniversalProvider.init(opts)`; bound by the module, replaced in tests. */
export const UniversalProviderInit = Symbol.for('latchkey.walletconnect.UniversalProviderInit');
/** The plugin's own configuration ({@link WalletConnectPluginConfig}), bound by the manifest. */
export const WalletConnectConfig = Symbol.for('latchkey.walletconnect.WalletConnectConfig');
/** The sign-in plugin's side of one-click auth (latchkey/signin's findSignInOnConnect: no promise without a sign-in plugin), bound by the module. */
export const PairingSignIn = Symbol.for('latchkey.walletconnect.PairingSignIn');
export type PairingSignIn = () => Promise<SignInOnConnect | undefined> | undefined;

export interface WalletConnectPluginConfig {
  /** Relay URL; default: the kernel option `relayUrl`, else the hosted relay. */
  readonly relayUrl?: string;
  /**
   * When the pairing link is prepared in the background, so the QR code paints at once:
   * - 'open' (default): when the modal opens on the Connect view on a desktop, and on intent
   *   (pointer over or focus on the WalletConnect entry) on any device;
   * - 'intent': on intent only; a visitor who picks another wallet never loads WalletConnect
   *   (about 2.4 MiB of heap and a relay socket fewer while the modal is open);
   * - false: only when the visitor chooses WalletConnect.
   */
  readonly prewarm?: 'open' | 'intent' | false;
  /**
   * WalletConnect Verify attests the dapp's origin through a hosted service. With no internet it
   * costs a 5 s timeout on every proposal and request in a browser. Default: off when the relay is
   * on this machine or a private network (nothing there can be attested), on otherwise.
   */
  readonly verify?: boolean;
  /** Storage prefix of the WalletConnect client (keeps two clients in one page apart). Default 'latchkey'. */
  readonly customStoragePrefix?: string;
  /**
   * While the relay cannot be reached, a request to the wallet waits this long for it to come
   * back, then fails with RelayConnectionLostError. Default 15 000 ms.
   */
  readonly lostConnectionTimeoutMs?: number;
}

/** The subset of @walletconnect/universal-provider this plugin uses. */
export interface UniversalProviderLike {
  session?:
    | {
        readonly topic: string;
        readonly namespaces: Record<string, { readonly accounts: readonly string[]; readonly chains?: readonly string[]; readonly methods: readonly string[] }>;
        /** The wallet's own description of itself (wallet-controlled input). */
        readonly peer?: { readonly metadata?: { readonly name?: unknown; readonly icons?: unknown } };
        /** One-click auth: the cacaos the wallet signed while approving (wallet-controlled input). */
        readonly authentication?: unknown;
      }
    | undefined;
  /**
   * Pairs (publishes a link on `display_uri`) and resolves once the wallet settles a session. With
   * `authentication` (one-click auth, CAIP-222 inside the proposal) the settled session carries the
   * cacaos the wallet signed (`session.authentication`), or none when it did not know the request.
   */
  connect(opts: Record<string, unknown>): Promise<unknown>;
  disconnect(): Promise<void>;
  request<T = unknown>(args: { method: string; params?: unknown }, chain?: string): Promise<T>;
  setDefaultChain(chain: string, rpcUrl?: string): void;
  on(event: string, listener: (...args: any[]) => void): void;
  removeListener(event: string, listener: (...args: any[]) => void): void;
  /** Unsubscribes (`deletePairings`: expires) the pairings no session came from. */
  cleanupPendingPairings?(opts?: { deletePairings?: boolean }): Promise<void>;
  /** The sign client: `client.request` sends a request to the wallet as is; `client.core.verify` is Verify. */
  client?: {
    request?(params: { topic: string; chainId: string; request: { method: string; params?: unknown } }): Promise<unknown>;
    /** The SIWE / CAIP-122 text of a cacao's payload for its issuer: what the wallet signed. */
    formatAuthMessage?(params: { request: Cacao['p']; iss: string }): string;
    core?: {
      verify?: { register?: (...args: any[]) => Promise<string | undefined> };
      /** The relay socket: 'relayer_connect' / 'relayer_disconnect' events, `connected`. */
      relayer?: { readonly connected?: boolean; on?(event: string, listener: (...args: any[]) => void): void };
    };
  };
}

export type UniversalProviderInit = (opts: Record<string, unknown>) => Promise<UniversalProviderLike>;

type WalletConnectStatus = 'idle' | 'initializing' | 'pairing' | 'connected' | 'error';

/** The pairing's state (docs/connection.md#walletconnect-pairing). */
export interface WalletConnectState {
  /** The current pairing link (`wc:…`), once generated. */
  readonly wcUri: string | undefined;
  /** When the link expires (ms since epoch; it counts as expired 10 s before). */
  readonly wcPairingExpiry: number | undefined;
  /** The wallet whose deep link was opened last (mobile). */
  readonly wcLinking: { readonly name: string; readonly href: string } | undefined;
  /** The wallet the visitor picked for this pairing, remembered as a recent wallet on success. */
  readonly recentWallet: { readonly id: string; readonly name: string } | undefined;
  /** True when the last pairing failed; `error` has the reason. */
  readonly wcError: boolean;
  readonly error: Error | undefined;
  /** True while a pairing link is being generated (the QR shows a loading state). */
  readonly buffering: boolean;
  readonly status: WalletConnectStatus;
  /**
   * True while a session exists and the relay cannot be reached: the wallet cannot hear us.
   * Requests then wait at most `lostConnectionTimeoutMs` (or until `cancelRequests()`); the
   * flag clears when the relay is back. The accounts of the session's namespaces carry it too
   * (`AccountState.connectionLost`).
   */
  readonly connectionLost: boolean;
}

/**
 * Session events with their namespace, for the universal adapter (every namespace):
 * accounts as plain addresses, chains as CAIP-2 ids. `disconnect` comes from the
 * wallet (session deleted) or from this dapp ending the session ('dapp', delivered
 * on the next task, after the disconnect that caused it has finished).
 */
export type NamespaceEvent =
  | { readonly type: 'accountsChanged'; readonly namespace: string; readonly chainId: string | undefined; readonly accounts: readonly string[] }
  | { readonly type: 'chainChanged'; readonly namespace: string; readonly chainId: string }
  | { readonly type: 'disconnect'; readonly origin: 'wallet' | 'dapp'; readonly reason?: unknown }
  /** The wallet updated the session's namespaces (chains, methods, accounts): read them from the provider's session. */
  | { readonly type: 'namespacesUpdated' };

/** What the EIP-1193 facade and the views see of a wallet session's events. */
export type SessionEvent =
  | { readonly type: 'accountsChanged'; readonly accounts: readonly string[] }
  | { readonly type: 'chainChanged'; readonly chainId: string }
  | { readonly type: 'disconnect'; readonly reason?: unknown };

export interface WalletConnectSession extends Observed<WalletConnectState> {
  /** The universal provider, initialised once (the host's own when options.universalProvider is set). */
  provider(): Promise<UniversalProviderLike>;
  /**
   * Ensures a pairing link (a fresh one, or the unexpired one in Telegram / iOS Safari) and waits
   * until the wallet approves. Resolves with the session's CAIP-10 accounts.
   */
  connect(options?: { readonly signal?: AbortSignal }): Promise<readonly string[]>;
  /**
   * Prepares a pairing before anybody asks (the modal is open; see ./prewarm): the provider starts
   * and a link is published, which the next connect adopts. Quiet (a failure is nobody's business
   * yet) and a no-op with manualWCControl, WalletConnect disabled, the modal closed, a session, or a
   * pairing under way. Dropped when the modal closes unused. `idle` resolves in the browser's next
   * idle moment: the provider's start and the pairing then run as two tasks.
   */
  prewarm(idle?: () => Promise<void>): Promise<void>;
  /** Replaces an expired link with a fresh one while a connect is waiting. */
  refreshPairing(): Promise<void>;
  /**
   * Stops waiting for the current pairing (the modal closed, another wallet was chosen): every
   * waiting connect rejects (UserRejectedRequestError unless `reason` says otherwise).
   */
  cancel(reason?: Error): void;
  /** Ends the wait of every request sent to the wallet and not answered yet: each rejects with RequestAbortedError. */
  cancelRequests(): void;
  /** The wallet behind the session as it names itself (name bounded and cleaned, icon only when https or a data: image). */
  peerWallet(): { readonly name: string; readonly icon?: string } | undefined;
  /** An EIP-1193 request for the eip155 namespace (the connector's provider delegates here). */
  eip1193Request(args: { method: string; params?: unknown }): Promise<unknown>;
  /** Ends the session (dapp side); the wallet hears it. */
  disconnect(): Promise<void>;
  setWcLinking(linking: WalletConnectState['wcLinking']): void;
  setRecentWallet(wallet: WalletConnectState['recentWallet']): void;
  /** Shows a URI the host generated itself (manualWCControl / modal.open({ uri })). */
  setUri(uri: string): void;
  readonly events$: Observable<SessionEvent>;
  /** Session events of every namespace (see {@link NamespaceEvent}). */
  readonly namespaceEvents$: Observable<NamespaceEvent>;
  /** The universal provider once started (synchronously); undefined before. */
  currentProvider(): UniversalProviderLike | undefined;
  /**
   * A request to the wallet (or the session's RPC) on `caipChainId` ('solana:5eyk…'), any
   * namespace. Throws ProviderDisconnectedError (4900) without a session; a provider error
   * shows its alert and is rethrown as is.
   */
  request<T = unknown>(args: { method: string; params?: unknown }, caipChainId: string): Promise<T>;
  /** The CAIP-2 chain the session's requests for `namespace` go to; undefined when the session lacks it. */
  activeChain(namespace: string): string | undefined;
  /** Moves `namespace`'s default chain to `caipChainId` (one the session approved) without asking the wallet. */
  setActiveChain(caipChainId: string): void;
}
