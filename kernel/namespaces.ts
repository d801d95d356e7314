import type { AccountType, ChainNamespace } from './types';

/** Chain namespaces the kernel keeps state for, in display order. */
export const CHAIN_NAMESPACES: readonly ChainNamespace[] = /*#__PURE__*/ Object.freeze([
  'eip155',
  'solana',
  'polkadot',
  'bip122',
] as const);

/** docs/connection.md#namespaces-and-data-shapes: default account type per namespace. */
export const DEFAULT_ACCOUNT_TYPES: Readonly<Record<ChainNamespace, AccountType>> = /*#__PURE__*/ Object.freeze({
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
});

/**
 * docs/connection.md#account-sync: account sync (the identity lookup that fills the profile name and image)
 * runs for eip155 accounts only; for every other namespace it is skipped and the profile
 * stays cleared.
 */
export function isAccountSyncSupported(namespace: ChainNamespace): boolean {
  return namespace === 'eip155';
}
