import { useCallback, useEffect, useMemo, useState } from 'react';
import { copyText, useObserved, type UiKernel } from 'latchkey/ui';
import { resolveWalletConnectConnectorId } from '../resolveConnector';
import { WalletConnectSession } from '../types';

const PAIRING_VIEWS = ['ConnectingWalletConnect', 'ConnectingWalletConnectBasic'];

/**
 * The pairing as a view sees it. On mount the view starts
 * `kernel.connection.connect({ connectorId })` at once, so the link is ready
 * before any tap; a connect already running for this connector is joined, not
 * repeated. `connectorId` may be a WalletConnect connector, the MULTI_CHAIN
 * group, or undefined (basic mode): the connector on the active namespace is
 * connected first, and the session's other namespaces follow. Success closes
 * the modal while a pairing view is showing. With manualWCControl the host
 * pairs; the view only shows the link.
 */
export function useWalletConnect(kernel: UiKernel, connectorId: string | undefined) {
  const session = useMemo(() => kernel.get<WalletConnectSession>(WalletConnectSession), [kernel]);
  const state = useObserved(session);
  const manual = useObserved(kernel.options, (s) => s.manualWCControl === true);
  const [error, setError] = useState<unknown>(undefined);

  const start = useCallback(() => {
    let target: string;
    try {
      target = resolveWalletConnectConnectorId(kernel.connectors, kernel.network.state.activeNamespace, connectorId);
    } catch (err) {
      setError(err);
      return;
    }
    if (kernel.connection.state.pending === target) return;
    setError(undefined);
    const done = () => {
      if (kernel.modal.state.open && PAIRING_VIEWS.includes(kernel.router.state.view)) kernel.modal.close();
    };
    kernel.connection.connect({ connectorId: target }).then(done, (err: unknown) => {
      // The wallet paired but left this namespace out: the namespaces it approved connect
      // on their own (followSession), so the pairing succeeded.
      if ((err as { name?: unknown } | undefined)?.name === 'NamespaceNotApprovedError' && session.state.status === 'connected') return done();
      setError(err);
    });
  }, [kernel, connectorId, session]);

  useEffect(() => {
    if (!manual) start();
  }, [manual, start]);

  const copy = useCallback(
    () => void copyText(kernel.snackbar, session.state.wcUri, { copied: 'Link copied', failed: 'Failed to copy' }),
    [kernel, session],
  );

  const failed = state.wcError || (error !== undefined && state.status !== 'connected');
  return { session, state, error: error ?? state.error, failed, retry: start, copy, manual };
}
