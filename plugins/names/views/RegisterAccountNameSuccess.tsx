import { Button, Text, defineView } from 'latchkey/ui';

/** RegisterAccountNameSuccess ('Name Registered'): the name is the account's now. */
export default defineView<'RegisterAccountNameSuccess'>(function RegisterAccountNameSuccess({ kernel, data }) {
  return (
    <div className="lk-stack lk-center">
      <Text variant="title" as="h3">
        {data?.name ?? ''}
      </Text>
      <Text variant="muted">is your account name now. It shows instead of your address.</Text>
      <Button variant="primary" className="lk-wide" onClick={() => kernel.router.goBack()}>
        Done
      </Button>
    </div>
  );
});
