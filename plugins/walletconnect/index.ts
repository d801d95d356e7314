/**
 * The WalletConnect plugin's manifest: all a host ships up front. It registers
 * one WALLET_CONNECT connector per configured namespace (eip155's with a lazy
 * EIP-1193 provider) and declares the universal adapter's fallback namespaces;
 * the universal provider, the session service, the adapters and the views sit
 * behind `load` (./module) and arrive only when WalletConnect is used.
 */
import {
  ConnectorRegistry,
  Modal,
  Options,
  PluginHost,
  type Connector,
  type PluginContext,
  type PluginManifest,
  type ValidationIssue,
} from 'latchkey';
import { lazyEip1193Provider } from './provider';
import { WalletConnectSession, type WalletConnectPluginConfig } from './types';
import { WALLETCONNECT_CONNECTOR_ID, walletConnectConnectorId, walletConnectNamespaces } from './connectors';

export type { WalletConnectPluginConfig } from './types';
export { WALLETCONNECT_CONNECTOR_ID, walletConnectConnectorId, walletConnectNamespaces } from './connectors';
export { canSignInOverUniversalProvider } from './siwx';

declare module '../../kernel/index' {
  // The spec's WalletConnect option names, accepted by createKernel and read by this plugin.
  interface LatchkeyOptions {
    /** WalletConnect relay; the hosted one unless set (the demo uses a local relay). */
    readonly relayUrl?: string;
    /** The host generates pairing URIs itself and shows them with `modal.open({ uri })`. */
    readonly manualWCControl?: boolean;
    /** A universal provider the host initialised itself (`@walletconnect/universal-provider`). */
    readonly universalProvider?: unknown;
    /** False: no WalletConnect entry. Default true. */
    readonly enableWalletConnect?: boolean;
  }
  interface LatchkeyViews {
    /** `wallet`: a directory wallet to pair with through its deep links (phones). */
    ConnectingWalletConnect: { readonly connectorId?: string; readonly wallet?: unknown };
    ConnectingWalletConnectBasic: undefined;
  }
}

const OWNED_OPTIONS = ['relayUrl', 'manualWCControl', 'universalProvider', 'enableWalletConnect'] as const;

/** The WalletConnect options given to createKernel: types checked, the relay a ws(s) URL. */
export function validateWalletConnectOptions(options: Readonly<Record<string, unknown>>): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const type = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  const { relayUrl, manualWCControl, universalProvider, enableWalletConnect } = options;
  if (relayUrl !== undefined) {
    if (typeof relayUrl !== 'string') issues.push({ path: 'relayUrl', message: `Expected string, received ${type(relayUrl)}` });
    else if (!/^wss?:\/\/[^\s]+$/i.test(relayUrl)) issues.push({ path: 'relayUrl', message: 'Invalid input' });
  }
  for (const [key, value] of [['manualWCControl', manualWCControl], ['enableWalletConnect', enableWalletConnect]] as const) {
    if (value !== undefined && typeof value !== 'boolean') issues.push({ path: key, message: `Expected boolean, received ${type(value)}` });
  }
  if (universalProvider !== undefined && (typeof universalProvider !== 'object' || universalProvider === null)) {
    issues.push({ path: 'universalProvider', message: `Expected object, received ${type(universalProvider)}` });
  }
  return issues;
}

export const WALLETCONNECT_PLUGIN_ID = 'walletconnect';
/** Id of the MULTI_CHAIN entry grouping the per-namespace WalletConnect connectors (multiChainConnectorId('WalletConnect')). */
export const WALLETCONNECT_GROUP_ID = 'multichain:walletconnect';

/** The WalletConnect mark (blue cloud-bridge), inline so the list shows it offline. */
export const WALLETCONNECT_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="24" fill="#3396FF"/>' +
      '<path d="M29.6 36.6c10.1-9.9 26.6-9.9 36.7 0l1.2 1.2c.5.5.5 1.3 0 1.8l-4.2 4.1a.7.7 0 0 1-.9 0l-1.7-1.7c-7.1-6.9-18.5-6.9-25.6 0l-1.8 1.8a.7.7 0 0 1-.9 0l-4.2-4.1c-.5-.5-.5-1.3 0-1.8l1.4-1.3Zm45.3 8.4 3.8 3.7c.5.5.5 1.3 0 1.8L61.6 67.2c-.5.5-1.3.5-1.8 0L47.7 55.4a.3.3 0 0 0-.4 0L35.2 67.2c-.5.5-1.3.5-1.8 0L16.3 50.5c-.5-.5-.5-1.3 0-1.8l3.8-3.7c.5-.5 1.3-.5 1.8 0l12.1 11.8c.1.1.3.1.4 0L46.5 45c.5-.5 1.3-.5 1.8 0l12.1 11.8c.1.1.3.1.4 0L72.9 45c.6-.5 1.4-.5 2 0Z" fill="#fff"/></svg>',
  );

function loadSession(ctx: PluginContext): () => Promise<WalletConnectSession> {
  return async () => {
    await ctx.get<PluginHost>(PluginHost).load(WALLETCONNECT_PLUGIN_ID);
    return ctx.get<WalletConnectSession>(WalletConnectSession);
  };
}

/**
 * `walletConnectPlugin({ relayUrl })`: WalletConnect pairing (QR code, copy
 * link, deep links) over @walletconnect/universal-provider, loaded on first use.
 */
export function walletConnectPlugin(config: WalletConnectPluginConfig = {}): PluginManifest {
  return {
    id: WALLETCONNECT_PLUGIN_ID,
    contributes: {
      views: [
        { id: 'ConnectingWalletConnect', title: 'WalletConnect', load: () => import('./views/ConnectingWalletConnect') },
        { id: 'ConnectingWalletConnectBasic', title: 'WalletConnect', load: () => import('./views/ConnectingWalletConnectBasic') },
      ],
      // A WalletConnect entry opens the pairing view; in basic mode the modal opens on it.
      connectorViews: { WALLET_CONNECT: 'ConnectingWalletConnect' },
      basicView: 'ConnectingWalletConnectBasic',
      // The universal adapter serves these only when no chain plugin adapts them.
      fallbackNamespaces: ['eip155', 'solana', 'bip122', 'polkadot'],
    },
    options: { keys: OWNED_OPTIONS, validate: validateWalletConnectOptions },
    activation: 'lazy',
    onKernelStart(ctx) {
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
      return () => {
        for (const sub of subs) sub.unsubscribe();
        for (const id of registered) registry.remove(id);
        registered = [];
      };
    },
    load: async () => (await import('./module')).createWalletConnectModule(config),
  };
}
