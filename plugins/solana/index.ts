/**
 * The solana plugin's manifest (`latchkey/plugins/solana`): all a host ships up front.
 * Wallet-standard discovery (./start) is imported when the kernel starts; the adapter sits
 * behind `load` until a Solana wallet is used, and @solana/web3.js behind a further import
 * until SOL is sent.
 *
 *     createKernel({ options: { networks: [solana, solanaDevnet, …] }, plugins: [solanaPlugin()] })
 *
 * Networks: the built-in Solana mainnet, devnet and testnet are on 'latchkey/networks'; any
 * other (a local validator) is a `defineNetwork({ chainNamespace: 'solana', … })` whose
 * `caipNetworkId` is `solana:` + the first 32 characters of its genesis hash.
 */
import type { PluginManifest } from 'latchkey';

export { solanaConnectorId } from './ids';

export function solanaPlugin(): PluginManifest {
  return {
    id: 'solana',
    contributes: { namespaces: ['solana'] },
    onKernelStart: async (ctx) => (await import('./start')).startSolana(ctx),
    load: () => import('./module'),
  };
}
