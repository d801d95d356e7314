/**
 * `socialsPlugin()`: log in with Google, X, Discord, GitHub, Apple, Facebook or Farcaster to the
 * same embedded wallet as `emailPlugin()` (package entry 'latchkey/plugins/socials'). The
 * providers shown are `features.socials` (default the seven of docs/embedded-wallet.md#social-login; `false` or `[]` hides them),
 * minus those a Telegram mini-app cannot open on the visitor's platform (docs/embedded-wallet.md#social-login).
 */
import type { PluginManifest } from 'latchkey';
import { embeddedWalletPlugin, views } from './shared';
import type { EmbeddedWalletConfig } from './types';

export { EmbeddedWallet, EMBEDDED_WALLET_CONNECTOR_ID } from './shared';
export type { EmbeddedWalletConfig, EmbeddedWalletState, EmbeddedUser, SocialLoginProvider } from './types';

export function socialsPlugin(config: EmbeddedWalletConfig = {}): PluginManifest {
  return embeddedWalletPlugin('socials', config, {
    views: views({ SocialLogin: '', ConnectingSocial: '', ConnectingFarcaster: 'Farcaster' }),
    connectMethods: [{ id: 'social', view: 'SocialLogin', flag: 'socials' }],
  });
}
