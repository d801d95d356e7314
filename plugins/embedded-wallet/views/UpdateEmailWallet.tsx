/**
 * E-mail update, first step: the new address ("Email", "Continue"). The wallet answers
 * VERIFY_PRIMARY_OTP (a code to the current address first) or VERIFY_SECONDARY_OTP (straight to
 * the new address's code: accounts that had none).
 */
import { useId, useState } from 'react';
import { Button, Text, defineView, useMessages } from 'latchkey/ui';
import { messages } from '../messages';
import { ErrorLine, InputError, emailInputError, useWallet } from './common';

export default defineView<'UpdateEmailWallet'>(function UpdateEmailWallet({ kernel }) {
  const [wallet, state] = useWallet(kernel);
  const t = useMessages(messages);
  const current = state.user?.email ?? '';
  const [value, setValue] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const submit = async () => {
    const newEmail = value.trim();
    const invalid = emailInputError(newEmail);
    if (invalid) return setError(invalid);
    if (newEmail.toLowerCase() === current.toLowerCase()) return setError(new InputError('sameEmail'));
    setBusy(true);
    setError(undefined);
    try {
      const action = await wallet.updateEmail(newEmail);
      kernel.router.push('UpdateEmailOtp', { step: action === 'VERIFY_PRIMARY_OTP' ? 'primary' : 'secondary', email: current, newEmail });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="lk-stack"
      aria-label={t('updateEmail')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void submit();
      }}
    >
      {current ? <Text variant="muted">{t('currentEmail', { email: current })}</Text> : null}
      <input
        className="lk-input"
        type="email"
        aria-label={t('email')}
        placeholder={t('newEmail')}
        autoComplete="email"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      <ErrorLine error={error} id={errorId} />
      <Button type="submit" variant="primary" className="lk-wide" busy={busy} disabled={busy || value.trim() === ''}>
        {t('continue')}
      </Button>
    </form>
  );
});
