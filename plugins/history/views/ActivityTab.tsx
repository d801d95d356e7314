import { useEffect, useRef, useState } from 'react';
import type { CaipNetwork, Transaction } from 'latchkey';
import { Button, Link, LoadingState, Text, WalletImage, defineView, formatBalance, truncateAddress, useLocale, useMessages, useObserved, type Translate } from 'latchkey/ui';
import { explorerTransactionUrl, imageUrl, isFailed, isOperation, transactionHash, transactionTitle } from '../rules';
import { Activity } from '../types';
import { messages } from '../messages';

type T = Translate<(typeof messages)['en']>;

/** 'Sent', 'Received', … in the visitor's language; an operation the catalogue lacks as the API names it. */
function title(tx: Transaction, t: T): string {
  const op = tx.metadata.operationType.toLowerCase();
  if (isOperation(op)) return t(op);
  return op ? transactionTitle(tx) : t('transaction');
}

type Transfer = Transaction['transfers'][number];

/** '+25 LKD', '-0.5 ETH', 'Latchkey Dev Keys #3': one transfer as the list shows it (amounts to 3 decimals). */
function transferText(transfer: Transfer, t: T): string {
  const sign = transfer.direction === 'in' ? '+' : transfer.direction === 'out' ? '-' : '';
  if (transfer.nft_info) return `${sign}${transfer.nft_info.name ?? t('nft')}`;
  const symbol = transfer.fungible_info?.symbol ?? '';
  return `${sign}${formatBalance(transfer.quantity.numeric, 3)}${symbol ? ` ${symbol}` : ''}`;
}

/**
 * What a failed fetch shows: the "without an accountAddress" refusal (docs/errors.md#blockchain-api-errors) in the visitor's
 * language (by its code); any other cause (an HTTP status, a network error) as the error says it.
 */
function errorText(error: Error, t: T): string {
  return (error as { code?: unknown }).code === 'TRANSACTIONS_WITHOUT_ACCOUNT' ? t('withoutAccount') : error.message;
}

/** The day a transaction was mined, in the visitor's locale ('Nov 23, 2026' in English). */
function when(minedAt: string, locale: string): string {
  const d = new Date(minedAt);
  if (Number.isNaN(d.getTime())) return '';
  const options = { month: 'short', day: 'numeric', year: 'numeric' } as const;
  return d.toLocaleDateString(locale === 'en' ? 'en-US' : locale, options);
}

function Row({ tx, network, t, locale }: { readonly tx: Transaction; readonly network: CaipNetwork | undefined; readonly t: T; readonly locale: string }) {
  const first = tx.transfers[0];
  const icon = imageUrl(first?.nft_info?.content?.preview?.url ?? first?.fungible_info?.icon?.url);
  const hash = transactionHash(tx);
  const href = hash ? explorerTransactionUrl(network, hash) : undefined;
  const name = title(tx, t);
  const failed = isFailed(tx);
  return (
    <li className="lk-item" data-testid="transaction" data-id={tx.id}>
      <WalletImage src={icon} name={first?.fungible_info?.symbol ?? name} size={32} round={!first?.nft_info} />
      <span className="lk-item-name">
        {name}
        {failed ? (
          <>
            {' '}
            <span className="lk-tag">{t('failed')}</span>
          </>
        ) : null}
        <br />
        <span className="lk-text-muted lk-text-small">
          {tx.transfers.map((x) => transferText(x, t)).join(', ') || (tx.metadata.sentTo ? t('sentTo', { address: truncateAddress(tx.metadata.sentTo) }) : '')}
        </span>
      </span>
      <span className="lk-text-small" style={{ textAlign: 'right' }}>
        {when(tx.metadata.minedAt, locale)}
        {hash ? (
          <>
            <br />
            {href ? (
              <Link href={href} aria-label={t('transactionOn', { hash, explorer: network?.blockExplorers?.default.name ?? t('theExplorer') })}>
                {truncateAddress(hash)}
              </Link>
            ) : (
              <span title={hash}>{truncateAddress(hash)}</span>
            )}
          </>
        ) : null}
      </span>
    </li>
  );
}

/** True while `el` is in view (IntersectionObserver); undefined where the browser has none. */
function useInView(el: Element | null): boolean | undefined {
  const [inView, setInView] = useState(false);
  const supported = typeof IntersectionObserver !== 'undefined';
  useEffect(() => {
    if (!el || !supported) return;
    const io = new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)), { rootMargin: '0px 0px 120px 0px' });
    io.observe(el);
    // a new element is out of view until its observer says otherwise (it reports on observe)
    return () => {
      io.disconnect();
      setInView(false);
    };
  }, [el, supported]);
  return supported ? inView : undefined;
}

/**
 * The Account view's Activity tab: the connected chain's transactions, newest first; the next
 * page loads as the end of the list scrolls into view (a "Load more" button where the browser
 * cannot tell). A transaction's hash links to the network's explorer.
 */
export default defineView<'ActivityTab'>(function ActivityTab({ kernel }) {
  const activity = kernel.get<Activity>(Activity);
  const t = useMessages(messages);
  const { locale } = useLocale();
  const s = useObserved(activity);
  const network = useObserved(kernel.network, (n) => n.activeNetwork);
  const address = useObserved(kernel.account, (a) => {
    const ns = kernel.network.state.activeNamespace;
    return ns ? a.namespaces[ns].address : undefined;
  });
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const inView = useInView(sentinel);
  const loadMore = useRef(() => void activity.loadMore());
  loadMore.current = () => void activity.loadMore();

  useEffect(() => {
    // Shown only while connected; a disconnect (which clears the list) does not fetch again.
    if (address) void activity.load();
  }, [activity, network?.caipNetworkId, address]);
  useEffect(() => {
    if (inView && s.next && !s.loadingMore && s.status === 'ready') loadMore.current();
  }, [inView, s.next, s.loadingMore, s.status, s.items]);

  if (s.status === 'unsupported') return <Text variant="muted">{t('unsupported')}</Text>;
  if (s.status === 'unavailable') return <Text variant="muted">{t('unavailable')}</Text>;
  if (s.status === 'loading' || s.status === 'idle') return <LoadingState label={t('loading')} />;
  if (s.status === 'error') {
    return (
      <div className="lk-stack" data-empty="true">
        <Text variant="muted">{t('nothingToShow')}</Text>
        {s.error ? <Text variant="error">{errorText(s.error, t)}</Text> : null}
        <Button variant="secondary" onClick={() => void activity.load({ force: true })}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  }
  if (s.empty) return <Text variant="muted" data-empty="true">
        {t('noneYet')}
      </Text>;
  return (
    <div className="lk-stack">
      <ul className="lk-list" aria-label={t('transactions')} aria-busy={s.loadingMore || undefined}>
        {s.items.map((tx) => (
          <Row key={tx.id} tx={tx} network={network} t={t} locale={locale} />
        ))}
      </ul>
      {s.next ? (
        inView === undefined ? (
          <Button variant="secondary" busy={s.loadingMore} disabled={s.loadingMore} onClick={() => loadMore.current()}>
            {t('loadMore')}
          </Button>
        ) : (
          <div ref={setSentinel} data-testid="activity-more" style={{ minHeight: 1 }}>
            {s.loadingMore ? <LoadingState label={t('loadingMore')} /> : null}
          </div>
        )
      ) : null}
    </div>
  );
});
