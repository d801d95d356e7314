/**
 * The options a host passes to `createKernel` (docs/modal.md#options-and-feature-flags). Kernel-wide
 * options only: a plugin's own options come through its factory (`walletConnectPlugin({
 * relayUrl })`), and AppKit's names for them, which hosts coming from AppKit pass here,
 * are handed to the plugin that owns them (its manifest's `options`). Plugins type those
 * names by merging into {@link LatchkeyOptions}.
 *
 * Types only: this file emits no code.
 */
import type { AccountType, CaipNetworkId, ChainNamespace, ConnectorTypeOrder, DappMetadata, CaipNetwork, ThemeMode, ThemeVariables } from '../types';
import type { ConnectMethod, WalletFeature } from '../plugin/manifest';

/**
 * Feature flags (docs/modal.md#options-and-feature-flags). A flag gates what a plugin contributes: a contribution
 * whose `flag` is set to `false` (or an empty list) is hidden; registering the plugin is
 * what turns it on. The kernel itself reads `analytics`, `allWallets`, `legalCheckbox`,
 * `collapseWallets`, `emailShowWallets` and the three orders; the others are read by the plugin named.
 */
export interface Features {
  /** Send analytics events (kernel; also needs `analyticsUrl`). Default true. */
  readonly analytics?: boolean;
  /** The "All Wallets" entry of the Connect view (kernel). Default true. */
  readonly allWallets?: boolean;
  /** Require ticking the terms box before connecting (kernel; needs the legal URLs). Default false. */
  readonly legalCheckbox?: boolean;
  /** Show fewer wallets in the Connect view, the rest behind All Wallets (kernel). Default false. */
  readonly collapseWallets?: boolean;
  /** Order of the Account view's wallet-feature buttons. Default: onramp, swaps, receive, send. */
  readonly walletFeaturesOrder?: readonly WalletFeature[];
  /** Order of the Connect view's methods; when set, used as is (no wallet-first reordering). */
  readonly connectMethodsOrder?: readonly ConnectMethod[];
  readonly connectorTypeOrder?: readonly ConnectorTypeOrder[];
  /** Read by the swaps plugin. */
  readonly swaps?: boolean;
  /** Read by the on-ramp plugin. */
  readonly onramp?: boolean;
  /** Read by the receive plugin. */
  readonly receive?: boolean;
  /** Read by the send plugin. */
  readonly send?: boolean;
  /** Read by the e-mail login plugin. */
  readonly email?: boolean;
  /** false: the wallets next to the e-mail field fold into one "Continue with a wallet" button, as `collapseWallets` (AppKit's older name for it; kernel). Default true. */
  readonly emailShowWallets?: boolean;
  /** Read by the social login plugin: the providers to show, or false for none. */
  readonly socials?: readonly string[] | false;
  /** Read by the activity plugin. */
  readonly history?: boolean;
  /** Read by the embedded-wallet plugins, which refuse `true` for now (SmartSessionsNotSupportedError: ERC-7715 permissions are not built yet). */
  readonly smartSessions?: boolean;
  /** A third-party plugin's flag. */
  readonly [flag: string]: boolean | readonly string[] | undefined;
}

export interface CustomWallet {
  readonly id: string;
  readonly name: string;
  readonly homepage?: string;
  readonly imageUrl?: string;
  readonly mobileLink?: string;
  readonly desktopLink?: string;
  readonly webappLink?: string;
  readonly appStore?: string;
  readonly playStore?: string;
  readonly rdns?: string;
}

