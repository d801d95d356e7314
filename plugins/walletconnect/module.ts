/**
 * Loaded only when WalletConnect is used (its view opens, or its connector's
 * provider gets a request): the universal provider, the session service and the
 * adapters. Headless: the views load separately, only when the UI shows them, so a
 * kernel-only host never loads React. Nothing here is in the host's entry bundle.
 */
import { ContainerModule } from 'inversify';
import { UniversalProvider } from '@walletconnect/universal-provider';
import {
  Account,
  Alerts,
  Connection,
  ConnectorRegistry,
  Environment,
  Events,
  Modal,
  Network,
  Options,
  PluginHost,
  RpcTransport,
  SessionState,
  type ChainNamespace,
  type PluginContext,
  type PluginModule,
} from 'latchkey';
import { WalletConnectSessionImpl } from './WalletConnectSession';
import { UniversalAdapter } from './UniversalAdapter';
import { followWalletConnectSession } from './followSession';
import { idle } from './prewarm';
import { findSignInOnConnect } from 'latchkey/signin';
import { PairingSignIn, UniversalProviderInit, WalletConnectConfig, WalletConnectSession, type UniversalProviderLike, type WalletConnectPluginConfig } from './types';

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
    // One-click auth: the sign-in plugin's side, found through the kernel's latchkey/signin link.
    bind(PairingSignIn).toDynamicValue((c) => () => findSignInOnConnect(c.get<PluginHost>(PluginHost), (token) => c.get(token, { optional: true })));
    bind(WalletConnectSession)
      .toDynamicValue(
        (c) =>
          new WalletConnectSessionImpl({
            options: c.get<Options>(Options),
            env: c.get<Environment>(Environment),
            alerts: c.get<Alerts>(Alerts),
            events: c.get<Events>(Events),
            modal: c.get<Modal>(Modal),
            connectors: c.get<ConnectorRegistry>(ConnectorRegistry),
            account: c.get<Account>(Account),
            network: c.get<Network>(Network),
            initProvider: c.get<UniversalProviderInit>(UniversalProviderInit),
            config: c.get<WalletConnectPluginConfig>(WalletConnectConfig),
            signInLink: c.get<PairingSignIn>(PairingSignIn),
          }),
      )
      .inSingletonScope();
    // A disconnect resets the pairing (docs/connection.md#disconnect).
    bind(SessionState).toDynamicValue((ctx) => ({
      reset: () => ctx.get<WalletConnectSessionImpl>(WalletConnectSession).resetPairing(),
    }));
  });
}

/** Namespaces the universal adapter serves when no chain plugin adapts them (the manifest's fallbackNamespaces). */
export const UNIVERSAL_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122', 'polkadot'];

/** One universal adapter per namespace, all over the plugin's one session. */
export function universalAdapters(ctx: PluginContext, namespaces: readonly ChainNamespace[] = UNIVERSAL_NAMESPACES): UniversalAdapter[] {
  const session = ctx.get<WalletConnectSession>(WalletConnectSession);
  const rpc = () => ctx.get<RpcTransport>(RpcTransport);
  return namespaces.map((ns) => new UniversalAdapter(ns, session, rpc));
}

/** The module for a plugin configured with `config` (the manifest's `load` calls this). */
export function createWalletConnectModule(config: WalletConnectPluginConfig = {}): PluginModule {
  // Per kernel (a module object may serve several kernels).
  const followers = new WeakMap<object, () => void>();
  return {
    services: walletConnectServices(config),
    adapters: (ctx) => universalAdapters(ctx),
    onLoad(ctx) {
      followers.get(ctx.container)?.();
      const unfollow = followWalletConnectSession({
        connection: ctx.get<Connection>(Connection),
        connectors: ctx.get<ConnectorRegistry>(ConnectorRegistry),
        account: ctx.get<Account>(Account),
        network: ctx.get<Network>(Network),
        session: ctx.get<WalletConnectSession>(WalletConnectSession),
      });
      followers.set(ctx.container, unfollow);
      // The sign-in plugin's module, which the pairing prepared at open asks for (one-click sign-in):
      // loaded now, in an idle moment, so that the open fetches nothing when this module was loaded ahead
      // of it (the UI's prefetch of the Connect view's views). Where the pairing is prepared at open only.
      const env = ctx.get<Environment>(Environment);
      if ((config.prewarm ?? 'open') === 'open' && !env.isMobile()) {
        void idle(env.window as never)
          .then(() => ctx.get<PairingSignIn>(PairingSignIn)())
          .catch(() => undefined);
      }
    },
  };
}

export default createWalletConnectModule();
