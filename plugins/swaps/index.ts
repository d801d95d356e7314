/**
 * The swaps plugin (docs/account-features.md#swaps): the Swap view, opened from the Account view's "Swap"
 * button or by `open({ view: 'Swap', data: { fromToken, toToken, amount } })`. This file is the
 * manifest: no service code, no React; the module and the view load on first use.
 */
import { definePlugin, type PluginManifest, type ValidationIssue } from 'latchkey';
import type { SwapArguments, SwapsConfig } from './types';

export type { SwapArguments, SwapExchange, SwapQuote, SwapState, SwapToken, SwapTokenInput, SwapsConfig } from './types';
import type { Swaps as SwapsService } from './types';
// The token (declared once, in ./di: the build keeps it in the entry's core chunk) and the service's
// interface, under one name. The manifest imports no value from ./types, which only lazy code loads.
export { Swaps } from './di';
export type Swaps = SwapsService;

declare module 'latchkey' {
  interface LatchkeyOptions {
    /** The swap aggregator's base URL (the blockchain API's /v1/convert endpoints). Default: `blockchainApiUrl`. */
    readonly swapApiUrl?: string;
  }
  interface LatchkeyViews {
    /** Swap arguments: tokens by symbol or address, and the amount to pay ('0.1'). */
    Swap: SwapArguments | undefined;
  }
}

/** `swapApiUrl`, when given, is an http(s) URL. */
export function validateSwapOptions(options: Readonly<Record<string, unknown>>): ValidationIssue[] {
  const url = options['swapApiUrl'];
  if (url === undefined) return [];
  return typeof url === 'string' && /^https?:\/\/[^\s]+$/.test(url) ? [] : [{ path: 'swapApiUrl', message: 'Expected an http(s) URL' }];
}

export function swapsPlugin(config: SwapsConfig = {}): PluginManifest {
  return definePlugin({
    id: 'swaps',
    contributes: {
      views: [{ id: 'Swap', title: 'Swap', load: () => import('./views/Swap') }],
      walletFeatures: [{ id: 'swaps', label: 'Swap', view: 'Swap', flag: 'swaps' }],
    },
    translations: () => import('./labels'),
    options: { keys: ['swapApiUrl'], validate: validateSwapOptions },
    load: async () => (await import('./module')).swapsModule(config),
  });
}
