/**
 * The value readers of the request parser (request.ts, typed-data.ts): each takes a page-supplied
 * JSON value and returns its one canonical form (checksummed address, lowercase hex, minimal hex
 * quantity), or throws a RequestError naming the field. Used by the wallet service only: the frame
 * renders what the service returns and does not parse.
 */
import { getAddress, isAddress } from 'viem';

export type Hex = `0x${string}`;

/** A request the wallet refuses: `message` says which field and why; `rpcCode` is the EIP-1193/5792 code. */
export class RequestError extends Error {
  override name = 'RequestError';
  constructor(
    message: string,
    readonly rpcCode = -32602,
  ) {
    super(message);
  }
}

export const MAX_UINT256 = (1n << 256n) - 1n;

/** A JSON object (not an array, not null). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Refuses any key of `obj` outside `allowed`. `aliases` name the keys other wallets read as another
 * field (`input` for `data`, `gasLimit` for `gas`): refused with a pointer to the accepted name, since
 * using them would send something the approval did not show.
 */
export function onlyKeys(obj: Record<string, unknown>, allowed: readonly string[], where: string, refused: Readonly<Record<string, string>> = {}): void {
  for (const key of Object.keys(obj)) {
    if (allowed.includes(key)) continue;
    const why = refused[key];
    throw new RequestError(why ? `${where}: "${key}" is not accepted: ${why}` : `${where}: unknown field "${key.slice(0, 40)}" (refused: the approval shows only the fields it knows)`);
  }
}

/** A non-negative integer given as hex, a decimal string or a safe JS integer, at most `max`. */
export function readUint(v: unknown, what: string, max = MAX_UINT256): bigint {
  let n: bigint | undefined;
  if (typeof v === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(v)) n = BigInt(v);
  else if (typeof v === 'string' && /^[0-9]{1,78}$/.test(v)) n = BigInt(v);
  else if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) n = BigInt(v);
  if (n === undefined) throw new RequestError(`${what}: expected a hex quantity`);
  if (n > max) throw new RequestError(`${what}: too large`);
  return n;
}

/** The canonical JSON-RPC quantity: 0x, no leading zeros. */
export const quantity = (n: bigint): Hex => `0x${n.toString(16)}`;

export function readQuantity(v: unknown, what: string, max = MAX_UINT256): Hex {
  return quantity(readUint(v, what, max));
}

/** 0x-prefixed bytes (even length), lowercased; `size` demands exactly that many bytes. */
export function readBytes(v: unknown, what: string, size?: number): Hex {
  if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v)) throw new RequestError(`${what}: expected 0x-prefixed hex bytes`);
  if (size !== undefined && v.length !== 2 + size * 2) throw new RequestError(`${what}: expected ${size} bytes`);
  return v.toLowerCase() as Hex;
}

/** An address (checksum checked when mixed case), returned checksummed. */
export function readAddress(v: unknown, what: string): Hex {
  if (typeof v !== 'string' || !isAddress(v)) throw new RequestError(`${what}: expected an address`);
  return getAddress(v);
}

/** The address must be the wallet's own (case-insensitive). */
export function ownAddress(v: unknown, own: string, what: string): Hex {
  const a = typeof v === 'string' && isAddress(v, { strict: false }) ? getAddress(v) : undefined;
  if (!a || a.toLowerCase() !== own.toLowerCase()) throw new RequestError(`${what}: the address is not the address of this wallet`);
  return a;
}
