/**
 * E-mail update, first step: the new address ("Email", "Continue"). The wallet answers
 * VERIFY_PRIMARY_OTP (a code to the current address first) or VERIFY_SECONDARY_OTP (straight to
 * the new address's code: accounts that had none).
 */
import { Text, defineView, useMessages } from 'latchkey/ui';
import { messages } from '../messages';
import { InputError, useWallet } from './common';
import { EmailForm } from './EmailForm';

export default defineView<'UpdateEmailWallet'>(function UpdateEmailWallet({ kernel }) {
  const [wallet, state] = useWallet(kernel);
  const t = useMessages(messages);
  const current = state.user?.email ?? '';
  return (
    <EmailForm
      label={t('updateEmail')}
      placeholder={t('newEmail')}
      check={(newEmail) => (newEmail.toLowerCase() === current.toLowerCase() ? new InputError('sameEmail') : undefined)}
      onSubmit={async (newEmail) => {
        const action = await wallet.updateEmail(newEmail);
        kernel.router.push('UpdateEmailOtp', { step: action === 'VERIFY_PRIMARY_OTP' ? 'primary' : 'secondary', email: current, newEmail });
      }}
    >
      {current ? <Text variant="muted">{t('currentEmail', { email: current })}</Text> : null}
    </EmailForm>
  );
});
