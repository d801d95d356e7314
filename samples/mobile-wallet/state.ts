/**
 * The shapes of the sample mobile wallet: its configuration and the state main.tsx renders
 * (pending proposals and requests, sessions, balances, the log). Types only.
 */
import type { Hex } from 'viem';
import type { ApprovalResult, ProposalSummary, RequestSummary, WalletChain } from './logic';

export interface WalletConfig {
  readonly relayUrl: string;
  readonly chains: readonly WalletChain[];
  /** Any string works with the local relay. */
  readonly projectId?: string;
  readonly privateKey?: Hex;
  /**
   * Keep walletkit's own Verify client (the hosted attestation API) instead of LocalVerify.
   * Offline it costs up to 5 s per proposal and request; for comparison only (`?verify=hosted`).
   */
  readonly hostedVerify?: boolean;
}

export interface PendingProposal {
  readonly id: number;
  readonly summary: ProposalSummary;
  readonly approval: ApprovalResult;
  /** Verify's verdict as walletkit reports it (UNKNOWN here: see README, "Offline and fast"). */
  readonly validation: string;
  /** One-click sign-in: the domains the proposal also asks the visitor to sign in to (signed on approval). */
  readonly signIns: readonly string[];
  readonly busy: boolean;
}

export interface PendingRequest {
  readonly id: number;
  readonly topic: string;
  readonly method: string;
  readonly chainId: string;
  readonly params: unknown;
  readonly dapp: string;
  readonly summary: RequestSummary;
  readonly busy: boolean;
}

export interface SessionView {
  readonly topic: string;
  readonly name: string;
  readonly url: string;
  readonly chains: readonly string[];
  readonly activeChainId: number | undefined;
  readonly busy: boolean;
}

export interface LogEntry {
  readonly at: number;
  readonly kind: 'info' | 'ok' | 'error';
  readonly text: string;
}

export interface WalletState {
  readonly status: 'starting' | 'ready' | 'failed';
  readonly error?: string;
  readonly relay: 'idle' | 'connected' | 'disconnected';
  readonly pairing: boolean;
  readonly address: string;
  readonly chains: readonly WalletChain[];
  /** chainId → balance in ETH (text) */
  readonly balances: Readonly<Record<number, string>>;
  readonly proposals: readonly PendingProposal[];
  readonly requests: readonly PendingRequest[];
  readonly sessions: readonly SessionView[];
  readonly log: readonly LogEntry[];
}