/** What a host passes to createKernel. Plugins add the options they own by declaration merging. */
export interface LatchkeyOptions {
  /** Required: the project id your relay / RPC / data providers know you by. Missing: the 'Project ID Not Configured' alert. */
  readonly projectId?: string;
  /** Defaults come from the page: title, og:description, origin, icon (docs/modal.md#dapp-metadata). */
  readonly metadata?: Partial<DappMetadata>;
  readonly features?: Features;
  readonly networks?: readonly CaipNetwork[];
  readonly defaultNetwork?: CaipNetwork;
  /** Sign-in session provider; read by the sign-in plugin. Setting it with `siweConfig` throws. */
  readonly siwx?: unknown;
  /** Legacy sign-in configuration; read by the sign-in plugin. */
  readonly siweConfig?: unknown;
  readonly chainImages?: Readonly<Record<string | number, string>>;
  readonly customRpcUrls?: Readonly<Record<CaipNetworkId, readonly { readonly url: string }[]>>;
  readonly customWallets?: readonly CustomWallet[];
  readonly includeWalletIds?: readonly string[];
  readonly excludeWalletIds?: readonly string[];
  readonly featuredWalletIds?: readonly string[];
  /** Tokens to show per network; read by the balances and send plugins. */
  readonly tokens?: Readonly<Record<CaipNetworkId, { readonly address: string; readonly image?: string }>>;
  readonly termsConditionsUrl?: string;
  readonly privacyPolicyUrl?: string;
  /** Do not append the modal to <body>: the host renders <LatchkeyModal/> itself. */
  readonly disableAppend?: boolean;
  /** The modal sits in the page flow and is always shown. */
  readonly enableEmbedded?: boolean;
  readonly enableNetworkSwitch?: boolean;
  readonly allowUnsupportedChain?: boolean;
  readonly defaultAccountTypes?: Partial<Readonly<Record<ChainNamespace, AccountType>>>;
  readonly themeMode?: ThemeMode;
  readonly themeVariables?: ThemeVariables;
  /**
   * The modal's language (a BCP 47 tag: 'es', 'pt-BR', 'ja', …; the nearest shipped locale is
   * used). Default: the browser's languages, else English. Arabic lays the modal out right to left.
   */
  readonly locale?: string;
  readonly debug?: boolean;
  readonly enableWalletGuide?: boolean;
  /** False hides the wallet list (e-mail and social login only). */
  readonly enableWallets?: boolean;
  /** Analytics host (POST {analyticsUrl}/e). None by default: nothing is sent. */
  readonly analyticsUrl?: string;
  /** Base URL of the blockchain RPC service (JSON-RPC at /v1/?chainId&projectId). */
  readonly rpcServiceUrl?: string;
  /** Remote wallet directory API (GET {url}/getWallets); the shipped catalogue is used without it or when it fails. */
  readonly walletDirectoryUrl?: string;
  /**
   * The blockchain API (balances, history, NFTs, names; docs/account-features.md#blockchain-api), e.g. Reown's
   * `https://rpc.walletconnect.org` or a self-hosted data service (samples/data-service).
   * Without one, balances are read from the chain and names and history are not shown.
   */
  readonly blockchainApiUrl?: string;
  readonly sdkType?: string;
  readonly sdkVersion?: string;
}

/** Options after validation and defaults: every kernel flag has a value; plugin-owned keys pass through. */
export interface ResolvedOptions extends Omit<LatchkeyOptions, 'metadata' | 'features' | 'networks' | 'projectId' | 'defaultAccountTypes'> {
  readonly projectId: string;
  readonly metadata: DappMetadata;
  readonly features: Features & Required<Pick<Features, 'analytics' | 'allWallets' | 'legalCheckbox' | 'collapseWallets' | 'walletFeaturesOrder'>>;
  readonly networks: readonly CaipNetwork[];
  readonly defaultAccountTypes: Readonly<Record<ChainNamespace, AccountType>>;
  readonly enableNetworkSwitch: boolean;
  readonly allowUnsupportedChain: boolean;
  readonly enableWalletGuide: boolean;
  readonly enableWallets: boolean;
  readonly debug: boolean;
  readonly disableAppend: boolean;
  readonly enableEmbedded: boolean;
  readonly sdkType: string;
  readonly sdkVersion: string;
}
