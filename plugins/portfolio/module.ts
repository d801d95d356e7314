/** The portfolio plugin's headless module: the Portfolio service and what a disconnect clears. */
import { ContainerModule } from 'inversify';
import {
  Account,
  BlockchainApi,
  Environment,
  Network,
  Options,
  RpcTransport,
  SessionState,
  Snackbar,
  Storage,
  type PluginModule,
} from 'latchkey';
import { PORTFOLIO_CACHE } from './rules';
import { PortfolioService } from './service';
import { Portfolio } from './types';

export function portfolioModule(pluginId: string): PluginModule {
  return {
    services: new ContainerModule(({ bind }) => {
      bind(Portfolio)
        .toDynamicValue((ctx) => {
          const storage = ctx.get<Storage>(Storage);
          return new PortfolioService({
            api: ctx.get<BlockchainApi>(BlockchainApi),
            account: ctx.get<Account>(Account),
            network: ctx.get<Network>(Network),
            options: ctx.get<Options>(Options),
            rpc: ctx.get<RpcTransport>(RpcTransport),
            snackbar: ctx.get<Snackbar>(Snackbar),
            env: ctx.get<Environment>(Environment),
            chainCache: storage.scope(pluginId).cache(PORTFOLIO_CACHE.name, PORTFOLIO_CACHE.ttlMs),
          });
        })
        .inSingletonScope();
      // Balances of the account that leaves are not kept on the device: the API's portfolio
      // cache (kernel Storage, docs/account-features.md#blockchain-api), the chain-read one, and the service's state.
      bind(SessionState).toDynamicValue((ctx) => {
        const storage = ctx.get<Storage>(Storage);
        const portfolio = ctx.get<Portfolio>(Portfolio);
        return {
          reset: () => {
            storage.cache(PORTFOLIO_CACHE.name, PORTFOLIO_CACHE.ttlMs).clear();
            storage.scope(pluginId).cache(PORTFOLIO_CACHE.name, PORTFOLIO_CACHE.ttlMs).clear();
            portfolio.reset();
          },
        };
      });
    }),
  };
}
