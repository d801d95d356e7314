/**
 * Which connector-type-order slot (docs/modal.md#connect-view-order) a wallet takes. Small and
 * shared by the Connect view (in the entry bundle) and the full wallet list
 * ordering of AllWallets (./order, loaded with that view). Pure.
 */
import type { Connector, ConnectorType, ConnectorTypeOrder } from '../types';

export type WalletEntrySource = 'connector' | 'custom' | 'directory';

/* ----------------------------------------------------------------------------------------------
 * Slots
 * -------------------------------------------------------------------------------------------- */

/** The type a connector acts as: a MULTI_CHAIN group takes its first member's type. */
export function baseConnectorType(c: Connector): ConnectorType {
  return c.type === 'MULTI_CHAIN' ? (c.connectors?.[0]?.type ?? c.type) : c.type;
}

/** An injected / announced wallet present in the browser (a MULTI_CHAIN group when any member is). */
export function isInstalledConnector(c: Connector): boolean {
  if (c.installed === false) return false;
  const members = c.type === 'MULTI_CHAIN' && c.connectors?.length ? c.connectors : [c];
  return members.some((m) => (m.type === 'INJECTED' || m.type === 'ANNOUNCED') && m.installed !== false);
}

/** The slot an entry belongs to by what it is, before recent/featured are considered. */
export function naturalSlot(args: { connector?: Connector | undefined; source: WalletEntrySource; installed: boolean }): ConnectorTypeOrder {
  const c = args.connector;
  if (c && baseConnectorType(c) === 'WALLET_CONNECT') return 'walletConnect';
  if (args.installed) return 'injected';
  if (args.source === 'custom') return 'custom';
  if (c && baseConnectorType(c) === 'EXTERNAL') return 'external';
  return 'recommended';
}

/**
 * The earliest slot of `order` the entry qualifies for: its natural slot, and
 * 'recent' / 'featured' when it is recent / featured. So with the default order
 * an installed featured wallet shows among the installed ones, and with
 * featured before injected it shows among the featured. Returns the natural
 * slot's rank `order.length` (after every listed slot) when none is listed.
 */
export function pickSlot(
  natural: ConnectorTypeOrder,
  flags: { recent: boolean; featured: boolean },
  order: readonly ConnectorTypeOrder[],
): { slot: ConnectorTypeOrder; rank: number } {
  let best = { slot: natural, rank: order.length };
  const consider = (slot: ConnectorTypeOrder) => {
    const rank = order.indexOf(slot);
    if (rank >= 0 && rank < best.rank) best = { slot, rank };
  };
  consider(natural);
  if (flags.recent) consider('recent');
  if (flags.featured) consider('featured');
  return best;
}

