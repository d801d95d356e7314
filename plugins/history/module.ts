/** The history plugin's headless module: the Activity service, cleared on disconnect. */
import { ContainerModule } from 'inversify';
import { Account, BlockchainApi, Network, SessionState, Snackbar, type PluginModule } from 'latchkey';
import { ActivityService } from './service';
import { Activity } from './types';

export function historyModule(): PluginModule {
  return {
    services: new ContainerModule(({ bind }) => {
      bind(Activity)
        .toDynamicValue(
          (ctx) =>
            new ActivityService({
              api: ctx.get<BlockchainApi>(BlockchainApi),
              account: ctx.get<Account>(Account),
              network: ctx.get<Network>(Network),
              snackbar: ctx.get<Snackbar>(Snackbar),
            }),
        )
        .inSingletonScope();
      bind(SessionState).toDynamicValue((ctx) => {
        const activity = ctx.get<Activity>(Activity);
        return { reset: () => activity.reset() };
      });
    }),
  };
}
