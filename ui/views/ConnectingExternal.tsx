import { Button, Spinner, Text, WalletImage, errorText, isUserRejection, useObserved } from '../index';
import { useEffect } from 'react';

import { connectAttempts, startConnect } from './connectWallet';
import type { ViewProps } from './types';
import { messages } from './messages';
import { useMessagesFor } from '../i18n/useMessages';

/**
 * Waiting for a browser wallet: 'Continue in {name}'. A decline (4001) reads
 * 'Connection declined'; other errors show their short message; both offer
 * 'Try again'. Opened directly (no attempt running for this wallet), it starts
 * the connection itself. Success closes the modal (see startConnect).
 */
export default function ConnectingExternal({ kernel, data }: ViewProps<{ connectorId?: string }>) {
  const id = typeof data?.connectorId === 'string' ? data.connectorId : undefined;
  const attempt = useObserved(connectAttempts(kernel));
  const t = useMessagesFor(kernel, messages);
  useEffect(() => {
    if (id && connectAttempts(kernel).state.connectorId !== id) void startConnect(kernel, id);
  }, [kernel, id]);
  const connector = id ? kernel.connectors.get(id) : undefined;
  const name = connector?.name ?? t('yourWallet');
  const error = attempt.connectorId === id && attempt.status === 'error' ? attempt.error : undefined;
  const declined = error !== undefined && isUserRejection(error);
  return (
    <div className="lk-center lk-stack">
      <WalletImage src={connector?.imageUrl} name={connector?.name ?? '?'} size={80} />
      <div role="status" aria-live="polite" className="lk-stack">
        <Text variant={error ? 'error' : 'title'} as="h3">
          {declined ? t('connectionDeclined') : error ? t('connectionFailed') : t('continueIn', { name })}
        </Text>
        <Text variant="small">
          {declined
            ? t('declinedInWallet')
            : error
              ? errorText(error)
              : t('acceptInWallet')}
        </Text>
      </div>
      {error !== undefined && id ? (
        <Button variant="primary" onClick={() => void startConnect(kernel, id)}>
          {t('tryAgain')}
        </Button>
      ) : (
        <Spinner size={24} />
      )}
    </div>
  );
}
