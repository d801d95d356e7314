import { CHAIN_NAMESPACES } from '../namespaces';
/**
 * Address, CAIP id and transaction-hash checks (spec section 5). Pure
 * functions; anything that is not a string is simply invalid.
 */
import type { CaipAddress, CaipNetworkId, ChainNamespace } from '../types';
import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from '../errors/kernel';

/** The namespaces a CAIP id may use. */


export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value);
}

/** Optional `0x` plus exactly 40 hex characters (no checksum check). */
export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && /^(0x)?[0-9a-fA-F]{40}$/.test(value);
}

/** 32 to 44 base58 characters (no 0, O, I or l). */
export function isSolanaAddress(value: unknown): value is string {
  return typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value);
}

/** Exactly 64 hex digits, with or without `0x`. */
export function isTransactionHash(value: unknown): value is string {
  return typeof value === 'string' && /^(0x)?[0-9a-fA-F]{64}$/.test(value);
}

/** `namespace:reference:address`: three non-empty parts and a known namespace. */
export function isCaipAddress(value: unknown): value is CaipAddress {
  if (typeof value !== 'string') return false;
  const parts = value.split(':');
  return parts.length === 3 && parts.every((p) => p !== '') && isChainNamespace(parts[0]);
}

/** `namespace:reference`: two non-empty parts and a known namespace. */
export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  if (typeof value !== 'string') return false;
  const parts = value.split(':');
  return parts.length === 2 && parts.every((p) => p !== '') && isChainNamespace(parts[0]);
}

export interface ParsedCaipNetworkId {
  readonly chainNamespace: ChainNamespace;
  /** The reference part, as written (e.g. '1', '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'). */
  readonly chainId: string;
  readonly caipNetworkId: CaipNetworkId;
}

export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  readonly address: string;
}

/** Splits a CAIP network id; throws InvalidCaipNetworkIdError when it is not one. */
export function parseCaipNetworkId(value: string): ParsedCaipNetworkId {
  if (!isCaipNetworkId(value)) throw new InvalidCaipNetworkIdError(value);
  const [chainNamespace, chainId] = value.split(':') as [ChainNamespace, string];
  return { chainNamespace, chainId, caipNetworkId: value };
}

/** Splits a CAIP address; throws InvalidCaipAddressError when it is not one. */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  if (!isCaipAddress(value)) throw new InvalidCaipAddressError(value);
  const [chainNamespace, chainId, address] = value.split(':') as [ChainNamespace, string, string];
  return { chainNamespace, chainId, address, caipNetworkId: `${chainNamespace}:${chainId}` };
}
