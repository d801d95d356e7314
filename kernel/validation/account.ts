/** Account-name rules for name registration (spec section 5). */
import { InvalidChainIdError } from '../errors/kernel';

/** Letters, digits and hyphen only; at least 4 characters. */
export function isValidAccountName(name: unknown): name is string {
  return typeof name === 'string' && /^[A-Za-z0-9-]{4,}$/.test(name);
}

const MAX_NAME_CHAIN_ID = 2 ** 31;

function toChainIdNumber(chainId: number | string | bigint): number {
  if (typeof chainId === 'bigint') return chainId < BigInt(MAX_NAME_CHAIN_ID) ? Number(chainId) : Number.NaN;
  if (typeof chainId === 'number') return chainId;
  const text = chainId.trim();
  if (/^0x[0-9a-f]+$/i.test(text)) return Number.parseInt(text, 16);
  if (/^\d+$/.test(text)) return Number(text);
  return Number.NaN;
}

/**
 * Checks a chain id for name registration and returns it as a number: it must
 * be a non-negative integer below 2^31, else InvalidChainIdError ('Invalid chainId').
 * Accepts a number, bigint, a decimal or 0x-hex string, or a CAIP id 'eip155:N'.
 */
export function assertNameChainId(chainId: number | string | bigint): number {
  const raw = typeof chainId === 'string' && chainId.startsWith('eip155:') ? chainId.slice('eip155:'.length) : chainId;
  const n = toChainIdNumber(raw);
  if (!Number.isSafeInteger(n) || n < 0 || n >= MAX_NAME_CHAIN_ID) throw new InvalidChainIdError();
  return n;
}

/** ENSIP-11 coin type of an EVM chain (the high bit set on the chain id), used when registering a name. */
export function nameCoinType(chainId: number | string | bigint): number {
  return (0x80000000 | assertNameChainId(chainId)) >>> 0;
}
