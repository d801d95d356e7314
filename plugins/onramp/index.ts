/**
 * The on-ramp plugin (docs/account-features.md#on-ramp): the Account view's "Buy" button (eip155 and solana
 * only) opens the provider list: Coinbase and Meld (fee 1-2 %), then the host's own providers
 * (the `onrampProviders` option). A provider's checkout opens in a new window with the account's
 * address, the asset and the network; the purchase is then watched for in the blockchain API
 * (`onramp=<provider>`) until the provider reports it done. Feature flag `onramp`.
 *
 * This file is the manifest: no service code, no React; the module and each view load on first use.
 */
import { definePlugin, type PluginManifest } from 'latchkey';
import { validateOnrampOptions } from './options';
import type { OnrampConfig, OnrampProviderOption } from './types';

import type { Onramp as OnrampService } from './types';
// The token (declared once, in ./di: the build keeps it in the entry's core chunk) and the service's
// interface, under one name. The manifest imports no value from ./types, which only lazy code loads.
export { Onramp } from './di';
export type Onramp = OnrampService;
export type {
  CoinbaseConfig,
  CoinbaseSessionRequest,
  FeeRange,
  MeldConfig,
  OnrampConfig,
  OnrampProviderEntry,
  OnrampProviderOption,
  OnrampState,
  OnrampWatch,
  Purchase,
} from './types';
export { validateOnrampOptions } from './options';

declare module 'latchkey' {
  interface LatchkeyOptions {
    /** Payment providers listed after Coinbase and Meld (on-ramp plugin). */
    readonly onrampProviders?: readonly OnrampProviderOption[];
  }
  interface LatchkeyViews {
    /** The provider list. `asset`: a symbol to buy (default the network's native currency); `amount`: preset. */
    OnRampProviders: { readonly asset?: string; readonly amount?: string } | undefined;
    /** After a checkout opened: the purchase as the provider reports it. */
    BuyInProgress: { readonly provider: string };
  }
}

export function onrampPlugin(config: OnrampConfig = {}): PluginManifest {
  return definePlugin({
    id: 'onramp',
    contributes: {
      views: [
        { id: 'OnRampProviders', title: 'Buy', load: () => import('./views/OnRampProviders') },
        { id: 'BuyInProgress', title: 'Buy', load: () => import('./views/BuyInProgress') },
      ],
      walletFeatures: [{ id: 'onramp', label: 'Buy', view: 'OnRampProviders', flag: 'onramp', namespaces: ['eip155', 'solana'] }],
    },
    translations: () => import('./labels'),
    options: { keys: ['onrampProviders'], validate: validateOnrampOptions },
    load: async () => (await import('./module')).onrampModule(config),
  });
}
