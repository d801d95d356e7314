/**
 * How Connection reads the connected account's native balance (docs/connection.md#native-balance): cached for 30 s
 * (./balanceCache.ts), and read again after a send. The account's explorer link
 * (`addressExplorerUrl`: `{blockExplorers.default.url}/address/{address}`, none without an
 * explorer) is written here too: both follow the account's address and network. A module of its own, loaded with the first
 * adapter (Connection.adapterFor), so none of it is in what a page loads before its connect
 * button works.
 */
import type { ChainNamespace } from '../types';
import type { PluginHost } from '../plugin/PluginHost';
import type { Account } from './Account';
import type { Network } from './Network';
import type { Storage } from './Storage';
import { nativeBalanceCache } from './balanceCache';

/** What the reading needs from Connection. */
export interface BalanceHost {
  readonly account: Account;
  readonly network: Network;
  readonly storage: Storage;
  readonly plugins: PluginHost;
}

/** Refreshes the native balance of the connected account in `namespace` (default: the active one). */
export async function refreshBalance(host: BalanceHost, namespace?: ChainNamespace, options: { readonly force?: boolean } = {}): Promise<void> {
  const ns = namespace ?? host.network.state.activeNamespace;
  if (!ns) return;
  const { address, status } = host.account.get(ns);
  const network = host.network.state.namespaces[ns].caipNetwork;
  if (status !== 'connected' || !address) return;
  const explorer = network?.blockExplorers?.default.url.replace(/\/+$/, '');
  host.account.patch(ns, { addressExplorerUrl: explorer ? `${explorer}/address/${address}` : undefined });
  if (!network || !host.network.isSupported(network)) return;
  const key = `${network.caipNetworkId}:${address}`;
  type Cached = { balance: string; symbol: string };
  const isCached = (v: unknown): v is Cached =>
    typeof v === 'object' && v !== null && typeof (v as Cached).balance === 'string' && typeof (v as Cached).symbol === 'string';
  const cache = nativeBalanceCache(host.storage);
  const cached = options.force ? undefined : cache.get(key, isCached);
  if (cached) {
    host.account.setBalance(ns, cached.balance, cached.symbol);
    return;
  }
  const adapter = await host.plugins.adapter(ns);
  const result = await adapter.getBalance({ address, network });
  // The account may have changed while the balance was on its way.
  if (host.account.get(ns).address !== address) return;
  cache.set(key, result);
  host.account.setBalance(ns, result.balance, result.symbol);
}
