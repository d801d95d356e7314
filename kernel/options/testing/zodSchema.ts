/**
 * The kernel options' schema in zod (mini), with zod's own parse: the reference the startup
 * validator (../schema.ts, built on ../check.ts) is compared with in ../check.test.ts. Keep
 * both in step: a field added to one is added to the other.
 */
import * as z from 'zod/mini';
import type { ValidationIssue } from '../../errors/kernel';
import { zodErrorMap } from '../zodMessages';

/** Issues of a failed parse as `{ path: 'a.0.b', message }`. */
export function toIssues(error: { readonly issues: readonly { path: readonly PropertyKey[]; message: string }[] }): ValidationIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

const str = () => z.optional(z.string());
const bool = () => z.optional(z.boolean());
const strList = () => z.optional(z.array(z.string()));
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

/**
 * The feature flags (docs/modal.md#options-and-feature-flags) are checked by shape (the plugin that reads one checks the rest, e.g.
 * which social providers exist); a third party's flag is a boolean or a list of strings.
 */
const featuresSchema = z.catchall(
  z.object({
    analytics: bool(),
    allWallets: bool(),
    legalCheckbox: bool(),
    collapseWallets: bool(),
    swaps: bool(),
    onramp: bool(),
    receive: bool(),
    send: bool(),
    email: bool(),
    emailShowWallets: bool(),
    history: bool(),
    smartSessions: bool(),
    walletFeaturesOrder: strList(),
    connectMethodsOrder: strList(),
    connectorTypeOrder: z.optional(
      z.array(z.enum(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'])),
    ),
    socials: z.optional(z.union([z.array(z.string()), z.literal(false)])),
  }),
  z.optional(z.union([z.boolean(), z.array(z.string())])),
);

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
  enableNetworkSwitch: bool(),
  allowUnsupportedChain: bool(),
  defaultAccountTypes: z.optional(
    z.partialRecord(namespaceSchema, z.enum(['eoa', 'smartAccount', 'payment', 'ordinal', 'stx'])),
  ),
  themeMode: z.optional(z.enum(['light', 'dark'])),
  themeVariables: z.optional(z.record(z.string(), z.optional(z.union([z.string(), z.number()])))),
  locale: str(),
  debug: bool(),
  enableWalletGuide: bool(),
  enableWallets: bool(),
  analyticsUrl: str(),
  rpcServiceUrl: str(),
  walletDirectoryUrl: str(),
  blockchainApiUrl: str(),
  sdkType: str(),
  sdkVersion: str(),
});

/** zod's issues for `input` (none when valid), in the words of zodErrorMap. */
export function zodIssues(input: unknown): ValidationIssue[] {
  const result = optionsSchema.safeParse(input, { error: zodErrorMap });
  return result.success ? [] : toIssues(result.error);
}
