/**
 * After a checkout opened: what the provider reported so far (the blockchain API's
 * `onramp=<provider>` history), in a live region: waiting, in progress, complete (amount and
 * asset), failed, or not seen in time.
 */
import { useEffect } from 'react';
import { Button, Spinner, Text, defineView, useMessages, useObserved } from 'latchkey/ui';
import { Onramp, type OnrampWatch } from '../types';
import { messages } from '../messages';

/** The message of each watch status. */
const STATUS_KEYS = {
  waiting: 'waiting',
  'in-progress': 'inProgress',
  success: 'success',
  failed: 'failed',
  timeout: 'timeout',
  untracked: 'untracked',
  error: 'error',
} as const satisfies Record<OnrampWatch['status'], keyof typeof messages.en>;

export default defineView<'BuyInProgress'>(function BuyInProgress({ kernel, data }) {
  const onramp = kernel.get<Onramp>(Onramp);
  const t = useMessages(messages);
  const watch = useObserved(onramp, (s) => s.watch);
  const name = useObserved(onramp, (s) => s.providers.find((p) => p.id === data?.provider)?.name) ?? data?.provider ?? '';
  // Leaving the view stops the polling.
  useEffect(() => () => onramp.unwatch(), [onramp]);

  const status = watch?.status ?? 'waiting';
  const transfer = watch?.purchase?.transfers[0];
  const busy = status === 'waiting' || status === 'in-progress';
  return (
    <div className="lk-stack">
      <div className="lk-stack" role="status" aria-live="polite" data-testid="onramp-status" data-status={status}>
        {busy ? <Spinner /> : null}
        <Text variant={status === 'failed' || status === 'error' ? 'error' : 'body'}>{t(STATUS_KEYS[status], { provider: name })}</Text>
        {status === 'success' && transfer ? <Text variant="muted">{t('received', { amount: transfer.quantity.numeric, symbol: transfer.fungible_info?.symbol ?? '', provider: name }).trim()}</Text> : null}
      </div>
      <Button variant="secondary" className="lk-wide" onClick={() => kernel.router.goBack()}>
        {busy ? t('back') : t('done')}
      </Button>
    </div>
  );
});
