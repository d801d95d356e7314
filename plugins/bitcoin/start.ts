/** The bitcoin plugin's start hook, imported when the kernel starts: wallet-standard and sats-connect discovery. */
import { ConnectorRegistry, Environment, type PluginContext } from 'latchkey';
import { discoverBitcoinWallets, type DiscoveryWindow } from './discovery';

function pageWindow(ctx: PluginContext): DiscoveryWindow | undefined {
  try {
    return ctx.get<Environment>(Environment).window as DiscoveryWindow | undefined;
  } catch {
    return undefined;
  }
}

export function startBitcoin(ctx: PluginContext): () => void {
  const registry = ctx.get<ConnectorRegistry>(ConnectorRegistry);
  return discoverBitcoinWallets(pageWindow(ctx), { add: (c) => registry.add(c), remove: (id) => registry.remove(id) });
}
