import { useEffect, useState } from 'react';
import { Button, LoadingState, Text, WalletImage, defineView, useObserved } from 'latchkey/ui';
import type { NftHolding } from 'latchkey';
import { imageUrl, splitSpam } from '../rules';
import { Portfolio } from '../types';
import { useTargetKey } from './useTarget';

function NftCard({ nft, spam }: { readonly nft: NftHolding; readonly spam?: boolean }) {
  const src = imageUrl(nft.imageUrl);
  return (
    <li data-testid="nft" style={{ listStyle: 'none', minWidth: 0 }}>
      <figure style={{ margin: 0 }}>
        {src ? (
          <img src={src} alt={nft.name} loading="lazy" decoding="async" style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 12, display: 'block' }} />
        ) : (
          <WalletImage name={nft.name} size={96} alt={nft.name} />
        )}
        <figcaption className="lk-text-small" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={nft.name}>
          {nft.name}
          {spam ? (
            <>
              {' '}
              <span className="lk-tag">Spam</span>
            </>
          ) : null}
        </figcaption>
      </figure>
    </li>
  );
}

/** The Account view's NFTs tab: the holdings (image, name); spam-flagged ones hidden unless asked for, then marked. */
export default defineView<'NftsTab'>(function NftsTab({ kernel }) {
  const portfolio = kernel.get<Portfolio>(Portfolio);
  const { status, items, next, loadingMore } = useObserved(portfolio, (s) => s.nfts);
  const key = useTargetKey(kernel);
  const [showSpam, setShowSpam] = useState(false);
  useEffect(() => {
    void portfolio.loadNfts();
  }, [portfolio, key]);

  if (status === 'unsupported') return <Text variant="muted">NFTs are not available on this network.</Text>;
  if (status === 'unavailable') return <Text variant="muted">NFTs are shown when a blockchain API is configured.</Text>;
  if (status === 'loading' || status === 'idle') return <LoadingState label="Loading NFTs…" />;
  if (status === 'error') return <Text variant="muted">NFTs could not be loaded.</Text>;
  const { shown, spam } = splitSpam(items);
  return (
    <div className="lk-stack">
      {shown.length === 0 && !(showSpam && spam.length) ? <Text variant="muted">No NFTs yet.</Text> : null}
      <ul aria-label="NFTs" style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 8, margin: 0, padding: 0 }}>
        {shown.map((n) => (
          <NftCard key={`${n.contract.address}/${n.tokenId}`} nft={n} />
        ))}
        {showSpam ? spam.map((n) => <NftCard key={`${n.contract.address}/${n.tokenId}`} nft={n} spam />) : null}
      </ul>
      {spam.length ? (
        <Button variant="ghost" aria-pressed={showSpam} onClick={() => setShowSpam((v) => !v)}>
          {showSpam ? 'Hide spam' : `Show ${spam.length} hidden as spam`}
        </Button>
      ) : null}
      {next ? (
        <Button variant="secondary" busy={loadingMore} disabled={loadingMore} onClick={() => void portfolio.loadMoreNfts()}>
          Load more
        </Button>
      ) : null}
    </div>
  );
});
