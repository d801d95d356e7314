/**
 * After a checkout opened: what the provider reported so far (the blockchain API's
 * `onramp=<provider>` history), in a live region: waiting, in progress, complete (amount and
 * asset), failed, or not seen in time.
 */
import { useEffect } from 'react';
import { Button, Spinner, Text, defineView, useObserved } from 'latchkey/ui';
import { Onramp, type OnrampWatch } from '../types';

export const BUY_TEXTS: Readonly<Record<OnrampWatch['status'], string>> = {
  waiting: 'Complete the purchase in the {provider} window.',
  'in-progress': 'Purchase in progress…',
  success: 'Purchase complete',
  failed: 'The purchase failed. No funds were sent.',
  timeout: 'No purchase seen yet. It can take a few minutes to show in your wallet.',
  untracked: 'Your wallet shows the funds once {provider} sends them.',
  error: 'Could not check the purchase. Your wallet shows the funds once they arrive.',
};

export default defineView<'BuyInProgress'>(function BuyInProgress({ kernel, data }) {
  const onramp = kernel.get<Onramp>(Onramp);
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
        <Text variant={status === 'failed' || status === 'error' ? 'error' : 'body'}>{BUY_TEXTS[status].replace('{provider}', name)}</Text>
        {status === 'success' && transfer ? <Text variant="muted">{`${transfer.quantity.numeric} ${transfer.fungible_info?.symbol ?? ''} from ${name}`.trim()}</Text> : null}
      </div>
      <Button variant="secondary" className="lk-wide" onClick={() => kernel.router.goBack()}>
        {busy ? 'Back' : 'Done'}
      </Button>
    </div>
  );
});
