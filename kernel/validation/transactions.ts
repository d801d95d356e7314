/** The activity-list transaction shape (spec section 3) and its filter (spec section 5). */

export interface TransactionNftInfo {
  readonly name?: string;
  readonly flags: { readonly is_spam: boolean };
  readonly content?: { readonly preview?: { readonly url: string } };
}

export interface TransactionFungibleInfo {
  readonly symbol?: string;
  readonly icon?: { readonly url: string };
}

export interface TransactionTransfer {
  readonly nft_info?: TransactionNftInfo | null;
  readonly fungible_info?: TransactionFungibleInfo | null;
  readonly quantity: { readonly numeric: string };
}

export interface TransactionMetadata {
  /** ISO date the transaction was mined. */
  readonly minedAt: string;
  /** CAIP network id of the chain, e.g. 'eip155:1'. */
  readonly chain: string;
  /** e.g. 'send', 'receive', 'trade', 'mint', 'approve', 'execute'. */
  readonly operationType: string;
  /** e.g. 'confirmed', 'failed', 'pending'. */
  readonly status: string;
  readonly sentFrom: string;
  readonly sentTo: string;
}

export interface Transaction {
  readonly id: string;
  readonly metadata: TransactionMetadata;
  readonly transfers: readonly TransactionTransfer[];
}

/**
 * True when every transfer of the transaction is an NFT flagged as spam (and
 * there is at least one). Such transactions are hidden.
 */
export function isSpamNftOnlyTransaction(tx: Transaction): boolean {
  return tx.transfers.length > 0 && tx.transfers.every((t) => t.nft_info?.flags?.is_spam === true);
}

/**
 * The transactions to show: only those on `caipNetworkId` (the connected
 * chain), without the spam NFT-only ones. Order is kept.
 */
export function filterTransactions<T extends Transaction>(transactions: readonly T[], caipNetworkId: string): T[] {
  return transactions.filter((tx) => tx.metadata.chain === caipNetworkId && !isSpamNftOnlyTransaction(tx));
}
