/**
 * The Activity list's rules as plain functions (docs/account-features.md#activity): eip155 only, the
 * connected chain only, spam NFT-only transactions hidden, a 64-hex string is a transaction
 * hash (linked to the network's explorer), and how a transaction reads.
 */
import type { CaipNetwork, ChainNamespace, Transaction } from 'latchkey';
import { en } from './locales/en';

/** docs/account-features.md#which-namespaces-have-what: activity for eip155 only. */
const ACTIVITY_NAMESPACES: readonly ChainNamespace[] = ['eip155'];


export function hasActivity(namespace: ChainNamespace | undefined): boolean {
  return namespace !== undefined && ACTIVITY_NAMESPACES.includes(namespace);
}

/** A transaction all of whose transfers are NFTs flagged as spam (one without transfers is not). */
export function isSpamOnly(tx: Transaction): boolean {
  return tx.transfers.length > 0 && tx.transfers.every((t) => t.nft_info?.flags?.is_spam === true);
}

/** docs/account-features.md#activity: only the connected chain's transactions, and no spam NFT-only ones. */
export function visibleTransactions(transactions: readonly Transaction[], caipNetworkId: string): Transaction[] {
  return transactions.filter((tx) => tx.metadata.chain === caipNetworkId && !isSpamOnly(tx));
}

/** docs/account-features.md#activity: a string of 64 hex digits (with or without 0x) is a transaction hash; gives it with 0x. */
export function asTransactionHash(value: string | undefined): `0x${string}` | undefined {
  if (typeof value !== 'string') return undefined;
  const hex = value.startsWith('0x') || value.startsWith('0X') ? value.slice(2) : value;
  return /^[0-9a-fA-F]{64}$/.test(hex) ? `0x${hex.toLowerCase()}` : undefined;
}

/** The hash of a transaction: its `metadata.hash`, else the last part of its id (`eip155:1:0x…`). */
export function transactionHash(tx: Transaction): `0x${string}` | undefined {
  return asTransactionHash(tx.metadata.hash) ?? asTransactionHash(tx.id.split(':').pop());
}

/** `{explorer}/tx/{hash}` when the network has an http(s) explorer. */
export function explorerTransactionUrl(network: CaipNetwork | undefined, hash: string): string | undefined {
  const base = network?.blockExplorers?.default?.url;
  if (!base) return undefined;
  try {
    const u = new URL(base);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
    return `${u.href.replace(/\/+$/, '')}/tx/${hash}`;
  } catch {
    return undefined;
  }
}

/** Operation types with a title of their own in the catalogue ('send' → 'Sent', …). */
const OPERATIONS = ['send', 'receive', 'mint', 'burn', 'trade', 'deploy', 'approve', 'execute', 'buy'] as const;
export const isOperation = (op: string): op is (typeof OPERATIONS)[number] => (OPERATIONS as readonly string[]).includes(op);

/** 'Sent', 'Received', … (the English catalogue's titles) from the operation type; an unknown one capitalised. */
export function transactionTitle(tx: Transaction): string {
  const op = tx.metadata.operationType.toLowerCase();
  return isOperation(op) ? en[op] : op ? op[0]!.toUpperCase() + op.slice(1) : en.transaction;
}

/** True for a failed (reverted) transaction or a failed on-ramp purchase. */
export function isFailed(tx: Transaction): boolean {
  return /fail/i.test(tx.metadata.status);
}

/** An image URL a view may put in `src`: absolute http(s), or a data: image. */
export function imageUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string' || url.length > 100_000) return undefined;
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(url)) return url;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}
