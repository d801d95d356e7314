/**
 * The review step of a send: what goes where, on which network, and the network fee from the
 * node's estimate (EVM). "Send" asks the wallet; the outcome is a snackbar ('Transaction
 * started' and back to the Account view, or 'Something went wrong' and the review stays).
 */
import { Button, Text, defineView, formatBalance, truncateAddress, useMessages, useObserved } from 'latchkey/ui';
import { formatUnits } from 'latchkey';
import { SendForm } from '../types';
import { messages } from '../messages';

export default defineView<'SendPreview'>(function SendPreview({ kernel }) {
  const form = kernel.get<SendForm>(SendForm);
  const s = useObserved(form);
  const network = useObserved(kernel.network, (n) => n.activeNetwork);
  const t = useMessages(messages);

  if (!s.token || !s.receiverAddress || !network) {
    return (
      <div className="lk-center lk-stack">
        <Text variant="muted">{t('nothingToSend')}</Text>
        <Button variant="secondary" onClick={() => kernel.router.goBack()}>
          {t('back')}
        </Button>
      </div>
    );
  }
  const fee = form.gasCost();
  const symbol = network.nativeCurrency.symbol;
  const feeText =
    fee === undefined
      ? undefined
      : `${s.gasEstimated ? '' : '~'}${formatBalance(formatUnits(fee, network.nativeCurrency.decimals), 6)} ${symbol}${
          s.gasPriceInUSD !== undefined ? ` ($${s.gasPriceInUSD.toFixed(2)})` : ''
        }`;
  const to = s.receiverProfileName ?? truncateAddress(s.receiverAddress);

  return (
    <div className="lk-stack">
      <div className="lk-stack" role="group" aria-label={t('review')}>
        <div>
          <Text variant="small" as="span">
            {t('sending')}
          </Text>
          <Text variant="title" as="h3" data-testid="send-amount">{`${s.sendTokenAmount ?? ''} ${s.token.symbol}`}</Text>
        </div>
        <div>
          <Text variant="small" as="span">
            {t('to')}
          </Text>
          <Text title={s.receiverAddress} data-testid="send-receiver">
            {s.receiverProfileName ? `${to} (${truncateAddress(s.receiverAddress)})` : to}
          </Text>
        </div>
        <div>
          <Text variant="small" as="span">
            {t('network')}
          </Text>
          <Text>{network.name}</Text>
        </div>
        {feeText ? (
          <div>
            <Text variant="small" as="span">
              {t('networkFee')}
            </Text>
            <Text data-testid="send-fee">{feeText}</Text>
          </div>
        ) : null}
      </div>
      <Text variant="muted">{t('warning')}</Text>
      <div className="lk-row lk-nowrap">
        <Button variant="secondary" className="lk-wide" disabled={s.loading} onClick={() => kernel.router.goBack()}>
          {t('cancel')}
        </Button>
        <Button variant="primary" className="lk-wide" disabled={s.loading} busy={s.loading} onClick={() => void form.send()}>
          {t('send')}
        </Button>
      </div>
    </div>
  );
});
