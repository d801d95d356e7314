/**
 * Public wallet-directory helpers (subpath `latchkey/directory`): the full
 * wallet-list ordering and search used by AllWallets. Kept out of the kernel's
 * main index on purpose: a module the main index re-exports is bundled with
 * every host's entry by esbuild's code splitting, even when only a lazily
 * loaded view uses it.
 */
export { orderWallets, orderKernelWallets, connectorIds, walletIds } from './order';
export type { WalletListEntry, OrderWalletsInput } from './order';
export { searchWallets, matchScore, tokenize, normalizeText } from './search';
export type { Searchable } from './search';
export { monogramDataUri } from './monogram';
export { parseRemotePage, parseRemoteWallet, mergeWallets, pageCount, REMOTE_PAGE_SIZE, MAX_REMOTE_PAGES } from './remote';
// The slot rules, also on the kernel's main entry (the Connect view uses them).
export { pickSlot, naturalSlot, baseConnectorType, isInstalledConnector } from './slots';
export type { WalletEntrySource } from './slots';
export type { DirectoryWallet, DirectorySource } from './types';
export { WalletDirectoryError } from './errors';
export { MAX_RECENT_WALLETS } from '../services/Storage';
export { DEFAULT_CONNECTOR_TYPE_ORDER } from '../services/ConnectorRegistry';
export type { WalletDirectoryState } from '../services/WalletDirectory';
// The wallet list without the modal (custom connect screens; useWallets() in latchkey/react).
export { createWalletList, walletListEntries, walletConnectLink } from './walletList';
export type { WalletList, WalletListState, WalletListOptions, WalletConnectAttempt } from './walletList';
