/**
 * The provider rules of docs/account-features.md#on-ramp as plain functions, and the checkout URL of each provider:
 * - Coinbase and Meld, fee range 1-2 %;
 * - Meld on eip155 and solana; Coinbase on eip155, on ethereum, arbitrum, polygon, berachain,
 *   avalanche-c-chain, optimism, celo and base, falling back to ethereum on any other chain;
 * - on-ramp on the eip155 and solana namespaces only.
 * Host providers (the `onrampProviders` option) get the Latchkey checkout query.
 *
 * URL parameters are Coinbase's and Meld's documented ones (Coinbase Onramp "Generating an
 * Onramp URL"; Meld "Widget URL Parameters").
 */
import type { CaipNetworkId, ChainNamespace } from 'latchkey';
import type { CoinbaseConfig, FeeRange, MeldConfig, OnrampConfig, OnrampProviderOption } from './types';

/** docs/account-features.md#which-namespaces-have-what: on-ramp on eip155 and solana. */
export const ONRAMP_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana'];

/** docs/account-features.md#on-ramp: 1-2 %. */
export const DEFAULT_FEE_RANGE: FeeRange = { min: 1, max: 2 };

const COINBASE_ID = 'coinbase';
const MELD_ID = 'meld';
const COINBASE_URL = 'https://pay.coinbase.com/buy/select-asset';
const MELD_URL = 'https://meldcrypto.com';

/** Coinbase's network names by eip155 chain id, in the order of docs/account-features.md#on-ramp (a list: object keys would sort numerically). */
const COINBASE_NETWORKS: readonly (readonly [chainId: number, name: string])[] = [
  [1, 'ethereum'],
  [42161, 'arbitrum'],
  [137, 'polygon'],
  [80094, 'berachain'],
  [43114, 'avalanche-c-chain'],
  [10, 'optimism'],
  [42220, 'celo'],
  [8453, 'base'],
];
/** docs/account-features.md#on-ramp: Coinbase's network on any other chain. */
const COINBASE_FALLBACK_NETWORK = 'ethereum';

/** Meld's network suffix of `destinationCurrencyCode` (`ETH_ETHEREUM`, `SOL_SOLANA`), by CAIP-2 id. */
const MELD_NETWORKS: Readonly<Record<string, string>> = {
  'eip155:1': 'ETHEREUM',
  'eip155:8453': 'BASE',
  'eip155:137': 'POLYGON',
  'eip155:56': 'BSC',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'SOLANA',
};

/** Everything a checkout URL is built from: the connected account, its network, the asset. */
export interface CheckoutRequest {
  readonly address: string;
  readonly namespace: ChainNamespace;
  readonly caipNetworkId: CaipNetworkId;
  /** An asset symbol ('ETH', 'SOL', 'USDC'). */
  readonly asset: string;
  /** Amount of the asset to buy (decimal string), when the host preset one. */
  readonly amount?: string;
  /** Where the provider sends the visitor back (http(s)). */
  readonly redirectUrl?: string;
  /** The host's projectId (Meld's `externalCustomerId`, as AppKit sends it). */
  readonly projectId?: string;
}

/** 'ETH', 'USDC', 'SOL', 'USDC.e': what a provider's asset code may be. */
const ASSET = /^[A-Za-z0-9][A-Za-z0-9.]{0,15}$/;
/** A positive decimal amount. */
const AMOUNT = /^(?:0|[1-9][0-9]{0,17})(?:\.[0-9]{1,18})?$/;

/** `asset` when it is a plausible symbol, else undefined. */
export function parseAsset(asset: unknown): string | undefined {
  return typeof asset === 'string' && ASSET.test(asset) ? asset : undefined;
}

/** `amount` when it is a positive decimal string, else undefined. */
export function parseAmount(amount: unknown): string | undefined {
  return typeof amount === 'string' && AMOUNT.test(amount) && /[1-9]/.test(amount) ? amount : undefined;
}

/** Coinbase's network for an eip155 chain id: its name from the list, else the fallback, ethereum. */
export function coinbaseNetwork(caipNetworkId: CaipNetworkId): string {
  const [ns, ref] = caipNetworkId.split(':');
  return (ns === 'eip155' && COINBASE_NETWORKS.find(([id]) => String(id) === ref)?.[1]) || COINBASE_FALLBACK_NETWORK;
}

/** Meld's `destinationCurrencyCode`: `ASSET_NETWORK` on a network Meld names, else the asset alone (the visitor picks the network there). */
export function meldCurrencyCode(asset: string, caipNetworkId: CaipNetworkId): string {
  const network = MELD_NETWORKS[caipNetworkId];
  const code = asset.toUpperCase();
  return network ? `${code}_${network}` : code;
}

function withQuery(base: string, params: Readonly<Record<string, string | undefined>>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') url.searchParams.set(k, v);
  return url.href;
}

/** The session request Coinbase's token API takes: the address on every Coinbase network, the asset. */
function coinbaseSessionRequest(req: CheckoutRequest) {
  return { addresses: [{ address: req.address, blockchains: COINBASE_NETWORKS.map(([, name]) => name) }], assets: [req.asset] };
}

/**
 * Coinbase Onramp's URL. With a session token: `sessionToken` (it carries the addresses and assets);
 * otherwise the app id with `addresses` ({"0x…": [networks]}) and `assets` (["ETH"]). Then
 * `defaultNetwork` (the chain's Coinbase name, fallback ethereum), `defaultAsset`,
 * `presetCryptoAmount`, `defaultExperience=buy`, `partnerUserId` (the address, under 50
 * characters) and `redirectUrl`.
 */
