/**
 * What Connection asks of a connected wallet for the host: sign a message, send a transaction,
 * pay in the native currency (docs/connection.md#signing-and-sending). A module of its own, loaded on the first such
 * call, so none of it is in what a page loads before its connect button works.
 */
import type { AdapterCall, AdapterCapability, ChainAdapter, TransactionRequest, TransferRequest } from '../adapter';
import type { ChainNamespace } from '../types';
import { toError } from '../errors/toError';

/** What signing and sending need from Connection. */
export interface TransactionHost {
  /** The connected session of `namespace` (Connection.session). */
  session(namespace?: ChainNamespace, capability?: AdapterCapability): Promise<AdapterCall & { readonly namespace: ChainNamespace; readonly adapter: ChainAdapter }>;
  refreshBalance(namespace?: ChainNamespace, options?: { readonly force?: boolean }): Promise<void>;
}

export async function signMessage(host: TransactionHost, message: string, namespace?: ChainNamespace): Promise<string> {
  const { adapter, connector, address } = await host.session(namespace);
  try {
    return await adapter.signMessage({ connector, address, message });
  } catch (err) {
    throw await toError(err);
  }
}

/** Sends in `namespace` (default: the active one); refreshes the balance. */
export async function sendTransaction<N extends ChainNamespace>(host: TransactionHost, request: TransactionRequest<N>, namespace?: N): Promise<string> {
  const session = await host.session(namespace, 'sendTransaction');
  try {
    const hash = await session.adapter.sendTransaction!({ ...session, request: request as never });
    // read again when the adapter says the chain holds it (a transactionIncluded event, ./walletEvents.ts)
    void host.refreshBalance(session.namespace, { force: true }).catch(() => undefined);
    return hash;
  } catch (err) {
    throw await toError(err);
  }
}

/** Pays in the native currency of `namespace` (capability `transfer`); refreshes the balance. */
export async function transfer(host: TransactionHost, request: TransferRequest, namespace?: ChainNamespace): Promise<string> {
  const session = await host.session(namespace, 'transfer');
  try {
    const hash = await session.adapter.transfer!({ ...session, request });
    // read again when the adapter says the chain holds it (a transactionIncluded event, ./walletEvents.ts)
    void host.refreshBalance(session.namespace, { force: true }).catch(() => undefined);
    return hash;
  } catch (err) {
    throw await toError(err);
  }
}
