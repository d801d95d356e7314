/**
 * Latchkey's public kernel API: what a host and a plugin author need. Headless: nothing
 * here touches React or the DOM at import time.
 *
 * Where to start:
 * - a host: `createKernel({ options, plugins })`, then the services on the kernel
 *   (`kernel.modal.open()`, `kernel.connection.connect(…)`, every `state$` / `state`);
 * - a plugin author: `definePlugin` and the types next to it (kernel/plugin/manifest.ts
 *   explains the contract and the lifecycle), the service tokens to `ctx.get(…)`, and, for
 *   a chain, the `ChainAdapter` contract (kernel/adapter.ts). A module's `onLoad` may return a
 *   disposer (called at `kernel.stop()`), and `whenAccount(ctx, 'eip155' | 'active', run)` runs
 *   `run` for each account that connects and the cleanup it returns when that account goes:
 *
 *       onLoad: (ctx) => whenAccount(ctx, 'eip155', (account) => {
 *         const watch = follow(account.address);
 *         return () => watch.stop();
 *       }),
 *
 * More on subpaths: `latchkey/errors` (every typed error and the provider-error mapping),
 * `latchkey/networks` (built-in Solana and Bitcoin networks), `latchkey/directory`
 * (wallet-list helpers). UI primitives for plugin views: `latchkey/ui`.
 */
import 'reflect-metadata/lite';

// Kernel
export { createKernel } from './createKernel';
export type { Kernel, CreateKernelParameters } from './createKernel';

// Plugins: the contract, its contribution points and lifecycle
export { definePlugin } from './plugin/manifest';
export { whenAccount } from './plugin/activations';
export type {
  PluginManifest,
  PluginModule,
  PluginContext,
  PluginContributions,
  KernelStartResult,
  PluginDisposer,
  AccountCleanup,
  PluginOptionsContribution,
  ManifestTranslations,
  ViewContribution,
  AccountTabContribution,
  WalletFeatureContribution,
  ConnectMethodContribution,
  LatchkeyViews,
  ViewId,
  ViewData,
  WalletFeature,
  ConnectMethod,
  AccountTab,
} from './plugin/manifest';
export { SessionState } from './plugin/tokens';

// Message catalogues: data a UI renders in the visitor's language (latchkey/ui re-exports them)
export { defineMessages, localText, format as formatMessage } from './messages';
export type { Catalogue, CatalogueModule, MessageBundle, MessageValues, LocalText } from './messages';

// Chain adapters
export type {
  ChainAdapter,
  AdapterCapability,
  AdapterCall,
  AdapterConnection,
  AdapterEvent,
  AdapterRequests,
  RequestOf,
  TransactionRequest,
  TransferRequest,
  EvmTransactionRequest,
} from './adapter';

// Services: the token and the interface share one name; a service's state type is `Service['state']`.
export { Environment } from './services/Environment';
export { Options } from './options/Options';
export type { LatchkeyOptions, ResolvedOptions, Features, CustomWallet } from './options/types';
export { Storage, MAX_RECENT_WALLETS } from './services/Storage';
export type { ScopedStorage, TtlCache } from './services/Storage';
export type { StorageLike } from './services/Environment';
// Server rendering: the connection in a cookie, read back on the server
export { cookieStorage, cookieToInitialState } from './services/cookieStorage';
export type { CookieStorageOptions, CookieSource } from './services/cookieStorage';
export type { LatchkeyInitialState, InitialConnection } from './services/initialState';
export type { KernelServerState } from './services/serverState';
export { Router } from './services/Router';
export { Modal } from './services/Modal';
export type { OpenModalArgs } from './services/Modal';
export { Network } from './services/Network';
export { Account } from './services/Account';
export { ConnectorRegistry } from './services/ConnectorRegistry';
export { Connection } from './services/Connection';
export type { ConnectedSession } from './services/Connection';
export { PluginHost } from './plugin/PluginHost';
export { Theme } from './services/Theme';
export { Snackbar } from './services/Snackbar';
export { Alerts } from './services/Alerts';
export type { AlertMessage } from './alerts';
export { Events } from './services/Events';
export { HttpClient } from './services/HttpClient';
export { RpcTransport } from './services/RpcTransport';
export { WalletDirectory } from './services/WalletDirectory';
export { BlockchainApi } from './services/BlockchainApi';
export type { TokenBalance, Transaction, NftHolding, NameRecord } from './services/BlockchainApi';
export { Store } from './store';
export type { Observed } from './store';

// Errors (the whole catalogue is on 'latchkey/errors')
export { LatchkeyError, walkError } from './errors/base';
export { isUserRejection, isUnrecognizedChain } from './errors/predicates';
export type { ValidationIssue } from './errors/kernel';
// the error WalletDirectory's state holds (a service of this entry)
export { WalletDirectoryError } from './directory/errors';
export { zodErrorMap } from './options/zodMessages';

// Namespaces
export { isAccountSyncSupported } from './namespaces';

// Networks, CAIP ids, units
export { defineNetwork } from './networks';
export { caipNetworkId, caipAddress, parseCaipNetworkId, parseCaipAddress } from './caip';
// The wallet-slot rules of the Connect view (the connector type order, docs/modal.md#connect-view-order); the full
// list ordering and search of AllWallets are on 'latchkey/directory' (loaded with that view).
export { pickSlot, naturalSlot, isInstalledConnector } from './directory/slots';
export { parseUnits, formatUnits } from './units';
export { httpTransport } from './transport/lazy';

// Shared data shapes (docs/connection.md#namespaces-and-data-shapes). The network data type is CaipNetwork (Network is the service).
export type {
  ChainNamespace,
  CaipNetworkId,
  CaipAddress,
  CaipNetwork,
  Connector,
  ConnectorType,
  ConnectorTypeOrder,
  Eip1193Provider,
  ConnectionStatus,
  AccountType,
  AccountState,
  AccountRecord,
  RecentWallet,
  DappMetadata,
  ThemeMode,
  ThemeVariables,
} from './types';
