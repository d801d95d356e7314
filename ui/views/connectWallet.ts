import { MAX_RECENT_WALLETS, Store, isInstalledConnector, naturalSlot, pickSlot } from '../../kernel/index';
import type { Connector, ConnectorTypeOrder, RecentWallet } from '../../kernel/index';
import type { UiKernel } from '../kernel';

/** The UI's view of the last connect attempt, so ConnectingExternal can show its outcome and retry it. */
export interface ConnectAttempt {
  readonly connectorId: string | undefined;
  readonly status: 'idle' | 'pending' | 'error' | 'connected';
  readonly error: unknown;
}

const attemptStores = /*#__PURE__*/ new WeakMap<object, Store<ConnectAttempt>>();

export function connectAttempts(kernel: UiKernel): Store<ConnectAttempt> {
  let s = attemptStores.get(kernel);
  if (!s) attemptStores.set(kernel, (s = new Store<ConnectAttempt>({ connectorId: undefined, status: 'idle', error: undefined })));
  return s;
}

/**
 * Starts `kernel.connection.connect` for a connector (inside the click handler,
 * so the wallet sees the user gesture). On success the modal closes if it still
 * shows this connection (a plugin may have moved on, e.g. to sign-in).
 */
export function startConnect(kernel: UiKernel, connectorId: string): Promise<void> {
  const attempts = connectAttempts(kernel);
  attempts.set({ connectorId, status: 'pending', error: undefined });
  return kernel.connection.connect({ connectorId }).then(
    () => {
      if (attempts.state.connectorId === connectorId) attempts.set({ connectorId, status: 'connected', error: undefined });
      const r = kernel.router.state;
      if (r.view === 'ConnectingExternal' && r.data?.['connectorId'] === connectorId) kernel.modal.close();
    },
    (error: unknown) => {
      if (attempts.state.connectorId === connectorId) attempts.set({ connectorId, status: 'error', error });
    },
  );
}

/** The connector to connect for a list entry: a MULTI_CHAIN group connects its member on the active namespace. */
export function connectTarget(kernel: UiKernel, c: Connector): Connector {
  if (c.type !== 'MULTI_CHAIN' || !c.connectors?.length) return c;
  const ns = kernel.network.state.activeNamespace;
  return c.connectors.find((m) => m.chain === ns) ?? c.connectors[0]!;
}

/** The connector type whose contributed view a list entry opens: its own, or its group members' common type. */
function entryType(c: Connector): Connector['type'] {
  if (c.type !== 'MULTI_CHAIN' || !c.connectors?.length) return c.type;
  const first = c.connectors[0]!.type;
  return c.connectors.every((m) => m.type === first) ? first : c.type;
}

/**
 * What a click on a wallet does. A connector type with a view of its own (a plugin's
 * `contributes.connectorViews`, e.g. WalletConnect's pairing view) opens that view with
 * `{ connectorId }` (a group's member on the active namespace); any other wallet connects
 * right away and shows ConnectingExternal. A MULTI_CHAIN group connects by its group id: the
 * kernel connects the member on the active namespace, then the wallet's other namespaces
 * (Connection.connect), so switching between them later needs no second prompt.
 */
export function selectWallet(kernel: UiKernel, c: Connector): void {
  const target = connectTarget(kernel, c);
  const view = kernel.plugins.connectorView(entryType(c));
  if (view) {
    kernel.router.push(view, { connectorId: target.id });
    return;
  }
  const id = c.type === 'MULTI_CHAIN' && c.connectors?.length ? c.id : target.id;
  // Attempt first, then navigate: the view then finds its attempt already running.
  const done = startConnect(kernel, id);
  kernel.router.push('ConnectingExternal', { connectorId: id, title: target.name });
  void done;
}

/** Index of the connector in the recent list (by id or rdns, members included), -1 when not recent. */
function recentIndex(c: Connector, recent: readonly RecentWallet[]): number {
  const ids = [c, ...(c.connectors ?? [])];
  return recent
    .slice(0, MAX_RECENT_WALLETS)
    .findIndex((r) => ids.some((x) => x.id === r.id || (r.rdns !== undefined && x.info?.rdns === r.rdns)));
}

function featuredIndex(c: Connector, featured: readonly string[]): number {
  const ids = [c, ...(c.connectors ?? [])].flatMap((x) => (x.explorerId !== undefined ? [x.id, x.explorerId] : [x.id]));
  let best = -1;
  for (const id of ids) {
    const i = featured.indexOf(id);
    if (i >= 0 && (best < 0 || i < best)) best = i;
  }
  return best;
}

/**
 * Which slot of `order` (connectorTypeOrder) a connector falls in: the earliest
 * of its own kind (walletConnect, injected, external, recommended), 'recent'
 * (one of the {@link MAX_RECENT_WALLETS} most recent) and 'featured'. Same rule
 * as AllWallets ({@link orderWallets}). With its rank (the sort key) and its indexes in
 * `recent` and `featured` (-1 when absent).
 */
export function placeConnector(
  c: Connector,
  order: readonly ConnectorTypeOrder[],
  recent: readonly RecentWallet[],
  featured: readonly string[],
): { slot: ConnectorTypeOrder; rank: number; rec: number; feat: number } {
  const rec = recentIndex(c, recent);
  const feat = featuredIndex(c, featured);
  const natural = naturalSlot({ connector: c, source: 'connector', installed: isInstalledConnector(c) });
  return { ...pickSlot(natural, { recent: rec >= 0, featured: feat >= 0 }, order), rec, feat };
}

/** Login connectors (e-mail, socials) are not wallets in a list. */
export function isWalletConnector(c: Connector): boolean {
  return c.type !== 'AUTH' && c.type !== 'ID_AUTH';
}

/**
 * Connectors in `order` (connectorTypeOrder): recent ones by recency, featured
 * ones in `featured` order, others stable. Categories missing from `order` go last.
 */
export function sortConnectors(
  connectors: readonly Connector[],
  order: readonly ConnectorTypeOrder[],
  recent: readonly RecentWallet[],
  featured: readonly string[] = [],
): Connector[] {
  return connectors
    .map((c, i) => ({ c, i, ...placeConnector(c, order, recent, featured) }))
    .sort((a, b) => {
      if (a.rank !== b.rank) return a.rank - b.rank;
      if (a.slot === 'recent' && b.slot === 'recent') return a.rec - b.rec || a.i - b.i;
      if (a.slot === 'featured' && b.slot === 'featured') return a.feat - b.feat || a.i - b.i;
      return a.i - b.i;
    })
    .map((x) => x.c);
}

/** Tag shown next to a wallet: 'Recent', else 'Installed' for a wallet present in the browser. */
export function connectorTag(c: Connector, recent: readonly RecentWallet[]): string | undefined {
  if (recentIndex(c, recent) >= 0) return 'Recent';
  return isInstalledConnector(c) ? 'Installed' : undefined;
}
