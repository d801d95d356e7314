/**
 * The send plugin's manifest (`latchkey/plugins/send`): the Account view's "Send" button
 * (feature flag `send`), the Send view and its review step. Everything else loads on first
 * use: the form's service (./module) when a view of the plugin opens, each view with it.
 *
 *     createKernel({ options, plugins: [evmPlugin(), sendPlugin()] });
 *
 * Sends go through the connected adapter's `transfer` capability, so any chain plugin that
 * implements it can send (EVM native and ERC-20, Solana, Bitcoin).
 */
import { definePlugin, type PluginManifest } from 'latchkey';

import type { SendForm as SendFormService } from './types';
// The token (declared once, in ./di: the build keeps it in the entry's core chunk) and the service's
// interface, under one name. The manifest imports no value from ./types, which only lazy code loads.
export { SendForm } from './di';
export type SendForm = SendFormService;
export type { SendState } from './types';

declare module 'latchkey' {
  interface LatchkeyViews {
    /** The send form. */
    Send: undefined;
    /** The review step: amount, receiver, network fee, and the final "Send". */
    SendPreview: undefined;
  }
}

export const SEND_PLUGIN_ID = 'send';

export function sendPlugin(): PluginManifest {
  return definePlugin({
    id: SEND_PLUGIN_ID,
    contributes: {
      views: [
        { id: 'Send', title: 'Send', load: () => import('./views/Send') },
        { id: 'SendPreview', title: 'Review send', load: () => import('./views/SendPreview') },
      ],
      walletFeatures: [{ id: 'send', label: 'Send', view: 'Send', flag: 'send' }],
    },
    translations: () => import('./labels'),
    load: () => import('./module'),
  });
}
