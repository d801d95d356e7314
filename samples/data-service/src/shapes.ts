/**
 * The response shapes of the blockchain API (docs/account-features.md#blockchain-api: Token balance and Transaction) and
 * the pure functions that build them from database rows. Field names follow the hosted
 * blockchain API (Reown's), so a client can talk to either.
 */
import { formatUnits, getAddress } from 'viem';
import type { ChainConfig } from './config';
import { KIND_ERC20, KIND_ERC721, KIND_NATIVE, ZERO_ADDRESS } from './indexer/decode';

// ---------------------------------------------------------------- public shapes

export interface Balance {
  readonly name: string;
  readonly symbol: string;
  /** CAIP-2, e.g. eip155:31337 */
  readonly chainId: string;
  /** CAIP-10 of the token contract; native currency: eip155:<id>:0xeeee…eeee */
  readonly address: string;
  /** quantity × price in USD (0 without a price) */
  readonly value: number;
  readonly price: number;
  readonly iconUrl: string;
  /** decimals: the token's decimals as a string; numeric: the balance as a decimal string */
  readonly quantity: { readonly decimals: string; readonly numeric: string };
}

export interface TransactionTransfer {
  readonly fungible_info?: { readonly name: string; readonly symbol: string; readonly icon: { readonly url: string } };
  readonly nft_info?: {
    readonly name: string;
    readonly content: NftContent;
    readonly flags: { readonly is_spam: boolean };
  };
  readonly direction: 'in' | 'out' | 'self';
  readonly quantity: { readonly numeric: string };
  readonly value?: number;
  readonly price?: number;
}

export type OperationType = 'send' | 'receive' | 'mint' | 'burn' | 'trade' | 'approve' | 'deploy' | 'execute' | 'buy';

export interface Transaction {
  /** unique in a list: <CAIP-2>:<hash> (on-ramp: <provider>:<purchase id>) */
  readonly id: string;
  readonly metadata: {
    readonly operationType: OperationType;
    readonly hash: string;
    /** ISO 8601 */
    readonly minedAt: string;
    readonly sentFrom: string;
    readonly sentTo: string;
    /** confirmed | failed, or an on-ramp status (ONRAMP_TRANSACTION_STATUS_SUCCESS | _IN_PROGRESS | _FAILED) */
    readonly status: string;
    readonly nonce: number;
    /** CAIP-2 */
    readonly chain: string;
  };
  readonly transfers: readonly TransactionTransfer[];
}

export interface NftContent {
  readonly preview: { readonly url: string; readonly content_type: string };
  readonly detail: { readonly url: string; readonly content_type: string };
}

/** One ERC-721 token an address holds (GET /v1/account/{address}/nfts). */
export interface Nft {
  /** CAIP-2 */
  readonly chainId: string;
  /** address: CAIP-10 of the collection contract */
  readonly contract: { readonly address: string; readonly name: string | null; readonly symbol: string | null };
  /** decimal */
  readonly tokenId: string;
  readonly name: string;
  readonly tokenUri: string | null;
  readonly content: NftContent;
  readonly flags: { readonly is_spam: boolean };
}

// ---------------------------------------------------------------- context

/** The EIP-7528 / common placeholder address of a chain's native currency. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';

export interface ShapeContext {
  readonly publicUrl: string;
  readonly prices: ReadonlyMap<string, number>;
  readonly spamContracts: ReadonlySet<string>;
}

export const caip2 = (chainId: number) => `eip155:${chainId}`;

export function priceOf(ctx: ShapeContext, chainId: number, token: string | null): number {
  const key = `${caip2(chainId)}:${token ?? 'native'}`;
  return ctx.prices.get(key) ?? (token === null ? ctx.prices.get('*:native') : undefined) ?? 0;
}

export function tokenIconUrl(ctx: ShapeContext, chainId: number, token: string | null): string {
  return `${ctx.publicUrl}/v1/token-icon/${caip2(chainId)}/${token ?? 'native'}.svg`;
}

export function nftMetadataUrl(publicUrl: string, chainId: number, contract: string, tokenId: string | bigint): string {
  return `${publicUrl}/v1/nft/${caip2(chainId)}/${contract}/${tokenId}`;
}

/** Where to show an NFT: its data: metadata image when it has one, else the generated image this service serves. */
export function nftImageUrl(ctx: ShapeContext, chainId: number, contract: string, tokenId: string, tokenUri: string | null): string {
  const fromData = tokenUri ? imageFromDataUri(tokenUri) : undefined;
  return fromData ?? `${nftMetadataUrl(ctx.publicUrl, chainId, contract, tokenId)}/image.svg`;
}

