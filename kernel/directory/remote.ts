/**
 * The remote wallet directory API: GET {url}/getWallets?page=&entries=&search=
 * answering `{ count, data: [...] }`. Parsing and merging with the catalogue.
 * Pure.
 */
import { isChainNamespace } from '../caip';
import type { ChainNamespace } from '../types';
import type { DirectoryWallet } from './types';

/** Wallets asked for per page. */
export const REMOTE_PAGE_SIZE = 100;
/** Pages read at most (so at most 5000 remote wallets). */
export const MAX_REMOTE_PAGES = 50;

export interface RemotePage {
  readonly count: number;
  readonly wallets: readonly DirectoryWallet[];
  /** Entries of the page that were not wallets (no id or name) and were skipped. */
  readonly skipped: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** An http(s) URL or a deep-link base (scheme://…); anything else (javascript:, data:) is dropped. */
function link(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  const m = /^([a-z][a-z0-9+.-]*):/i.exec(s);
  if (!m) return undefined;
  const scheme = m[1]!.toLowerCase();
  if (scheme === 'javascript' || scheme === 'data' || scheme === 'vbscript' || scheme === 'file') return undefined;
  return s;
}

/** An image URL: http(s) or a data:image URI. */
function image(v: unknown): string | undefined {
  const s = str(v);
  if (!s) return undefined;
  return /^https?:\/\//i.test(s) || /^data:image\//i.test(s) ? s : undefined;
}

function namespacesOf(item: Record<string, unknown>): ChainNamespace[] | undefined {
  const out = new Set<ChainNamespace>();
  const chains = item['chains'];
  if (Array.isArray(chains)) {
    for (const c of chains) {
      const ns = typeof c === 'string' ? c.split(':')[0] : undefined;
      if (ns && isChainNamespace(ns)) out.add(ns);
    }
  }
  const injected = item['injected'];
  if (Array.isArray(injected)) {
    for (const i of injected) {
      const ns = isObject(i) ? i['namespace'] : undefined;
      if (typeof ns === 'string' && isChainNamespace(ns)) out.add(ns);
    }
  }
  return out.size ? [...out] : undefined;
}

/**
 * One remote wallet, from the directory's snake_case fields (id, name,
 * homepage, image_url or image_id, rdns, mobile_link, link_mode,
 * desktop_link, webapp_link, app_store, play_store, chrome_store, chains).
 * Returns undefined for an entry without an id or name.
 */
export function parseRemoteWallet(item: unknown, baseUrl: string): DirectoryWallet | undefined {
  if (!isObject(item)) return undefined;
  const id = str(item['id']);
  const name = str(item['name']);
  if (!id || !name) return undefined;
  const imageId = str(item['image_id']);
  const fields: Record<string, unknown> = {
    id,
    name,
    explorerId: id,
    rdns: str(item['rdns']),
    homepage: link(item['homepage']),
    imageUrl:
      image(item['image_url']) ??
      (imageId ? `${baseUrl.replace(/\/+$/, '')}/getWalletImage/${encodeURIComponent(imageId)}` : undefined),
    mobileLink: link(item['mobile_link']),
    universalLink: link(item['link_mode']) ?? link(item['universal_link']),
    desktopLink: link(item['desktop_link']),
    webappLink: link(item['webapp_link']),
    appStore: link(item['app_store']),
    playStore: link(item['play_store']),
    chromeStore: link(item['chrome_store']),
    namespaces: namespacesOf(item),
  };
  for (const k of Object.keys(fields)) if (fields[k] === undefined) delete fields[k];
  return fields as unknown as DirectoryWallet;
}

/** Parses a `{count, data}` answer; undefined when it has another shape. */
export function parseRemotePage(body: unknown, baseUrl: string): RemotePage | undefined {
  if (!isObject(body) || !Array.isArray(body['data'])) return undefined;
  const data = body['data'] as unknown[];
  const count = typeof body['count'] === 'number' && Number.isFinite(body['count']) && body['count'] >= 0 ? body['count'] : data.length;
  const wallets: DirectoryWallet[] = [];
  for (const item of data) {
    const w = parseRemoteWallet(item, baseUrl);
    if (w) wallets.push(w);
  }
  return { count, wallets, skipped: data.length - wallets.length };
}

/** Pages needed for `count` wallets, capped at {@link MAX_REMOTE_PAGES}. */
export function pageCount(count: number, pageSize = REMOTE_PAGE_SIZE): number {
  return Math.min(MAX_REMOTE_PAGES, Math.max(1, Math.ceil(count / pageSize)));
}

/**
 * Remote wallets first (the directory's order), each completed with the
 * catalogue entry it matches (same rdns, id or name): the catalogue's id is
 * kept (so configured ids keep working), the remote id becomes `explorerId`,
 * and remote fields win where set. Catalogue wallets the remote list lacks
 * follow, in catalogue order. Duplicate remote ids are dropped.
 */
export function mergeWallets(remote: readonly DirectoryWallet[], catalogue: readonly DirectoryWallet[]): DirectoryWallet[] {
  const byRdns = new Map<string, number>();
  const byId = new Map<string, number>();
  const byName = new Map<string, number>();
  catalogue.forEach((w, i) => {
    if (w.rdns && !byRdns.has(w.rdns)) byRdns.set(w.rdns, i);
    if (!byId.has(w.id)) byId.set(w.id, i);
    const n = w.name.trim().toLowerCase();
    if (!byName.has(n)) byName.set(n, i);
  });
  const used = new Set<number>();
  const seen = new Set<string>();
  const out: DirectoryWallet[] = [];
  for (const r of remote) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    const candidates = [
      r.rdns ? byRdns.get(r.rdns) : undefined,
      byId.get(r.id),
      byName.get(r.name.trim().toLowerCase()),
    ];
    const at = candidates.find((i) => i !== undefined && !used.has(i));
    if (at === undefined) {
      out.push(r);
      continue;
    }
    used.add(at);
    const c = catalogue[at]!;
    out.push({ ...c, ...r, id: c.id, explorerId: r.explorerId ?? r.id, name: r.name });
  }
  catalogue.forEach((w, i) => {
    if (!used.has(i)) out.push(w);
  });
  return out;
}
