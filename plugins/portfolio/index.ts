/**
 * The portfolio plugin: the Account view's "Tokens" and "NFTs" tabs (docs/modal.md#account-view).
 * Balances come from the blockchain API (`blockchainApiUrl`) when one is configured, else from
 * the chain: the native balance and the host's `tokens` option, read in one JSON-RPC batch.
 * This manifest is all a host ships up front; the service (./module) and the tabs (./views)
 * load when the Account view first shows a tab.
 *
 *     createKernel({ options: { blockchainApiUrl, tokens }, plugins: [evmPlugin(), portfolioPlugin()] })
 */
import { definePlugin, type PluginManifest } from 'latchkey';

import type { Portfolio as PortfolioService } from './types';
// The token (declared once, in ./di: the build keeps it in the entry's core chunk) and the service's
// interface, under one name. The manifest imports no value from ./types, which only lazy code loads.
export { Portfolio } from './di';
export type Portfolio = PortfolioService;
export type { BalancesState, NftsState, PortfolioState, PortfolioStatus } from './types';

declare module 'latchkey' {
  interface LatchkeyViews {
    TokensTab: undefined;
    NftsTab: undefined;
  }
}

export const PORTFOLIO_PLUGIN_ID = 'portfolio';

export function portfolioPlugin(): PluginManifest {
  return definePlugin({
    id: PORTFOLIO_PLUGIN_ID,
    contributes: {
      views: [
        { id: 'TokensTab', title: 'Tokens', load: () => import('./views/TokensTab') },
        { id: 'NftsTab', title: 'NFTs', load: () => import('./views/NftsTab') },
      ],
      accountTabs: [
        { id: 'Tokens', label: 'Tokens', view: 'TokensTab', order: 10, flag: 'portfolio' },
        { id: 'NFTs', label: 'NFTs', view: 'NftsTab', order: 20, flag: 'portfolio' },
      ],
    },
    translations: () => import('./labels'),
    load: async () => (await import('./module')).portfolioModule(PORTFOLIO_PLUGIN_ID),
  });
}
