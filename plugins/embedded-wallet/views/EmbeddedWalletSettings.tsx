/**
 * The embedded wallet's settings (an Account-view button shown only while the AUTH connector is
 * connected): the e-mail with "Update email", and the account type (spec section 4: asking the
 * frame, storing it, reconnecting).
 */
import { useState } from 'react';
import { Button, Text, defineView, useObserved } from 'latchkey/ui';
import { ErrorLine, useWallet } from './common';

export default defineView<'EmbeddedWalletSettings'>(function EmbeddedWalletSettings({ kernel }) {
  const [wallet, state] = useWallet(kernel);
  const type = useObserved(kernel.account, (s) => s.namespaces.eip155.preferredAccountType);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const email = state.user?.email;
  const next = type === 'smartAccount' ? 'eoa' : 'smartAccount';
  return (
    <div className="lk-stack">
      <Text variant="muted">Email</Text>
      <Text data-testid="embedded-wallet-email">{email ?? 'No e-mail address yet'}</Text>
      <Button variant="secondary" onClick={() => kernel.router.push('UpdateEmailWallet')}>
        {email ? 'Update email' : 'Add email'}
      </Button>
      <Text variant="muted">Account type</Text>
      <Text>{type === 'smartAccount' ? 'Smart account' : 'Externally owned account (EOA)'}</Text>
      <Button
        variant="secondary"
        busy={busy}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setError(undefined);
          wallet.setPreferredAccountType(next).then(
            () => setBusy(false),
            (err: unknown) => {
              setBusy(false);
              setError(err);
            },
          );
        }}
      >
        {next === 'smartAccount' ? 'Switch to smart account' : 'Switch to EOA'}
      </Button>
      <ErrorLine error={error} />
    </div>
  );
});
