import { DEFAULT_ACCOUNT_TYPES } from '../namespaces';
import { inject, injectable } from 'inversify';
import * as z from 'zod/mini';
import { OptionsValidationError, SiwxConflictError, type ValidationIssue as OptionsIssue } from '../errors/kernel';
import { type Observed, Store } from '../store';
import { SDK_VERSION } from '../version';
import { Alerts } from './Alerts';
import { Environment } from './Environment';
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
  /** Remote wallet directory API (GET {url}/getWallets); the shipped catalogue is used without it or when it fails. */
  readonly walletDirectoryUrl?: string;
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

/** Token for the options object the host passed (bound as a constant by createKernel). */
export const RawOptions = Symbol('RawOptions');

/* ------------------------------------------------------------------------------------------------
 * zod-3-style messages for zod 4 (mini). The spec's schema messages are zod 3's defaults:
 * 'Required', 'Expected X, received Y', 'Invalid email', "Invalid enum value. Expected 'x' | 'y',
 * received 'q'", and 'Invalid input' for everything else. zod/mini has no message locale, so
 * every schema parsed with {@link zodErrorMap} gets these texts. A message set on a schema
 * itself (`z.string({ error: '…' })`) still wins, as zod gives it precedence.
 * --------------------------------------------------------------------------------------------- */

/** The fields of a zod 4 raw issue (as an error map sees it) that {@link formatIssue} reads. */
export interface RawIssueLike {
  readonly code?: string;
  readonly input?: unknown;
  readonly expected?: string;
  readonly received?: string;
  readonly values?: readonly unknown[];
  readonly format?: string;
  readonly inst?: unknown;
}

/** zod 3's name for the type of a value (its `getParsedType`). */
export function zod3TypeName(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return 'string';
    case 'number':
      return Number.isNaN(value) ? 'nan' : 'number';
    case 'boolean':
      return 'boolean';
    case 'function':
      return 'function';
    case 'bigint':
      return 'bigint';
    case 'symbol':
      return 'symbol';
    default:
      break;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const v = value as { then?: unknown; catch?: unknown };
  if (typeof v.then === 'function' && typeof v.catch === 'function') return 'promise';
  if (typeof Map !== 'undefined' && value instanceof Map) return 'map';
  if (typeof Set !== 'undefined' && value instanceof Set) return 'set';
  if (typeof Date !== 'undefined' && value instanceof Date) return 'date';
  return 'object';
}

/** zod 4 `expected` names that zod 3 spelled differently. */
const ZOD3_EXPECTED: Readonly<Record<string, string>> = { record: 'object', tuple: 'array', int: 'integer' };

function quoteValue(v: unknown): string {
  return typeof v === 'string' ? `'${v}'` : String(v);
}

function isLiteralSchema(inst: unknown): boolean {
  return (inst as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def?.type === 'literal';
}

/** Message for one raw zod 4 issue, in zod 3's words. Pure. */
export function formatIssue(issue: RawIssueLike): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined && issue.received === undefined) return 'Required';
      const expected = issue.expected ?? 'unknown';
      if (expected === 'int' && typeof issue.input === 'number' && !Number.isNaN(issue.input)) {
        return 'Expected integer, received float';
      }
      const received = issue.received === 'NaN' ? 'nan' : zod3TypeName(issue.input);
      return `Expected ${ZOD3_EXPECTED[expected] ?? expected}, received ${received}`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? 'Invalid email' : 'Invalid input';
    case 'invalid_value': {
      if (isLiteralSchema(issue.inst) || !issue.values?.length) return 'Invalid input';
      return `Invalid enum value. Expected ${issue.values.map(quoteValue).join(' | ')}, received '${String(issue.input)}'`;
    }
    default:
      return 'Invalid input';
  }
}

/** zod error map giving zod-3 texts; pass as `schema.safeParse(data, { error: zodErrorMap })`. */
export const zodErrorMap: z.core.$ZodErrorMap = (issue) => formatIssue(issue as RawIssueLike);