/** The `image` of a `data:application/json` token URI, when it is an http(s) or data:image URL. */
export function imageFromDataUri(uri: string): string | undefined {
  const m = /^data:application\/json(?:;charset=utf-8)?(;base64)?,(.*)$/is.exec(uri);
  if (!m) return undefined;
  try {
    const text = m[1] ? Buffer.from(m[2]!, 'base64').toString('utf8') : decodeURIComponent(m[2]!);
    const image = (JSON.parse(text) as { image?: unknown }).image;
    if (typeof image !== 'string' || image.length > 2048) return undefined;
    return /^(?:https?:\/\/|data:image\/(?:png|gif|jpeg|webp);)/i.test(image) ? image : undefined;
  } catch {
    return undefined;
  }
}

/** The media type of an NFT image URL: data:image/<type> or, for the generated images, SVG. */
export function imageContentType(url: string): string {
  const m = /^data:(image\/(?:png|gif|jpeg|webp));/i.exec(url);
  if (m) return m[1]!.toLowerCase();
  return url.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream';
}

const round = (v: number) => Math.round(v * 1e8) / 1e8;
const checksum = (a: string) => getAddress(a);

// ---------------------------------------------------------------- balances

export interface NativeBalanceInput {
  readonly chain: ChainConfig;
  readonly wei: bigint;
}

export interface TokenBalanceRow {
  readonly chainId: number;
  readonly token: string;
  readonly amount: string;
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
}

export function nativeBalance(ctx: ShapeContext, input: NativeBalanceInput): Balance {
  const { chain, wei } = input;
  const numeric = formatUnits(wei, chain.nativeDecimals);
  const price = priceOf(ctx, chain.chainId, null);
  return {
    name: chain.nativeName,
    symbol: chain.nativeSymbol,
    chainId: caip2(chain.chainId),
    address: `${caip2(chain.chainId)}:${NATIVE_TOKEN_ADDRESS}`,
    value: round(Number(numeric) * price),
    price,
    iconUrl: tokenIconUrl(ctx, chain.chainId, null),
    quantity: { decimals: String(chain.nativeDecimals), numeric },
  };
}

/** An ERC-20 balance; a token that did not answer decimals() gets decimals "0" (clients drop those as low quality). */
export function tokenBalance(ctx: ShapeContext, row: TokenBalanceRow): Balance {
  const decimals = row.decimals ?? 0;
  const numeric = formatUnits(BigInt(row.amount), decimals);
  const price = priceOf(ctx, row.chainId, row.token);
  return {
    name: row.name ?? 'Unknown token',
    symbol: row.symbol ?? '',
    chainId: caip2(row.chainId),
    address: `${caip2(row.chainId)}:${checksum(row.token)}`,
    value: round(Number(numeric) * price),
    price,
    iconUrl: tokenIconUrl(ctx, row.chainId, row.token),
    quantity: { decimals: String(decimals), numeric },
  };
}

/** Native first, then by value (highest first), then by symbol. */
export function sortBalances(list: Balance[]): Balance[] {
  return list.sort((a, b) => {
    const an = a.address.endsWith(NATIVE_TOKEN_ADDRESS) ? 0 : 1;
    const bn = b.address.endsWith(NATIVE_TOKEN_ADDRESS) ? 0 : 1;
    return an - bn || b.value - a.value || a.symbol.localeCompare(b.symbol) || a.address.localeCompare(b.address);
  });
}

// ---------------------------------------------------------------- transactions

export interface TxRow {
  readonly chainId: number;
  readonly blockNumber: number;
  readonly txIndex: number;
  readonly timestamp: number;
  readonly hash: string;
  readonly from: string;
  readonly to: string | null;
  readonly contractAddress: string | null;
  readonly nonce: number;
  readonly status: number;
  readonly selector: string | null;
  readonly value: string;
}

export interface TransferRow {
  readonly kind: number;
  readonly logIndex: number;
  readonly token: string | null;
  readonly from: string;
  readonly to: string;
  readonly amount: string;
  readonly tokenId: string | null;
  readonly tokenName: string | null;
  readonly tokenSymbol: string | null;
  readonly tokenDecimals: number | null;
  readonly tokenUri: string | null;
}

/** approve(address,uint256) and setApprovalForAll(address,bool) */
const APPROVE_SELECTORS = new Set(['0x095ea7b3', '0xa22cb465']);