export function coinbaseUrl(req: CheckoutRequest, auth: { readonly appId?: string; readonly sessionToken?: string }): string {
  const session = coinbaseSessionRequest(req);
  return withQuery(COINBASE_URL, {
    ...(auth.sessionToken
      ? { sessionToken: auth.sessionToken }
      : {
          appId: auth.appId,
          addresses: JSON.stringify({ [req.address]: session.addresses[0]!.blockchains }),
          assets: JSON.stringify(session.assets),
        }),
    defaultNetwork: coinbaseNetwork(req.caipNetworkId),
    defaultAsset: req.asset,
    presetCryptoAmount: req.amount,
    defaultExperience: 'buy',
    partnerUserId: req.address.slice(0, 49),
    redirectUrl: req.redirectUrl,
  });
}

/**
 * Meld's widget URL: `publicKey` (when configured), `transactionType=BUY`,
 * `destinationCurrencyCode` (`ETH_ETHEREUM`, `SOL_SOLANA`, or the asset alone),
 * `walletAddress`, `externalCustomerId` (the projectId) and `redirectUrl`. Meld takes a fiat
 * amount only, so a crypto amount is not passed.
 */
export function meldUrl(req: CheckoutRequest, config: MeldConfig = {}): string {
  return withQuery(MELD_URL, {
    publicKey: config.publicKey,
    transactionType: 'BUY',
    destinationCurrencyCode: meldCurrencyCode(req.asset, req.caipNetworkId),
    walletAddress: req.address,
    externalCustomerId: req.projectId,
    redirectUrl: req.redirectUrl,
  });
}

/** A host provider's checkout URL: its `checkoutUrl` with `address`, `network`, `asset`, `amount` and `redirectUrl` set. */
export function checkoutUrl(provider: Pick<OnrampProviderOption, 'checkoutUrl'>, req: CheckoutRequest): string {
  return withQuery(provider.checkoutUrl, {
    address: req.address,
    network: req.caipNetworkId,
    asset: req.asset,
    amount: req.amount,
    redirectUrl: req.redirectUrl,
  });
}

/** A provider as listed, before its URL is built. */
export interface ProviderPlan {
  readonly id: string;
  readonly name: string;
  readonly feeRange: FeeRange | undefined;
  readonly iconUrl: string | undefined;
  /** Builds the checkout URL (may ask the host's backend); throws with a reason when it cannot. */
  readonly build: (() => string | Promise<string>) | undefined;
  /** Why it cannot be used here (no build). */
  readonly reason: string | undefined;
}

/** Why Coinbase is listed but cannot open: neither an app id nor a session token getter was given. */
export const COINBASE_NOT_SET_UP = 'Not set up by this app';

/** True when `provider` sells on the request's namespace and network. */
function supports(provider: Pick<OnrampProviderOption, 'namespaces' | 'networks'>, req: Pick<CheckoutRequest, 'namespace' | 'caipNetworkId'>): boolean {
  const namespaces = provider.namespaces ?? ['eip155'];
  if (!namespaces.includes(req.namespace) || !ONRAMP_NAMESPACES.includes(req.namespace)) return false;
  return !provider.networks || provider.networks.includes(req.caipNetworkId);
}

/**
 * The providers for a request, in a fixed order (Coinbase, Meld; docs/account-features.md#on-ramp), then the host's: only
 * those that sell on its namespace and network. Coinbase is eip155 only; Meld eip155 and solana.
 */
export function providersFor(req: CheckoutRequest, config: OnrampConfig, extra: readonly OnrampProviderOption[] = []): ProviderPlan[] {
  if (!ONRAMP_NAMESPACES.includes(req.namespace)) return [];
  const plans: ProviderPlan[] = [];
  const coinbase = config.coinbase === false ? undefined : config.coinbase ?? {};
  if (coinbase && req.namespace === 'eip155') {
    const { appId, sessionToken } = coinbase;
    plans.push({
      id: COINBASE_ID,
      name: 'Coinbase',
      feeRange: DEFAULT_FEE_RANGE,
      iconUrl: undefined,
      build: sessionToken
        ? async () => coinbaseUrl(req, { sessionToken: await sessionToken(coinbaseSessionRequest(req)) })
        : appId
          ? () => coinbaseUrl(req, { appId })
          : undefined,
      reason: sessionToken || appId ? undefined : COINBASE_NOT_SET_UP,
    });
  }
  const meld = config.meld === false ? undefined : config.meld ?? {};
  if (meld) {
    plans.push({ id: MELD_ID, name: 'Meld', feeRange: DEFAULT_FEE_RANGE, iconUrl: undefined, build: () => meldUrl(req, meld), reason: undefined });
  }
  for (const p of extra) {
    if (!supports(p, req)) continue;
    plans.push({ id: p.id, name: p.name, feeRange: p.feeRange, iconUrl: p.iconUrl, build: () => checkoutUrl(p, req), reason: undefined });
  }
  return plans;
}

/** '1-2%', '0%': a fee range as the list shows it. */
export function feeText(range: FeeRange | undefined): string | undefined {
  if (!range) return undefined;
  return range.min === range.max ? `${range.min}%` : `${range.min}-${range.max}%`;
}