/** Issues of a failed parse as `{ path: 'a.0.b', message }`. */
export function toIssues(error: { readonly issues: readonly { path: readonly PropertyKey[]; message: string }[] }): OptionsIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/* ------------------------------------------------------------------------------------------------
 * Options schema. Used to validate only: the resolved options are built from the host's own
 * objects (networks, siwx, universalProvider keep their identity and extra fields).
 * --------------------------------------------------------------------------------------------- */

/** Social providers the embedded wallet knows (spec section 9 defaults). */
export const DEFAULT_SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const;

const str = () => z.optional(z.string());
const bool = () => z.optional(z.boolean());
const strList = () => z.optional(z.array(z.string()));
const fn = () =>
  z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', {
    error: (iss) => (iss.input === undefined ? 'Required' : `Expected function, received ${zod3TypeName(iss.input)}`),
  });
const namespaceSchema = z.enum(['eip155', 'solana', 'polkadot', 'bip122']);
const caipNetworkIdSchema = z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/));
const httpList = z.object({ http: z.array(z.string()) });

const networkSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  network: str(),
  caipNetworkId: caipNetworkIdSchema,
  deprecatedCaipNetworkId: z.optional(caipNetworkIdSchema),
  chainNamespace: namespaceSchema,
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number() }),
  rpcUrls: z.object({ default: httpList, chainDefault: z.optional(httpList) }),
  blockExplorers: z.optional(z.object({ default: z.object({ name: z.string(), url: z.string() }) })),
  assets: z.optional(z.object({ imageId: str(), imageUrl: str() })),
  testnet: bool(),
});

const featuresSchema = z.object({
  swaps: bool(),
  onramp: bool(),
  receive: bool(),
  send: bool(),
  email: bool(),
  emailShowWallets: bool(),
  socials: z.optional(z.union([z.array(z.enum(DEFAULT_SOCIALS)), z.literal(false)])),
  history: bool(),
  analytics: bool(),
  allWallets: bool(),
  legalCheckbox: bool(),
  smartSessions: bool(),
  collapseWallets: bool(),
  walletFeaturesOrder: z.optional(z.array(z.enum(['onramp', 'swaps', 'receive', 'send']))),
  connectMethodsOrder: z.optional(z.array(z.enum(['email', 'social', 'wallet']))),
  connectorTypeOrder: z.optional(
    z.array(z.enum(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])),
  ),
});

const customWalletSchema = z.object({
  id: z.string(),
  name: z.string(),
  homepage: str(),
  imageUrl: str(),
  mobileLink: str(),
  desktopLink: str(),
  webappLink: str(),
  appStore: str(),
  playStore: str(),
  rdns: str(),
});

