/**
 * The wallet list of AllWallets (and the slot rules Connect shares): connectors
 * the kernel knows, the host's custom wallets and the directory, merged without
 * duplicates and ordered by `connectorTypeOrder` (docs/modal.md#connect-view-order). Pure.
 */
import { DEFAULT_CONNECTOR_TYPE_ORDER } from '../services/ConnectorRegistry';
import { MAX_RECENT_WALLETS } from '../services/Storage';
import type { CustomWallet } from '../options/types';
import type { ChainNamespace, Connector, ConnectorType, ConnectorTypeOrder, RecentWallet } from '../types';
import type { DirectoryWallet } from './types';
import type { Kernel } from '../createKernel';

import { isInstalledConnector, naturalSlot, pickSlot, type WalletEntrySource } from './slots';

export { isInstalledConnector, naturalSlot, pickSlot };

/** One row of the wallet list. */
export interface WalletListEntry {
  /** Unique within one list: `connector:<id>`, `custom:<id>` or `wallet:<id>`. */
  readonly key: string;
  readonly id: string;
  readonly name: string;
  readonly rdns: string | undefined;
  readonly imageUrl: string | undefined;
  /** The connector-type-order slot the entry was placed in. */
  readonly slot: ConnectorTypeOrder;
  readonly source: WalletEntrySource;
  /** A connector usable right now (installed browser wallet, WalletConnect, external SDK); undefined otherwise. */
  readonly connector: Connector | undefined;
  /** Directory (or custom) data for the wallet, with its links; also set for an installed wallet the directory knows. */
  readonly wallet: DirectoryWallet | undefined;
  /** Where a registered but absent wallet can be installed (Connector.installUrl). */
  readonly installUrl: string | undefined;
  /** An injected / announced wallet present in this browser. */
  readonly installed: boolean;
  /** Index in the recent list (0 = most recent), -1 when not recent. */
  readonly recentIndex: number;
  /** Badge: 'Recent' for a recent wallet, else 'Installed' for an installed one. */
  readonly tag: 'Recent' | 'Installed' | undefined;
}

export interface OrderWalletsInput {
  /** Registered connectors (ConnectorRegistry.grouped()); login connectors (AUTH, ID_AUTH) are skipped. */
  readonly connectors: readonly Connector[];
  /** Directory wallets (catalogue or remote), in recommended order. */
  readonly catalogue: readonly DirectoryWallet[];
  /** Recent wallets, most recent first; only the first {@link MAX_RECENT_WALLETS} count. */
  readonly recent?: readonly RecentWallet[];
  /** featuredWalletIds: placed in the 'featured' slot in this order. */
  readonly featuredIds?: readonly string[];
  /**
   * includeWalletIds: when set (non-empty), only these directory wallets are
   * listed, in this order. Connectors, custom wallets and featured wallets are
   * not filtered by it.
   */
  readonly includeIds?: readonly string[];
  /** excludeWalletIds: never listed, whatever the source. */
  readonly excludeIds?: readonly string[];
  readonly customWallets?: readonly CustomWallet[];
  readonly connectorTypeOrder?: readonly ConnectorTypeOrder[];
  /**
   * Namespaces the app uses. A directory wallet that declares its namespaces
   * and serves none of these is left out. Ignored when empty.
   */
  readonly namespaces?: readonly ChainNamespace[];
}

/* ----------------------------------------------------------------------------------------------
 * Identity
 * -------------------------------------------------------------------------------------------- */

function connectorMembers(c: Connector): readonly Connector[] {
  return c.type === 'MULTI_CHAIN' && c.connectors?.length ? [c, ...c.connectors] : [c];
}

function connectorRdns(c: Connector): string[] {
  const out: string[] = [];
  for (const m of connectorMembers(c)) if (m.info?.rdns && !out.includes(m.info.rdns)) out.push(m.info.rdns);
  return out;
}

/** Every id a connector answers to: ids and explorer ids of it and its members, and their rdns. */
export function connectorIds(c: Connector): string[] {
  const out = new Set<string>();
  for (const m of connectorMembers(c)) {
    out.add(m.id);
    if (m.explorerId) out.add(m.explorerId);
    if (m.info?.rdns) out.add(m.info.rdns);
  }
  return [...out];
}

/** Every id a directory wallet answers to: id, explorerId and rdns. */
export function walletIds(w: DirectoryWallet): string[] {
  const out = [w.id];
  if (w.explorerId && w.explorerId !== w.id) out.push(w.explorerId);
  if (w.rdns && !out.includes(w.rdns)) out.push(w.rdns);
  return out;
}

const nameKey = (name: string) => name.trim().toLowerCase();

