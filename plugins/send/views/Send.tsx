/**
 * The Send view: the token (the account's balances on the active network), the amount, the
 * receiver (an address or a name), and a button that names the first problem of the form
 * (spec section 5) or opens the review step.
 */
import { useEffect, useId } from 'react';
import { Button, LoadingState, Text, defineView, formatBalance, truncateAddress, useObserved } from 'latchkey/ui';
import { SendForm } from '../types';
import { SEND_TEXTS } from '../validation';

export default defineView<'Send'>(function Send({ kernel }) {
  const form = kernel.get<SendForm>(SendForm);
  const s = useObserved(form);
  const network = useObserved(kernel.network, (n) => n.activeNetwork);
  useObserved(kernel.account);
  const ids = useId();

  useEffect(() => {
    void form.load();
  }, [form, network?.caipNetworkId]);

  if (!network) return <Text variant="muted">Connect a wallet to send.</Text>;
  if (s.tokens.length === 0 && s.loading) return <LoadingState label="Loading balances…" />;

  const problem = form.problem();
  // Solana: the spec's own message for a missing amount or receiver comes when the visitor tries.
  const solanaMissing = s.namespace === 'solana' && (problem === SEND_TEXTS.addAmount || problem === SEND_TEXTS.addAddress);
  const blocked = problem !== undefined && !solanaMissing;
  const tokenIndex = s.token ? s.tokens.findIndex((t) => t.address === s.token!.address && t.symbol === s.token!.symbol) : -1;

  return (
    <form
      className="lk-stack"
      aria-label="Send"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.review().then((ok) => {
          if (ok) kernel.router.push('SendPreview');
        });
      }}
    >
      <label htmlFor={`${ids}-token`}>
        <Text variant="small" as="span">
          Token
        </Text>
      </label>
      <select
        id={`${ids}-token`}
        className="lk-input"
        value={tokenIndex}
        onChange={(e) => form.setToken(s.tokens[Number(e.target.value)])}
        disabled={s.tokens.length === 0}
      >
        {tokenIndex < 0 ? <option value={-1}>{SEND_TEXTS.selectToken}</option> : null}
        {s.tokens.map((t, i) => (
          <option key={`${t.address ?? 'native'}-${t.symbol}`} value={i}>
            {`${t.symbol} · ${formatBalance(t.quantity.numeric, 3)}`}
          </option>
        ))}
      </select>
      <label htmlFor={`${ids}-amount`}>
        <Text variant="small" as="span">
          Amount
        </Text>
      </label>
      <div className="lk-row lk-nowrap">
        <input
          id={`${ids}-amount`}
          className="lk-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={s.sendTokenAmount ?? ''}
          onChange={(e) => form.setAmount(e.target.value)}
        />
        {s.token ? (
          <Button variant="secondary" aria-label={`Use the whole ${s.token.symbol} balance`} onClick={() => form.setAmount(s.token!.quantity.numeric)}>
            Max
          </Button>
        ) : null}
      </div>
      {s.token ? <Text variant="muted">{`Balance: ${formatBalance(s.token.quantity.numeric, 3)} ${s.token.symbol}`}</Text> : null}
      <label htmlFor={`${ids}-address`}>
        <Text variant="small" as="span">
          Address
        </Text>
      </label>
      <input
        id={`${ids}-address`}
        className="lk-input"
        autoComplete="off"
        spellCheck={false}
        placeholder="Address or name"
        value={s.receiverInput}
        onChange={(e) => void form.setReceiver(e.target.value)}
      />
      {s.receiverProfileName && s.receiverAddress ? (
        <Text variant="muted" aria-live="polite">{`${s.receiverProfileName} · ${truncateAddress(s.receiverAddress)}`}</Text>
      ) : null}
      <Button type="submit" variant="primary" className="lk-wide" disabled={blocked} busy={s.resolving}>
        {blocked ? problem : SEND_TEXTS.preview}
      </Button>
    </form>
  );
});
