/**
 * VERIFY_DEVICE: the address has an account and this browser never logged in to it. The wallet
 * mailed a link that approves this device; CONNECT_DEVICE waits for the click (long polls, asked
 * again while this view is shown), then a code is mailed and the code step follows.
 */
import { useEffect } from 'react';
import { LoadingState, Text, defineView, useMessages } from 'latchkey/ui';
import { messages } from '../messages';
import { RetryError, WithEmail, useRetry, useWallet } from './common';

export default defineView<'EmailVerifyDevice'>(function EmailVerifyDevice({ kernel, data }) {
  const [wallet] = useWallet(kernel);
  const t = useMessages(messages);
  const email = data?.email ?? '';
  const { error, setError, round, retry } = useRetry();

  useEffect(() => {
    let live = true;
    void (async () => {
      while (live) {
        try {
          await wallet.connectDevice();
          if (live) kernel.router.replace('EmailVerifyOtp', { email });
          return;
        } catch (err) {
          if (!live) return;
          // the frame long-polls ≤ 25 s, then says 'not approved yet': ask again (a breath between, whatever it does)
          if (/not approved yet/i.test((err as Error).message ?? '')) {
            await new Promise((r) => setTimeout(r, 1000));
            continue;
          }
          setError(err);
          return;
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [wallet, email, round, kernel]);

  return (
    <div className="lk-stack lk-center">
      <Text variant="title" as="h3">
        {t('approveDevice')}
      </Text>
      <Text>
        <WithEmail text={t('deviceLinkSent')} email={email} />
      </Text>
      {error ? (
        <RetryError error={error} onRetry={retry} />
      ) : (
        <LoadingState label={t('waitingApproval')} />
      )}
    </div>
  );
});
