/**
 * Validation and defaults of the kernel-wide options (./types.ts), validated with ./check.ts
 * (zod's rules and messages without zod at startup; ./testing/zodSchema.ts is the same
 * schema in zod, the reference check.test.ts compares with). Used to validate only:
 * the resolved options are built from the host's own objects (networks and the values
 * plugins own keep their identity and extra fields). Keys the kernel does not know pass
 * through untouched for the plugin that owns them.
 */
import { DEFAULT_ACCOUNT_TYPES } from '../namespaces';
import { OptionsValidationError, SiwxConflictError } from '../errors/kernel';
import { SDK_VERSION } from '../version';
import type { Environment } from '../services/Environment';
import type { DappMetadata } from '../types';
import type { LatchkeyOptions, ResolvedOptions } from './types';
import { array, boolean, issuesOf, literal, number, object, oneOf, optional, record, string, union } from './check';

const str = optional(string());
const bool = optional(boolean);
const strList = optional(array(string()));
const NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122'];
const namespaceSchema = oneOf(NAMESPACES);
const caipNetworkIdSchema = string(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/);
const httpList = object({ http: array(string()) });

const networkSchema = object({
  id: union(number, string()),
  name: string(),
  network: str,
  caipNetworkId: caipNetworkIdSchema,
  deprecatedCaipNetworkId: optional(caipNetworkIdSchema),
  chainNamespace: namespaceSchema,
  nativeCurrency: object({ name: string(), symbol: string(), decimals: number }),
  rpcUrls: object({ default: httpList, chainDefault: optional(httpList) }),
  blockExplorers: optional(object({ default: object({ name: string(), url: string() }) })),
  assets: optional(object({ imageId: str, imageUrl: str })),
  testnet: bool,
});

/**
 * The feature flags (docs/modal.md#options-and-feature-flags) are checked by shape (the plugin that reads one checks the rest, e.g.
 * which social providers exist); a third party's flag is a boolean or a list of strings.
 */
const featuresSchema = object(
  {
    analytics: bool,
    allWallets: bool,
    legalCheckbox: bool,
    collapseWallets: bool,
    swaps: bool,
    onramp: bool,
    receive: bool,
    send: bool,
    email: bool,
    emailShowWallets: bool,
    history: bool,
    smartSessions: bool,
    walletFeaturesOrder: strList,
    connectMethodsOrder: strList,
    connectorTypeOrder: optional(
      array(oneOf(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])),
    ),
    socials: optional(union(array(string()), literal(false))),
  },
  optional(union(boolean, array(string()))),
);

const customWalletSchema = object({
  id: string(),
  name: string(),
  homepage: str,
  imageUrl: str,
  mobileLink: str,
  desktopLink: str,
  webappLink: str,
  appStore: str,
  playStore: str,
  rdns: str,
});