/** Lookup of directory wallets by id / explorerId / rdns / lower-cased name. First one wins. */
class WalletIndex {
  private readonly byId = new Map<string, number>();
  private readonly byName = new Map<string, number>();
  constructor(readonly wallets: readonly DirectoryWallet[]) {
    wallets.forEach((w, i) => {
      for (const id of walletIds(w)) if (!this.byId.has(id)) this.byId.set(id, i);
      const n = nameKey(w.name);
      if (n && !this.byName.has(n)) this.byName.set(n, i);
    });
  }
  find(ids: readonly string[], name: string | undefined, taken: ReadonlySet<number>): number {
    for (const id of ids) {
      const i = this.byId.get(id);
      if (i !== undefined && !taken.has(i)) return i;
    }
    if (name !== undefined) {
      const i = this.byName.get(nameKey(name));
      if (i !== undefined && !taken.has(i)) return i;
    }
    return -1;
  }
}

function definedFields<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k of Object.keys(o) as (keyof T)[]) if (o[k] !== undefined && o[k] !== '') out[k] = o[k];
  return out;
}

/* ----------------------------------------------------------------------------------------------
 * orderWallets
 * -------------------------------------------------------------------------------------------- */

interface Candidate {
  key: string;
  id: string;
  name: string;
  rdns: string[];
  ids: string[];
  imageUrl: string | undefined;
  source: WalletEntrySource;
  connector: Connector | undefined;
  wallet: DirectoryWallet | undefined;
  installUrl: string | undefined;
  installed: boolean;
  /** Registered connector with the same key as this one (possibly unusable: installed false). */
  raw: Connector | undefined;
}

const isLogin = (c: Connector) => c.type === 'AUTH' || c.type === 'ID_AUTH';

/**
 * The wallet list as a kernel holds it: {@link orderWallets} of its connectors, recent wallets and
 * options around `catalogue` (the directory's wallets). What AllWallets shows and what
 * `createWalletList` pages through.
 */
export function orderKernelWallets(kernel: Pick<Kernel, 'connectors' | 'options'>, catalogue: readonly DirectoryWallet[]): WalletListEntry[] {
  const options = kernel.options.state;
  return orderWallets({
    connectors: kernel.connectors.grouped(),
    catalogue,
    recent: kernel.connectors.state.recent,
    featuredIds: options.featuredWalletIds ?? [],
    includeIds: options.includeWalletIds ?? [],
    excludeIds: options.excludeWalletIds ?? [],
    customWallets: options.customWallets ?? [],
    connectorTypeOrder: kernel.connectors.connectorTypeOrder(),
    namespaces: [...new Set(options.networks.map((n) => n.chainNamespace))],
  });
}

/**
 * The wallet list, ordered and de-duplicated:
 *
 * - one entry per registered connector (login connectors skipped); a connector
 *   whose `installed` is false is listed without a usable connector (a 'get'
 *   entry, with its `installUrl`);
 * - custom wallets, unless a connector already is that wallet (same id, rdns or name);
 * - directory wallets not already listed: an installed (announced) wallet and
 *   its directory entry (same rdns, id, explorer id or name) are ONE entry,
 *   tagged 'Installed', carrying the directory's links; a custom wallet
 *   replaces the directory entry it matches (its fields win);
 * - `excludeIds` removes entries from every source; `includeIds` keeps only
 *   those directory wallets (featured ones too) in its order;
 * - slots by {@link pickSlot}; within 'recent' by recency (at most
 *   {@link MAX_RECENT_WALLETS}), within 'featured' by `featuredIds` order,
 *   otherwise connectors, custom wallets, then the directory in their own order
 *   (`includeIds` order for included directory wallets).
 */
