/**
 * Loaded only when WalletConnect is used (its view opens, or its connector's
 * provider gets a request): the universal provider, the session service and
 * the views. Nothing here is in the host's entry bundle.
 */
import { ContainerModule } from 'inversify';
import { UniversalProvider } from '@walletconnect/universal-provider';
import { SessionState, type PluginModule } from '../../kernel/index';
import { WalletConnectSessionImpl } from './WalletConnectSession';
import { UniversalProviderInit, WalletConnectConfig, WalletConnectSession, type UniversalProviderLike, type WalletConnectPluginConfig } from './types';
import ConnectingWalletConnect from './views/ConnectingWalletConnect';
import ConnectingWalletConnectBasic from './views/ConnectingWalletConnectBasic';

export { WalletConnectSession } from './types';

const init = (opts: Record<string, unknown>) =>
  UniversalProvider.init(opts as Parameters<typeof UniversalProvider.init>[0]) as unknown as Promise<UniversalProviderLike>;

/** The services of the plugin for `config`; `initProvider` is replaceable for tests (or bind UniversalProviderInit first). */
export function walletConnectServices(
  config: WalletConnectPluginConfig = {},
  initProvider: (opts: Record<string, unknown>) => Promise<UniversalProviderLike> = init,
): ContainerModule {
  return new ContainerModule(({ bind, isBound }) => {
    if (!isBound(UniversalProviderInit)) bind(UniversalProviderInit).toConstantValue(initProvider);
    bind(WalletConnectConfig).toConstantValue(config);
    bind(WalletConnectSession).to(WalletConnectSessionImpl).inSingletonScope();
    // A disconnect resets the pairing (spec section 4).
    bind(SessionState).toDynamicValue((ctx) => ({
      reset: () => ctx.get<WalletConnectSessionImpl>(WalletConnectSession).resetPairing(),
    }));
  });
}

/** The module for a plugin configured with `config` (the manifest's `load` calls this). */
export function createWalletConnectModule(config: WalletConnectPluginConfig = {}): PluginModule {
  return {
    services: walletConnectServices(config),
    views: { ConnectingWalletConnect, ConnectingWalletConnectBasic },
  };
}

export default createWalletConnectModule();
