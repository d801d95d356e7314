/**
 * Bitcoin wallet discovery, on the window it is given:
 * - wallet-standard (the window-event protocol of @wallet-standard/base, app side, as
 *   @wallet-standard/app's getWallets() does it): wallets with a `bitcoin:` chain and
 *   `bitcoin:connect` or `standard:connect` (the features of the Exodus Bitcoin wallet
 *   standard), registered before or after the kernel starts;
 * - the sats-connect provider API (`window.btc_providers` entries `{ id, name, icon }`, whose
 *   `id` is the provider's path on window, and Xverse's `window.XverseProviders.BitcoinProvider`),
 *   for a wallet that offers only that: a wallet-standard wallet of the same name wins.
 * Written here rather than imported: this file ships in the host's entry bundle. Wallets are
 * page content: read once, bounded, cleaned; getters that throw make them "not a wallet".
 * Imports no code (types only).
 */
import type { Connector } from 'latchkey';
import { bitcoinConnectorId } from './ids';

export interface DiscoveryWindow {
  addEventListener(type: string, listener: (event: any) => void): void;
  removeEventListener(type: string, listener: (event: any) => void): void;
  dispatchEvent(event: Event): boolean;
  readonly CustomEvent?: typeof CustomEvent;
  readonly btc_providers?: unknown;
  readonly XverseProviders?: unknown;
}

export interface DiscoverySink {
  add(connector: Connector): void;
  remove(id: string): void;
}

const MAX_STANDARD_WALLETS = 32;
/** Entries of `window.btc_providers` looked at. */
const MAX_SATS_PROVIDERS = 16;
const MAX_NAME = 64;
const MAX_ICON = 128 * 1024;
const MAX_CHAINS = 64;
const ICON = /^data:image\/(svg\+xml|png|jpeg|webp|gif)[;,]/i;
/** A provider path on window: dotted identifiers, at most 4 deep. */
const PROVIDER_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*){0,3}$/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
/** Xverse's provider when no `btc_providers` entry names it (sats-connect's default). */
const XVERSE = { id: 'XverseProviders.BitcoinProvider', name: 'Xverse' } as const;


/**
 * A wallet's name as latchkey/encoding's `displayText(name, MAX_NAME, true)` cleans it ('' when none is left),
 * written out because discovery runs before the connect button works and a run-time import from
 * `latchkey` costs the start path (see the evm plugin's discovery, whose test checks they clean alike).
 */
// eslint-disable-next-line no-control-regex
const HIDDEN_OR_MARKUP = /[\0-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufffd<>]/g;
const cleanName = (name: unknown): string =>
  typeof name === 'string' ? Array.from(name.slice(0, 4096).replace(HIDDEN_OR_MARKUP, '').replace(/[\s\x85]+/g, ' ').trim()).slice(0, MAX_NAME).join('').trimEnd() : '';

const cleanIcon = (icon: unknown) => (typeof icon === 'string' && icon.length <= MAX_ICON && ICON.test(icon) ? icon : undefined);

/** The connector for a wallet-standard wallet that offers Bitcoin, else undefined. Its provider is the wallet. */
function bitcoinStandardConnector(wallet: unknown): Connector | undefined {
  try {
    const w = wallet as { name?: unknown; icon?: unknown; chains?: unknown; features?: Record<string, { connect?: unknown } | undefined> };
    const name = cleanName(w.name);
    const chains = Array.isArray(w.chains) ? (w.chains as unknown[]).slice(0, MAX_CHAINS) : [];
    const features = w.features;
    if (!name || typeof features !== 'object' || features === null) return undefined;
    if (!chains.some((c) => typeof c === 'string' && c.startsWith('bitcoin:'))) return undefined;
    if (typeof features['bitcoin:connect']?.connect !== 'function' && typeof features['standard:connect']?.connect !== 'function') return undefined;
    return { id: bitcoinConnectorId(name), name, type: 'ANNOUNCED', chain: 'bip122', imageUrl: cleanIcon(w.icon), provider: wallet, installed: true };
  } catch {
    return undefined;
  }
}

