/** The Gas view: the three fee tiers of the active network, refreshed while it is open. */
import { useEffect } from 'react';
import { Button, LoadingState, Text, defineView, formatBalance, useObserved } from 'latchkey/ui';
import { formatUnits } from 'latchkey';
import { formatGwei } from '../fees.js';
import { GasOracle, type FeeEstimate } from '../types.js';

function Tiers({ estimate }: { readonly estimate: FeeEstimate }) {
  return (
    <table className="lk-gas-tiers" aria-label="Network fees">
      <thead>
        <tr>
          <th scope="col">Speed</th>
          <th scope="col">Tip (gwei)</th>
          <th scope="col">Transfer</th>
        </tr>
      </thead>
      <tbody>
        {estimate.tiers.map((t) => (
          <tr key={t.label} data-testid={`gas-${t.label.toLowerCase()}`} data-max-fee={t.maxFeePerGas.toString()}>
            <th scope="row">{t.label}</th>
            <td>{formatGwei(t.maxPriorityFeePerGas)}</td>
            <td>{`${formatBalance(formatUnits(t.transferCost, estimate.decimals))} ${estimate.symbol}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default defineView<'GasTracker'>(function GasTracker({ kernel }) {
  const oracle = kernel.get<GasOracle>(GasOracle);
  const state = useObserved(oracle);
  useEffect(() => oracle.watch(), [oracle]);

  if (state.status === 'idle' || (state.status === 'loading' && !state.estimate)) return <LoadingState />;
  if (state.status === 'unsupported') return <Text variant="muted">Network fees are shown for EVM networks.</Text>;
  const estimate = state.estimate;
  return (
    <div className="lk-stack" aria-busy={state.status === 'loading'}>
      {estimate ? (
        <>
          <Text data-testid="gas-base-fee" data-wei={estimate.nextBaseFee?.toString() ?? ''}>
            {estimate.nextBaseFee === undefined ? 'Legacy gas pricing' : `Base fee ${formatGwei(estimate.nextBaseFee)} gwei`}
          </Text>
          <Tiers estimate={estimate} />
          <Text variant="muted">{`Block ${estimate.blockNumber.toString()}`}</Text>
        </>
      ) : null}
      {state.status === 'error' ? (
        <div role="alert" className="lk-stack">
          <Text>{state.message}</Text>
          <Button onClick={() => void oracle.refresh()}>Try again</Button>
        </div>
      ) : null}
    </div>
  );
});
