/**
 * The names plugin: account names on the blockchain API (docs/account-features.md#names).
 * - RegisterAccountName ('Choose Name'): a name of letters, digits and hyphens (at least 4),
 *   suggestions as you type, the registration message signed by the wallet, registered, then
 *   RegisterAccountNameSuccess ('Name Registered'); on failure back to the form with the error.
 *   Reached from the Account view's "Choose name" button (feature flag `names`).
 * - The reverse lookup: the connected eip155 account's name and avatar on the account (the
 *   account button and the Account view), skipped on testnets unless `testnets: true`.
 *
 * This manifest only watches for an eip155 connection (when a blockchain API is configured);
 * the service (./module) loads then, the views when shown.
 */
import { Account, BlockchainApi, PluginHost, definePlugin, type PluginManifest } from 'latchkey';
import type { NamesConfig } from './types';

import type { AccountNames as AccountNamesToken } from './types';
// The manifest's own copy of the token in ./types (which the lazily loaded code imports): a module
// shared with lazy chunks is a chunk of its own before the connect button works. Symbol.for
// gives both the same value; plugins/tokens.test.ts checks it.
export const AccountNames: typeof AccountNamesToken = Symbol.for('latchkey.names.AccountNames') as typeof AccountNamesToken;
export type AccountNames = AccountNamesToken;
export type { AccountNamesState, NameSuggestion, NamesConfig, RegistrationStatus } from './types';

declare module 'latchkey' {
  interface LatchkeyViews {
    RegisterAccountName: undefined;
    RegisterAccountNameSuccess: { readonly name: string };
  }
}

export const NAMES_PLUGIN_ID = 'names';

export function namesPlugin(config: NamesConfig = {}): PluginManifest {
  if (config.zone !== undefined && (typeof config.zone !== 'string' || !/^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})+$/.test(config.zone))) {
    throw new TypeError(`namesPlugin: zone must be a lower-case domain such as 'reown.id', got ${JSON.stringify(config.zone)}`);
  }
  return definePlugin({
    id: NAMES_PLUGIN_ID,
    contributes: {
      views: [
        { id: 'RegisterAccountName', title: 'Choose Name', load: () => import('./views/RegisterAccountName') },
        { id: 'RegisterAccountNameSuccess', title: 'Name Registered', load: () => import('./views/RegisterAccountNameSuccess') },
      ],
      walletFeatures: [{ id: 'names', label: 'Choose name', view: 'RegisterAccountName', order: 50, flag: 'names' }],
    },
    translations: () => import('./labels'),
    onKernelStart(ctx) {
      const api = ctx.get<BlockchainApi>(BlockchainApi);
      const host = ctx.get<PluginHost>(PluginHost);
      let loading = false;
      // The module (reverse lookup) loads with the first eip155 connection; nothing before.
      const sub = ctx.get<Account>(Account).state$.subscribe((s) => {
        if (loading || host.isLoaded(NAMES_PLUGIN_ID) || s.namespaces.eip155.status !== 'connected' || !api.configured) return;
        loading = true;
        host.load(NAMES_PLUGIN_ID).then(
          () => sub?.unsubscribe(),
          () => (loading = false), // a chunk that failed to load is tried at the next change
        );
      });
      return () => sub.unsubscribe();
    },
    load: async () => (await import('./module')).namesModule(config),
  });
}
