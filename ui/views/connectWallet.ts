import { Store } from '../../kernel/index';
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

/** What a click on a wallet does: WalletConnect has its own (plugin) view; others connect right away. */
export function selectWallet(kernel: UiKernel, c: Connector): void {
  if (c.type === 'WALLET_CONNECT') {
    kernel.router.push('ConnectingWalletConnect', { connectorId: c.id });
    return;
  }
  const target = connectTarget(kernel, c);
  // Attempt first, then navigate: the view then finds its attempt already running.
  const done = startConnect(kernel, target.id);
  kernel.router.push('ConnectingExternal', { connectorId: target.id });
  void done;
}

function isRecent(c: Connector, recent: readonly RecentWallet[]): number {
  const ids = [c, ...(c.connectors ?? [])];
  return recent.findIndex((r) => ids.some((x) => x.id === r.id || (r.rdns !== undefined && x.info?.rdns === r.rdns)));
}

/** Which slot of `connectorTypeOrder` a connector falls in. */
export function connectorCategory(c: Connector, recent: readonly RecentWallet[], featured: readonly string[]): ConnectorTypeOrder {
  if (c.type === 'WALLET_CONNECT') return 'walletConnect';
  if (isRecent(c, recent) >= 0) return 'recent';
  if (featured.includes(c.id) || (c.explorerId !== undefined && featured.includes(c.explorerId))) return 'featured';
  const type = c.type === 'MULTI_CHAIN' ? (c.connectors?.[0]?.type ?? c.type) : c.type;
  if (type === 'INJECTED' || type === 'ANNOUNCED') return 'injected';
  if (type === 'EXTERNAL') return 'external';
  return 'recommended';
}

/** Login connectors (e-mail, socials) are not wallets in a list. */
export function isWalletConnector(c: Connector): boolean {
  return c.type !== 'AUTH' && c.type !== 'ID_AUTH';
}

/**
 * Connectors in `order` (connectorTypeOrder), recent ones by recency; stable
 * otherwise. Categories missing from `order` go last.
 */
export function sortConnectors(
  connectors: readonly Connector[],
  order: readonly ConnectorTypeOrder[],
  recent: readonly RecentWallet[],
  featured: readonly string[] = [],
): Connector[] {
  const rank = (c: Connector) => {
    const i = order.indexOf(connectorCategory(c, recent, featured));
    return i < 0 ? order.length : i;
  };
  return connectors
    .map((c, i) => ({ c, i, r: rank(c), rec: isRecent(c, recent) }))
    .sort((a, b) => a.r - b.r || (a.rec >= 0 && b.rec >= 0 ? a.rec - b.rec : 0) || a.i - b.i)
    .map((x) => x.c);
}

/** Tag shown next to a wallet. */
export function connectorTag(c: Connector, recent: readonly RecentWallet[]): string | undefined {
  if (isRecent(c, recent) >= 0) return 'Recent';
  const type = c.type === 'MULTI_CHAIN' ? c.connectors?.[0]?.type : c.type;
  return c.installed !== false && (type === 'INJECTED' || type === 'ANNOUNCED') ? 'Installed' : undefined;
}
