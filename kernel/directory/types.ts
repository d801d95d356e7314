import type { ChainNamespace } from '../types';
import type { WalletDirectoryError } from './errors';

/**
 * One wallet of the directory: the catalogue shipped with the package, a
 * remote directory API, or a host's custom wallet. Only `id` and `name` are
 * required; links are absent when unknown.
 *
 * Mobile links are bases a WalletConnect URI is appended to as
 * `${link}wc?uri=…`, so they end in '://' or '/'.
 */
export interface DirectoryWallet {
  /** Stable id: the wallet's rdns when it has one, else a slug (catalogue), or the remote directory's id. */
  readonly id: string;
  readonly name: string;
  /** EIP-6963 reverse-DNS id, used to recognise the installed wallet. */
  readonly rdns?: string;
  /** The remote directory's id for this wallet, when it differs from `id`. */
  readonly explorerId?: string;
  readonly homepage?: string;
  /** Image URL (the catalogue ships offline SVG data URIs). */
  readonly imageUrl?: string;
  /** Deep-link scheme of the mobile app, e.g. 'metamask://'. */
  readonly mobileLink?: string;
  /** Universal (https) link of the mobile app. */
  readonly universalLink?: string;
  /** Deep-link scheme of a desktop app, e.g. 'ledgerlive://'. */
  readonly desktopLink?: string;
  readonly webappLink?: string;
  readonly appStore?: string;
  readonly playStore?: string;
  readonly chromeStore?: string;
  /** Namespaces the wallet serves; unknown when absent (then it is never filtered out by namespace). */
  readonly namespaces?: readonly ChainNamespace[];
}

/** Where the directory's list came from. */
export type DirectorySource = 'catalogue' | 'remote';

/** The WalletDirectory service's state (kernel/services/WalletDirectory.ts). */
export interface WalletDirectoryState {
  /** Every known wallet, in recommended order (remote order first when a remote directory answered). */
  readonly wallets: readonly DirectoryWallet[];
  readonly loading: boolean;
  /** Why the remote directory could not be (fully) read; the list then holds the catalogue and what was read. */
  readonly error: WalletDirectoryError | undefined;
  /** 'remote' once at least one remote page was merged in. */
  readonly source: DirectorySource;
}

/** Storage key of the cached first remote page. */
export const WALLET_DIRECTORY_CACHE_KEY = 'walletDirectory';
