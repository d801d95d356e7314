/**
 * `emailPlugin()`: log in with an e-mail code to a wallet that lives in a frame on the wallet
 * service's origin (package entry 'latchkey/plugins/email'). The manifest only: the Connect view's
 * e-mail field, the views of the flow and the Account view's "Settings" (update the e-mail, the
 * account type) load on first use; the frame client is in the module.
 *
 *     createKernel({ options: { projectId, networks, walletServiceUrl }, plugins: [evmPlugin(), emailPlugin(), socialsPlugin()] })
 */
import { definePlugin, type PluginManifest } from 'latchkey';
import { OWNED_OPTIONS, startEmbeddedWallet, validateEmbeddedWalletOptions } from './shared';
import type { EmbeddedWalletConfig } from './types';

export { EmbeddedWallet, EMBEDDED_WALLET_CONNECTOR_ID } from './types';
export type { EmbeddedWalletConfig, EmbeddedWalletState, EmbeddedUser } from './types';

export const EMAIL_PLUGIN_ID = 'email';

export function emailPlugin(config: EmbeddedWalletConfig = {}): PluginManifest {
  return definePlugin({
    id: EMAIL_PLUGIN_ID,
    contributes: {
      views: [
        { id: 'EmailLogin', load: () => import('./views/EmailLogin') },
        { id: 'EmailVerifyOtp', title: 'Confirm Email', load: () => import('./views/EmailVerifyOtp') },
        { id: 'EmailVerifyDevice', title: 'Register Device', load: () => import('./views/EmailVerifyDevice') },
        { id: 'ApproveTransaction', load: () => import('./views/ApproveTransaction') },
        { id: 'EmbeddedWalletSettings', title: 'Settings', load: () => import('./views/EmbeddedWalletSettings') },
        { id: 'UpdateEmailWallet', title: 'Edit Email', load: () => import('./views/UpdateEmailWallet') },
        { id: 'UpdateEmailOtp', title: 'Confirm Email', load: () => import('./views/UpdateEmailOtp') },
      ],
      connectMethods: [{ id: 'email', view: 'EmailLogin', flag: 'email' }],
      walletFeatures: [{ id: 'walletSettings', label: 'Settings', view: 'EmbeddedWalletSettings', flag: 'email', connectorTypes: ['AUTH'] }],
    },
    options: { keys: OWNED_OPTIONS, validate: validateEmbeddedWalletOptions },
    onKernelStart: startEmbeddedWallet,
    load: async () => (await import('./module')).embeddedWalletModule(config),
  });
}
