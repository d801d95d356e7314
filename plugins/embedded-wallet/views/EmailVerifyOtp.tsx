/**
 * The code step: "Verification code" (six digits submit by themselves), then the login finishes
 * (the user is fetched, the login cache saved, the wallet connected). "Resend code" after 30 s.
 */
import { useState } from 'react';
import { Button, LoadingState, Text, defineView } from 'latchkey/ui';
import { CodeField, useCountdown, useWallet } from './common';

export default defineView<'EmailVerifyOtp'>(function EmailVerifyOtp({ kernel, data }) {
  const [wallet] = useWallet(kernel);
  const email = data?.email ?? '';
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [resent, setResent] = useState<string>();
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
    setResent(undefined);
    try {
      const action = await wallet.connectEmail(email);
      if (action === 'VERIFY_DEVICE') kernel.router.replace('EmailVerifyDevice', { email });
      else if (action === 'CONNECT') await wallet.finishLogin();
      else setResent('A new code is on its way.');
    } catch (err) {
      setError(err);
    }
    restart();
  };

  return (
    <div className="lk-stack">
      <Text>
        Enter the code we sent to <strong>{email}</strong>
      </Text>
      <CodeField onComplete={(c) => void verify(c)} disabled={busy} error={error} resetKey={attempt} />
      {busy ? <LoadingState label="Checking the code…" /> : null}
      {resent ? <Text variant="small" role="status">{resent}</Text> : null}
      <Button variant="ghost" disabled={busy || cooldown > 0} onClick={() => void resend()}>
        {cooldown > 0 ? `Resend code in ${cooldown} s` : 'Resend code'}
      </Button>
    </div>
  );
});
