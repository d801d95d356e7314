/**
 * A social login under way: the provider's popup is open (or the page went to it and came back);
 * then 'Authenticating...' while the wallet completes the login. Leaving the view gives up on an
 * open popup.
 */
import { useEffect } from 'react';
import { Button, LoadingState, Text, defineView } from 'latchkey/ui';
import { providerTitle } from '../social';
import { ErrorLine, useWallet } from './common';

export default defineView<'ConnectingSocial'>(function ConnectingSocial({ kernel, data }) {
  const [wallet, state] = useWallet(kernel);
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
          Connection failed
        </Text>
        <ErrorLine error={new Error(social.error)} />
        <Button variant="primary" onClick={() => kernel.router.goBack()}>
          Try again
        </Button>
      </div>
    );
  }
  if (social?.phase === 'popup') {
    return (
      <div className="lk-stack lk-center">
        <Text>{`Continue in the ${name} window.`}</Text>
        <LoadingState label={`Waiting for ${name}…`} />
        <Button variant="secondary" onClick={() => wallet.cancelSocial()}>
          Cancel
        </Button>
      </div>
    );
  }
  return <LoadingState label={social?.phase === 'authenticating' ? 'Authenticating...' : `Connecting to ${name}…`} />;
});
