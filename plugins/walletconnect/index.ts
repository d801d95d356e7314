/**
 * The WalletConnect plugin's manifest: all a host ships up front. At kernel start it
 * imports ./start, which registers one WALLET_CONNECT connector per configured namespace
 * (eip155's with a lazy EIP-1193 provider); it declares the universal adapter's fallback
 * namespaces. The universal provider, the session service, the adapters and the views sit
 * behind `load` (./module) and arrive only when WalletConnect is used.
 */
import type { PluginManifest, ValidationIssue } from 'latchkey';
import type { WalletConnectPluginConfig } from './types';

export type { WalletConnectPluginConfig } from './types';

declare module '../../kernel/index' {
  // AppKit's WalletConnect option names, accepted by createKernel and read by this plugin.
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
    onKernelStart: async (ctx) => (await import('./start')).startWalletConnect(ctx, config),
    load: async () => (await import('./module')).createWalletConnectModule(config),
  };
}
