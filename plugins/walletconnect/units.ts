/**
 * Small pure encoders for the universal adapter, on TextEncoder and btoa/atob only (no viem,
 * no Solana or Bitcoin library in this path): UTF-8 → 0x-hex, base64. Base58 is
 * latchkey/encoding's; decimal units are the kernel's.
 */

/** The UTF-8 bytes of `text` as 0x-hex (personal_sign's message parameter). */
export function utf8ToHex(text: string): string {
  let hex = '0x';
  for (const b of new TextEncoder().encode(text)) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** Standard base64 (with padding) of `bytes`. */
export function base64Encode(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The bytes of a standard base64 string; undefined when it is not one or is longer than `maxLength` characters. */
export function base64Decode(text: string, maxLength = 1 << 20): Uint8Array | undefined {
  if (typeof text !== 'string' || text.length > maxLength || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
