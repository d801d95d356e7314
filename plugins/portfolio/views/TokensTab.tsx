import { useEffect } from 'react';
import { LoadingState, Text, WalletImage, defineView, formatBalance, formatTokenValue, useMessages, useObserved } from 'latchkey/ui';
import { tokenMark } from 'latchkey/ui/icons';
import { imageUrl } from '../rules';
import { Portfolio } from '../types';
import { useTargetKey } from './useTarget';
import { messages } from '../messages';

/**
 * The Account view's Tokens tab: each balance to 3 decimals with its USD value to 2 (docs/account-features.md#portfolio),
 * zero-decimal tokens already left out. Read when the tab shows and
 * again when the account or network changes; the 30 s cache and retry block are the service's.
 */
export default defineView<'TokensTab'>(function TokensTab({ kernel }) {
  const portfolio = kernel.get<Portfolio>(Portfolio);
  const t = useMessages(messages);
  const { status, balances, source } = useObserved(portfolio, (s) => s.balances);
  const key = useTargetKey(kernel);
  useEffect(() => {
    void portfolio.refreshBalances();
  }, [portfolio, key]);

  if (status === 'unsupported') return <Text variant="muted">{t('balancesUnsupported')}</Text>;
  if (balances.length === 0) {
    if (status === 'loading' || status === 'idle') return <LoadingState label={t('loadingBalances')} />;
    if (status === 'error') return <Text variant="muted">{t('balancesError')}</Text>;
    return <Text variant="muted">{t('noTokens')}</Text>;
  }
  return (
    <div className="lk-stack" aria-busy={status === 'loading' || undefined}>
      <ul className="lk-list" aria-label={t('tokenBalances')}>
        {balances.map((b) => (
          <li key={`${b.chainId}/${b.address ?? b.symbol}`} className="lk-item" data-testid="token-balance" data-symbol={b.symbol}>
            {/* the token's logo, else its network's mark (native), a brand's for the brand's own contract, or its monogram (never a brand by symbol alone, never initials text) */}
            <WalletImage src={imageUrl(b.iconUrl) ?? tokenMark(b)} name={b.symbol} size={32} round />
            <span className="lk-item-name" title={b.name}>
              {b.name}
            </span>
            <span style={{ textAlign: 'right' }}>
              <span data-testid="token-amount">{`${formatBalance(b.quantity.numeric, 3)} ${b.symbol}`}</span>
              {b.value !== undefined && b.price > 0 ? (
                <>
                  <br />
                  <span className="lk-text-muted lk-text-small" data-testid="token-value">{`$${formatTokenValue(b.value, 2)}`}</span>
                </>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
      {source === 'chain' ? <Text variant="small">{t('readFromNetwork')}</Text> : null}
    </div>
  );
});
