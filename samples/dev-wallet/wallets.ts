/**
 * The wallet-standard dev wallets of the demo page:
 * - "Latchkey Dev Wallet" for Solana: the same name and icon as the EVM dev wallet (EIP-6963,
 *   index.ts), so one product offers EVM and Solana, as multi-chain extensions do; Solana
 *   account 0 of the dev mnemonic.
 * - "Solana Dev Wallet": a Solana-only wallet; Solana account 1.
 * - "Bitcoin Dev Wallet": a Bitcoin-only wallet on testnet (regtest on request).
 * All of them register only through wallet-standard. Keys: keys.ts (public, development only).
 */
import { installBitcoinDevWallet, type BitcoinDevWallet } from './bitcoin';
import { DEV_WALLET_ICON, DEV_WALLET_NAME } from './index';
import { installSolanaDevWallet, type SolanaDevWallet, type SolanaLocalChain } from './solana';
import { svgIcon, type WalletHost } from './standard';

export const SOLANA_DEV_WALLET_NAME = 'Solana Dev Wallet';
export const BITCOIN_DEV_WALLET_NAME = 'Bitcoin Dev Wallet';

/** Solana accounts (m/44'/501'/{n}'/0') of the wallets; samples/dev-wallet/accounts.json lists their addresses. */
export const LATCHKEY_SOLANA_ACCOUNT = 0;
export const SOLANA_DEV_WALLET_ACCOUNT = 1;

export const SOLANA_DEV_WALLET_ICON = svgIcon(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#7b3fe4"/><path d="M9 11h13l-3 3H6zm3 4h13l-3 3H9zm-3 4h13l-3 3H6z" fill="#fff"/></svg>',
);
export const BITCOIN_DEV_WALLET_ICON = svgIcon(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/><path d="M12 8v16m4-16v3m0 10v3M10 10h8a3 3 0 010 6h-8m0 0h9a3 3 0 010 6h-9" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/></svg>',
);

export interface StandardDevWallets {
  /** The Solana side of "Latchkey Dev Wallet" (absent when the stack has no Solana chain). */
  readonly latchkeySolana?: SolanaDevWallet;
  readonly solana?: SolanaDevWallet;
  readonly bitcoin: BitcoinDevWallet;
  uninstall(): void;
}

export interface StandardDevWalletsOptions {
  /** The local Solana chain (from /config.json); without it no Solana wallet is installed. */
  readonly solana?: SolanaLocalChain;
  readonly host?: WalletHost;
  /** Sets `window.__devWallets` (default true when host is the global window). */
  readonly exposeGlobal?: boolean;
}

export function installStandardDevWallets(options: StandardDevWalletsOptions = {}): StandardDevWallets {
  const host = options.host ?? (globalThis as unknown as { window: WalletHost }).window;
  const latchkeySolana = options.solana
    ? installSolanaDevWallet({ name: DEV_WALLET_NAME, icon: DEV_WALLET_ICON, accountIndex: LATCHKEY_SOLANA_ACCOUNT, localChain: options.solana, host })
    : undefined;
  const solana = options.solana
    ? installSolanaDevWallet({ name: SOLANA_DEV_WALLET_NAME, icon: SOLANA_DEV_WALLET_ICON, accountIndex: SOLANA_DEV_WALLET_ACCOUNT, localChain: options.solana, host })
    : undefined;
  const bitcoin = installBitcoinDevWallet({ name: BITCOIN_DEV_WALLET_NAME, icon: BITCOIN_DEV_WALLET_ICON, host });
  const all: StandardDevWallets = {
    latchkeySolana,
    solana,
    bitcoin,
    uninstall() {
      latchkeySolana?.uninstall();
      solana?.uninstall();
      bitcoin.uninstall();
    },
  };
  if (options.exposeGlobal ?? options.host === undefined) (host as unknown as { __devWallets?: StandardDevWallets }).__devWallets = all;
  return all;
}
