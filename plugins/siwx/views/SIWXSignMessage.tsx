/** SIWXSignMessage (spec section 2): sign in with the connected wallet. */
import { defineView } from 'latchkey/ui';
import { SignInPanel } from './SignInPanel';

export default defineView<'SIWXSignMessage'>(function SIWXSignMessage({ kernel }) {
  return <SignInPanel kernel={kernel} title="titleSiwx" />;
});
