/**
 * The universal provider's events, read for the session service. The provider speaks in several
 * voices: its own EIP-1193-style events (accountsChanged, chainChanged: eip155 only, namespace
 * dropped), the sign client's raw `session_event` (every namespace, CAIP ids or bare references
 * as the wallet sent them), and two names for the session's end (`session_delete` and
 * `disconnect`, often both for one end), and `session_update` when the wallet changes the session's
 * chains, methods or accounts. Here they become one call each on {@link ProviderHandlers},
 * the raw events with their namespace and CAIP-2 chain, a session's end told once.
 */
import { toHexChainId } from './eip155Bridge';
import { parseAccount } from './namespaces/context';
import type { NamespaceEvent, UniversalProviderLike } from './types';

export interface ProviderHandlers {
  /** A pairing link (`display_uri`). */
  uri(uri: string): void;
  /** The wallet approved a pairing (`connect`). */
  approved(): void;
  /** The wallet ended the session (the event as the provider gave it). */
  deleted(event: { topic?: string; data?: string } | undefined): void;
  /** The provider's own accountsChanged (eip155 addresses). */
  accountsChanged(accounts: string[]): void;
  /** The provider's own chainChanged, its value as is. */
  chainChanged(chain: unknown): void;
  /** A wallet event with its namespace: accounts as plain addresses, the chain as a CAIP-2 id. */
  namespaceEvent(event: Extract<NamespaceEvent, { type: 'accountsChanged' | 'chainChanged' }>): void;
  /** The wallet changed the session's namespaces (`session_update`: the provider's session holds the new ones). */
  updated(): void;
}

/**
 * The CAIP-2 chain a wallet's chainChanged names: the event data (a CAIP-2 id, a chain
 * reference, or an EIP-155 number / hex) in the namespace of the event's `chainId`.
 */
function changedChain(eventChainId: string, data: unknown): string {
  const ns = eventChainId.split(':')[0]!;
  if (typeof data === 'string' && data.includes(':')) return data;
  if (ns === 'eip155') {
    const hex = toHexChainId(data);
    return hex ? `eip155:${Number(hex)}` : eventChainId;
  }
  return typeof data === 'string' && data !== '' ? `${ns}:${data}` : eventChainId;
}

/** Listens to `provider` for the life of the page (the provider is created once). */
export function listenToProvider(provider: UniversalProviderLike, on: ProviderHandlers): void {
  provider.on('display_uri', (uri: string) => on.uri(uri));
  provider.on('connect', () => on.approved());
  let lastDeleted: string | undefined;
  const onDelete = (event: { topic?: string; data?: string } | undefined) => {
    const topic = event?.topic ?? event?.data ?? 'unknown';
    if (lastDeleted === topic) return;
    lastDeleted = topic;
    on.deleted(event);
  };
  provider.on('session_delete', onDelete);
  provider.on('disconnect', onDelete);
  provider.on('accountsChanged', (accounts: unknown) => {
    if (!Array.isArray(accounts)) return;
    on.accountsChanged(accounts.map(String));
  });
  provider.on('chainChanged', (chain: unknown) => on.chainChanged(chain));
  provider.on('session_update', (e: { topic?: string } | undefined) => {
    if (e?.topic !== undefined && provider.session && e.topic !== provider.session.topic) return;
    on.updated();
  });
  // The raw wallet events keep their namespace (the provider's own events drop it).
  provider.on('session_event', (e: { topic?: string; params?: { chainId?: string; event?: { name?: string; data?: unknown } } } | undefined) => {
    const chainId = e?.params?.chainId;
    const name = e?.params?.event?.name;
    const data = e?.params?.event?.data;
    if (typeof chainId !== 'string' || !chainId.includes(':')) return;
    if (e?.topic !== undefined && provider.session && e.topic !== provider.session.topic) return;
    const namespace = chainId.split(':')[0]!;
    if (name === 'accountsChanged' && Array.isArray(data)) {
      const accounts = data.flatMap((a) => {
        const text = String(a);
        return text.includes(':') ? (parseAccount(text)?.address ?? []) : [text];
      });
      on.namespaceEvent({ type: 'accountsChanged', namespace, chainId, accounts });
    } else if (name === 'chainChanged') {
      on.namespaceEvent({ type: 'chainChanged', namespace, chainId: changedChain(chainId, data) });
    }
  });
}
