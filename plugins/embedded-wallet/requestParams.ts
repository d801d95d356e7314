/** What the embedded wallet makes of a page's EIP-1193 params before the frame sees them. */

export const numberToHex = (n: number) => `0x${n.toString(16)}`;

/** JSON-safe params: bigints as hex quantities (viem and others may pass them), functions and undefined dropped. */
export function serializeParams(params: unknown): unknown {
  if (params === undefined) return undefined;
  return JSON.parse(JSON.stringify(params, (_k, v: unknown) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v)));
}

/** A chain id given as a number, a decimal or hex string, or a CAIP-2 `eip155:` id; undefined when it is none of these. */
export function toChainNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const s = value.startsWith('eip155:') ? value.slice(7) : value;
  const n = /^0x[0-9a-f]+$/i.test(s) ? parseInt(s, 16) : /^\d+$/.test(s) ? Number(s) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** True when the frame's error says a chain is unknown to it. */
export const isChainError = (err: unknown) => /chain .* not supported|not supported by this wallet/i.test((err as Error | undefined)?.message ?? '');
