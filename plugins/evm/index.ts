/**
 * The eip155 plugin's manifest. This file and ./discovery are all a host
 * ships up front: wallet discovery runs at kernel start, while the adapter
 * (viem and everything else) sits behind `load` until a wallet is used.
 */
import { ConnectorRegistry, Environment, Options, type PluginContext, type PluginManifest } from '../../kernel/index';
import { discoverEvmWallets, type DiscoveryWindow } from './discovery';

export interface EvmPluginConfig {
  /** Listen for EIP-6963 announcements (default: the kernel option, else true). */
  readonly enableEIP6963?: boolean;
  /** Offer the legacy `window.ethereum` (default: the kernel option, else true). */
  readonly enableInjected?: boolean;
}

function pageWindow(ctx: PluginContext): DiscoveryWindow | undefined {
  let win: unknown;
  try {
    win = ctx.get<Environment>(Environment).window;
  } catch {
    win = typeof window === 'undefined' ? undefined : window;
  }
  return win as DiscoveryWindow | undefined;
}

export function evmPlugin(config: EvmPluginConfig = {}): PluginManifest {
  return {
    id: 'evm',
    contributes: { namespaces: ['eip155'], connectors: ['INJECTED', 'ANNOUNCED'] },
    activation: 'lazy',
    setup(ctx) {
      const win = pageWindow(ctx);
      if (!win) return;
      const options = ctx.get<Options>(Options).state;
      const registry = ctx.get<ConnectorRegistry>(ConnectorRegistry);
      return discoverEvmWallets(
        win,
        { add: (c) => registry.add(c), remove: (id) => registry.remove(id) },
        {
          enableEIP6963: config.enableEIP6963 ?? options.enableEIP6963 ?? true,
          enableInjected: config.enableInjected ?? options.enableInjected ?? true,
        },
      );
    },
    load: () => import('./module'),
  };
}
