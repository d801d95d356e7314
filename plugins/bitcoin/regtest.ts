/** A network not among the built-in ones, for development against a local bitcoind (kept out of the lazy module). */
import { defineNetwork, type CaipNetwork } from 'latchkey';

/**
 * Bitcoin regtest (a local bitcoind), for wallets on `bitcoin:regtest` such as the dev wallet.
 * Not built in; add it to `networks` when the app works against a regtest node, with
 * that node's RPC or index as `rpcUrls`.
 */
export const bitcoinRegtest: CaipNetwork = /*#__PURE__*/ defineNetwork({
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  name: 'Bitcoin Regtest',
  network: 'bitcoin-regtest',
  chainNamespace: 'bip122',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [] } },
  testnet: true,
});
