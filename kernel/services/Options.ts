import type { Observed } from '../store';
import type {
  AccountType,
  CaipNetworkId,
  ChainNamespace,
  ConnectMethod,
  ConnectorTypeOrder,
  DappMetadata,
  Network,
  ThemeMode,
  ThemeVariables,
  WalletFeature,
} from '../types';

export const Options = Symbol('Options');

export interface Features {
  readonly swaps?: boolean;
  readonly onramp?: boolean;
  readonly receive?: boolean;
  readonly send?: boolean;
  readonly email?: boolean;
  readonly emailShowWallets?: boolean;
  readonly socials?: readonly string[] | false;
  readonly history?: boolean;
  readonly analytics?: boolean;
  readonly allWallets?: boolean;
  readonly legalCheckbox?: boolean;
  readonly smartSessions?: boolean;
  readonly collapseWallets?: boolean;
  readonly walletFeaturesOrder?: readonly WalletFeature[];
  /** When set, used as is (no wallet-first reordering). */
  readonly connectMethodsOrder?: readonly ConnectMethod[];
  readonly connectorTypeOrder?: readonly ConnectorTypeOrder[];
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

/** Sign-in (SIWX) session provider; implemented by the sign-in plugin or the host. */
export interface SiwxConfig {
  createMessage(input: { chainId: CaipNetworkId; accountAddress: string }): Promise<{ toString(): string } & Record<string, unknown>>;
  getSessions(chainId: CaipNetworkId, address: string): Promise<readonly unknown[]>;
  addSession(session: unknown): Promise<void>;
  setSessions(sessions: readonly unknown[]): Promise<void>;
  getRequired?(): boolean;
}

/** What a host passes to createKernel (spec section 3, Options). */
export interface LatchkeyOptions {
  readonly projectId?: string;
  readonly metadata?: Partial<DappMetadata>;
  readonly features?: Features;
  readonly networks?: readonly Network[];
  readonly defaultNetwork?: Network;
  readonly siwx?: SiwxConfig;
  readonly siweConfig?: unknown;
  readonly chainImages?: Readonly<Record<string | number, string>>;
  readonly customRpcUrls?: Readonly<Record<CaipNetworkId, readonly { readonly url: string }[]>>;
  readonly customWallets?: readonly CustomWallet[];
  readonly includeWalletIds?: readonly string[];
  readonly excludeWalletIds?: readonly string[];
  readonly featuredWalletIds?: readonly string[];
  readonly tokens?: Readonly<Record<CaipNetworkId, { readonly address: string; readonly image?: string }>>;
  readonly termsConditionsUrl?: string;
  readonly privacyPolicyUrl?: string;
  readonly disableAppend?: boolean;
  readonly enableEmbedded?: boolean;
  readonly manualWCControl?: boolean;
  readonly universalProvider?: unknown;
  readonly enableAuthLogger?: boolean;
  readonly enableNetworkSwitch?: boolean;
  readonly allowUnsupportedChain?: boolean;
  readonly defaultAccountTypes?: Partial<Readonly<Record<ChainNamespace, AccountType>>>;
  readonly themeMode?: ThemeMode;
  readonly themeVariables?: ThemeVariables;
  readonly debug?: boolean;
  readonly enableWalletConnect?: boolean;
  readonly enableWalletGuide?: boolean;
  readonly enableWallets?: boolean;
  readonly enableEIP6963?: boolean;
  readonly enableInjected?: boolean;
  readonly enableCoinbase?: boolean;
  /** WalletConnect relay; the hosted one unless set (the demo uses a local relay). */
  readonly relayUrl?: string;
  /** Analytics host (POST {analyticsUrl}/e). */
  readonly analyticsUrl?: string;
  /** Base URL of the blockchain RPC service (JSON-RPC at /v1/?chainId&projectId). */
  readonly rpcServiceUrl?: string;
  readonly sdkType?: string;
  readonly sdkVersion?: string;
}

/** Options after validation and defaults: every flag has a value. */
export interface ResolvedOptions
  extends Omit<LatchkeyOptions, 'metadata' | 'features' | 'networks' | 'projectId' | 'defaultAccountTypes'> {
  readonly projectId: string;
  readonly metadata: DappMetadata;
  readonly features: Required<Omit<Features, 'connectMethodsOrder' | 'connectorTypeOrder'>> &
    Pick<Features, 'connectMethodsOrder' | 'connectorTypeOrder'>;
  readonly networks: readonly Network[];
  readonly defaultAccountTypes: Readonly<Record<ChainNamespace, AccountType>>;
  readonly enableNetworkSwitch: boolean;
  readonly allowUnsupportedChain: boolean;
  readonly enableWalletConnect: boolean;
  readonly enableWalletGuide: boolean;
  readonly enableWallets: boolean;
  readonly enableEIP6963: boolean;
  readonly enableInjected: boolean;
  readonly enableAuthLogger: boolean;
  readonly debug: boolean;
  readonly disableAppend: boolean;
  readonly enableEmbedded: boolean;
  readonly manualWCControl: boolean;
  readonly sdkType: string;
  readonly sdkVersion: string;
}

export interface Options extends Observed<ResolvedOptions> {
  /** Re-validates and applies a patch (e.g. theme or feature changes at run time). */
  update(patch: Partial<LatchkeyOptions>): void;
}
