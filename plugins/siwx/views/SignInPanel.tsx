/**
 * What SIWXSignMessage and ConnectingSiwe show: who asks, the wallet that will sign, and
 * "Sign" / "Cancel". "Sign" is busy while the wallet is asked; the outcome is the SignIn
 * service's (close on success; 'Signature declined' and the view again on a decline).
 */
import { Button, Text, WalletImage, useMessages, useObserved, type UiKernel } from 'latchkey/ui';
import { SignIn } from '../types';
import { messages } from '../messages';

export function SignInPanel({ kernel, title }: { readonly kernel: UiKernel; readonly title: 'titleSiwx' | 'titleSiwe' }) {
  const signIn = kernel.get<SignIn>(SignIn);
  const t = useMessages(messages);
  const state = useObserved(signIn);
  const app = useObserved(kernel.options, (o) => o.metadata.name) || t('thisApp');
  const accounts = useObserved(kernel.account, (a) => a.namespaces);
  const ns = useObserved(kernel.network, (n) => n.activeNamespace);
  const wallet = ns ? accounts[ns]?.connectedWalletInfo : undefined;
  const signing = state.status === 'signing';
  const required = signIn.required();
  return (
    <div className="lk-center lk-stack" data-testid="siwx-sign-message">
      {wallet ? <WalletImage src={wallet.icon} name={wallet.name} size={56} /> : null}
      <Text variant="title" as="h3">
        {t(title, { app })}
      </Text>
      <Text variant="muted">
        {required
          ? t('hintRequired')
          : t('hint')}
      </Text>
      <div className="lk-row lk-nowrap lk-wide">
        <Button variant="secondary" className="lk-wide" disabled={signing} onClick={() => void signIn.cancel()}>
          {t('cancel')}
        </Button>
        <Button variant="primary" className="lk-wide" busy={signing} disabled={signing || state.status === 'checking'} onClick={() => void signIn.requestSignMessage().catch(() => undefined)}>
          {t('sign')}
        </Button>
      </div>
    </div>
  );
}
