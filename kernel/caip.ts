/**
 * CAIP-2 network ids (`namespace:reference`) and CAIP-10 account ids
 * (`namespace:reference:address`): the one place that splits and joins them.
 */
import { CHAIN_NAMESPACES } from './namespaces';
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './types';
import { InvalidCaipAddressError, InvalidCaipNetworkIdError } from './errors/kernel';

export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value);
}

/** `namespace:reference`. */
export function caipNetworkId(namespace: ChainNamespace, reference: string | number): CaipNetworkId {
  return `${namespace}:${reference}`;
}

/** `namespace:reference:address`. */
export function caipAddress(namespace: ChainNamespace, reference: string | number, address: string): CaipAddress {
  return `${namespace}:${reference}:${address}`;
}

/** `namespace:reference:address`: three non-empty parts and a known namespace (docs/connection.md#addresses). */
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
  if (!isCaipNetworkId(value)) throw new InvalidCaipNetworkIdError(String(value));
  const [chainNamespace, chainId] = value.split(':') as [ChainNamespace, string];
  return { chainNamespace, chainId, caipNetworkId: value };
}

/** Splits a CAIP address; throws InvalidCaipAddressError when it is not one. */
export function parseCaipAddress(value: string): ParsedCaipAddress {
  if (!isCaipAddress(value)) throw new InvalidCaipAddressError(String(value));
  const [chainNamespace, chainId, address] = value.split(':') as [ChainNamespace, string, string];
  return { chainNamespace, chainId, address, caipNetworkId: `${chainNamespace}:${chainId}` };
}
