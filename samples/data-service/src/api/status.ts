/**
 * GET /health                 → { status, role, database, indexer: { leader, chains: [...] } } (no projectId)
 * GET /v1/supported-chains    → { http: CAIP-2[], ws: [] }   (clients ask before calling the rest)
 */
import type { Route } from '../http';
import { caip2 } from '../shapes';
import { num, type ApiDeps } from './deps';

export function statusRoutes(deps: ApiDeps): Route[] {
  return [
    {
      method: 'GET',
      path: '/health',
      auth: 'public',
      async handler() {
        // what this process's indexer knows, or (standby / api role) what the database holds
        const status = deps.indexerStatus();
        const indexed = await deps.db.query<{ chain_id: unknown; n: unknown }>('select chain_id, max(number) as n from blocks group by chain_id');
        const byChain = new Map(indexed.map((r) => [num(r.chain_id), num(r.n)]));
        return {
          json: {
            status: 'ok',
            role: deps.config.role,
            database: deps.db.kind,
            indexer: {
              leader: status?.leader ?? false,
              chains: deps.config.chains.map((c) => {
                const s = status?.chains.find((x) => x.chainId === c.chainId);
                return {
                  chainId: caip2(c.chainId),
                  indexed: byChain.get(c.chainId) ?? null,
                  head: s?.head ?? null,
                  reorgs: s?.reorgs ?? 0,
                  restarts: s?.restarts ?? 0,
                  lastError: s?.lastError ?? null,
                };
              }),
            },
          },
        };
      },
    },
    {
      method: 'GET',
      path: '/v1/supported-chains',
      auth: 'project',
      async handler() {
        return { json: { http: deps.config.chains.map((c) => caip2(c.chainId)), ws: [] } };
      },
    },
  ];
}
