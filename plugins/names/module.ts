/** The names plugin's headless module: the AccountNames service, following the account once loaded. */
import { ContainerModule } from 'inversify';
import { Account, BlockchainApi, Connection, Environment, Network, Router, SessionState, Storage, type PluginModule } from 'latchkey';
import { AccountNamesService } from './service';
import { AccountNames, type NamesConfig } from './types';

/** docs/account-features.md#names: the identity cache (5 minutes), kept by the kernel's BlockchainApi under this name. */
const IDENTITY_CACHE = { name: 'identity', ttlMs: 300_000 } as const;

export function namesModule(config: NamesConfig): PluginModule {
  return {
    services: new ContainerModule(({ bind }) => {
      bind(AccountNames)
        .toDynamicValue(
          (ctx) =>
            new AccountNamesService({
              api: ctx.get<BlockchainApi>(BlockchainApi),
              account: ctx.get<Account>(Account),
              network: ctx.get<Network>(Network),
              connection: ctx.get<Connection>(Connection),
              router: ctx.get<Router>(Router),
              env: ctx.get<Environment>(Environment),
              identityCache: ctx.get<Storage>(Storage).cache(IDENTITY_CACHE.name, IDENTITY_CACHE.ttlMs),
              config,
            }),
        )
        .inSingletonScope();
      // The outcome of a registration does not outlive the session.
      bind(SessionState).toDynamicValue((ctx) => {
        const names = ctx.get<AccountNames>(AccountNames);
        return { reset: () => names.reset() };
      });
    }),
    // The reverse lookup follows the account from now on, until the kernel stops.
    onLoad: (ctx) => {
      const names = ctx.get<AccountNames>(AccountNames);
      names.start();
      return () => names.stop();
    },
  };
}
