/**
 * The Send view: the token (the account's balances on the active network, picked in the
 * modal's token chooser, `latchkey/ui/tokens`, shared with Swap), the amount, the receiver (an
 * address or a name), and a button that names the first problem of the form
 * (docs/account-features.md#send-form-rules) or opens the review step.
 */
import { useEffect, useId, useState } from 'react';
import type { TokenBalance } from 'latchkey';
import { Button, LoadingState, Text, defineView, formatBalance, truncateAddress, useMessages, useObserved } from 'latchkey/ui';
import { TokenButton, TokenChooser, type TokenOption } from 'latchkey/ui/tokens';
import { SendForm } from '../types';
import { SEND_TEXTS } from '../validation';
import { messages } from '../messages';

/** The message key of a form problem (validation's English text), if the bundle has one. */
function problemKey(problem: string): (keyof typeof messages.en & string) | undefined {
  const k = (Object.keys(SEND_TEXTS) as (keyof typeof SEND_TEXTS)[]).find((key) => SEND_TEXTS[key] === problem);
  return k && k in messages.en ? (k as keyof typeof messages.en & string) : undefined;
}

/** What a balance's image is drawn from: its icon, else the mark of what it is (its network and contract, never its symbol alone). */
const image = (t: TokenBalance) => ({ symbol: t.symbol, logoUri: t.iconUrl || undefined, chainId: t.chainId, address: t.address });

/** A balance as the chooser shows it: its mark, symbol, name and amount (3 decimals). */
const option = (t: TokenBalance, i: number): TokenOption & { readonly index: number } => ({
  ...image(t),
  key: `${t.address ?? 'native'}-${t.symbol}`,
  name: t.name,
  balance: formatBalance(t.quantity.numeric, 3),
  index: i,
});

export default defineView<'Send'>(function Send({ kernel }) {
  const form = kernel.get<SendForm>(SendForm);
  const s = useObserved(form);
  const network = useObserved(kernel.network, (n) => n.activeNetwork);
  useObserved(kernel.account);
  const ids = useId();
  const t = useMessages(messages);
  const [choosing, setChoosing] = useState(false);
  // the chooser has just closed: its button takes focus back when the form mounts again (keyboard users)
  const [chose, setChose] = useState(false);
  const closeChooser = () => {
    setChoosing(false);
    setChose(true);
  };

  useEffect(() => {
    void form.load();
  }, [form, network?.caipNetworkId]);
  useEffect(() => {
    if (chose && !choosing) setChose(false);
  }, [chose, choosing]);

  if (!network) return <Text variant="muted">{t('connectToSend')}</Text>;
  if (s.tokens.length === 0 && s.loading) return <LoadingState label={t('loadingBalances')} />;

  const problem = form.problem();
  // Solana: the message (docs/account-features.md#send-form-rules) for a missing amount or receiver comes when the visitor tries.
  const solanaMissing = s.namespace === 'solana' && (problem === SEND_TEXTS.addAmount || problem === SEND_TEXTS.addAddress);
  const blocked = problem !== undefined && !solanaMissing;
  const options = s.tokens.map(option);

  if (choosing) {
    return (
      <TokenChooser
        tokens={options}
        onClose={closeChooser}
        onPick={(o) => {
          form.setToken(s.tokens[o.index]);
          closeChooser();
        }}
      />
    );
  }

  return (
    <form
      className="lk-stack"
      aria-label={t('formLabel')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.review().then((ok) => {
          if (ok) kernel.router.push('SendPreview');
        });
      }}
    >
      {/* the button is named "Token", then what it shows ("Token ETH 1.5"): every visible word (WCAG 2.5.3) */}
      <Text variant="small" as="span" id={`${ids}-token-label`}>
        {t('token')}
      </Text>
      <TokenButton
        id={`${ids}-token`}
        labelledBy={`${ids}-token-label`}
        className="lk-token-field"
        token={s.token ? image(s.token) : undefined}
        detail={s.token ? formatBalance(s.token.quantity.numeric, 3) : undefined}
        disabled={s.tokens.length === 0}
        autoFocus={chose}
        onClick={() => setChoosing(true)}
      />
      <label htmlFor={`${ids}-amount`}>
        <Text variant="small" as="span">
          {t('amount')}
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
          // named by its visible word (WCAG 2.5.3: a voice user says "click Max"); what it does is its description
          <Button variant="secondary" title={t('useMax', { symbol: s.token.symbol })} onClick={() => form.setAmount(s.token!.quantity.numeric)}>
            {t('max')}
          </Button>
        ) : null}
      </div>
      {s.token ? <Text variant="muted">{t('balance', { amount: formatBalance(s.token.quantity.numeric, 3), symbol: s.token.symbol })}</Text> : null}
      <label htmlFor={`${ids}-address`}>
        <Text variant="small" as="span">
          {t('address')}
        </Text>
      </label>
      <input
        id={`${ids}-address`}
        className="lk-input"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('addressPlaceholder')}
        value={s.receiverInput}
        onChange={(e) => void form.setReceiver(e.target.value)}
      />
      {s.receiverProfileName && s.receiverAddress ? (
        <Text variant="muted" aria-live="polite" data-testid="receiver-resolved" title={s.receiverAddress}>{`${s.receiverProfileName} · ${truncateAddress(s.receiverAddress)}`}</Text>
      ) : null}
      {s.receiverError ? (
        <Text variant="error" role="alert" data-testid="receiver-error" data-code={String(s.receiverError.code)}>
          {t('nameNotResolved', { name: s.receiverInput.trim() })}
        </Text>
      ) : null}
      <Button type="submit" variant="primary" className="lk-wide" disabled={blocked} busy={s.resolving}>
        {blocked ? (problemKey(problem) ? t(problemKey(problem)!) : problem) : t('preview')}
      </Button>
    </form>
  );
});
