import type { Network } from '../types';
import type { Transport } from '../transport/types';

export const RpcTransport = Symbol('RpcTransport');

/**
 * Hands out one JSON-RPC transport per network: the configured custom RPC
 * URLs and the network's own, ranked by a fallback transport.
 */
export interface RpcTransport {
  forNetwork(network: Network): Transport;
  /** Stops background pings. */
  dispose(): void;
}
