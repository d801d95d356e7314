import { type Observed, Store } from '../store';
import { Options } from '../options/Options';
import { MAX_RECENT_WALLETS, Storage } from './Storage';
import type { ChainNamespace, Connector, ConnectorTypeOrder, RecentWallet } from '../types';
import type { ConnectMethod } from '../plugin/manifest';

export const ConnectorRegistry = Symbol('ConnectorRegistry');

export const DEFAULT_CONNECTOR_TYPE_ORDER: readonly ConnectorTypeOrder[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
];
export const DEFAULT_CONNECT_METHOD_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet'];
export const WALLET_FIRST_CONNECT_METHOD_ORDER: readonly ConnectMethod[] = ['wallet', 'email', 'social'];

export interface ConnectorRegistryState {
  /** Every registered connector, one per (id). */
  readonly connectors: readonly Connector[];
  readonly recent: readonly RecentWallet[];
}

export interface ConnectorRegistry extends Observed<ConnectorRegistryState> {
  /**
   * Adds or replaces connectors. An ANNOUNCED connector replaces an INJECTED
   * one with the same rdns (de-duplication of EIP-6963 and window.ethereum).
   */
  add(connectors: Connector | readonly Connector[]): void;
  remove(id: string): void;
  get(id: string): Connector | undefined;
  byNamespace(namespace: ChainNamespace): readonly Connector[];
  /** Connectors with the same name across namespaces grouped into MULTI_CHAIN entries. */
  grouped(): readonly Connector[];
  /** Configured order, or wallet-first when a usable injected/announced wallet exists. */
  connectMethodsOrder(): readonly ConnectMethod[];
  connectorTypeOrder(): readonly ConnectorTypeOrder[];
  /** Remembers a wallet the visitor connected (at most 2, most recent first). */
  addRecent(wallet: RecentWallet): void;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}

function rdnsOf(c: Connector): string | undefined {
  const rdns = c.info?.rdns;
  return rdns ? rdns : undefined;
}

/** A connector the visitor can use right now: an injected/announced wallet that is present. */
function isUsableBrowserWallet(c: Connector): boolean {
  return (c.type === 'INJECTED' || c.type === 'ANNOUNCED') && c.installed !== false && c.provider != null;
}

/**
 * Known connectors and recent wallets.
 *
 * - `add` replaces a connector with the same id in place.
 * - Within one namespace, an ANNOUNCED connector (EIP-6963) takes the place of
 *   an INJECTED one with the same `info.rdns`, and an INJECTED one arriving
 *   after an ANNOUNCED one with the same rdns is dropped. Connectors of
 *   different namespaces are never de-duplicated against each other (they are
 *   grouped instead, see `grouped`).
 * - Connectors whose `id` or `explorerId` is in `options.excludeWalletIds` are
 *   kept but not exposed: absent from `state.connectors`, `get`, `byNamespace`,
 *   `grouped` and the wallet-first decision. Changing the option at run time
 *   re-exposes or hides them.
 * - `grouped()` merges connectors of the same `name` that serve more than one
 *   namespace into one MULTI_CHAIN connector at the position of the first
 *   member. Its id is `multichain:` + a slug of the name (see
 *   {@link multiChainConnectorId}; the prefix keeps it apart from real ids),
 *   `chain` is the first member's, `connectors` lists the members in order,
 *   and images / explorerId / info / installUrl come from the first member that
 *   has them; `installed` is true when any member is installed.
 * - `get(id)` finds registered connectors first, then MULTI_CHAIN groups by
 *   their id, so a caller holding a group id can pick the member it needs.
 */
export class ConnectorRegistryImpl implements ConnectorRegistry {
  private all: readonly Connector[] = [];
  private readonly store: Store<ConnectorRegistryState>;
  private groupedCache: { source: readonly Connector[]; result: readonly Connector[] } | undefined;

  constructor(
    private readonly options: Options,
    private readonly storage: Storage,
  ) {
    this.store = new Store<ConnectorRegistryState>({
      connectors: [],
      recent: this.storage.recentWallets().slice(0, MAX_RECENT_WALLETS),
    });
    this.options.state$.subscribe(() => this.expose());
  }

  get state$() {
    return this.store.state$;
  }

  get state(): ConnectorRegistryState {
    return this.store.state;
  }

  add(connectors: Connector | readonly Connector[]): void {
    const incoming: readonly Connector[] = Array.isArray(connectors) ? connectors : [connectors as Connector];
    let next = this.all.slice();
    for (const c of incoming) next = this.addOne(next, c);
    this.all = next;
    this.expose();
  }

