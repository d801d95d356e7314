/**
 * The Latchkey data service: a self-hostable blockchain API (balances, history, NFTs, account
 * names, identity, on-ramp purchases, swaps over a Uniswap V2 exchange) over an index of EVM
 * chains kept in PGlite or PostgreSQL.
 * See ../README.md. Start it with `node samples/data-service/server.mjs` or startDataService().
 */
import type { AddressInfo } from 'node:net';
import { defaultPgliteCacheDir } from '../../shared/pglite';
import { openMigratedDb } from '../../shared/db/migrate';
import type { Db } from '../../shared/db/open';
import { assetRoutes } from './api/assets';
import { balanceRoutes } from './api/balance';
import { convertRoutes } from './api/convert';
import { createDeps } from './api/deps';
import { historyRoutes } from './api/history';
import { nameRoutes } from './api/names';
import { nftRoutes } from './api/nfts';
import { onrampRoutes } from './api/onramp';
import { statusRoutes } from './api/status';
import { resolveConfig, type DataServiceConfig, type DataServiceOptions } from './config';
import { createHttpServer, type Route } from './http';
import { Indexer, type IndexerStatus } from './indexer/indexer';
import { MIGRATIONS } from './migrations';
import { RpcClient } from './rpc';

export { optionsFromEnv, resolveConfig, DEFAULTS, DEFAULT_CHAINS, type DataServiceOptions, type DataServiceConfig } from './config';
export { ConfigError, ApiError } from './errors';
export { chainIdToCoinType, coinTypeToChainId } from './validation';

export interface DataService {
  /** http://HOST:PORT */
  readonly url: string;
  readonly port: number;
  readonly config: DataServiceConfig;
  readonly db: Db;
  /** Versions of the migrations applied at this start. */
  readonly migrated: readonly number[];
  /** null when this process runs no indexer (role api). */
  indexerStatus(): IndexerStatus | null;
  /**
   * Resolves once the database holds the node's current head block of `chainId` (same number and
   * hash), i.e. everything mined so far is indexed. Works in any process sharing the database.
   */
  waitForSync(chainId: number, timeoutMs?: number): Promise<number>;
  stop(): Promise<void>;
}

export async function startDataService(options: DataServiceOptions = {}): Promise<DataService> {
  const base = resolveConfig({ ...options, defaultCacheDir: defaultPgliteCacheDir() });
  const { db, applied: migrated } = await openMigratedDb(
    { database: base.database, service: 'latchkey-data-service', queryTimeoutMs: base.limits.queryTimeoutMs, cacheDir: base.cacheDir, log: base.log },
    MIGRATIONS,
  );
  let indexer: Indexer | undefined;
  let server: ReturnType<typeof createHttpServer> | undefined;
  try {
    if (migrated.length) base.log(`database (${db.kind}): applied migrations ${migrated.join(', ')}`);

    // listen first (the port may be 0), then build the routes with the public URL
    let routes: Route[] = [];
    server = createHttpServer({ config: base, routes: () => routes });
    const s = server;
    await new Promise<void>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) =>
        reject(err.code === 'EADDRINUSE' ? new Error(`data service: port ${base.port} on ${base.host} is already in use; set DATA_PORT to another port`) : err);
      s.once('error', onError);
      s.listen(base.port, base.host, () => {
        s.off('error', onError);
        resolve();
      });
    });
    const port = (s.address() as AddressInfo).port;
    const url = `http://${base.host.includes(':') ? `[${base.host}]` : base.host}:${port}`;
    const config: DataServiceConfig = { ...base, port, publicUrl: base.publicUrl || url };
    if (config.role !== 'api') {
      indexer = new Indexer(db, config);
      indexer.start();
    }
    const ix = indexer;
    const deps = createDeps(db, config, () => ix?.status() ?? null);
    routes =
      config.role === 'indexer'
        ? statusRoutes(deps)
        : [...statusRoutes(deps), ...balanceRoutes(deps), ...historyRoutes(deps), ...nftRoutes(deps), ...nameRoutes(deps), ...onrampRoutes(deps), ...convertRoutes(deps), ...assetRoutes(deps)];
    config.log(`listening on ${url} (role ${config.role}, ${db.kind}, chains ${config.chains.map((c) => c.chainId).join(', ')})`);

    const rpcs = new Map(config.chains.map((c) => [c.chainId, new RpcClient(c.rpcUrl, config.limits.rpcTimeoutMs)]));
    let stopped = false;
    return {
      url,
      port,
      config,
      db,
      migrated,
      indexerStatus: () => indexer?.status() ?? null,
      async waitForSync(chainId, timeoutMs = 15_000) {
        const rpc = rpcs.get(chainId);
        if (!rpc) throw new Error(`chain ${chainId} is not configured`);
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const confirmations = config.chains.find((c) => c.chainId === chainId)?.confirmations ?? 0;
          const head = (await rpc.call<{ number: string; hash: string } | null>('eth_getBlockByNumber', ['latest', false]))!;
          const n = Number.parseInt(head.number, 16) - confirmations;
          const target = confirmations === 0 ? head.hash.toLowerCase() : undefined;
          // the highest stored block must be the node's (a rollback has happened, nothing above remains)
          const rows = await db.query<{ number: unknown; hash: string }>('select number, hash from blocks where chain_id = $1 order by number desc limit 1', [chainId]);
          if (rows[0] && Number(rows[0].number) === n && (target === undefined || rows[0].hash === target)) return n;
          if (Date.now() > deadline) throw new Error(`chain ${chainId}: block ${n} not indexed within ${timeoutMs} ms`);
          await new Promise((r) => setTimeout(r, 20));
        }
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        await indexer?.stop();
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections?.();
        });
        await db.close();
      },
    };
  } catch (err) {
    await indexer?.stop().catch(() => {});
    server?.close();
    await db.close().catch(() => {});
    throw err;
  }
}
