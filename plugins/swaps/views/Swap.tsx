import { useCallback, useEffect, useMemo, useState } from 'react';
import { formatUnits } from 'latchkey';
import { Button, LoadingState, Text, defineView, formatBalance, useMessages, useObserved, type Translate } from 'latchkey/ui';
import { Icon } from 'latchkey/ui/icons';
import { TokenButton, TokenChooser, type TokenOption } from 'latchkey/ui/tokens';
import { DEFAULT_SLIPPAGE, SLIPPAGE_PRESETS } from '../constants';
import { InvalidSlippageError, isRetryable, isStale, type SwapError } from '../errors';
import { rate } from '../math';
import { isNative, tokenKey } from '../tokens';
import { Swaps, type SwapState, type SwapToken } from '../types';
import { messages } from '../messages';

type T = Translate<(typeof messages)['en']>;

/** An error's short text and details in the visitor's language (the catalogue's entries; a caller's own details as given). */
function errorTexts(error: SwapError, t: T): { readonly short: string; readonly details: string | undefined } {
  const say = (x: { readonly key: string; readonly values?: Readonly<Record<string, string | number>> }) => t(x.key as keyof (typeof messages)['en'], x.values);
  return {
    short: error.text ? say(error.text.short) : error.shortMessage,
    details: error.text?.details ? say(error.text.details) : error.details,
  };
}

const amount = (value: bigint, decimals: number, digits = 6) => {
  const text = formatBalance(formatUnits(value, decimals), digits);
  return text === '0' && value > 0n ? `<${(10 ** -digits).toFixed(digits)}` : text;
};

/** A token as the shared chooser shows it (`latchkey/ui/tokens`), with the account's balance when it is known. */
type Choice = TokenOption & { readonly token: SwapToken };

function choice(token: SwapToken, balances: SwapState['balances']): Choice {
  const held = balances[tokenKey(token.address)];
  // `address` (CAIP-10, its network in it) chooses the mark when there is no logo: a brand's only for the brand's own contract
  return { key: token.address, symbol: token.symbol, name: token.name, logoUri: token.logoUri, address: token.address, balance: held === undefined ? undefined : amount(held, token.decimals, 3), token };
}

/** The token chooser (the modal's one, shared with Send): search (a pasted address is looked up on the chain), suggested quick picks, the list with balances. */
function SwapTokenChooser({ swaps, state, onPick, onClose }: { readonly swaps: Swaps; readonly state: SwapState; readonly onPick: (t: SwapToken) => void; readonly onClose: () => void }) {
  const { tokens, suggested, balances } = state;
  const list = useMemo(() => tokens.map((t) => choice(t, balances)), [tokens, balances]);
  const quick = useMemo(() => suggested.map((t) => choice(t, balances)), [suggested, balances]);
  const search = useCallback((query: string) => swaps.search(query).then((r) => r.map((t) => choice(t, balances))), [swaps, balances]);
  return (
    <TokenChooser
      tokens={list}
      suggested={quick}
      search={search}
      onPick={(c) => onPick(c.token)}
      onClose={onClose}
    />
  );
}

function SlippageSettings({ swaps, slippage }: { readonly swaps: Swaps; readonly slippage: number }) {
  const t = useMessages(messages);
  const [custom, setCustom] = useState(SLIPPAGE_PRESETS.includes(slippage) ? '' : String(slippage));
  const [error, setError] = useState<string | undefined>();
  const set = (value: number) => {
    try {
      swaps.setSlippage(value);
      setError(undefined);
    } catch (err) {
      setError(err instanceof InvalidSlippageError ? errorTexts(err, t).short : t('invalidSlippage'));
    }
  };
  return (
    <div className="lk-stack" role="group" aria-label={t('slippageTolerance')}>
      <div className="lk-row">
        {SLIPPAGE_PRESETS.map((p) => (
          <Button key={p} aria-pressed={slippage === p} onClick={() => (setCustom(''), set(p))}>
            {`${p}%`}
          </Button>
        ))}
        <input
          className="lk-input"
          style={{ width: 96 }}
          inputMode="decimal"
          aria-label={t('customSlippage')}
          placeholder={t('custom')}
          value={custom}
          onChange={(e) => {
            setCustom(e.target.value);
            if (e.target.value.trim() !== '') set(Number(e.target.value));
          }}
        />
      </div>
      {error ? <Text variant="error">{error}</Text> : null}
    </div>
  );
}

