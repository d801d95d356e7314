/**
 * A social login under way: the provider's popup is open (or the page went to it and came back);
 * then 'Authenticating...' while the wallet completes the login. Leaving the view gives up on an
 * open popup.
 */
import { useEffect } from 'react';
import { Button, LoadingState, Text, defineView, useMessages } from 'latchkey/ui';
import { messages } from '../messages';
import { providerTitle } from '../social';
import { RetryError, useWallet } from './common';

export default defineView<'ConnectingSocial'>(function ConnectingSocial({ kernel, data }) {
  const [wallet, state] = useWallet(kernel);
  const t = useMessages(messages);
  const provider = data?.provider ?? state.social?.provider ?? '';
  const name = providerTitle(provider);
  const social = state.social?.provider === provider ? state.social : undefined;

  useEffect(
    () => () => {
      if (wallet.state.social?.phase === 'popup') wallet.cancelSocial();
    },
    [wallet],
  );

  if (social?.phase === 'failed') {
    return (
      <div className="lk-stack lk-center">
        <Text variant="error" as="h3">
          {t('connectionFailed')}
        </Text>
        <RetryError error={new Error(social.error)} onRetry={() => kernel.router.goBack()} />
      </div>
    );
  }
  if (social?.phase === 'popup') {
    return (
      <div className="lk-stack lk-center">
        <Text>{t('continueInWindow', { name })}</Text>
        <LoadingState label={t('waitingFor', { name })} />
        <Button variant="secondary" onClick={() => wallet.cancelSocial()}>
          {t('cancel')}
        </Button>
      </div>
    );
  }
  return <LoadingState label={social?.phase === 'authenticating' ? t('authenticating') : t('connectingTo', { name })} />;
});
