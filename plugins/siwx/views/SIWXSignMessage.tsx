/** SIWXSignMessage (docs/account-features.md#sign-in-with-a-wallet-message): sign in with the connected wallet. */
import { defineView } from 'latchkey/ui';
import { SignInPanel } from './SignInPanel';

export default defineView<'SIWXSignMessage'>(function SIWXSignMessage({ kernel }) {
  return <SignInPanel kernel={kernel} title="titleSiwx" />;
});
