/**
 * Networks (subpath `latchkey/networks`): `defineNetwork`, the built-in Solana and Bitcoin
 * networks of docs/connection.md#namespaces-and-data-shapes, the placeholder for a chain the app does not support, and
 * the CAIP id checks.
 */
import type { CaipNetworkId, ChainNamespace, CaipNetwork } from './types';
import { caipNetworkId } from './caip';

export { caipNetworkId, caipAddress, isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId } from './caip';

/** Type-checks a network definition and fills `caipNetworkId` from id and namespace when absent. */
export function defineNetwork(
  network: Omit<CaipNetwork, 'caipNetworkId'> & { readonly caipNetworkId?: CaipNetworkId },
): CaipNetwork {
  return { ...network, caipNetworkId: network.caipNetworkId ?? caipNetworkId(network.chainNamespace, network.id) };
}

/** The shared provider RPC service that serves built-in Solana and Bitcoin networks (path /v1). */
export const DEFAULT_RPC_SERVICE_URL = 'https://rpc.walletconnect.org';

function serviceRpc(id: CaipNetworkId): CaipNetwork['rpcUrls'] {
  return { default: { http: [`${DEFAULT_RPC_SERVICE_URL}/v1/?chainId=${id}`] } };
}

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const;
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const;

export const solana: CaipNetwork = /*#__PURE__*/ defineNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  network: 'solana-mainnet',
  chainNamespace: 'solana',
  nativeCurrency: SOL,
  rpcUrls: /*#__PURE__*/ serviceRpc('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  deprecatedCaipNetworkId: 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ',
});

export const solanaDevnet: CaipNetwork = /*#__PURE__*/ defineNetwork({
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  name: 'Solana Devnet',
  network: 'solana-devnet',
  chainNamespace: 'solana',
  nativeCurrency: SOL,
  rpcUrls: /*#__PURE__*/ serviceRpc('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'),
  testnet: true,
  deprecatedCaipNetworkId: 'solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K',
});

export const solanaTestnet: CaipNetwork = /*#__PURE__*/ defineNetwork({
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  name: 'Solana Testnet',
  network: 'solana-testnet',
  chainNamespace: 'solana',
  nativeCurrency: SOL,
  rpcUrls: /*#__PURE__*/ serviceRpc('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'),
  testnet: true,
});

export const bitcoin: CaipNetwork = /*#__PURE__*/ defineNetwork({
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  network: 'bitcoin',
  chainNamespace: 'bip122',
  nativeCurrency: BTC,
  rpcUrls: /*#__PURE__*/ serviceRpc('bip122:000000000019d6689c085ae165831e93'),
});

export const bitcoinTestnet: CaipNetwork = /*#__PURE__*/ defineNetwork({
  id: '000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  network: 'bitcoin-testnet',
  chainNamespace: 'bip122',
  nativeCurrency: BTC,
  rpcUrls: /*#__PURE__*/ serviceRpc('bip122:000000000933ea01ad0ee984209779ba'),
  testnet: true,
});

/** Name given to the placeholder entry for a chain the wallet is on but the app does not support. */
export const UNSUPPORTED_NETWORK_NAME = 'Unsupported network';

/** Placeholder network for a chain outside the requested list. */
export function unsupportedNetwork(namespace: ChainNamespace, chainId: number | string): CaipNetwork {
  return {
    id: chainId,
    name: UNSUPPORTED_NETWORK_NAME,
    caipNetworkId: caipNetworkId(namespace, chainId),
    chainNamespace: namespace,
    nativeCurrency: { name: '', symbol: '', decimals: namespace === 'solana' ? 9 : namespace === 'bip122' ? 8 : 18 },
    rpcUrls: { default: { http: [] } },
  };
}

/** Matches a network by CAIP id, deprecated CAIP id, or bare id (number or string). */
export function matchesNetwork(network: CaipNetwork, id: CaipNetworkId | number | string): boolean {
  if (typeof id === 'string' && id.includes(':')) return network.caipNetworkId === id || network.deprecatedCaipNetworkId === id;
  return String(network.id) === String(id);
}
