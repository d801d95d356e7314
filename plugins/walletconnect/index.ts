/**
 * The WalletConnect plugin's manifest: all a host ships up front. It registers
 * the `walletConnect` connector with a lazy EIP-1193 provider; the universal
 * provider, the session service and the views sit behind `load` (./module) and
 * arrive only when WalletConnect is used.
 */
import {
  ConnectorRegistry,
  Modal,
  Options,
  PluginHost,
  type Connector,
  type PluginContext,
  type PluginManifest,
} from '../../kernel/index';
import { lazyEip1193Provider } from './provider';
import { WalletConnectSession, type WalletConnectPluginConfig } from './types';

export type { WalletConnectPluginConfig } from './types';

export const WALLETCONNECT_PLUGIN_ID = 'walletconnect';
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect';

/** The WalletConnect mark (blue cloud-bridge), inline so the list shows it offline. */
export const WALLETCONNECT_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="#3396FF"/>' +
      '<path d="M29.6 36.6c10.1-9.9 26.6-9.9 36.7 0l1.2 1.2c.5.5.5 1.3 0 1.8l-4.2 4.1a.7.7 0 0 1-.9 0l-1.7-1.7c-7.1-6.9-18.5-6.9-25.6 0l-1.8 1.8a.7.7 0 0 1-.9 0l-4.2-4.1c-.5-.5-.5-1.3 0-1.8l1.4-1.3Zm45.3 8.4 3.8 3.7c.5.5.5 1.3 0 1.8L61.6 67.2c-.5.5-1.3.5-1.8 0L47.7 55.4a.3.3 0 0 0-.4 0L35.2 67.2c-.5.5-1.3.5-1.8 0L16.3 50.5c-.5-.5-.5-1.3 0-1.8l3.8-3.7c.5-.5 1.3-.5 1.8 0l12.1 11.8c.1.1.3.1.4 0L46.5 45c.5-.5 1.3-.5 1.8 0l12.1 11.8c.1.1.3.1.4 0L72.9 45c.6-.5 1.4-.5 2 0Z" fill="#fff"/></svg>',
  );

function loadSession(ctx: PluginContext): () => Promise<WalletConnectSession> {
  return async () => {
    await ctx.get<PluginHost>(PluginHost).load(WALLETCONNECT_PLUGIN_ID);
    return ctx.get<WalletConnectSession>(WalletConnectSession);
  };
}

/**
 * `walletConnectPlugin({ relayUrl })`: WalletConnect pairing (QR code, copy
 * link, deep links) over @walletconnect/universal-provider, loaded on first use.
 */
export function walletConnectPlugin(config: WalletConnectPluginConfig = {}): PluginManifest {
  return {
    id: WALLETCONNECT_PLUGIN_ID,
    contributes: {
      views: ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'],
      connectors: ['WALLET_CONNECT'],
    },
    activation: 'lazy',
    setup(ctx) {
      const options = ctx.get<Options>(Options).state;
      const session = loadSession(ctx);
      const disposers: (() => void)[] = [];
      if (options.enableWalletConnect !== false) {
        const registry = ctx.get<ConnectorRegistry>(ConnectorRegistry);
        const connector: Connector = {
          id: WALLETCONNECT_CONNECTOR_ID,
          name: 'WalletConnect',
          type: 'WALLET_CONNECT',
          // One connector, one session for every configured namespace; the eip155 adapter drives it.
          chain: 'eip155',
          imageUrl: WALLETCONNECT_ICON,
          provider: lazyEip1193Provider(session),
        };
        registry.add(connector);
        disposers.push(() => registry.remove(WALLETCONNECT_CONNECTOR_ID));
      }
      // modal.open({ uri }) shows a link the host generated (manualWCControl).
      const sub = ctx.get<Modal>(Modal).onDidOpen$.subscribe((args) => {
        if (args.uri) void session().then((s) => s.setUri(args.uri!), (err) => console.error('[latchkey] WalletConnect failed to load', err));
      });
      disposers.push(() => sub.unsubscribe());
      return () => {
        for (const d of disposers) d();
      };
    },
    load: async () => (await import('./module')).createWalletConnectModule(config),
  };
}
