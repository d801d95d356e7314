/**
 * The WalletConnect plugin's start hook, imported when the kernel starts: one WALLET_CONNECT
 * connector per namespace the app configured (kept in step with the options and the chain
 * plugins registered later), `modal.open({ uri })` for a pairing link the host made, and the
 * pairing's prewarm (./prewarm) when the modal opens.
 */
import { ConnectorRegistry, Environment, Modal, Options, PluginHost, Router, type Connector, type PluginContext } from 'latchkey';
import { lazyEip1193Provider } from './provider';
import { WalletConnectSession, type WalletConnectPluginConfig } from './types';
import { walletConnectConnectorId, walletConnectNamespaces } from './connectors';
import { WALLETCONNECT_ICON } from './icon';
import { idle, prewarmOnOpenAndIntent } from './prewarm';

function loadSession(ctx: PluginContext): () => Promise<WalletConnectSession> {
  return async () => {
    await ctx.get<PluginHost>(PluginHost).load(ctx.manifest.id);
    return ctx.get<WalletConnectSession>(WalletConnectSession);
  };
}

export function startWalletConnect(ctx: PluginContext, config: WalletConnectPluginConfig = {}): () => void {
  const options = ctx.get<Options>(Options);
  const plugins = ctx.get<PluginHost>(PluginHost);
  const registry = ctx.get<ConnectorRegistry>(ConnectorRegistry);
  const session = loadSession(ctx);
  let provider: ReturnType<typeof lazyEip1193Provider> | undefined;
  let registered: string[] = [];
  // One connector per namespace the app configured (the registry groups them); kept in step
  // with the options and with chain plugins registered later.
  const sync = () => {
    const wanted =
      options.state.enableWalletConnect === false ? [] : walletConnectNamespaces(options.state.networks, plugins.namespaces());
    const ids = wanted.map(walletConnectConnectorId);
    for (const id of registered) if (!ids.includes(id)) registry.remove(id);
    const added: Connector[] = [];
    for (const ns of wanted) {
      const id = walletConnectConnectorId(ns);
      if (registered.includes(id)) continue;
      added.push({
        id,
        name: 'WalletConnect',
        type: 'WALLET_CONNECT',
        chain: ns,
        imageUrl: WALLETCONNECT_ICON,
        // eip155: an EIP-1193 provider for the EVM adapter; the universal adapter uses the session itself.
        ...(ns === 'eip155' ? { provider: (provider ??= lazyEip1193Provider(session)) } : {}),
      });
    }
    if (added.length > 0) registry.add(added);
    registered = ids;
  };
  sync();
  const subs = [options.state$.subscribe(sync), plugins.state$.subscribe(sync)];
  // modal.open({ uri }) shows a link the host generated (manualWCControl).
  subs.push(
    ctx.get<Modal>(Modal).onDidOpen$.subscribe((args) => {
      if (args.uri) void session().then((s) => s.setUri(args.uri!), (err) => console.error('[latchkey] WalletConnect failed to load', err));
    }),
  );
  const stopPrewarm = prewarmOnOpenAndIntent({
    mode: config.prewarm ?? 'open',
    modal: ctx.get<Modal>(Modal),
    router: ctx.get<Router>(Router),
    options,
    env: ctx.get<Environment>(Environment),
    hasEntry: () => registered.length > 0,
    prewarm: async () => {
      // The pairing view's chunk too, so the view itself does not wait for it.
      void plugins.view('ConnectingWalletConnect')?.load().catch(() => undefined);
      // the module's evaluation, the provider's start and the pairing: three tasks, each in an idle moment
      const win = ctx.get<Environment>(Environment).window as never;
      const s = await session();
      await idle(win);
      await s.prewarm(() => idle(win));
    },
  });
  return () => {
    stopPrewarm();
    for (const sub of subs) sub.unsubscribe();
    for (const id of registered) registry.remove(id);
    registered = [];
  };
}
