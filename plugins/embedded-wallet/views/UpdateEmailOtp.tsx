/**
 * E-mail update, the codes: the current address's code (VERIFY_PRIMARY_OTP), then the new
 * address's (VERIFY_SECONDARY_OTP), which returns the new address (spec section 4).
 */
import { useState } from 'react';
import { LoadingState, Text, defineView } from 'latchkey/ui';
import { CodeField, useWallet } from './common';

export default defineView<'UpdateEmailOtp'>(function UpdateEmailOtp({ kernel, data }) {
  const [wallet] = useWallet(kernel);
  const step = data?.step ?? 'secondary';
  const email = data?.email ?? '';
  const newEmail = data?.newEmail ?? '';
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const verify = async (code: string) => {
    setBusy(true);
    setError(undefined);
    try {
      if (step === 'primary') {
        await wallet.updateEmailPrimaryOtp(code);
        kernel.router.replace('UpdateEmailOtp', { step: 'secondary', email, newEmail });
      } else {
        const updated = await wallet.updateEmailSecondaryOtp(code);
        kernel.snackbar.success(`Email updated to ${updated}`);
        kernel.router.reset('Account');
      }
    } catch (err) {
      setError(err);
      setAttempt((a) => a + 1);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="lk-stack" key={step}>
      <Text>
        Enter the code we sent to <strong>{step === 'primary' ? email : newEmail}</strong>
      </Text>
      <CodeField onComplete={(c) => void verify(c)} disabled={busy} error={error} resetKey={attempt} />
      {busy ? <LoadingState label="Checking the code…" /> : null}
    </div>
  );
});
