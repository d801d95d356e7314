/**
 * E-mail update, the codes: the current address's code (VERIFY_PRIMARY_OTP), then the new
 * address's (VERIFY_SECONDARY_OTP), which returns the new address (docs/embedded-wallet.md#updating-the-e-mail).
 */
import { useState } from 'react';
import { LoadingState, Text, defineView, useMessages } from 'latchkey/ui';
import { messages } from '../messages';
import { CodeField, WithEmail, useWallet } from './common';

export default defineView<'UpdateEmailOtp'>(function UpdateEmailOtp({ kernel, data }) {
  const [wallet] = useWallet(kernel);
  const t = useMessages(messages);
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
        kernel.snackbar.success(t('emailUpdated', { email: updated }));
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
        <WithEmail text={t('enterCode')} email={step === 'primary' ? email : newEmail} />
      </Text>
      <CodeField onComplete={(c) => void verify(c)} disabled={busy} error={error} resetKey={attempt} />
      {busy ? <LoadingState label={t('checkingCode')} /> : null}
    </div>
  );
});
