/**
 * The embedded wallet's headless module, loaded on first use by whichever of the two plugins
 * (email, socials) needs it first: it binds the one EmbeddedWallet service (guarded, so the second
 * plugin's module binds nothing) and starts it. No React here; the views load on their own.
 */
import { ContainerModule } from 'inversify';
import {
  Account,
  Alerts,
  Connection,
  Environment,
  Modal,
  Network,
  LatchkeyError,
  Options,
  Router,
  Snackbar,
  Storage,
  Theme,
  type PluginContext,
  type PluginModule,
} from 'latchkey';
import { EmbeddedWalletService } from './EmbeddedWalletService';
import { EMBEDDED_WALLET_SCOPE, EmbeddedWallet, type EmbeddedWalletConfig } from './types';

/** Thrown when neither the plugin nor the options name the wallet service. */
export class WalletServiceNotConfiguredError extends LatchkeyError {
  override name = 'WalletServiceNotConfiguredError';
  constructor() {
    super('The embedded wallet needs a wallet service: set the walletServiceUrl option (or emailPlugin({ walletServiceUrl }))');
  }
}

/**
 * `features.smartSessions` asks for ERC-7715 permissions granted through a smart account, which
 * the embedded wallet does not offer yet: refused when its module loads, rather than ignored.
 */
export class SmartSessionsNotSupportedError extends LatchkeyError {
  override name = 'SmartSessionsNotSupportedError';
  constructor() {
    super('features.smartSessions: smart sessions (ERC-7715 permissions through a smart account) are not supported by the embedded wallet yet; remove the flag', { code: 'SMART_SESSIONS_UNSUPPORTED' });
  }
}

export function embeddedWalletModule(config: EmbeddedWalletConfig): PluginModule {
  return {
    services: new ContainerModule(({ bind, isBound }) => {
      if (isBound(EmbeddedWallet)) return;
      bind(EmbeddedWallet)
        .toDynamicValue((ctx) => {
          const options = ctx.get<Options>(Options);
          const url = config.walletServiceUrl ?? options.state.walletServiceUrl;
          if (!url) throw new WalletServiceNotConfiguredError();
          if (options.state.features.smartSessions) throw new SmartSessionsNotSupportedError();
          const storage = ctx.get<Storage>(Storage);
          return new EmbeddedWalletService(
            {
              env: ctx.get<Environment>(Environment),
              options,
              storage: storage.scope(EMBEDDED_WALLET_SCOPE),
              kernelStorage: storage,
              router: ctx.get<Router>(Router),
              modal: ctx.get<Modal>(Modal),
              snackbar: ctx.get<Snackbar>(Snackbar),
              alerts: ctx.get<Alerts>(Alerts),
              connection: ctx.get<Connection>(Connection),
              account: ctx.get<Account>(Account),
              network: ctx.get<Network>(Network),
              theme: ctx.get<Theme>(Theme),
            },
            url,
          );
        })
        .inSingletonScope();
    }),
    onLoad(ctx: PluginContext) {
      ctx.get<EmbeddedWalletService>(EmbeddedWallet).start();
    },
    onStop(ctx: PluginContext) {
      ctx.get<EmbeddedWalletService>(EmbeddedWallet).stop();
    },
  };
}
