/** Loaded on first use of a Bitcoin wallet (see ./index.ts): contributes the bip122 adapter. */
import type { PluginModule } from 'latchkey';
import { BitcoinAdapter, type BitcoinAdapterConfig } from './BitcoinAdapter';

export function bitcoinModule(config: BitcoinAdapterConfig): PluginModule {
  return { adapters: (ctx) => [new BitcoinAdapter(ctx, config)] };
}
