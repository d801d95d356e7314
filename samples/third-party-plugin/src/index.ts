/**
 * latchkey-plugin-gas: live network fees in the Latchkey modal, written against Latchkey's
 * public entries only ('latchkey', 'latchkey/ui'). This file is the manifest a host ships up
 * front: no React, no service code. The GasOracle service (./module) and the view
 * (./views/GasTracker) load on first use.
 */
import { definePlugin, type PluginManifest, type ValidationIssue } from 'latchkey';
import type { GasPluginConfig } from './types.js';

export { GasOracle } from './types.js';
export type { FeeEstimate, FeeTier, GasOracleState, GasPluginConfig } from './types.js';

declare module 'latchkey' {
  interface LatchkeyOptions {
    /** Milliseconds between fee refreshes while the Gas view is open (gas plugin). Default 12,000. */
    readonly gasRefreshMs?: number;
  }
  interface LatchkeyViews {
    GasTracker: undefined;
  }
}

export const GAS_PLUGIN_ID = 'gas';
const MIN_REFRESH_MS = 2_000;
const MAX_REFRESH_MS = 600_000;

function refreshIssue(path: string, value: unknown): ValidationIssue[] {
  if (value === undefined) return [];
  if (typeof value !== 'number') return [{ path, message: `Expected number, received ${value === null ? 'null' : typeof value}` }];
  if (!Number.isInteger(value) || value < MIN_REFRESH_MS || value > MAX_REFRESH_MS) {
    return [{ path, message: `Expected a whole number of milliseconds from ${MIN_REFRESH_MS} to ${MAX_REFRESH_MS}` }];
  }
  return [];
}

/** `gasRefreshMs`, if given, is a whole number of milliseconds from 2,000 to 600,000. */
export function validateGasOptions(options: Readonly<Record<string, unknown>>): ValidationIssue[] {
  return refreshIssue('gasRefreshMs', options['gasRefreshMs']);
}

export class GasPluginConfigError extends Error {
  override readonly name = 'GasPluginConfigError';
}

/** The plugin for `createKernel({ plugins: [gasPlugin()] })`: a "Gas" button in the Account view. */
export function gasPlugin(config: GasPluginConfig = {}): PluginManifest {
  const issues = refreshIssue('refreshMs', config.refreshMs);
  if (issues.length) throw new GasPluginConfigError(`gasPlugin: ${issues[0]!.path}: ${issues[0]!.message}`);
  return definePlugin({
    id: GAS_PLUGIN_ID,
    contributes: {
      views: [{ id: 'GasTracker', title: 'Network fees', load: () => import('./views/GasTracker.js') }],
      walletFeatures: [{ id: 'gas', label: 'Gas', view: 'GasTracker', order: 50 }],
    },
    // the title and the button's label in other languages (English above), loaded only when needed
    translations: () => import('./labels.js'),
    options: { keys: ['gasRefreshMs'], validate: validateGasOptions },
    load: async () => (await import('./module.js')).gasModule(config),
  });
}