const optionsSchema = object({
  projectId: str,
  metadata: optional(object({ name: str, description: str, url: str, icons: strList })),
  features: optional(featuresSchema),
  networks: optional(array(networkSchema)),
  defaultNetwork: optional(networkSchema),
  chainImages: optional(record(string())),
  customRpcUrls: optional(record(array(object({ url: string() })))),
  customWallets: optional(array(customWalletSchema)),
  includeWalletIds: strList,
  excludeWalletIds: strList,
  featuredWalletIds: strList,
  tokens: optional(record(object({ address: string(), image: str }))),
  termsConditionsUrl: str,
  privacyPolicyUrl: str,
  disableAppend: bool,
  enableEmbedded: bool,
  enableNetworkSwitch: bool,
  allowUnsupportedChain: bool,
  defaultAccountTypes: optional(record(oneOf(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx']), NAMESPACES)),
  themeMode: optional(oneOf(['light', 'dark'])),
  themeVariables: optional(record(optional(union(string(), number)))),
  locale: str,
  debug: bool,
  enableWalletGuide: bool,
  enableWallets: bool,
  analyticsUrl: str,
  rpcServiceUrl: str,
  walletDirectoryUrl: str,
  blockchainApiUrl: str,
  sdkType: str,
  sdkVersion: str,
});

/**
 * Defaults of the kernel's flags (docs/modal.md#options-and-feature-flags): analytics
 * and allWallets on (analytics sends nothing without `analyticsUrl`), legalCheckbox and
 * collapseWallets off, walletFeaturesOrder as docs/modal.md#account-view. A plugin's flag has no
 * default here: unset means its contribution shows.
 */
export const DEFAULT_FEATURES: ResolvedOptions['features'] = {
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  collapseWallets: false,
  walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
};

const DEFAULT_SDK_TYPE = 'latchkey';

function definedOnly<T extends object>(obj: T | undefined): Partial<T> {
  const out: Partial<T> = {};
  if (!obj) return out;
  for (const key of Object.keys(obj) as (keyof T)[]) {
    if (obj[key] !== undefined) out[key] = obj[key];
  }
  return out;
}

function absoluteUrl(href: string, base: string | undefined): string {
  try {
    return new URL(href, base || undefined).href;
  } catch {
    return href;
  }
}

/**
 * Dapp metadata from the page (docs/modal.md#dapp-metadata): title, og:description, origin and the
 * page icon, each '' (or []) when the page has none or there is no page (server).
 */
export function pageMetadata(env: Environment): DappMetadata {
  const doc = env.document as (Document & { baseURI?: string }) | undefined;
  const location = (env.window as { location?: { origin?: string; href?: string } } | undefined)?.location;
  const origin = location?.origin && location.origin !== 'null' ? location.origin : '';
  let description = '';
  let icon = '';
  try {
    description = doc?.querySelector?.('meta[property="og:description"]')?.getAttribute('content') ?? '';
    const href = doc?.querySelector?.('link[rel~="icon"]')?.getAttribute('href');
    if (href) icon = absoluteUrl(href, doc?.baseURI ?? location?.href);
  } catch {
    // a partial or foreign document: keep the empty defaults
  }
  return {
    name: typeof doc?.title === 'string' ? doc.title : '',
    description,
    url: origin,
    icons: icon ? [icon] : [],
  };
}

/**
 * Validates the host's options and fills every default. Pure apart from reading the
 * page through `env` for metadata defaults.
 * @throws OptionsValidationError when a field has the wrong shape (zod-3 messages).
 * @throws SiwxConflictError when both `siweConfig` and `siwx` are set.
 * A missing or empty projectId is not thrown: `projectIdMissing` is set instead.
 */
export function parseOptions(
  input: LatchkeyOptions | undefined,
  env: Environment,
): { options: ResolvedOptions; projectIdMissing: boolean } {
  const raw = input === undefined ? {} : input;
  const issues = issuesOf(optionsSchema, raw);
  if (issues.length) throw new OptionsValidationError(issues);
  if (raw.siweConfig !== undefined && raw.siwx !== undefined) throw new SiwxConflictError();

  const page = pageMetadata(env);
  const metadata = { ...page, ...definedOnly(raw.metadata) } as DappMetadata;
  const projectId = raw.projectId?.trim() ?? '';
  const options: ResolvedOptions = {
    ...raw,
    projectId,
    metadata,
    features: { ...DEFAULT_FEATURES, ...definedOnly(raw.features) },
    networks: raw.networks ?? [],
    defaultAccountTypes: { ...DEFAULT_ACCOUNT_TYPES, ...definedOnly(raw.defaultAccountTypes) },
    // docs/modal.md#options-and-feature-flags: enabled unless set to false
    debug: raw.debug !== false,
    enableWalletGuide: raw.enableWalletGuide !== false,
    enableWallets: raw.enableWallets !== false,
    enableNetworkSwitch: raw.enableNetworkSwitch !== false,
    // off unless set to true
    allowUnsupportedChain: raw.allowUnsupportedChain === true,
    disableAppend: raw.disableAppend === true,
    enableEmbedded: raw.enableEmbedded === true,
    sdkType: raw.sdkType || DEFAULT_SDK_TYPE,
    sdkVersion: raw.sdkVersion || SDK_VERSION,
  };
  return { options, projectIdMissing: projectId === '' };
}

const NESTED_KEYS = ['metadata', 'features', 'themeVariables', 'defaultAccountTypes'] as const;

/**
 * Applies a run-time patch to raw options: top-level keys replace, the nested
 * objects `metadata`, `features`, `themeVariables` and `defaultAccountTypes` merge
 * key by key (so `{ features: { analytics: false } }` keeps the other features).
 */
export function mergeOptions(base: LatchkeyOptions, patch: Partial<LatchkeyOptions>): LatchkeyOptions {
  const next: Record<string, unknown> = { ...base, ...patch };
  for (const key of NESTED_KEYS) {
    const a = base[key];
    const b = patch[key];
    if (isPlainObject(a) && isPlainObject(b)) next[key] = { ...a, ...b };
  }
  return next as LatchkeyOptions;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

