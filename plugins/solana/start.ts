/** The solana plugin's start hook, imported when the kernel starts: wallet-standard discovery. */
import { ConnectorRegistry, Environment, type PluginContext } from 'latchkey';
import { discoverSolanaWallets, type StandardWindow } from './discovery';

function pageWindow(ctx: PluginContext): StandardWindow | undefined {
  try {
    return ctx.get<Environment>(Environment).window as StandardWindow | undefined;
  } catch {
    return undefined;
  }
}

export function startSolana(ctx: PluginContext): () => void {
  const registry = ctx.get<ConnectorRegistry>(ConnectorRegistry);
  return discoverSolanaWallets(pageWindow(ctx), { add: (c) => registry.add(c), remove: (id) => registry.remove(id) });
}
