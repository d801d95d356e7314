/**
 * `socialsPlugin()`: log in with Google, X, Discord, GitHub, Apple, Facebook or Farcaster to the
 * same embedded wallet as `emailPlugin()` (package entry 'latchkey/plugins/socials'). The
 * providers shown are `features.socials` (default the spec's seven; `false` or `[]` hides them),
 * minus those a Telegram mini-app cannot open on the visitor's platform (spec section 6).
 */
import { definePlugin, type PluginManifest } from 'latchkey';
import { OWNED_OPTIONS, startEmbeddedWallet, validateEmbeddedWalletOptions } from './shared';
import type { EmbeddedWalletConfig } from './types';

export { EmbeddedWallet, EMBEDDED_WALLET_CONNECTOR_ID } from './types';
export type { EmbeddedWalletConfig, EmbeddedWalletState, EmbeddedUser, SocialLoginProvider } from './types';

export const SOCIALS_PLUGIN_ID = 'socials';

export function socialsPlugin(config: EmbeddedWalletConfig = {}): PluginManifest {
  return definePlugin({
    id: SOCIALS_PLUGIN_ID,
    contributes: {
      views: [
        { id: 'SocialLogin', load: () => import('./views/SocialLogin') },
        { id: 'ConnectingSocial', load: () => import('./views/ConnectingSocial') },
        { id: 'ConnectingFarcaster', title: 'Farcaster', load: () => import('./views/ConnectingFarcaster') },
        { id: 'ApproveTransaction', load: () => import('./views/ApproveTransaction') },
      ],
      connectMethods: [{ id: 'social', view: 'SocialLogin', flag: 'socials' }],
    },
    options: { keys: OWNED_OPTIONS, validate: validateEmbeddedWalletOptions },
    onKernelStart: startEmbeddedWallet,
    load: async () => (await import('./module')).embeddedWalletModule(config),
  });
}
