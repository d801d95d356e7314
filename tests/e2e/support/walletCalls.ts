/**
 * What the page asks the dev wallet, seen and steered from a test. `instrumentWallets` runs in the
 * page before its scripts (`page.addInitScript(instrumentWallets, options)`): it wraps, once, the
 * `request` of every provider announced through EIP-6963, so that
 * - with `record`, `window.__calls` lists the methods asked, in order (with `failures`, a failed
 *   one adds `method:code` after it; with `persist`, the list survives reloads of the tab);
 * - `window.__delay[method] = ms` makes that method wait first (a wallet waiting for its user);
 * - `hold: method` makes that method wait until `window.__release()`.
 * The function is serialised into the page: it uses nothing from outside its body.
 */
import type { Page } from 'playwright-core';

export interface WalletInstrumentation {
  readonly record?: boolean;
  readonly failures?: boolean;
  readonly persist?: boolean;
  readonly hold?: string;
}

export function instrumentWallets(options: WalletInstrumentation = {}): void {
  const w = window as any;
  w.__calls = options.persist ? JSON.parse(sessionStorage.getItem('__calls') ?? '[]') : [];
  w.__delay = {};
  let release!: () => void;
  w.__held = new Promise<void>((r) => (release = r));
  w.__release = () => release();
  const note = (entry: string) => {
    w.__calls.push(entry);
    if (options.persist) sessionStorage.setItem('__calls', JSON.stringify(w.__calls));
  };
  window.addEventListener('eip6963:announceProvider', (e: Event) => {
    const provider = (e as CustomEvent).detail?.provider;
    if (!provider || provider.__instrumented) return;
    provider.__instrumented = true;
    const original = provider.request.bind(provider);
    provider.request = async (args: { method: string; params?: unknown }) => {
      if (options.record) note(args.method);
      const wait = w.__delay[args.method];
      if (wait) await new Promise((r) => setTimeout(r, wait));
      if (args.method === options.hold) await w.__held;
      try {
        return await original(args);
      } catch (err: any) {
        if (options.record && options.failures) note(`${args.method}:${err?.code}`);
        throw err;
      }
    };
  });
}

/** The methods the page has asked so far (`record`). */
export const walletCallsOf = (page: Page): Promise<string[]> => page.evaluate(() => [...(window as any).__calls]);
