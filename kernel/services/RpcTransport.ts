import { MissingRpcUrlError } from '../errors/request';
import { fallbackTransport, httpTransport } from '../transport/lazy';
import type { CaipNetworkId, CaipNetwork } from '../types';
import { DEFAULT_RPC_SERVICE_URL } from '../networks';
import type { RpcRequest, Transport } from '../transport/types';
import { Environment } from './Environment';
import { Options } from '../options/Options';

export const RpcTransport = Symbol('RpcTransport');

/**
 * Hands out one JSON-RPC transport per network: the configured custom RPC
 * URLs and the network's own, ranked by a fallback transport.
 */
export interface RpcTransport {
  /**
   * The network's transport. `batch: true` gives one that sends the reads made in the same
   * tick as one JSON-RPC batch (docs/connection.md#rpc-transport: at most 1000 calls per POST), for a
   * caller that reads many values at once (token balances); sign and send methods are never
   * batched. Each kind is built once per network and URL list.
   */
  forNetwork(network: CaipNetwork, options?: { readonly batch?: boolean }): Transport;
  /** Stops background pings. */
  dispose(): void;
}

/** The blockchain RPC service endpoint: `{rpcServiceUrl}/v1/?chainId={caipNetworkId}&projectId={projectId}`. */
export function rpcServiceEndpoint(rpcServiceUrl: string, caipNetworkId: CaipNetworkId, projectId: string): string {
  const enc = (v: string): string => encodeURIComponent(v).replace(/%3A/gi, ':');
  return `${rpcServiceUrl.replace(/\/+$/, '')}/v1/?chainId=${enc(caipNetworkId)}&projectId=${enc(projectId)}`;
}

/**
 * RPC URLs for a network, in the order they are tried: custom URLs, the RPC
 * service (when configured), the chain's own default, the network's default.
 * Duplicates and empty strings are dropped. A URL of the shared provider RPC service (the
 * built-in Solana and Bitcoin networks' default) gets the host's project id, which the service
 * asks of every request.
 */
export function rpcUrlsFor(
  network: CaipNetwork,
  options: { customRpcUrls?: Readonly<Record<string, readonly { readonly url: string }[]>>; rpcServiceUrl?: string; projectId?: string },
): string[] {
  const urls = [
    ...(options.customRpcUrls?.[network.caipNetworkId]?.map((u) => u.url) ?? []),
    ...(options.rpcServiceUrl ? [rpcServiceEndpoint(options.rpcServiceUrl, network.caipNetworkId, options.projectId ?? '')] : []),
    ...(network.rpcUrls.chainDefault?.http ?? []),
    ...(network.rpcUrls.default?.http ?? []),
  ].map((u) => (options.projectId && u?.startsWith(`${DEFAULT_RPC_SERVICE_URL}/v1/?`) && !u.includes('projectId=') ? `${u}&projectId=${encodeURIComponent(options.projectId)}` : u));
  return [...new Set(urls.filter((u) => typeof u === 'string' && u !== ''))];
}

/** The cheap call used to rank a namespace's RPC URLs; undefined: no ranking. */
function pingFor(network: CaipNetwork): RpcRequest | undefined {
  if (network.chainNamespace === 'eip155') return { method: 'eth_blockNumber' };
  if (network.chainNamespace === 'solana') return { method: 'getSlot' };
  return undefined;
}

export class RpcTransportImpl implements RpcTransport {
  private readonly cache = new Map<string, { key: string; transport: Transport }>();

  constructor(
    private readonly options: Options,
    private readonly env: Environment,
  ) {}

  forNetwork(network: CaipNetwork, options: { readonly batch?: boolean } = {}): Transport {
    const urls = rpcUrlsFor(network, this.options.state);
    if (urls.length === 0) throw new MissingRpcUrlError(network.caipNetworkId);
    const key = urls.join('\n');
    const batch = options.batch === true;
    const slot = batch ? `${network.caipNetworkId}#batch` : network.caipNetworkId;
    const cached = this.cache.get(slot);
    if (cached?.key === key) return cached.transport;
    // The URL list changed (options.update): replace the old transport.
    cached?.transport.dispose();
    const fetch = (input: string, init?: RequestInit): Promise<Response> => this.env.fetch(input, init);
    const ping = pingFor(network);
    // The HTTP and fallback transports load with the first request: nothing at page load needs them.
    const transport =
      urls.length === 1
        ? httpTransport(urls[0]!, { fetch, batch })
        : fallbackTransport(
            urls.map((url) => ({ url, options: { fetch, batch } })),
            { rank: ping ? { ping } : false },
          );
    this.cache.set(slot, { key, transport });
    return transport;
  }

  dispose(): void {
    for (const { transport } of this.cache.values()) transport.dispose();
    this.cache.clear();
  }
}

