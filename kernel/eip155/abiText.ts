/**
 * The text an ERC-20 token's `symbol()` or `name()` answers, decoded by viem's ABI decoder (the
 * one the send plugin uses, so a host bundles one): an ABI `string`, or the `bytes32` some old
 * tokens (MKR) return, read up to its first zero byte. The text is raw: a token is hostile, and
 * callers clean it before they show it.
 */
import { decodeAbiParameters, hexToString, isHex } from 'viem';

/** Longest answer read, in bytes (a symbol or a name is a few dozen). */
export const MAX_ABI_TEXT_BYTES = 4096;
const WORD = 32;

/** The text, or undefined for an answer that is neither (not hex, too long, a bad offset or length). */
export function decodeAbiText(data: unknown): string | undefined {
  if (typeof data !== 'string' || !isHex(data, { strict: true }) || data.length % 2 !== 0 || data.length > 2 + 2 * MAX_ABI_TEXT_BYTES) return undefined;
  try {
    if (data.length === 2 + 2 * WORD) return hexToString(data).split('\u0000')[0];
    return decodeAbiParameters([{ type: 'string' }], data)[0];
  } catch {
    return undefined;
  }
}
