/**
 * The bitcoin plugin's manifest (`latchkey/plugins/bitcoin`): all a host ships up front.
 * Discovery (wallet-standard Bitcoin wallets, and sats-connect providers; ./start) is imported
 * when the kernel starts; the adapter sits behind `load` until a Bitcoin wallet is used.
 *
 *     createKernel({ options: { networks: [bitcoin, bitcoinTestnet] }, plugins: [bitcoinPlugin()] })
 *
 * Balances: Bitcoin has no JSON-RPC read of an address's balance; it needs an address index.
 * Give one per network as an Esplora-compatible API (`GET {url}/address/{address}`), e.g.
 * `bitcoinPlugin({ esploraUrls: { [bitcoin.caipNetworkId]: 'https://blockstream.info/api' } })`;
 * without one, getBalance throws BitcoinBalanceUnavailableError (and the modal shows no balance).
 */
import type { CaipNetworkId, PluginManifest } from 'latchkey';

export { bitcoinRegtest } from './regtest';
export { bitcoinConnectorId } from './ids';
export type { BitcoinAdapter } from './BitcoinAdapter';

export interface BitcoinPluginConfig {
  /** An Esplora-compatible API per network (by CAIP-2 id), for balances. */
  readonly esploraUrls?: Readonly<Record<CaipNetworkId, string>>;
}

export function bitcoinPlugin(config: BitcoinPluginConfig = {}): PluginManifest {
  for (const [id, url] of Object.entries(config.esploraUrls ?? {})) {
    if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/i.test(url)) throw new TypeError(`bitcoinPlugin: esploraUrls['${id}'] must be an http(s) URL`);
  }
  return {
    id: 'bitcoin',
    contributes: { namespaces: ['bip122'] },
    onKernelStart: async (ctx) => (await import('./start')).startBitcoin(ctx),
    load: async () => (await import('./module')).bitcoinModule(config),
  };
}
