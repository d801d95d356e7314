/** What every API area receives. */
import type { Db } from '../../../shared/db/open';
import type { ChainConfig, DataServiceConfig } from '../config';
import { badRequest } from '../errors';
import type { IndexerStatus } from '../indexer/indexer';
import { RpcClient } from '../rpc';
import type { ShapeContext } from '../shapes';
import { parseChainId, parseLimit } from '../validation';

export interface ApiDeps {
  readonly db: Db;
  readonly config: DataServiceConfig;
  readonly shape: ShapeContext;
  chain(chainId: number): ChainConfig | undefined;
  rpc(chainId: number): RpcClient;
  indexerStatus(): IndexerStatus | null;
}

export function createDeps(db: Db, config: DataServiceConfig, indexerStatus: () => IndexerStatus | null): ApiDeps {
  const chains = new Map(config.chains.map((c) => [c.chainId, c]));
  const clients = new Map(config.chains.map((c) => [c.chainId, new RpcClient(c.rpcUrl, config.limits.rpcTimeoutMs)]));
  return {
    db,
    config,
    shape: { publicUrl: config.publicUrl, prices: config.prices, spamContracts: config.spamContracts },
    chain: (id) => chains.get(id),
    rpc: (id) => {
      const c = clients.get(id);
      if (!c) throw new Error(`no RPC for chain ${id}`);
      return c;
    },
    indexerStatus,
  };
}

/** The configured chains a request is about: the one of `?<param>=`, else all of them. */
export function chainsOf(deps: ApiDeps, value: string | null, param = 'chainId'): ChainConfig[] {
  if (value === null || value === '') return [...deps.config.chains];
  const id = parseChainId(value, param);
  const chain = deps.chain(id);
  if (!chain) {
    throw badRequest(param, `We don't support the chainId you provided: eip155:${id}. Supported: ${deps.config.chains.map((c) => `eip155:${c.chainId}`).join(', ')}`);
  }
  return [chain];
}

/** A page's size: `?limit=`, else the configured page size, at most the configured maximum. */
export function pageLimit(deps: ApiDeps, query: URLSearchParams): number {
  return parseLimit(query.get('limit'), deps.config.limits.pageSize, deps.config.limits.maxPageSize);
}

export const num = (v: unknown): number => Number(v);
