/**
 * Display helpers. Address (4 + 6, '…') and balance (3 decimals, cut) formatting
 * come from the kernel so the UI, plugins and tests agree on one rule.
 */
export { truncateAddress, formatBalance } from './formatting';

/** True for a wallet's "no" (EIP-1193 4001, or 5000 treated the same), anywhere in the cause chain. */
export { isUserRejection } from '../kernel/index';

/** The short text of a kernel error (LatchkeyError.shortMessage), else its message, else 'Unknown error'. */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown };
    if (typeof shortMessage === 'string' && shortMessage) return shortMessage;
    if (typeof message === 'string' && message) return message;
  }
  return typeof error === 'string' && error ? error : 'Unknown error';
}

/** Up to two initials of a name, for image fallbacks. */
export function initials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  const s = words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? '?').slice(0, 2);
  return s.toUpperCase();
}