const optionsSchema = z.object({
  projectId: str(),
  metadata: z.optional(z.object({ name: str(), description: str(), url: str(), icons: strList() })),
  features: z.optional(featuresSchema),
  networks: z.optional(z.array(networkSchema)),
  defaultNetwork: z.optional(networkSchema),
  siwx: z.optional(
    z.object({ createMessage: fn(), getSessions: fn(), addSession: fn(), setSessions: fn(), getRequired: z.optional(fn()) }),
  ),
  chainImages: z.optional(z.record(z.string(), z.string())),
  customRpcUrls: z.optional(z.record(z.string(), z.array(z.object({ url: z.string() })))),
  customWallets: z.optional(z.array(customWalletSchema)),
  includeWalletIds: strList(),
  excludeWalletIds: strList(),
  featuredWalletIds: strList(),
  tokens: z.optional(z.record(z.string(), z.object({ address: z.string(), image: str() }))),
  termsConditionsUrl: str(),
  privacyPolicyUrl: str(),
  disableAppend: bool(),
  enableEmbedded: bool(),
  manualWCControl: bool(),
  enableAuthLogger: bool(),
  enableNetworkSwitch: bool(),
  allowUnsupportedChain: bool(),
  defaultAccountTypes: z.optional(
    z.partialRecord(namespaceSchema, z.enum(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'])),
  ),
  themeMode: z.optional(z.enum(['light', 'dark'])),
  themeVariables: z.optional(z.record(z.string(), z.optional(z.union([z.string(), z.number()])))),
  debug: bool(),
  enableWalletConnect: bool(),
  enableWalletGuide: bool(),
  enableWallets: bool(),
  enableEIP6963: bool(),
  enableInjected: bool(),
  enableCoinbase: bool(),
  relayUrl: str(),
  analyticsUrl: str(),
  rpcServiceUrl: str(),
  walletDirectoryUrl: str(),
  sdkType: str(),
  sdkVersion: str(),
});

/**
 * Feature defaults (the spec leaves them open; these are ours):
 * - analytics, allWallets and emailShowWallets on: they cost nothing until used;
 * - email and socials off: the embedded-wallet plugin turns them on when registered;
 * - swaps, onramp, send, receive, history off: the kernel enables each when a plugin
 *   contributing that feature is registered;
 * - legalCheckbox, smartSessions, collapseWallets off;
 * - walletFeaturesOrder as spec section 2: onramp, swaps, receive, send.
 */
export const DEFAULT_FEATURES: ResolvedOptions['features'] = {
  swaps: false,
  onramp: false,
  receive: false,
  send: false,
  email: false,
  emailShowWallets: true,
  socials: false,
  history: false,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
};

export const DEFAULT_SDK_TYPE = 'latchkey';

const ACCOUNT_TYPE_DEFAULTS: ResolvedOptions['defaultAccountTypes'] = DEFAULT_ACCOUNT_TYPES;

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
 * Dapp metadata from the page (spec section 3): title, og:description, origin and the
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
  const result = optionsSchema.safeParse(raw, { error: zodErrorMap });
  if (!result.success) throw new OptionsValidationError(toIssues(result.error));
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
    defaultAccountTypes: { ...ACCOUNT_TYPE_DEFAULTS, ...definedOnly(raw.defaultAccountTypes) },
    // spec section 9: enabled unless set to false
    debug: raw.debug !== false,
    enableWalletConnect: raw.enableWalletConnect !== false,
    enableWalletGuide: raw.enableWalletGuide !== false,
    enableWallets: raw.enableWallets !== false,
    enableEIP6963: raw.enableEIP6963 !== false,
    enableNetworkSwitch: raw.enableNetworkSwitch !== false,
    enableAuthLogger: raw.enableAuthLogger !== false,
    enableInjected: raw.enableInjected !== false,
    // off unless set to true
    allowUnsupportedChain: raw.allowUnsupportedChain === true,
    disableAppend: raw.disableAppend === true,
    enableEmbedded: raw.enableEmbedded === true,
    manualWCControl: raw.manualWCControl === true,
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

/**
 * Options service: validated at construction (throws on invalid options), and on every
 * {@link OptionsImpl.update}. A missing projectId shows the 'Project ID Not Configured'
 * alert instead of throwing, so a page still renders during setup.
 */
@injectable()
export class OptionsImpl implements Options {
  private readonly store: Store<ResolvedOptions>;
  private raw: LatchkeyOptions;

  constructor(
    @inject(RawOptions) raw: LatchkeyOptions | undefined,
    @inject(Environment) private readonly env: Environment,
    @inject(Alerts) private readonly alerts: Alerts,
  ) {
    this.raw = raw ?? {};
    const { options, projectIdMissing } = parseOptions(this.raw, env);
    this.store = new Store(options);
    if (projectIdMissing) this.alerts.showKey('PROJECT_ID_NOT_CONFIGURED');
  }

  get state$() {
    return this.store.state$;
  }

  get state(): ResolvedOptions {
    return this.store.state;
  }

  /** Re-validates; an invalid patch throws and leaves the current options as they were. */
  update(patch: Partial<LatchkeyOptions>): void {
    const next = mergeOptions(this.raw, patch);
    const { options, projectIdMissing } = parseOptions(next, this.env);
    this.raw = next;
    this.store.set(options);
    if (projectIdMissing) this.alerts.showKey('PROJECT_ID_NOT_CONFIGURED');
  }
}
