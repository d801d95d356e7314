/**
 * The solana plugin's manifest (`latchkey/plugins/solana`). This file and ./discovery are all
 * a host ships up front: wallet-standard discovery runs at kernel start; the adapter sits
 * behind `load` until a Solana wallet is used, and @solana/web3.js behind a further import
 * until SOL is sent.
 *
 *     createKernel({ options: { networks: [solana, solanaDevnet, …] }, plugins: [solanaPlugin()] })
 *
 * Networks: the built-in Solana mainnet, devnet and testnet are on 'latchkey/networks'; any
 * other (a local validator) is a `defineNetwork({ chainNamespace: 'solana', … })` whose
 * `caipNetworkId` is `solana:` + the first 32 characters of its genesis hash.
 */
import { ConnectorRegistry, Environment, type PluginContext, type PluginManifest } from 'latchkey';
import { discoverSolanaWallets, type StandardWindow } from './discovery';

export { solanaConnectorId } from './discovery';

function pageWindow(ctx: PluginContext): StandardWindow | undefined {
  try {
    return ctx.get<Environment>(Environment).window as StandardWindow | undefined;
  } catch {
    return undefined;
  }
}

export function solanaPlugin(): PluginManifest {
  return {
    id: 'solana',
    contributes: { namespaces: ['solana'] },
    onKernelStart(ctx) {
      const registry = ctx.get<ConnectorRegistry>(ConnectorRegistry);
      return discoverSolanaWallets(pageWindow(ctx), { add: (c) => registry.add(c), remove: (id) => registry.remove(id) });
    },
    load: () => import('./module'),
  };
}
