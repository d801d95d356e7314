/**
 * Validation of every value a client can send. Each parser either returns a normalised value or
 * throws an ApiError (400) naming the field, with a description a client can show as is.
 */
import { badRequest } from './errors';

export type HexAddress = `0x${string}`;

const ADDRESS = /^(?:0x)?[0-9a-fA-F]{40}$/;

/** An EVM address, with or without 0x (docs/connection.md#addresses), any case; returned as 0x + lowercase. */
export function parseAddress(value: unknown, field = 'address'): HexAddress {
  if (typeof value !== 'string' || !ADDRESS.test(value)) throw badRequest(field, 'The address provided is invalid');
  const hex = value.startsWith('0x') ? value.slice(2) : value;
  return `0x${hex.toLowerCase()}`;
}

/** Largest EVM chain id accepted anywhere (EIP-2294 bounds chain ids by 2^256; we keep them JS-safe). */
export const MAX_CHAIN_ID = Number.MAX_SAFE_INTEGER;

/**
 * A chain as `eip155:<id>` (CAIP-2) or a bare decimal id. Returns the numeric chain id.
 * Other namespaces are refused: this service indexes EVM chains only.
 */
export function parseChainId(value: unknown, field = 'chainId'): number {
  if (typeof value !== 'string' || value.length === 0 || value.length > 40) {
    throw badRequest(field, `${field} must be a CAIP-2 chain id such as eip155:1`);
  }
  const ns = /^([-a-z0-9]{3,8}):/.exec(value)?.[1];
  if (ns !== undefined && ns !== 'eip155') throw badRequest(field, `Only eip155 chains are supported, not ${ns}`);
  const m = /^(?:eip155:)?([1-9][0-9]{0,15})$/.exec(value);
  if (!m) throw badRequest(field, `${field} must be a CAIP-2 chain id such as eip155:1`);
  const id = Number(m[1]);
  if (!Number.isSafeInteger(id) || id > MAX_CHAIN_ID) throw badRequest(field, `${field} is out of range`);
  return id;
}

/** `?limit=` for paged lists: an integer in 1..max, or the default. */
export function parseLimit(value: unknown, defaultLimit: number, max: number, field = 'limit'): number {
  if (value === undefined || value === null || value === '') return Math.min(defaultLimit, max);
  if (typeof value !== 'string' || !/^[0-9]{1,4}$/.test(value)) throw badRequest(field, `${field} must be an integer from 1 to ${max}`);
  const n = Number(value);
  if (n < 1 || n > max) throw badRequest(field, `${field} must be an integer from 1 to ${max}`);
  return n;
}

/** projectId: 1-128 characters of [A-Za-z0-9_-]. (Membership in the allowlist is checked by the server.) */
export function parseProjectId(value: unknown): string {
  if (value === undefined || value === null || value === '') throw badRequest('projectId', 'projectId is required');
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,128}$/.test(value)) throw badRequest('projectId', 'projectId is invalid');
  return value;
}

/** st (sdk type) / sv (sdk version): optional, at most 64 printable characters without spaces. */
export function parseSdkParam(value: unknown, field: 'st' | 'sv'): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !/^[A-Za-z0-9._@/+:-]{1,64}$/.test(value)) throw badRequest(field, `${field} is invalid`);
  return value;
}

/** Account-name label rule of docs/account-features.md#names: letters, digits and hyphen only, at least 4 characters (at most 63, a DNS label). */
export function validateLabel(label: unknown, field = 'name'): string {
  if (typeof label !== 'string' || label.length === 0) throw badRequest(field, 'Name is required');
  if (label.length > 63) throw badRequest(field, `Invalid name length: ${label.slice(0, 63)}… (at most 63 characters)`);
  if (!/^[a-zA-Z0-9-]+$/.test(label)) throw badRequest(field, `Invalid name format: ${label} (letters, digits and hyphen only)`);
  if (label.length < 4) throw badRequest(field, `Invalid name length: ${label} (at least 4 characters)`);
  return label;
}

