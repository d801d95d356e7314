/**
 * Loaded on first use of an eip155 wallet (see ./index.ts): contributes the
 * chain adapter. Everything viem-related lives behind this module.
 */
import type { PluginModule } from 'latchkey';
import { EvmAdapter } from './EvmAdapter';

const evmModule: PluginModule = {
  adapters: (ctx) => [new EvmAdapter(ctx)],
};

export default evmModule;
