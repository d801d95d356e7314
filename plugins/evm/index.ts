/**
 * The eip155 plugin's manifest. This file and ./discovery are all a host
 * ships up front: wallet discovery runs at kernel start, while the adapter
 * (viem and everything else) sits behind `load` until a wallet is used.
 */
import { ConnectorRegistry, Environment, Options, type PluginContext, type PluginManifest, type ValidationIssue } from 'latchkey';
import { discoverEvmWallets, type DiscoveryWindow } from './discovery';

declare module '../../kernel/index' {
  interface LatchkeyOptions {
    /** Listen for EIP-6963 announcements (evm plugin). Default true. */
    readonly enableEIP6963?: boolean;
    /** Offer the legacy `window.ethereum` (evm plugin). Default true. */
    readonly enableInjected?: boolean;
  }
}

const OWNED_OPTIONS = ['enableEIP6963', 'enableInjected'] as const;

/** The evm plugin's options given to createKernel: booleans when present. */
export function validateEvmOptions(options: Readonly<Record<string, unknown>>): ValidationIssue[] {
  return OWNED_OPTIONS.filter((k) => options[k] !== undefined && typeof options[k] !== 'boolean').map((k) => ({
    path: k,
    message: `Expected boolean, received ${options[k] === null ? 'null' : typeof options[k]}`,
  }));
}

export interface EvmPluginConfig {
  /** Listen for EIP-6963 announcements (default: the kernel option, else true). */
  readonly enableEIP6963?: boolean;
  /** Offer the legacy `window.ethereum` (default: the kernel option, else true). */
  readonly enableInjected?: boolean;
}

function pageWindow(ctx: PluginContext): DiscoveryWindow | undefined {
  let win: unknown;
  try {
    win = ctx.get<Environment>(Environment).window;
  } catch {
    win = typeof window === 'undefined' ? undefined : window;
  }
  return win as DiscoveryWindow | undefined;
}

export function evmPlugin(config: EvmPluginConfig = {}): PluginManifest {
  return {
    id: 'evm',
    contributes: { namespaces: ['eip155'] },
    options: { keys: OWNED_OPTIONS, validate: validateEvmOptions },
    activation: 'lazy',
    onKernelStart(ctx) {
      const win = pageWindow(ctx);
      if (!win) return;
      const options = ctx.get<Options>(Options).state;
      const registry = ctx.get<ConnectorRegistry>(ConnectorRegistry);
      return discoverEvmWallets(
        win,
        { add: (c) => registry.add(c), remove: (id) => registry.remove(id) },
        {
          enableEIP6963: config.enableEIP6963 ?? options.enableEIP6963 ?? true,
          enableInjected: config.enableInjected ?? options.enableInjected ?? true,
        },
      );
    },
    load: () => import('./module'),
  };
}
