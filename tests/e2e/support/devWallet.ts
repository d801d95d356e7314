/**
 * The dev wallet (samples/dev-wallet) as a browser extension injects it: one IIFE bundle, run
 * before the page's own scripts (`page.addInitScript`) on the chains it is given.
 */
import * as esbuild from 'esbuild';
import { REPO_ROOT } from '../../support/artifacts';

/** A chain the dev wallet can switch to. */
export interface DevWalletChain {
  readonly chainId: number;
  readonly name: string;
  readonly rpcUrl: string;
}

let bundle: Promise<string> | undefined;

/** The dev wallet's bundle (built once per test file). */
export function bundleDevWallet(): Promise<string> {
  bundle ??= esbuild
    .build({
      stdin: {
        contents: `import { installDevWallet } from './samples/dev-wallet/index';\ninstallDevWallet({ chains: window.__devWalletChains });`,
        resolveDir: REPO_ROOT,
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'es2022',
      write: false,
      logLevel: 'error',
    })
    .then((built) => built.outputFiles[0]!.text);
  return bundle;
}

/** The init script that installs `bundled` (from bundleDevWallet) on `chains`. */
export function devWalletInitScript(bundled: string, chains: readonly DevWalletChain[]): string {
  const plain = chains.map((c) => ({ chainId: c.chainId, name: c.name, rpcUrl: c.rpcUrl }));
  return `window.__devWalletChains = ${JSON.stringify(plain)};\n${bundled}`;
}