  remove(id: string): void {
    this.all = this.all.filter((c) => c.id !== id);
    this.expose();
  }

  get(id: string): Connector | undefined {
    return (
      this.store.state.connectors.find((c) => c.id === id) ??
      this.grouped().find((c) => c.type === 'MULTI_CHAIN' && c.id === id)
    );
  }

  byNamespace(namespace: ChainNamespace): readonly Connector[] {
    return this.store.state.connectors.filter((c) => c.chain === namespace);
  }

  grouped(): readonly Connector[] {
    const source = this.store.state.connectors;
    if (this.groupedCache?.source === source) return this.groupedCache.result;
    const result = groupByName(source);
    this.groupedCache = { source, result };
    return result;
  }

  connectMethodsOrder(): readonly ConnectMethod[] {
    const configured = this.options.state.features?.connectMethodsOrder;
    if (configured) return configured;
    return this.store.state.connectors.some(isUsableBrowserWallet)
      ? WALLET_FIRST_CONNECT_METHOD_ORDER
      : DEFAULT_CONNECT_METHOD_ORDER;
  }

  connectorTypeOrder(): readonly ConnectorTypeOrder[] {
    return this.options.state.features?.connectorTypeOrder ?? DEFAULT_CONNECTOR_TYPE_ORDER;
  }

  addRecent(wallet: RecentWallet): void {
    this.storage.addRecentWallet(wallet);
    const recent = [wallet, ...this.store.state.recent.filter((w) => w.id !== wallet.id)].slice(0, MAX_RECENT_WALLETS);
    this.store.patch({ recent });
  }

  private addOne(list: Connector[], c: Connector): Connector[] {
    const rdns = rdnsOf(c);
    const sameRdns = (o: Connector, type: Connector['type']) =>
      rdns !== undefined && o.type === type && o.chain === c.chain && rdnsOf(o) === rdns && o.id !== c.id;

    if (c.type === 'INJECTED' && list.some((o) => sameRdns(o, 'ANNOUNCED'))) return list;

    // Slots this connector takes over: same id, and for ANNOUNCED the injected twins.
    const replaced = (o: Connector) => o.id === c.id || (c.type === 'ANNOUNCED' && sameRdns(o, 'INJECTED'));
    const at = list.findIndex(replaced);
    if (at === -1) return [...list, c];
    const out: Connector[] = [];
    list.forEach((o, i) => {
      if (i === at) out.push(c);
      else if (!replaced(o)) out.push(o);
    });
    return out;
  }

  private expose(): void {
    const excluded = new Set(this.options.state.excludeWalletIds ?? []);
    const visible =
      excluded.size === 0
        ? this.all
        : this.all.filter((c) => !excluded.has(c.id) && !(c.explorerId !== undefined && excluded.has(c.explorerId)));
    if (!sameList(visible, this.store.state.connectors)) this.store.patch({ connectors: visible });
  }
}

function groupByName(connectors: readonly Connector[]): readonly Connector[] {
  const byName = new Map<string, Connector[]>();
  for (const c of connectors) {
    const members = byName.get(c.name);
    if (members) members.push(c);
    else byName.set(c.name, [c]);
  }
  const out: Connector[] = [];
  const emitted = new Set<string>();
  for (const c of connectors) {
    const members = byName.get(c.name)!;
    const chains = new Set(members.map((m) => m.chain));
    if (chains.size < 2) {
      out.push(c);
      continue;
    }
    if (emitted.has(c.name)) continue;
    emitted.add(c.name);
    out.push(multiChain(members));
  }
  return out;
}

/** Id of the MULTI_CHAIN connector grouping the connectors named `name`. */
export function multiChainConnectorId(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `multichain:${slug || encodeURIComponent(name)}`;
}

function multiChain(members: readonly Connector[]): Connector {
  const first = members[0]!;
  const pick = <K extends keyof Connector>(key: K): Connector[K] => members.find((m) => m[key] !== undefined)?.[key] as Connector[K];
  const group: { -readonly [K in keyof Connector]: Connector[K] } = {
    id: multiChainConnectorId(first.name),
    name: first.name,
    type: 'MULTI_CHAIN',
    chain: first.chain,
    connectors: members,
  };
  for (const key of ['imageUrl', 'imageId', 'explorerId', 'info', 'installUrl'] as const) {
    const v = pick(key);
    if (v !== undefined) (group as Record<string, unknown>)[key] = v;
  }
  if (members.some((m) => m.installed !== undefined)) group.installed = members.some((m) => m.installed !== false);
  return group;
}
