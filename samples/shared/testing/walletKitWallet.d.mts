// Types of walletKitWallet.mjs for TypeScript callers (the repository's tsconfig has no allowJs).
import type { IWalletKit, WalletKitTypes } from '@reown/walletkit';
import type { LocalAccount } from 'viem';
import type { ProposalSignIn, SignedSignIn } from '../walletAuth.mjs';

/** anvil's first default account (its well-known, public test key; address 0xf39F…2266). */
export declare const ANVIL_KEY: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** Starts a WalletKit wallet on the relay at `relayUrl`, its storage in memory under `storagePrefix` (by default one of its own). */
export declare function startWalletKit(options: {
  relayUrl: string;
  projectId?: string;
  storagePrefix?: string;
  metadata?: { name: string; description: string; url: string; icons: string[] };
}): Promise<IWalletKit>;

/** The eip155 chains, methods and events a proposal asks for (its required namespace over its optional one). */
export declare function proposedEip155(params: { requiredNamespaces?: Record<string, any>; optionalNamespaces?: Record<string, any> }): {
  chains: string[];
  methods: string[];
  events: string[];
};

/** Approves `proposal` with `address` on each of `chains` (by default what it proposes), with `proposalRequestsResponses` when given. */
export declare function approveEip155(
  kit: IWalletKit,
  proposal: WalletKitTypes.SessionProposal | { id: number; params: any },
  options: {
    address: string;
    chains?: readonly string[];
    methods?: readonly string[];
    events?: readonly string[];
    proposalRequestsResponses?: { authentication?: readonly unknown[] };
  },
): ReturnType<IWalletKit['approveSession']>;

/** The sign-in requests signed with `account`, each for the first of its chains in `chains`. */
export declare function signSignIns(kit: IWalletKit, signIns: readonly ProposalSignIn[], account: LocalAccount, chains: readonly string[]): Promise<SignedSignIn[]>;

/** How `answerRequest` answered: `result` (with `result`, and `chainId` for a transaction or a switch), or an `error` code. */
export interface RequestAnswer {
  readonly outcome: 'result' | 'rejected' | 'unsupported' | 'unknownChain' | 'failed';
  readonly method: string;
  readonly result?: unknown;
  readonly error?: number;
  readonly chainId?: string;
}

/** Answers one session request with `account` (personal_sign, eth_sendTransaction, wallet_switchEthereumChain); `reject`: 4001. */
export declare function answerRequest(
  kit: IWalletKit,
  event: WalletKitTypes.SessionRequest | { topic: string; id: number; params: { chainId: string; request: { method: string; params: any } } },
  options: {
    account: LocalAccount;
    rpc?: Record<string, string>;
    reject?: boolean;
    methods?: readonly string[];
    unsupported?(method: string): string;
    onError?(err: unknown): void;
  },
): Promise<RequestAnswer>;

/** Disconnects the sessions of `topics` (by default every active one) with USER_DISCONNECTED; resolves with the topics. */
export declare function disconnectSessions(kit: IWalletKit, topics?: readonly string[]): Promise<string[]>;

/** Closes the wallet's relay connection and stops its heartbeat. */
export declare function closeWalletKit(kit: IWalletKit): Promise<void>;