/** The operation type of a transaction as seen by `viewer` (Zerion's vocabulary, which the hosted API passes on). */
export function operationType(tx: TxRow, transfers: readonly TransferRow[], viewer: string): OperationType {
  const mine = transfers.filter((t) => t.from === viewer || t.to === viewer);
  if (tx.contractAddress && tx.from === viewer && tx.to === null) return 'deploy';
  if (mine.length) {
    if (mine.every((t) => t.from === ZERO_ADDRESS && t.to === viewer)) return 'mint';
    if (mine.every((t) => t.to === ZERO_ADDRESS && t.from === viewer)) return 'burn';
    const out = mine.some((t) => t.from === viewer && t.to !== viewer);
    const inn = mine.some((t) => t.to === viewer && t.from !== viewer);
    if (out && inn) return 'trade';
    if (out) return 'send';
    if (inn) return 'receive';
    return 'send'; // to oneself
  }
  if (tx.selector && APPROVE_SELECTORS.has(tx.selector)) return 'approve';
  if (tx.status === 0 && tx.from === viewer && BigInt(tx.value) > 0n) return 'send';
  return 'execute';
}

export function transferShape(ctx: ShapeContext, chain: ChainConfig, t: TransferRow, viewer: string): TransactionTransfer {
  const direction = t.from === viewer && t.to === viewer ? 'self' : t.to === viewer ? 'in' : 'out';
  if (t.kind === KIND_ERC721) {
    const url = nftImageUrl(ctx, chain.chainId, t.token!, t.tokenId!, t.tokenUri);
    return {
      nft_info: {
        name: `${t.tokenName ?? 'NFT'} #${t.tokenId}`,
        content: { preview: { url, content_type: imageContentType(url) }, detail: { url, content_type: imageContentType(url) } },
        flags: { is_spam: ctx.spamContracts.has(`${caip2(chain.chainId)}:${t.token}`) },
      },
      direction,
      quantity: { numeric: '1' },
    };
  }
  const native = t.kind === KIND_NATIVE;
  const decimals = native ? chain.nativeDecimals : (t.tokenDecimals ?? 0);
  const numeric = formatUnits(BigInt(t.amount), decimals);
  const price = priceOf(ctx, chain.chainId, native ? null : t.token);
  return {
    fungible_info: {
      name: native ? chain.nativeName : (t.tokenName ?? 'Unknown token'),
      symbol: native ? chain.nativeSymbol : (t.tokenSymbol ?? ''),
      icon: { url: tokenIconUrl(ctx, chain.chainId, native ? null : t.token) },
    },
    direction,
    quantity: { numeric },
    ...(price ? { price, value: round(Number(numeric) * price) } : {}),
  };
}

/** A transaction in the shape of docs/account-features.md#blockchain-api, with only the transfers `viewer` takes part in. */
export function transactionShape(ctx: ShapeContext, chain: ChainConfig, tx: TxRow, transfers: readonly TransferRow[], viewer: string): Transaction {
  const sorted = [...transfers].sort((a, b) => a.logIndex - b.logIndex);
  const mine = sorted.filter((t) => t.from === viewer || t.to === viewer);
  const sentTo = tx.to ?? tx.contractAddress;
  return {
    id: `${caip2(chain.chainId)}:${tx.hash}`,
    metadata: {
      operationType: operationType(tx, sorted, viewer),
      hash: tx.hash,
      minedAt: new Date(tx.timestamp * 1000).toISOString(),
      sentFrom: checksum(tx.from),
      sentTo: sentTo ? checksum(sentTo) : '',
      status: tx.status === 1 ? 'confirmed' : 'failed',
      nonce: tx.nonce,
      chain: caip2(chain.chainId),
    },
    transfers: mine.map((t) => transferShape(ctx, chain, t, viewer)),
  };
}

/** An ERC-721 holding in the response shape. */
export function nftShape(
  ctx: ShapeContext,
  row: { chainId: number; contract: string; tokenId: string; tokenUri: string | null; name: string | null; symbol: string | null },
): Nft {
  const url = nftImageUrl(ctx, row.chainId, row.contract, row.tokenId, row.tokenUri);
  return {
    chainId: caip2(row.chainId),
    contract: { address: `${caip2(row.chainId)}:${checksum(row.contract)}`, name: row.name, symbol: row.symbol },
    tokenId: row.tokenId,
    name: `${row.name ?? 'NFT'} #${row.tokenId}`,
    tokenUri: row.tokenUri,
    content: { preview: { url, content_type: imageContentType(url) }, detail: { url, content_type: imageContentType(url) } },
    flags: { is_spam: ctx.spamContracts.has(`${caip2(row.chainId)}:${row.contract}`) },
  };
}

export { KIND_ERC20, KIND_ERC721, KIND_NATIVE };
