/** The Gas view: the three fee tiers of the active network, refreshed while it is open. */
import { useEffect } from 'react';
import { Button, LoadingState, Text, defineView, formatBalance, useMessages, useObserved, type Translate } from 'latchkey/ui';
import { formatUnits } from 'latchkey';
import { formatGwei } from '../fees.js';
import { GasOracle, type FeeEstimate } from '../types.js';
import { messages, type GasMessages } from '../messages.js';

function Tiers({ estimate, t }: { readonly estimate: FeeEstimate; readonly t: Translate<GasMessages> }) {
  return (
    <table className="lk-gas-tiers" aria-label={t('networkFees')}>
      <thead>
        <tr>
          <th scope="col">{t('speed')}</th>
          <th scope="col">{t('tip')}</th>
          <th scope="col">{t('transfer')}</th>
        </tr>
      </thead>
      <tbody>
        {estimate.tiers.map((tier) => (
          <tr key={tier.label} data-testid={`gas-${tier.label.toLowerCase()}`} data-max-fee={tier.maxFeePerGas.toString()}>
            <th scope="row">{t(tier.label)}</th>
            <td>{formatGwei(tier.maxPriorityFeePerGas)}</td>
            <td>{`${formatBalance(formatUnits(tier.transferCost, estimate.decimals))} ${estimate.symbol}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default defineView<'GasTracker'>(function GasTracker({ kernel }) {
  const oracle = kernel.get<GasOracle>(GasOracle);
  const state = useObserved(oracle);
  const t = useMessages(messages);
  useEffect(() => oracle.watch(), [oracle]);

  if (state.status === 'idle' || (state.status === 'loading' && !state.estimate)) return <LoadingState />;
  if (state.status === 'unsupported') return <Text variant="muted">{t('evmOnly')}</Text>;
  const estimate = state.estimate;
  return (
    <div className="lk-stack" aria-busy={state.status === 'loading'}>
      {estimate ? (
        <>
          <Text data-testid="gas-base-fee" data-wei={estimate.nextBaseFee?.toString() ?? ''}>
            {estimate.nextBaseFee === undefined ? t('legacy') : t('baseFee', { fee: formatGwei(estimate.nextBaseFee) })}
          </Text>
          <Tiers estimate={estimate} t={t} />
          <Text variant="muted">{t('block', { number: estimate.blockNumber.toString() })}</Text>
        </>
      ) : null}
      {state.status === 'error' ? (
        <div role="alert" className="lk-stack">
          <Text>{state.message}</Text>
          <Button onClick={() => void oracle.refresh()}>{t('tryAgain')}</Button>
        </div>
      ) : null}
    </div>
  );
});
