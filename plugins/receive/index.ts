/**
 * The receive plugin: the Account view's "Receive" button (docs/modal.md#account-view, wallet features;
 * feature flag `receive`) and its view: the connected address, as text and as a QR code, a
 * copy button, and the networks the address is valid on (the connected namespace's). No
 * service: the view (./views/Receive, with the QR encoder) loads when the button is used.
 */
import { definePlugin, type PluginManifest } from 'latchkey';

declare module 'latchkey' {
  interface LatchkeyViews {
    Receive: undefined;
  }
}

export const RECEIVE_PLUGIN_ID = 'receive';

export function receivePlugin(): PluginManifest {
  return definePlugin({
    id: RECEIVE_PLUGIN_ID,
    contributes: {
      views: [{ id: 'Receive', title: 'Receive', load: () => import('./views/Receive') }],
      walletFeatures: [{ id: 'receive', label: 'Receive', view: 'Receive', flag: 'receive' }],
    },
    translations: () => import('./labels'),
    load: async () => ({}),
  });
}