/**
 * The Swap view: pay / receive with token choosers named by their symbols, the amount field,
 * the quote's details (rate, price impact, minimum received, network fee, slippage), then
 * "Approve" when the allowance is short and "Swap".
 */
export default defineView<'Swap'>(function Swap({ kernel, data }) {
  const swaps = kernel.get<Swaps>(Swaps);
  const s = useObserved(swaps);
  const t = useMessages(messages);
  const account = useObserved(kernel.account, (a) => a.namespaces.eip155);
  const networkId = useObserved(kernel.network, (n) => n.activeNetwork?.caipNetworkId);
  const [choosing, setChoosing] = useState<'from' | 'to' | undefined>();
  // the side whose chooser has just closed: its button takes focus back when the form mounts again (keyboard users)
  const [chose, setChose] = useState<'from' | 'to' | undefined>();
  useEffect(() => {
    if (chose && !choosing) setChose(undefined);
  }, [chose, choosing]);
  const [settings, setSettings] = useState(false);
  const connected = account?.status === 'connected';
  const address = account?.address;

  useEffect(() => swaps.watch(), [swaps]);
  useEffect(() => {
    if (connected) void swaps.init(data);
    // data is the route's: the same object for this entry
  }, [swaps, connected, address, networkId, data]);

  if (!connected) {
    return (
      <div className="lk-stack">
        <Text>{t('connectToSwap')}</Text>
        <Button variant="primary" className="lk-wide" onClick={() => kernel.router.push('Connect')}>
          {t('connectAWallet')}
        </Button>
      </div>
    );
  }
  if (!s.supported) {
    return (
      <div className="lk-stack">
        {s.error ? (
          <div role="alert">
            <Text variant="error">{errorTexts(s.error, t).short}</Text>
            {s.error.details ? <Text variant="muted">{errorTexts(s.error, t).details}</Text> : null}
          </div>
        ) : (
          <LoadingState />
        )}
        <Button className="lk-wide" onClick={() => kernel.router.push('Networks')}>
          {t('switchNetwork')}
        </Button>
      </div>
    );
  }
  if (choosing) {
    return (
      <SwapTokenChooser
        swaps={swaps}
        state={s}
        onClose={() => {
          setChoosing(undefined);
          setChose(choosing);
        }}
        onPick={(t) => {
          if (choosing === 'from') swaps.setFrom(t);
          else swaps.setTo(t);
          setChoosing(undefined);
          setChose(choosing);
        }}
      />
    );
  }

  const { from, to, quote } = s;
  const balanceOf = (t: SwapToken | undefined) => (t ? s.balances[tokenKey(t.address)] : undefined);
  const fromBalance = balanceOf(from);
  const toBalance = balanceOf(to);
  const native = s.network ? s.network.nativeCurrency : undefined;
  const busy = s.status === 'approving' || s.status === 'swapping';
  const canSwap = Boolean(quote) && !s.needsApproval && !busy && (!s.error || isRetryable(s.error));
  const status =
    s.status === 'loading'
      ? t('loadingTokens')
      : s.status === 'quoting'
        ? t('gettingQuote')
        : s.status === 'approving'
          ? t('approving')
          : s.status === 'swapping'
            ? t('swapping')
            : '';

  const onSwap = async () => {
    try {
      await swaps.swap();
      kernel.router.replace('Account');
    } catch {
      // the error is in the state and the snackbar
    }
  };

  return (
    <form
      className="lk-stack"
      aria-label={t('swapTokens')}
      onSubmit={(e) => {
        e.preventDefault();
        if (canSwap) void onSwap();
      }}
    >
      <div className="lk-stack" role="group" aria-label={t('youPay')}>
        <Text variant="small">{t('youPay')}</Text>
        <div className="lk-row" style={{ flexWrap: 'nowrap' }}>
          <input
            className="lk-input"
            aria-label={from ? t('amountOf', { symbol: from.symbol }) : t('amount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={s.amountText}
            maxLength={80}
            onChange={(e) => swaps.setAmount(e.target.value)}
            disabled={busy}
          />
          <TokenButton token={from} autoFocus={chose === 'from'} onClick={() => setChoosing('from')} />
        </div>
        {from && fromBalance !== undefined ? (
          <div className="lk-row" style={{ justifyContent: 'space-between' }}>
            <Text variant="muted">{t('balance', { amount: amount(fromBalance, from.decimals, 3), symbol: from.symbol })}</Text>
            {!isNative(from) && fromBalance > 0n ? (
              <Button variant="ghost" onClick={() => swaps.setAmount(formatUnits(fromBalance, from.decimals))}>
                {t('max')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <Button variant="icon" className="lk-flip" aria-label={t('switchTokens')} title={t('switchTokens')} onClick={() => swaps.flip()} disabled={busy || !to}>
        <Icon name="switchVertical" size={18} />
      </Button>
      <div className="lk-stack" role="group" aria-label={t('youReceive')}>
        <Text variant="small">{t('youReceive')}</Text>
        <div className="lk-row" style={{ flexWrap: 'nowrap', justifyContent: 'space-between' }}>
          <output aria-label={t('amountReceived')} className="lk-text lk-text-title">
            {quote && to ? amount(quote.amountOut, to.decimals) : '0'}
          </output>
          <TokenButton token={to} autoFocus={chose === 'to'} onClick={() => setChoosing('to')} />
        </div>
        {to && toBalance !== undefined ? <Text variant="muted">{t('balance', { amount: amount(toBalance, to.decimals, 3), symbol: to.symbol })}</Text> : null}
      </div>

      {quote && from && to ? (
        <ul className="lk-list" aria-label={t('quoteDetails')} style={{ gap: 4 }}>
          {[
            [t('rate'), `1 ${from.symbol} = ${rate(quote.amountIn, quote.amountOut, from.decimals, to.decimals)} ${to.symbol}`],
            [t('priceImpact'), quote.priceImpact === undefined ? t('unknown') : `${quote.priceImpact < 0.01 ? '<0.01' : quote.priceImpact.toFixed(2)}%`],
            [t('minimumReceived'), s.minimumReceived !== undefined ? `${amount(s.minimumReceived, to.decimals)} ${to.symbol}` : '—'],
            [t('networkFee'), native ? `≈ ${amount(quote.gas * quote.gasPrice, native.decimals)} ${native.symbol}` : '—'],
          ].map(([term, value]) => (
            // a list of label/value rows (not <dl>: host pages style dt/dd, and nothing of theirs should dim the modal)
            <li key={term} className="lk-row" style={{ justifyContent: 'space-between', flexWrap: 'nowrap' }}>
              <span className="lk-text lk-text-muted">{term}</span>
              <span className="lk-text">{value}</span>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="lk-row" style={{ justifyContent: 'space-between' }}>
        <Text variant="muted">{t(s.slippage === DEFAULT_SLIPPAGE ? 'slippageDefault' : 'slippage', { value: s.slippage })}</Text>
        <Button variant="ghost" aria-expanded={settings} onClick={() => setSettings(!settings)}>
          {t('slippageSettings')}
        </Button>
      </div>
      {settings ? <SlippageSettings swaps={swaps} slippage={s.slippage} /> : null}

      {s.error ? (
        <div role="alert" className="lk-stack" style={{ gap: 4 }}>
          <Text variant="error">{errorTexts(s.error, t).short}</Text>
          {s.error.details ? <Text variant="muted">{errorTexts(s.error, t).details}</Text> : null}
          {isStale(s.error) ? <Button onClick={() => void swaps.refreshQuote()}>{t('getNewQuote')}</Button> : null}
        </div>
      ) : null}
      <p className="lk-text lk-text-muted" role="status" aria-live="polite" style={{ minHeight: '1em', margin: 0 }}>
        {status}
      </p>

      {s.needsApproval && !s.error ? (
        <Button variant="primary" className="lk-wide" busy={s.status === 'approving'} disabled={busy} onClick={() => void swaps.approve().catch(() => undefined)}>
          {t('approve')}
        </Button>
      ) : null}
      <Button type="submit" variant={s.needsApproval ? 'secondary' : 'primary'} className="lk-wide" busy={s.status === 'swapping'} disabled={!canSwap}>
        {t('swap')}
      </Button>
    </form>
  );
});
