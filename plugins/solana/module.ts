/**
 * Loaded on first use of a Solana wallet (see ./index.ts): contributes the chain adapter.
 * @solana/web3.js is not in this module: ./transfer loads it when SOL is sent.
 */
import type { PluginModule } from 'latchkey';
import { SolanaAdapter } from './SolanaAdapter';

const solanaModule: PluginModule = {
  adapters: (ctx) => [new SolanaAdapter(ctx)],
};

export default solanaModule;
