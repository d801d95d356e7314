/**
 * The evm plugin's start hook, imported when the kernel starts (not shipped in the manifest):
 * EIP-6963 and `window.ethereum` discovery into the ConnectorRegistry. A wallet that announced
 * before this runs announces again on the `eip6963:requestProvider` discovery dispatches.
 */
import { ConnectorRegistry, Environment, Options, type PluginContext } from 'latchkey';
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

export function startEvm(ctx: PluginContext, config: EvmPluginConfig): (() => void) | undefined {
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
}
