/**
 * Test kit: the EVM networks tests declare. Not part of the public API.
 */
import type { CaipNetwork } from '../types';
import { defineNetwork } from '../networks';

/**
 * An EVM network paying gas in Ether with one RPC URL: by default an address nothing answers on
 * (for tests whose wallet or fake answers every call); `extra` adds or overrides fields (`testnet`,
 * `blockExplorers`, a second RPC).
 */
export function evmNetwork(id: number, name: string, rpcUrl = 'http://127.0.0.1:1/unused', extra: Partial<CaipNetwork> = {}): CaipNetwork {
  return defineNetwork({
    id,
    name,
    chainNamespace: 'eip155',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    ...extra,
  });
}

/** A Solana test cluster (`id` is its genesis hash prefix, as in its CAIP-2 id) paying in SOL, marked as a testnet. */
export function solanaNetwork(id: string, rpcUrl: string, name = 'Solana Local'): CaipNetwork {
  return defineNetwork({
    id,
    name,
    chainNamespace: 'solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}
