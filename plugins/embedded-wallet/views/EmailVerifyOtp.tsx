/**
 * The code step: "Verification code" (six digits submit by themselves), then the login finishes
 * (the user is fetched, the login cache saved, the wallet connected). "Resend code" after 30 s.
 */
import { useState } from 'react';
import { Button, LoadingState, Text, defineView, useMessages } from 'latchkey/ui';
import { messages } from '../messages';
import { CodeField, WithEmail, useCountdown, useWallet } from './common';

export default defineView<'EmailVerifyOtp'>(function EmailVerifyOtp({ kernel, data }) {
  const [wallet] = useWallet(kernel);
  const t = useMessages(messages);
  const email = data?.email ?? '';
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [resent, setResent] = useState(false);
  const [cooldown, restart] = useCountdown(() => wallet.emailCooldown());

  const verify = async (code: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await wallet.connectOtp(code);
    } catch (err) {
      setError(err);
      setAttempt((a) => a + 1);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(undefined);
    setResent(false);
    try {
      const action = await wallet.connectEmail(email);
      if (action === 'VERIFY_DEVICE') kernel.router.replace('EmailVerifyDevice', { email });
      else if (action === 'CONNECT') await wallet.finishLogin();
      else setResent(true);
    } catch (err) {
      setError(err);
    }
    restart();
  };

  return (
    <div className="lk-stack">
      <Text>
        <WithEmail text={t('enterCode')} email={email} />
      </Text>
      <CodeField onComplete={(c) => void verify(c)} disabled={busy} error={error} resetKey={attempt} />
      {busy ? <LoadingState label={t('checkingCode')} /> : null}
      {resent ? <Text variant="small" role="status">{t('newCodeSent')}</Text> : null}
      <Button variant="ghost" disabled={busy || cooldown > 0} onClick={() => void resend()}>
        {cooldown > 0 ? t('resendIn', { seconds: cooldown }) : t('resend')}
      </Button>
    </div>
  );
});