/** A full name `<label>.<zone>` in one of `zones`; returned lowercase. */
export function parseFullName(value: unknown, zones: readonly string[], field = 'name'): { name: string; label: string; zone: string } {
  if (typeof value !== 'string' || value.length === 0) throw badRequest(field, 'Name is required');
  if (value.length > 200) throw badRequest(field, 'Invalid name length');
  const lower = value.toLowerCase();
  const zone = zones.find((z) => lower.endsWith(`.${z}`));
  if (!zone) throw badRequest(field, `Name is not in the allowed zones: ${value} (allowed: ${zones.join(', ')})`);
  const label = validateLabel(value.slice(0, value.length - zone.length - 1), field).toLowerCase();
  return { name: `${label}.${zone}`, label, zone };
}

/** ENSIP-11: an EVM chain's coin type is 0x80000000 | chainId; Ethereum mainnet keeps SLIP-44's 60. */
export const COIN_TYPE_ETH = 60;
export const EVM_COIN_TYPE_FLAG = 0x80000000;

/** The coin type of an EVM chain id; chain ids of 2^31 and above have none: 'Invalid chainId' (docs/account-features.md#names). */
export function chainIdToCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 1 || chainId >= EVM_COIN_TYPE_FLAG) throw badRequest('coin_type', 'Invalid chainId');
  return chainId === 1 ? COIN_TYPE_ETH : EVM_COIN_TYPE_FLAG + chainId;
}

/** The EVM chain id of a coin type (60 → 1; 0x80000000 | id → id); anything else is refused. */
export function coinTypeToChainId(value: unknown, field = 'coin_type'): number {
  if (typeof value === 'string' && /^[0-9]{1,20}$/.test(value)) value = Number(value);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw badRequest(field, `${field} must be a non-negative integer`);
  if (value === COIN_TYPE_ETH) return 1;
  if (value > 0xffffffff) throw badRequest(field, 'Invalid chainId');
  if (value < EVM_COIN_TYPE_FLAG) throw badRequest(field, `Unsupported coin type: ${value}`);
  const chainId = value - EVM_COIN_TYPE_FLAG;
  if (chainId < 1) throw badRequest(field, 'Invalid chainId');
  return chainId;
}

/** 0x-prefixed hex of an even length between `min` and `max` bytes. */
export function parseHex(value: unknown, field: string, minBytes: number, maxBytes: number): `0x${string}` {
  if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(value)) throw badRequest(field, `${field} must be 0x-prefixed hex`);
  const bytes = (value.length - 2) / 2;
  if (bytes < minBytes || bytes > maxBytes) throw badRequest(field, `${field} must be ${minBytes}-${maxBytes} bytes`);
  return value as `0x${string}`;
}

/** A token id (uint256) as a decimal string. */
export function parseTokenId(value: unknown, field = 'tokenId'): bigint {
  if (typeof value !== 'string' || !/^(?:0|[1-9][0-9]{0,77})$/.test(value)) throw badRequest(field, `${field} must be a decimal integer`);
  const n = BigInt(value);
  if (n >= 2n ** 256n) throw badRequest(field, `${field} is out of range`);
  return n;
}

/** A 32-byte transaction hash. */
export function parseTxHash(value: unknown, field = 'txHash'): `0x${string}` {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value)) throw badRequest(field, `${field} must be a 32-byte 0x-prefixed hex hash`);
  return value.toLowerCase() as `0x${string}`;
}

/** A plain string of 1..max characters without control characters. */
export function parseText(value: unknown, field: string, max: number, pattern?: RegExp): string {
  // eslint-disable-next-line no-control-regex
  if (typeof value !== 'string' || value.length === 0 || value.length > max || /[\u0000-\u001f\u007f]/.test(value)) {
    throw badRequest(field, `${field} must be a string of 1 to ${max} characters`);
  }
  if (pattern && !pattern.test(value)) throw badRequest(field, `${field} is invalid`);
  return value;
}

/** A positive decimal amount such as "0.1" (at most 78 digits, at most 36 decimals). */
export function parseDecimal(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^(?:0|[1-9][0-9]{0,40})(?:\.[0-9]{1,36})?$/.test(value)) {
    throw badRequest(field, `${field} must be a decimal number such as "0.1"`);
  }
  return value;
}

/** An http(s) URL of at most `max` characters (no credentials). */
export function parseHttpUrl(value: unknown, field: string, max = 255): string {
  if (typeof value !== 'string' || value.length > max) throw badRequest(field, `${field} must be an http(s) URL of at most ${max} characters`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(field, `${field} must be an http(s) URL`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw badRequest(field, `${field} must be an http(s) URL without credentials`);
  }
  return url.href;
}
