/**
 * The eip155 plugin's manifest: all a host ships up front. Wallet discovery (./start,
 * ./discovery) is imported when the kernel starts, and the adapter (viem and everything
 * else) sits behind `load` until a wallet is used.
 */
import type { PluginManifest, ValidationIssue } from 'latchkey';
import type { EvmPluginConfig } from './start';

export type { EvmPluginConfig } from './start';

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

export function evmPlugin(config: EvmPluginConfig = {}): PluginManifest {
  return {
    id: 'evm',
    contributes: { namespaces: ['eip155'] },
    options: { keys: OWNED_OPTIONS, validate: validateEvmOptions },
    activation: 'lazy',
    onKernelStart: async (ctx) => (await import('./start')).startEvm(ctx, config),
    load: () => import('./module'),
  };
}
