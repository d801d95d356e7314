/**
 * The history plugin: the Account view's "Activity" tab (docs/account-features.md#activity): the
 * connected eip155 account's transactions on the active network, from the blockchain API
 * (`blockchainApiUrl`), a page at a time as the list scrolls. Feature flag `history`
 * (`features: { history: false }` hides the tab). The service (./module) and the tab
 * (./views) load when the tab first shows.
 */
import { definePlugin, type PluginManifest } from 'latchkey';

import type { Activity as ActivityService } from './types';
// The token (declared once, in ./di: the build keeps it in the entry's core chunk) and the service's
// interface, under one name. The manifest imports no value from ./types, which only lazy code loads.
export { Activity } from './di';
export type Activity = ActivityService;
export type { ActivityState, ActivityStatus } from './types';

declare module 'latchkey' {
  interface LatchkeyViews {
    ActivityTab: undefined;
  }
}

export const HISTORY_PLUGIN_ID = 'history';

export function historyPlugin(): PluginManifest {
  return definePlugin({
    id: HISTORY_PLUGIN_ID,
    contributes: {
      views: [{ id: 'ActivityTab', title: 'Activity', load: () => import('./views/ActivityTab') }],
      accountTabs: [{ id: 'Activity', label: 'Activity', view: 'ActivityTab', order: 30, flag: 'history' }],
    },
    translations: () => import('./labels'),
    load: async () => (await import('./module')).historyModule(),
  });
}
