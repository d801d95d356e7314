import { useEffect, useRef, useState } from 'react';
import type { CaipNetwork, Transaction } from 'latchkey';
import { Button, Link, LoadingState, Text, WalletImage, defineView, formatBalance, truncateAddress, useObserved } from 'latchkey/ui';
import { explorerTransactionUrl, imageUrl, isFailed, transactionHash, transactionTitle } from '../rules';
import { Activity } from '../types';

type Transfer = Transaction['transfers'][number];

/** '+25 LKD', '-0.5 ETH', 'Latchkey Dev Keys #3': one transfer as the list shows it (amounts to 3 decimals). */
function transferText(t: Transfer): string {
  const sign = t.direction === 'in' ? '+' : t.direction === 'out' ? '-' : '';
  if (t.nft_info) return `${sign}${t.nft_info.name ?? 'NFT'}`;
  const symbol = t.fungible_info?.symbol ?? '';
  return `${sign}${formatBalance(t.quantity.numeric, 3)}${symbol ? ` ${symbol}` : ''}`;
}

function when(minedAt: string): string {
  const d = new Date(minedAt);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

function Row({ tx, network }: { readonly tx: Transaction; readonly network: CaipNetwork | undefined }) {
  const first = tx.transfers[0];
  const icon = imageUrl(first?.nft_info?.content?.preview?.url ?? first?.fungible_info?.icon?.url);
  const hash = transactionHash(tx);
  const href = hash ? explorerTransactionUrl(network, hash) : undefined;
  const title = transactionTitle(tx);
  const failed = isFailed(tx);
  return (
    <li className="lk-item" data-testid="transaction" data-id={tx.id}>
      <WalletImage src={icon} name={first?.fungible_info?.symbol ?? title} size={32} round={!first?.nft_info} />
      <span className="lk-item-name">
        {title}
        {failed ? (
          <>
            {' '}
            <span className="lk-tag">Failed</span>
          </>
        ) : null}
        <br />
        <span className="lk-text-muted lk-text-small">
          {tx.transfers.map(transferText).join(', ') || (tx.metadata.sentTo ? `To ${truncateAddress(tx.metadata.sentTo)}` : '')}
        </span>
      </span>
      <span className="lk-text-small" style={{ textAlign: 'right' }}>
        {when(tx.metadata.minedAt)}
        {hash ? (
          <>
            <br />
            {href ? (
              <Link href={href} aria-label={`Transaction ${hash} on ${network?.blockExplorers?.default.name ?? 'the explorer'}`}>
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

  if (s.status === 'unsupported') return <Text variant="muted">Activity is available on EVM networks.</Text>;
  if (s.status === 'unavailable') return <Text variant="muted">Activity is shown when a blockchain API is configured.</Text>;
  if (s.status === 'loading' || s.status === 'idle') return <LoadingState label="Loading activity…" />;
  if (s.status === 'error') {
    return (
      <div className="lk-stack" data-empty="true">
        <Text variant="muted">No activity to show.</Text>
        {s.error ? <Text variant="error">{s.error.message}</Text> : null}
        <Button variant="secondary" onClick={() => void activity.load({ force: true })}>
          Try again
        </Button>
      </div>
    );
  }
  if (s.empty) return <Text variant="muted" data-empty="true">No activity yet.</Text>;
  return (
    <div className="lk-stack">
      <ul className="lk-list" aria-label="Transactions" aria-busy={s.loadingMore || undefined}>
        {s.items.map((tx) => (
          <Row key={tx.id} tx={tx} network={network} />
        ))}
      </ul>
      {s.next ? (
        inView === undefined ? (
          <Button variant="secondary" busy={s.loadingMore} disabled={s.loadingMore} onClick={() => loadMore.current()}>
            Load more
          </Button>
        ) : (
          <div ref={setSentinel} data-testid="activity-more" style={{ minHeight: 1 }}>
            {s.loadingMore ? <LoadingState label="Loading more…" /> : null}
          </div>
        )
      ) : null}
    </div>
  );
});
