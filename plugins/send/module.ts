/**
 * The send plugin's headless module: the SendForm service, reset on disconnect (a
 * SessionState) and on a network or account change (docs/account-features.md#send). No React here.
 */
import { ContainerModule } from 'inversify';
import type { Subscription } from 'rxjs';
import {
  Account,
  BlockchainApi,
  Connection,
  Network,
  Options,
  Router,
  RpcTransport,
  SessionState,
  Snackbar,
  type PluginContext,
  type PluginModule,
} from 'latchkey';
import { SendFormImpl } from './service';
import { SendForm } from './types';

/** One watch per kernel (a page may hold several). */
const watching = new WeakMap<object, Subscription>();

const sendModule: PluginModule = {
  services: new ContainerModule(({ bind }) => {
    bind(SendForm)
      .toDynamicValue(
        (c) =>
          new SendFormImpl({
            connection: c.get<Connection>(Connection),
            network: c.get<Network>(Network),
            account: c.get<Account>(Account),
            blockchainApi: c.get<BlockchainApi>(BlockchainApi),
            options: c.get<Options>(Options),
            rpc: c.get<RpcTransport>(RpcTransport),
            snackbar: c.get<Snackbar>(Snackbar),
            router: c.get<Router>(Router),
          }),
      )
      .inSingletonScope();
    // Disconnect clears the send state (docs/account-features.md#send).
    bind(SessionState).toDynamicValue((c) => ({ reset: () => c.get<SendForm>(SendForm).reset() }));
  }),
  onLoad(ctx: PluginContext) {
    const form = ctx.get<SendForm>(SendForm);
    const network = ctx.get<Network>(Network);
    const account = ctx.get<Account>(Account);
    const key = () => {
      const ns = network.state.activeNamespace;
      return `${network.state.activeNetwork?.caipNetworkId ?? ''}|${ns ? account.get(ns).address ?? '' : ''}`;
    };
    let last = key();
    const check = () => {
      const next = key();
      if (next === last) return;
      last = next;
      // A network switch (or another account) starts a new form.
      form.reset();
    };
    watching.get(ctx.container)?.unsubscribe();
    const sub = network.state$.subscribe(check);
    sub.add(account.state$.subscribe(check));
    watching.set(ctx.container, sub);
  },
  onStop(ctx: PluginContext) {
    watching.get(ctx.container)?.unsubscribe();
    watching.delete(ctx.container);
  },
};

export default sendModule;
