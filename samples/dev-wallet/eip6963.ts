/** The EVM dev wallet's EIP-6963 identity (name, rdns, icon, a random uuid) and the event it announces with. */
import { svgIcon } from './standard';
import type { WalletHost } from './host';

export const DEV_WALLET_NAME = 'Latchkey Dev Wallet';
export const DEV_WALLET_RDNS = 'dev.latchkey.wallet';
/**
 * Base64, because wallet-standard requires base64 icons and the Solana side of this wallet
 * (samples/dev-wallet/wallets.ts) registers with the same name and the same icon.
 */
export const DEV_WALLET_ICON = svgIcon(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b5bdb"/><circle cx="13" cy="16" r="5" fill="none" stroke="#fff" stroke-width="3"/><path d="M18 16h9m-3 0v4" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>',
);

export function randomUuid(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

export function makeEvent(host: WalletHost, type: string, detail?: unknown): Event {
  const Ctor = ((host as unknown as { CustomEvent?: typeof CustomEvent }).CustomEvent ?? globalThis.CustomEvent) as typeof CustomEvent;
  return new Ctor(type, { detail });
}
