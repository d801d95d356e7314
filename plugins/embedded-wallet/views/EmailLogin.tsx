/**
 * The Connect view's e-mail method: a field named "Email" and "Continue". A valid address asks the
 * wallet for a code (docs/embedded-wallet.md#e-mail-login: VERIFY_OTP → the code step, VERIFY_DEVICE → approve this
 * device, CONNECT → logged in already). Focusing the field starts loading the frame.
 */
import { defineView, useMessages } from 'latchkey/ui';
import { messages } from '../messages';
import { InputError, useWallet } from './common';
import { EmailForm } from './EmailForm';

export default defineView<'EmailLogin'>(function EmailLogin({ kernel }) {
  const [wallet, state] = useWallet(kernel);
  const t = useMessages(messages);
  return (
    <EmailForm
      label={t('emailForm')}
      placeholder={t('email')}
      onFocus={() => wallet.prepare()}
      clearErrorOnEdit
      fallbackError={state.frame === 'failed' ? new InputError('frameFailed') : undefined}
      onSubmit={async (address) => {
        const action = await wallet.connectEmail(address);
        if (action === 'VERIFY_OTP') kernel.router.push('EmailVerifyOtp', { email: address });
        else if (action === 'VERIFY_DEVICE') kernel.router.push('EmailVerifyDevice', { email: address });
        else await wallet.finishLogin();
      }}
    />
  );
});
