import { Button, Text, defineView, useMessages } from 'latchkey/ui';
import { messages } from '../messages';

/** RegisterAccountNameSuccess ('Name Registered'): the name is the account's now. */
export default defineView<'RegisterAccountNameSuccess'>(function RegisterAccountNameSuccess({ kernel, data }) {
  const t = useMessages(messages);
  return (
    <div className="lk-stack lk-center">
      <Text variant="title" as="h3">
        {data?.name ?? ''}
      </Text>
      <Text variant="muted">{t('success')}</Text>
      <Button variant="primary" className="lk-wide" onClick={() => kernel.router.goBack()}>
        {t('done')}
      </Button>
    </div>
  );
});
