/**
 * Wallet-standard discovery for Solana: the app side of the window-event protocol of
 * @wallet-standard/base (what @wallet-standard/app's getWallets() does), on the window it is
 * given, so a wallet that registers before or after the kernel starts is found:
 * - dispatches `wallet-standard:app-ready` with `{ register }` (wallets already loaded register
 *   through it);
 * - listens for `wallet-standard:register-wallet`, whose `detail` is a callback it calls with
 *   `{ register }` (wallets loaded later).
 * Written here rather than imported: this file ships in the host's entry bundle (the plugin's
 * manifest), and it is a third of the size of getWallets() with its registry.
 *
 * A wallet is page content: its fields are read once, bounded and cleaned, and getters that
 * throw make it "not a wallet". Imports no code (types only).
 */
import type { Connector } from 'latchkey';
import { solanaConnectorId } from './ids';

/** What this plugin reads of a wallet-standard `Wallet`. */
interface StandardWallet {
  readonly name: string;
  readonly icon: string;
  readonly chains: readonly string[];
  readonly features: Readonly<Record<string, unknown>>;
  readonly accounts: readonly unknown[];
}

/** The part of `window` discovery uses. */
export interface StandardWindow {
  addEventListener(type: string, listener: (event: any) => void): void;
  removeEventListener(type: string, listener: (event: any) => void): void;
  dispatchEvent(event: Event): boolean;
  readonly CustomEvent?: typeof CustomEvent;
}

export interface StandardSink {
  add(connector: Connector): void;
  remove(id: string): void;
}

/** A page is not expected to hold more wallet-standard wallets than this; later ones are ignored. */
export const MAX_STANDARD_WALLETS = 32;
const MAX_NAME = 64;
const MAX_ICON = 128 * 1024;
const MAX_CHAINS = 64;
const ICON = /^data:image\/(svg\+xml|png|jpeg|webp|gif)[;,]/i;


/**
 * A wallet's name as latchkey/encoding's `displayText(name, MAX_NAME, true)` cleans it ('' when none is left),
 * written out because discovery runs before the connect button works and a run-time import from
 * `latchkey` costs the start path (see the evm plugin's discovery, whose test checks they clean alike).
 */
// eslint-disable-next-line no-control-regex
const HIDDEN_OR_MARKUP = /[\0-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufffd<>]/g;
const cleanName = (name: unknown): string =>
  typeof name === 'string' ? Array.from(name.slice(0, 4096).replace(HIDDEN_OR_MARKUP, '').replace(/[\s\x85]+/g, ' ').trim()).slice(0, MAX_NAME).join('').trimEnd() : '';

/**
 * The connector for `wallet` when it is a Solana wallet (a `solana:` chain and
 * `standard:connect`), else undefined. The provider is the wallet object itself.
 */
export function solanaConnector(wallet: unknown): Connector | undefined {
  try {
    const w = wallet as StandardWallet;
    const name = cleanName(w.name);
    const chains = Array.isArray(w.chains) ? w.chains.slice(0, MAX_CHAINS) : [];
    const features = w.features;
    if (!name || typeof features !== 'object' || features === null) return undefined;
    if (!chains.some((c) => typeof c === 'string' && c.startsWith('solana:'))) return undefined;
    if (typeof (features['standard:connect'] as { connect?: unknown } | undefined)?.connect !== 'function') return undefined;
    const icon = typeof w.icon === 'string' && w.icon.length <= MAX_ICON && ICON.test(w.icon) ? w.icon : undefined;
    return { id: solanaConnectorId(name), name, type: 'ANNOUNCED', chain: 'solana', imageUrl: icon, provider: wallet, installed: true };
  } catch {
    return undefined; // a getter that throws: not a wallet
  }
}

/**
 * Starts discovery on `win`; every registered Solana wallet becomes a connector in `sink`,
 * and an unregistered one is removed. Returns a disposer (unregisters nothing in the wallets:
 * it only stops listening and forgets). No window (server) → no-op.
 */
export function discoverSolanaWallets(win: StandardWindow | undefined, sink: StandardSink): () => void {
  if (!win || typeof win.addEventListener !== 'function') return () => {};
  const known = new Map<unknown, string>();
  let active = true;
  let warned = false;
  const register = (...wallets: unknown[]): (() => void) => {
    const added: unknown[] = [];
    for (const wallet of wallets) {
      if (!active || known.has(wallet)) continue;
      if (known.size >= MAX_STANDARD_WALLETS) {
        if (!warned) console.warn(`[latchkey] more than ${MAX_STANDARD_WALLETS} wallet-standard wallets registered; ignoring the rest`);
        warned = true;
        break;
      }
      const connector = solanaConnector(wallet);
      if (!connector) continue;
      known.set(wallet, connector.id);
      added.push(wallet);
      sink.add(connector);
    }
    return () => {
      for (const wallet of added) {
        const id = known.get(wallet);
        if (id === undefined) continue;
        known.delete(wallet);
        // another registration of the same product may hold the id now
        if (active && ![...known.values()].includes(id)) sink.remove(id);
      }
    };
  };
  const api = Object.freeze({ register });
  const onRegisterWallet = (event: { detail?: unknown }): void => {
    const callback = event?.detail;
    if (typeof callback !== 'function') return;
    try {
      callback(api);
    } catch (err) {
      console.error('[latchkey] a wallet-standard wallet failed to register', err);
    }
  };
  win.addEventListener('wallet-standard:register-wallet', onRegisterWallet);
  try {
    const Ctor = win.CustomEvent ?? CustomEvent;
    win.dispatchEvent(new Ctor('wallet-standard:app-ready', { detail: api }));
  } catch (err) {
    console.error('[latchkey] wallet-standard:app-ready could not be dispatched', err);
  }
  return () => {
    active = false;
    win.removeEventListener('wallet-standard:register-wallet', onRegisterWallet);
  };
}
