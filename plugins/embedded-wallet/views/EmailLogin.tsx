/**
 * The Connect view's e-mail method: a field named "Email" and "Continue". A valid address asks the
 * wallet for a code (spec section 4: VERIFY_OTP → the code step, VERIFY_DEVICE → approve this
 * device, CONNECT → logged in already). Focusing the field starts loading the frame.
 */
import { useId, useState } from 'react';
import { Button, defineView, useMessages } from 'latchkey/ui';
import { messages } from '../messages';
import { ErrorLine, InputError, emailInputError, useWallet } from './common';

export default defineView<'EmailLogin'>(function EmailLogin({ kernel }) {
  const [wallet, state] = useWallet(kernel);
  const t = useMessages(messages);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const frameFailed = state.frame === 'failed';

  const submit = async () => {
    const address = email.trim();
    const invalid = emailInputError(address);
    if (invalid) return setError(invalid);
    setError(undefined);
    setBusy(true);
    try {
      const action = await wallet.connectEmail(address);
      if (action === 'VERIFY_OTP') kernel.router.push('EmailVerifyOtp', { email: address });
      else if (action === 'VERIFY_DEVICE') kernel.router.push('EmailVerifyDevice', { email: address });
      else await wallet.finishLogin();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="lk-stack"
      aria-label={t('emailForm')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) void submit();
      }}
    >
      <input
        className="lk-input"
        type="email"
        aria-label={t('email')}
        placeholder={t('email')}
        autoComplete="email"
        value={email}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onFocus={() => wallet.prepare()}
        onChange={(e) => {
          setEmail(e.target.value);
          if (error) setError(undefined);
        }}
      />
      <ErrorLine error={error ?? (frameFailed ? new InputError('frameFailed') : undefined)} id={errorId} />
      <Button type="submit" variant="primary" className="lk-wide" busy={busy} disabled={busy || email.trim() === ''}>
        {t('continue')}
      </Button>
    </form>
  );
});
