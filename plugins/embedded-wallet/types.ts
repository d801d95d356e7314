/**
 * The embedded wallet's contract, shared by the manifests, the headless module and the views: the
 * service's interface and its shapes, and the token and ids of ./di. Types only.
 */
import type { AccountType, Observed } from 'latchkey';

// The ids and the token, declared in ./di (in the entry's core chunk); the interface
// EmbeddedWallet below shares the token's name.
export { EMBEDDED_WALLET_CONNECTOR_ID, EMBEDDED_WALLET_SCOPE, EmbeddedWallet } from './di';

export interface EmbeddedWalletConfig {
  /** The wallet service (frame page at `${walletServiceUrl}/frame`). Default: the `walletServiceUrl` option. */
  readonly walletServiceUrl?: string;
}

export type SocialLoginProvider = 'google' | 'x' | 'discord' | 'github' | 'apple' | 'facebook' | 'farcaster';

/** The user the frame reports (docs/embedded-wallet.md#frame-messages). */
export interface EmbeddedUser {
  readonly address: string;
  readonly chainId: number | string;
  readonly email: string | null;
  readonly userName: string | null;
  readonly accounts: readonly { readonly address: string; readonly type: 'eoa' | 'smartAccount' }[];
  readonly preferredAccountType: string | undefined;
  readonly smartAccountDeployed: boolean | undefined;
}

export interface EmbeddedWalletState {
  /** The frame: not created, loading, initialised (READY + 500 ms), or failed to load. */
  readonly frame: 'idle' | 'loading' | 'ready' | 'failed';
  /** Logged in, as the frame last said. */
  readonly user: EmbeddedUser | undefined;
  /** Not-safe requests waiting for the user's decision in the frame. */
  readonly approvals: number;
  /** A social login under way (ConnectingSocial shows it). */
  readonly social: SocialLoginState | undefined;
}

interface SocialLoginState {
  readonly provider: string;
  /** Getting the provider's address, waiting for the popup, completing the login, or failed. */
  readonly phase: 'starting' | 'popup' | 'authenticating' | 'failed';
  readonly error?: string;
}

export type EmailAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT';

export interface EmbeddedWallet extends Observed<EmbeddedWalletState> {
  /** The connector's provider hands its emit here: EIP-1193 events (accountsChanged, chainChanged, disconnect). */
  setEmitter(emit: (event: string, ...args: unknown[]) => void): void;
  /** EIP-1193: the connector's provider forwards here. */
  request(args: { readonly method: string; readonly params?: unknown }): Promise<unknown>;
  /** Starts loading the frame now (on intent: the e-mail field focused, a social button pointed at). */
  prepare(): void;

  /** Seconds left of the 30 s e-mail throttle (docs/embedded-wallet.md#e-mail-login); 0 when a code may be sent. */
  emailCooldown(): number;
  /** Sends a code (or a device link); throws 'Please try again after {n} seconds' within 30 s of the last. */
  connectEmail(email: string): Promise<EmailAction>;
  /** Waits (one long poll) for the device link to be clicked; a code is mailed then. */
  connectDevice(): Promise<void>;
  /** Verifies the code, then finishes the login. */
  connectOtp(otp: string): Promise<void>;
  /** Fetches the user, saves the login cache and connects the AUTH connector (after CONNECT, a code, a social or Farcaster login). */
  finishLogin(extra?: { readonly socialProvider?: string; readonly userName?: string | null }): Promise<void>;

  /** Social login: the provider's page in `popup` (opened by the click), or a full redirect when there is none. */
  socialLogin(provider: Exclude<SocialLoginProvider, 'farcaster'>, popup: Window | null): Promise<void>;
  /** Stops waiting for a social popup. */
  cancelSocial(): void;
  farcasterUri(): Promise<string>;
  /** Waits for the Farcaster approval (long polls until it comes or `signal` aborts), then finishes the login. */
  connectFarcaster(signal?: AbortSignal): Promise<void>;

  updateEmail(email: string): Promise<'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'>;
  updateEmailPrimaryOtp(otp: string): Promise<void>;
  updateEmailSecondaryOtp(otp: string): Promise<string>;
  /** Asks the frame, stores the type and reconnects (docs/embedded-wallet.md#network-switch-and-account-type). */
  setPreferredAccountType(type: AccountType): Promise<void>;

  /** Shows the frame's approval surface over `anchor` while it is attached; returns the detach. */
  attachApproval(anchor: HTMLElement): () => void;
  /** Moves keyboard focus into the frame (its Approve / Reject buttons). */
  focusApproval(): void;
}
