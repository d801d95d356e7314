/**
 * What a reload restores, as plain data: the connection each namespace had (its address and
 * connector), the network each namespace was on and the namespace the visitor was looking at.
 *
 * The kernel reads it from its storage when it is created (`readInitialState`) and applies it
 * with the startup rule (a stored connection shows as 'connecting' with its address until the
 * wallet confirms it). A server has no browser storage: it gets the same data from the request's
 * cookie (`cookieToInitialState`, with `cookieStorage` on the page) and renders with it
 * (`Kernel.serverState`), so the first client render, made from the same data, equals the
 * server's HTML.
 */
import { CHAIN_NAMESPACES } from '../namespaces';
import type { AccountState, ChainNamespace, NetworkState } from '../types';
import type { Storage } from './Storage';

/** A stored connection of one namespace. */
export interface InitialConnection {
  readonly address?: string;
  readonly connectorId?: string;
}

/** What a reload restores (plain, serializable data: a server component can pass it to a client component). */
export interface LatchkeyInitialState {
  /** The namespace the visitor was looking at. */
  readonly activeNamespace?: ChainNamespace;
  /** CAIP network id per namespace (kept only when the host lists that network). */
  readonly networks?: Readonly<Partial<Record<ChainNamespace, string>>>;
  /** Namespaces that were connected. */
  readonly connections?: Readonly<Partial<Record<ChainNamespace, InitialConnection>>>;
}

/** Longest address or connector id taken from stored data (longer values read as absent). */
const MAX_ID_CHARS = 256;
/** Addresses of every namespace (hex, base58, bech32) and connector ids (rdns, uuid, `walletConnect`). */
const SAFE_ID = /^[A-Za-z0-9:._\-]+$/;

const id = (v: unknown): string | undefined => (typeof v === 'string' && v.length <= MAX_ID_CHARS && SAFE_ID.test(v) ? v : undefined);

/** The initial state in `storage` (values of the wrong shape read as absent). */
export function readInitialState(storage: Storage): LatchkeyInitialState {
  const networks: Partial<Record<ChainNamespace, string>> = {};
  const connections: Partial<Record<ChainNamespace, InitialConnection>> = {};
  for (const ns of CHAIN_NAMESPACES) {
    const network = id(storage.activeNetwork(ns));
    if (network) networks[ns] = network;
    if (storage.connectionStatus(ns) !== 'connected') continue;
    const address = id(storage.cachedAddress(ns));
    const connectorId = id(storage.connectorId(ns));
    connections[ns] = { ...(address ? { address } : {}), ...(connectorId ? { connectorId } : {}) };
  }
  const activeNamespace = storage.activeNamespace();
  return { ...(activeNamespace ? { activeNamespace } : {}), networks, connections };
}

/**
 * The account state with `initial`'s connections applied (the startup rule): each stored
 * connection is 'connecting', with its address and connector, until the wallet confirms it.
 */
export function withInitialAccounts<S extends { readonly namespaces: Readonly<Record<ChainNamespace, AccountState>> }>(
  state: S,
  initial: LatchkeyInitialState | undefined,
): S {
  let namespaces = state.namespaces;
  for (const ns of CHAIN_NAMESPACES) {
    const c = initial?.connections?.[ns];
    if (typeof c !== 'object' || !c) continue;
    const address = id(c.address);
    const connectorId = id(c.connectorId);
    namespaces = { ...namespaces, [ns]: { ...namespaces[ns], status: 'connecting', ...(address && { address }), ...(connectorId && { connectorId }) } };
  }
  return namespaces === state.namespaces ? state : { ...state, namespaces };
}

/**
 * The network state with `initial`'s networks applied: each namespace on its stored network when
 * the host lists it, and the stored namespace active when it has a network.
 */
export function withInitialNetworks<
  S extends {
    readonly activeNamespace: ChainNamespace | undefined;
    readonly activeNetwork: NetworkState['caipNetwork'];
    readonly namespaces: Readonly<Record<ChainNamespace, NetworkState>>;
  },
>(state: S, initial: LatchkeyInitialState | undefined): S {
  let namespaces = state.namespaces;
  for (const ns of CHAIN_NAMESPACES) {
    const stored = initial?.networks?.[ns];
    const found = namespaces[ns].requestedCaipNetworks.find((n) => n.caipNetworkId === stored);
    if (found && found !== namespaces[ns].caipNetwork) namespaces = { ...namespaces, [ns]: { ...namespaces[ns], caipNetwork: found } };
  }
  const wanted = initial?.activeNamespace;
  // only a namespace of ours (the data may come from a cookie: '__proto__', 'toString' are not)
  const known = (CHAIN_NAMESPACES as readonly unknown[]).includes(wanted);
  const activeNamespace = known && namespaces[wanted!].caipNetwork ? wanted : state.activeNamespace;
  if (namespaces === state.namespaces && activeNamespace === state.activeNamespace) return state;
  return { ...state, namespaces, activeNamespace, activeNetwork: activeNamespace && namespaces[activeNamespace].caipNetwork };
}
