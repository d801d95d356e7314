/**
 * Types the frame page's parts (main.ts) share: the wallet service's answers they read, the state they
 * all read and change, and how they post to the page.
 */
import type { StoredSession } from './store';

export interface ChainInfo {
  readonly chainId: number;
  readonly name: string;
  readonly nativeCurrency: { name: string; symbol: string; decimals: number };
}
export interface InitAnswer {
  readonly version: string;
  readonly serverTime: number;
  readonly chains: readonly ChainInfo[];
  /** Where the operator wants approvals (shared/approval-mode.ts); absent or unknown: the default. */
  readonly approvalMode?: string;
  /** The chains where a user may switch to a smart account. */
  readonly smartAccountEnabledNetworks?: readonly number[];
}
export interface UserView {
  readonly email: string | null;
  /** The address the user acts with (the smart account's when the account type is smartAccount). */
  readonly address: string;
  readonly userName: string | null;
  readonly accountType?: 'eoa' | 'smartAccount';
  readonly eoaAddress?: string;
  readonly smartAccountAddress?: string | null;
  readonly smartAccountDeployed?: boolean;
}
export interface Grant {
  readonly token: string;
  readonly expiresAt: number;
  readonly user: UserView;
  readonly userName?: string | null;
}

/** The session, the user it belongs to and the page's chain: read and changed by every part of the frame. */
export interface FrameState {
  session: StoredSession | undefined;
  me: UserView | undefined;
  chainId: number;
}

/** Posts a frame message to the parent window, at the parent's origin (main.ts). */
export type Post = (name: string, id: string | undefined, payload?: unknown) => void;

/** The chain of the service's list with this id, if any. */
export type ChainOf = (id: number | undefined) => ChainInfo | undefined;