export function orderWallets(input: OrderWalletsInput): WalletListEntry[] {
  const order = input.connectorTypeOrder ?? DEFAULT_CONNECTOR_TYPE_ORDER;
  const recent = (input.recent ?? []).slice(0, MAX_RECENT_WALLETS);
  const featured = input.featuredIds ?? [];
  const include = input.includeIds?.length ? input.includeIds : undefined;
  const exclude = new Set(input.excludeIds ?? []);
  const namespaces = input.namespaces?.length ? input.namespaces : undefined;
  const index = new WalletIndex(input.catalogue);
  const taken = new Set<number>();
  const candidates: Candidate[] = [];
  const keys = new Set<string>();
  const excluded = (ids: readonly string[]) => ids.some((id) => exclude.has(id));
  const push = (c: Candidate) => {
    if (keys.has(c.key)) return;
    keys.add(c.key);
    candidates.push(c);
  };

  // 1. Connectors, each matched to its directory entry.
  for (const c of input.connectors) {
    if (isLogin(c)) continue;
    const ids = connectorIds(c);
    const at = index.find(ids, c.name, taken);
    const wallet = at >= 0 ? input.catalogue[at] : undefined;
    const allIds = wallet ? [...new Set([...ids, ...walletIds(wallet)])] : ids;
    if (excluded(allIds)) {
      if (at >= 0) taken.add(at);
      continue;
    }
    if (at >= 0) taken.add(at);
    const usable = c.installed !== false;
    const rdns = connectorRdns(c);
    if (wallet?.rdns && !rdns.includes(wallet.rdns)) rdns.push(wallet.rdns);
    push({
      key: `connector:${c.id}`,
      id: c.id,
      name: c.name,
      rdns,
      ids: allIds,
      imageUrl: c.imageUrl ?? wallet?.imageUrl,
      source: 'connector',
      connector: usable ? c : undefined,
      wallet,
      installUrl: c.installUrl,
      installed: isInstalledConnector(c),
      raw: c,
    });
  }

  // 2. Custom wallets: skipped when a connector is that wallet; they replace a matching directory entry.
  for (const cw of input.customWallets ?? []) {
    const own = cw.rdns ? [cw.id, cw.rdns] : [cw.id];
    const listed = candidates.find(
      (x) => x.ids.some((id) => own.includes(id)) || nameKey(x.name) === nameKey(cw.name),
    );
    if (listed) {
      if (!listed.wallet) listed.wallet = { ...cw };
      continue;
    }
    const at = index.find(own, cw.name, taken);
    const base = at >= 0 ? input.catalogue[at] : undefined;
    if (at >= 0) taken.add(at);
    const wallet: DirectoryWallet = base ? { ...base, ...definedFields(cw) } : { ...cw };
    const ids = [...new Set([...own, ...walletIds(wallet)])];
    if (excluded(ids)) continue;
    push({
      key: `custom:${cw.id}`,
      id: cw.id,
      name: cw.name,
      rdns: wallet.rdns ? [wallet.rdns] : [],
      ids,
      imageUrl: wallet.imageUrl,
      source: 'custom',
      connector: undefined,
      wallet,
      installUrl: undefined,
      installed: false,
      raw: undefined,
    });
  }

  // 3. The rest of the directory.
  const isFeatured = (ids: readonly string[]) => ids.some((id) => featured.includes(id));
  input.catalogue.forEach((w, i) => {
    if (taken.has(i)) return;
    const ids = walletIds(w);
    if (excluded(ids)) return;
    if (include && !ids.some((id) => include.includes(id)) && !isFeatured(ids)) return;
    if (namespaces && w.namespaces && !w.namespaces.some((ns) => namespaces.includes(ns))) return;
    push({
      key: `wallet:${w.id}`,
      id: w.id,
      name: w.name,
      rdns: w.rdns ? [w.rdns] : [],
      ids,
      imageUrl: w.imageUrl,
      source: 'directory',
      connector: undefined,
      wallet: w,
      installUrl: undefined,
      installed: false,
      raw: undefined,
    });
  });

  // 4. Slots and order.
  const recentIndexOf = (c: Candidate) =>
    recent.findIndex((r) => c.ids.includes(r.id) || (r.rdns !== undefined && c.rdns.includes(r.rdns)));
  const firstIndex = (list: readonly string[], ids: readonly string[]) => {
    let best = -1;
    for (const id of ids) {
      const i = list.indexOf(id);
      if (i >= 0 && (best < 0 || i < best)) best = i;
    }
    return best;
  };
  const placed = candidates.map((c, i) => {
    const recentIndex = recentIndexOf(c);
    const featuredIndex = firstIndex(featured, c.ids);
    const natural = naturalSlot({ connector: c.raw, source: c.source, installed: c.installed });
    const { slot, rank } = pickSlot(natural, { recent: recentIndex >= 0, featured: featuredIndex >= 0 }, order);
    let within = i;
    if (slot === 'recent') within = recentIndex;
    else if (slot === 'featured') within = featuredIndex;
    else if (include && c.source === 'directory') {
      const at = firstIndex(include, c.ids);
      within = candidates.length + (at >= 0 ? at : include.length + i);
    }
    const entry: WalletListEntry = {
      key: c.key,
      id: c.id,
      name: c.name,
      rdns: c.rdns[0],
      imageUrl: c.imageUrl,
      slot,
      source: c.source,
      connector: c.connector,
      wallet: c.wallet,
      installUrl: c.installUrl,
      installed: c.installed,
      recentIndex,
      tag: recentIndex >= 0 ? 'Recent' : c.installed ? 'Installed' : undefined,
    };
    return { entry, rank, within, i };
  });
  placed.sort((a, b) => a.rank - b.rank || a.within - b.within || a.i - b.i);
  return placed.map((p) => p.entry);
}