/** The object at `path` on `win` (own lookups only, no prototype keys), or undefined. */
function providerAt(win: unknown, path: string): { request: unknown } | undefined {
  if (!PROVIDER_PATH.test(path)) return undefined;
  let at: unknown = win;
  for (const key of path.split('.')) {
    if (FORBIDDEN_KEYS.has(key) || at === null || (typeof at !== 'object' && typeof at !== 'function')) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return typeof (at as { request?: unknown } | undefined)?.request === 'function' ? (at as { request: unknown }) : undefined;
}

/** sats-connect providers on the page: `btc_providers` entries whose provider exists, and Xverse's default. */
export function satsConnectConnectors(win: DiscoveryWindow): Connector[] {
  const out: Connector[] = [];
  try {
    const list = Array.isArray(win.btc_providers) ? (win.btc_providers as unknown[]).slice(0, MAX_SATS_PROVIDERS) : [];
    const entries = [...list, XVERSE];
    for (const entry of entries) {
      const e = entry as { id?: unknown; name?: unknown; icon?: unknown };
      if (typeof e?.id !== 'string' || out.some((c) => c.id === `sats-connect:${e.id}`)) continue;
      const provider = providerAt(win, e.id);
      const name = cleanName(e.name);
      if (!provider || !name) continue;
      out.push({ id: `sats-connect:${e.id}`, name, type: 'INJECTED', chain: 'bip122', imageUrl: cleanIcon(e.icon), provider, installed: true });
    }
  } catch {
    /* a hostile btc_providers: nothing from it */
  }
  return out;
}

/**
 * Starts discovery on `win` and reports connectors to `sink`. Returns a disposer that stops
 * listening. No window (server) → no-op.
 */
export function discoverBitcoinWallets(win: DiscoveryWindow | undefined, sink: DiscoverySink): () => void {
  if (!win || typeof win.addEventListener !== 'function') return () => {};
  const standard = new Map<unknown, Connector>();
  const sats = new Map<string, Connector>();
  let active = true;
  let warned = false;
  const sameName = (a: Connector, b: Connector) => a.name.toLowerCase() === b.name.toLowerCase();

  const addSats = (): void => {
    for (const c of satsConnectConnectors(win)) {
      if (sats.has(c.id) || [...standard.values()].some((s) => sameName(s, c))) continue;
      sats.set(c.id, c);
      sink.add(c);
    }
  };

  const register = (...wallets: unknown[]): (() => void) => {
    const added: unknown[] = [];
    for (const wallet of wallets) {
      if (!active || standard.has(wallet)) continue;
      if (standard.size >= MAX_STANDARD_WALLETS) {
        if (!warned) console.warn(`[latchkey] more than ${MAX_STANDARD_WALLETS} wallet-standard wallets registered; ignoring the rest`);
        warned = true;
        break;
      }
      const connector = bitcoinStandardConnector(wallet);
      if (!connector) continue;
      standard.set(wallet, connector);
      added.push(wallet);
      // the same wallet through sats-connect gives way
      for (const [id, c] of sats) {
        if (!sameName(c, connector)) continue;
        sats.delete(id);
        sink.remove(id);
      }
      sink.add(connector);
    }
    return () => {
      for (const wallet of added) {
        const c = standard.get(wallet);
        if (!c) continue;
        standard.delete(wallet);
        if (active && ![...standard.values()].some((s) => s.id === c.id)) sink.remove(c.id);
      }
    };
  };
  const api = Object.freeze({ register });
  const onRegisterWallet = (event: { detail?: unknown }): void => {
    if (typeof event?.detail !== 'function') return;
    try {
      (event.detail as (a: typeof api) => void)(api);
    } catch (err) {
      console.error('[latchkey] a wallet-standard wallet failed to register', err);
    }
  };
  // Extensions inject sats-connect providers before the page's scripts, or by the time it has loaded.
  const onLoad = (): void => {
    if (active) addSats();
  };
  win.addEventListener('wallet-standard:register-wallet', onRegisterWallet);
  win.addEventListener('load', onLoad);
  try {
    const Ctor = win.CustomEvent ?? CustomEvent;
    win.dispatchEvent(new Ctor('wallet-standard:app-ready', { detail: api }));
  } catch (err) {
    console.error('[latchkey] wallet-standard:app-ready could not be dispatched', err);
  }
  addSats();
  return () => {
    active = false;
    win.removeEventListener('wallet-standard:register-wallet', onRegisterWallet);
    win.removeEventListener('load', onLoad);
  };
}
