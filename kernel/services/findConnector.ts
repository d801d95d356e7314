/**
 * The connector a connect or a restore asks for by id (ConnectorRegistry). A restore at startup
 * may ask before the wallet announced itself (EIP-6963 announces are async), so it waits a while.
 */
import type { ChainNamespace, Connector } from '../types';
import { ConnectorNotFoundError } from '../errors/kernel';
import type { ConnectorRegistry } from './ConnectorRegistry';

/** How long reconnect waits for a stored connector to be announced (EIP-6963 announces are async). */
const RECONNECT_CONNECTOR_WAIT_MS = 1000;

/** The connector `id`; for a MULTI_CHAIN group, its member of `namespace` (else its first member). */
export function resolveConnector(connectors: ConnectorRegistry, id: string, namespace?: ChainNamespace): Connector {
  const connector = connectors.get(id);
  if (!connector) throw new ConnectorNotFoundError(id);
  if (connector.type === 'MULTI_CHAIN' && connector.connectors?.length) {
    return connector.connectors.find((c) => c.chain === namespace) ?? connector.connectors[0]!;
  }
  return connector;
}

/** The connector `id` once registered; ConnectorNotFoundError when it is not within 1 s. */
export function waitForConnector(connectors: ConnectorRegistry, id: string): Promise<Connector> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // state$ replays the current state, so a connector already registered resolves at once.
    const sub = connectors.state$.subscribe(() => {
      const connector = connectors.get(id);
      if (!connector) return;
      if (timer !== undefined) clearTimeout(timer);
      queueMicrotask(() => sub.unsubscribe());
      resolve(connector);
    });
    timer = setTimeout(() => {
      sub.unsubscribe();
      reject(new ConnectorNotFoundError(id));
    }, RECONNECT_CONNECTOR_WAIT_MS);
  });
}
