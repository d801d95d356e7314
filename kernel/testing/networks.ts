/**
 * Test kit: the EVM and Solana networks tests declare. Not part of the public API.
 */
import type { CaipNetwork } from '../types';
import { defineNetwork } from '../networks';

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 };
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 };

function testNetwork(
  chainNamespace: CaipNetwork['chainNamespace'],
  id: number | string,
  name: string,
  nativeCurrency: CaipNetwork['nativeCurrency'],
  rpcUrl: string,
  extra: Partial<CaipNetwork>,
): CaipNetwork {
  return defineNetwork({ id, name, chainNamespace, nativeCurrency, rpcUrls: { default: { http: [rpcUrl] } }, ...extra });
}

/**
 * An EVM network paying gas in Ether with one RPC URL: by default an address nothing answers on
 * (for tests whose wallet or fake answers every call); `extra` adds or overrides fields (`testnet`,
 * `blockExplorers`, a second RPC).
 */
export function evmNetwork(id: number, name: string, rpcUrl = 'http://127.0.0.1:1/unused', extra: Partial<CaipNetwork> = {}): CaipNetwork {
  return testNetwork('eip155', id, name, ETHER, rpcUrl, extra);
}

/** A Solana test cluster (`id` is its genesis hash prefix, as in its CAIP-2 id) paying in SOL, marked as a testnet. */
export function solanaNetwork(id: string, rpcUrl: string, name = 'Solana Local'): CaipNetwork {
  return testNetwork('solana', id, name, SOL, rpcUrl, { testnet: true });
}
