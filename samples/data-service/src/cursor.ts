/**
 * Opaque paging cursors. A cursor is the sort key of the last item of a page (keyset paging), so
 * it stays valid and exact while new blocks arrive: new items sort before it and never shift a
 * later page, and no item is returned twice or skipped. Encoded as base64url JSON with a kind tag;
 * decoding validates every field, so a forged cursor can only move the position, never the query.
 */
import { badRequest } from './errors';

const MAX_CURSOR_LENGTH = 256;

export interface HistoryCursor {
  readonly kind: 'h';
  /** block timestamp, chain id, block number, transaction index of the last item */
  readonly ts: number;
  readonly chainId: number;
  readonly block: number;
  readonly tx: number;
}

export interface OnrampCursor {
  readonly kind: 'o';
  /** created_at (ms) and seq of the last item */
  readonly at: number;
  readonly seq: number;
}

export interface NftCursor {
  readonly kind: 'n';
  readonly chainId: number;
  readonly contract: string;
  /** decimal token id */
  readonly tokenId: string;
}

export type Cursor = HistoryCursor | OnrampCursor | NftCursor;

export function encodeCursor(c: Cursor): string {
  const payload =
    c.kind === 'h' ? ['h', c.ts, c.chainId, c.block, c.tx] : c.kind === 'o' ? ['o', c.at, c.seq] : ['n', c.chainId, c.contract, c.tokenId];
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

const safeInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export function decodeCursor<K extends Cursor['kind']>(value: unknown, kind: K): Extract<Cursor, { kind: K }> {
  const invalid = () => badRequest('cursor', 'Invalid cursor');
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value)) throw invalid();
  let arr: unknown;
  try {
    arr = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(arr) || arr[0] !== kind) throw invalid();
  if (kind === 'h') {
    if (arr.length !== 5 || !arr.slice(1).every(safeInt)) throw invalid();
    return { kind: 'h', ts: arr[1], chainId: arr[2], block: arr[3], tx: arr[4] } as Extract<Cursor, { kind: K }>;
  }
  if (kind === 'o') {
    if (arr.length !== 3 || !arr.slice(1).every(safeInt)) throw invalid();
    return { kind: 'o', at: arr[1], seq: arr[2] } as Extract<Cursor, { kind: K }>;
  }
  if (arr.length !== 4 || !safeInt(arr[1]) || typeof arr[2] !== 'string' || !/^0x[0-9a-f]{40}$/.test(arr[2]) || typeof arr[3] !== 'string' || !/^(?:0|[1-9][0-9]{0,77})$/.test(arr[3])) {
    throw invalid();
  }
  return { kind: 'n', chainId: arr[1], contract: arr[2], tokenId: arr[3] } as Extract<Cursor, { kind: K }>;
}
