/**
 * The bitcoin plugin's manifest (`latchkey/plugins/bitcoin`). This file and ./discovery are
 * all a host ships up front: discovery (wallet-standard Bitcoin wallets, and sats-connect
 * providers) runs at kernel start; the adapter sits behind `load` until a Bitcoin wallet is used.
 *
 *     createKernel({ options: { networks: [bitcoin, bitcoinTestnet] }, plugins: [bitcoinPlugin()] })
 *
 * Balances: Bitcoin has no JSON-RPC read of an address's balance; it needs an address index.
 * Give one per network as an Esplora-compatible API (`GET {url}/address/{address}`), e.g.
 * `bitcoinPlugin({ esploraUrls: { [bitcoin.caipNetworkId]: 'https://blockstream.info/api' } })`;
 * without one, getBalance throws BitcoinBalanceUnavailableError (and the modal shows no balance).
 */
import { ConnectorRegistry, Environment, type CaipNetworkId, type PluginContext, type PluginManifest } from 'latchkey';
import { discoverBitcoinWallets, type DiscoveryWindow } from './discovery';

export { bitcoinRegtest } from './regtest';
export { bitcoinConnectorId } from './discovery';
export type { BitcoinAdapter } from './BitcoinAdapter';

export interface BitcoinPluginConfig {
  /** An Esplora-compatible API per network (by CAIP-2 id), for balances. */
  readonly esploraUrls?: Readonly<Record<CaipNetworkId, string>>;
}

function pageWindow(ctx: PluginContext): DiscoveryWindow | undefined {
  try {
    return ctx.get<Environment>(Environment).window as DiscoveryWindow | undefined;
  } catch {
    return undefined;
  }
}

export function bitcoinPlugin(config: BitcoinPluginConfig = {}): PluginManifest {
  for (const [id, url] of Object.entries(config.esploraUrls ?? {})) {
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/i.test(url)) throw new TypeError(`bitcoinPlugin: esploraUrls['${id}'] must be an http(s) URL`);
  }
  return {
    id: 'bitcoin',
    contributes: { namespaces: ['bip122'] },
    onKernelStart(ctx) {
      const registry = ctx.get<ConnectorRegistry>(ConnectorRegistry);
      return discoverBitcoinWallets(pageWindow(ctx), { add: (c) => registry.add(c), remove: (id) => registry.remove(id) });
    },
    load: async () => (await import('./module')).bitcoinModule(config),
  };
}
