/**
 * The embedded wallet's settings (an Account-view button shown only while the AUTH connector is
 * connected): the e-mail with "Update email", and the account type (docs/embedded-wallet.md#network-switch-and-account-type: asking the
 * frame, storing it, reconnecting). "Switch to smart account" is offered only on a network where the
 * wallet has smart accounts (the network state's `smartAccountEnabledNetworks`, as AppKit's settings);
 * "Switch to EOA" always.
 */
import { useState } from 'react';
import { Button, Text, defineView, useMessages, useObserved } from 'latchkey/ui';
import { messages } from '../messages';
import { ErrorLine, useWallet } from './common';

export default defineView<'EmbeddedWalletSettings'>(function EmbeddedWalletSettings({ kernel }) {
  const [wallet, state] = useWallet(kernel);
  const t = useMessages(messages);
  const type = useObserved(kernel.account, (s) => s.namespaces.eip155.preferredAccountType);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const email = state.user?.email;
  const next = type === 'smartAccount' ? 'eoa' : 'smartAccount';
  const smartHere = useObserved(kernel.network, (s) => {
    const eip155 = s.namespaces.eip155;
    const id = eip155.caipNetwork?.id;
    return id !== undefined && eip155.smartAccountEnabledNetworks.some((n) => String(n) === String(id));
  });
  return (
    <div className="lk-stack">
      <Text variant="muted">{t('email')}</Text>
      <Text data-testid="embedded-wallet-email">{email ?? t('noEmail')}</Text>
      <Button variant="secondary" onClick={() => kernel.router.push('UpdateEmailWallet')}>
        {email ? t('updateEmail') : t('addEmail')}
      </Button>
      <Text variant="muted">{t('accountType')}</Text>
      <Text>{type === 'smartAccount' ? t('smartAccount') : t('eoa')}</Text>
      {next === 'eoa' || smartHere ? (
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
          {next === 'smartAccount' ? t('switchToSmartAccount') : t('switchToEoa')}
        </Button>
      ) : null}
      <ErrorLine error={error} />
    </div>
  );
});
