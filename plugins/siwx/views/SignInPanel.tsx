/**
 * What SIWXSignMessage and ConnectingSiwe show: who asks, the wallet that will sign, and
 * "Sign" / "Cancel". "Sign" is busy while the wallet is asked; the outcome is the SignIn
 * service's (close on success; 'Signature declined' and the view again on a decline).
 */
import { Button, Text, WalletImage, useObserved, type UiKernel } from 'latchkey/ui';
import { SignIn } from '../types';

export function SignInPanel({ kernel, title }: { readonly kernel: UiKernel; readonly title: (app: string) => string }) {
  const signIn = kernel.get<SignIn>(SignIn);
  const state = useObserved(signIn);
  const app = useObserved(kernel.options, (o) => o.metadata.name) || 'This app';
  const accounts = useObserved(kernel.account, (a) => a.namespaces);
  const ns = useObserved(kernel.network, (n) => n.activeNamespace);
  const wallet = ns ? accounts[ns]?.connectedWalletInfo : undefined;
  const signing = state.status === 'signing';
  const required = signIn.required();
  return (
    <div className="lk-center lk-stack" data-testid="siwx-sign-message">
      {wallet ? <WalletImage src={wallet.icon} name={wallet.name} size={56} /> : null}
      <Text variant="title" as="h3">
        {title(app)}
      </Text>
      <Text variant="muted">
        {required
          ? 'Accept the sign-in request in your wallet to prove you own this wallet and proceed. Cancelling disconnects the wallet.'
          : 'Accept the sign-in request in your wallet to prove you own this wallet and proceed.'}
      </Text>
      <div className="lk-row lk-nowrap lk-wide">
        <Button variant="secondary" className="lk-wide" disabled={signing} onClick={() => void signIn.cancel()}>
          Cancel
        </Button>
        <Button variant="primary" className="lk-wide" busy={signing} disabled={signing || state.status === 'checking'} onClick={() => void signIn.requestSignMessage().catch(() => undefined)}>
          Sign
        </Button>
      </div>
    </div>
  );
}
