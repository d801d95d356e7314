/**
 * The on-ramp plugin's headless module: the Onramp service, emptied on disconnect (a
 * SessionState). No React here.
 */
import { ContainerModule } from 'inversify';
import { Account, BlockchainApi, Connection, Network, Options, SessionState, type PluginModule } from 'latchkey';
import { OnrampImpl } from './service';
import { Onramp, type OnrampConfig } from './types';

export function onrampModule(config: OnrampConfig): PluginModule {
  return {
    services: new ContainerModule(({ bind }) => {
      bind(Onramp)
        .toDynamicValue(
          (c) =>
            new OnrampImpl({
              network: c.get<Network>(Network),
              account: c.get<Account>(Account),
              options: c.get<Options>(Options),
              blockchainApi: c.get<BlockchainApi>(BlockchainApi),
              connection: c.get<Connection>(Connection),
              config,
            }),
        )
        .inSingletonScope();
      bind(SessionState).toDynamicValue((c) => ({ reset: () => c.get<Onramp>(Onramp).reset() }));
    }),
  };
}
