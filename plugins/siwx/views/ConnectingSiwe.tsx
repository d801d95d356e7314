/** ConnectingSiwe (docs/account-features.md#sign-in-with-a-wallet-message): the legacy `siweConfig` sign-in, with the same flow. */
import { defineView } from 'latchkey/ui';
import { SignInPanel } from './SignInPanel';

export default defineView<'ConnectingSiwe'>(function ConnectingSiwe({ kernel }) {
  return <SignInPanel kernel={kernel} title="titleSiwe" />;
});
