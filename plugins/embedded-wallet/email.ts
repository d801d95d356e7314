/**
 * `emailPlugin()`: log in with an e-mail code to a wallet that lives in a frame on the wallet
 * service's origin (package entry 'latchkey/plugins/email'). The manifest only: the Connect view's
 * e-mail field, the views of the flow and the Account view's "Settings" (update the e-mail, the
 * account type) load on first use; the frame client is in the module.
 *
 *     createKernel({ options: { projectId, networks, walletServiceUrl }, plugins: [evmPlugin(), emailPlugin(), socialsPlugin()] })
 */
import type { PluginManifest } from 'latchkey';
import { embeddedWalletPlugin, views } from './shared';
import type { EmbeddedWalletConfig } from './types';

export { EmbeddedWallet, EMBEDDED_WALLET_CONNECTOR_ID } from './shared';
export type { EmbeddedWalletConfig, EmbeddedWalletState, EmbeddedUser } from './types';

export function emailPlugin(config: EmbeddedWalletConfig = {}): PluginManifest {
  return embeddedWalletPlugin('email', config, {
    views: views({
      EmailLogin: '',
      EmailVerifyOtp: 'Confirm Email',
      EmailVerifyDevice: 'Register Device',
      EmbeddedWalletSettings: 'Settings',
      UpdateEmailWallet: 'Edit Email',
      UpdateEmailOtp: 'Confirm Email',
    }),
    connectMethods: [{ id: 'email', view: 'EmailLogin', flag: 'email' }],
    walletFeatures: [{ id: 'walletSettings', label: 'Settings', view: 'EmbeddedWalletSettings', flag: 'email', connectorTypes: ['AUTH'] }],
  });
}
