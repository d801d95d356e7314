import { useEffect, useState } from 'react';
import { Button, LoadingState, Text, WalletImage, defineView, sanitizeUrl, useMessages, useObserved } from 'latchkey/ui';
import type { NftHolding } from 'latchkey';
import { imageUrl, splitSpam } from '../rules';
import { Portfolio } from '../types';
import { useTargetKey } from './useTarget';
import { messages } from '../messages';

function NftCard({ nft, spam }: { readonly nft: NftHolding; readonly spam?: string }) {
  // absolute http(s) or a data: image (imageUrl), then the UI's one gate for an <img src> (sanitizeUrl)
  const src = sanitizeUrl(imageUrl(nft.imageUrl), 'image');
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
              <span className="lk-tag">{spam}</span>
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
  const t = useMessages(messages);
  const { status, items, next, loadingMore } = useObserved(portfolio, (s) => s.nfts);
  const key = useTargetKey(kernel);
  const [showSpam, setShowSpam] = useState(false);
  useEffect(() => {
    void portfolio.loadNfts();
  }, [portfolio, key]);

  if (status === 'unsupported') return <Text variant="muted">{t('nftsUnsupported')}</Text>;
  if (status === 'unavailable') return <Text variant="muted">{t('nftsUnavailable')}</Text>;
  if (status === 'loading' || status === 'idle') return <LoadingState label={t('loadingNfts')} />;
  if (status === 'error') return <Text variant="muted">{t('nftsError')}</Text>;
  const { shown, spam } = splitSpam(items);
  return (
    <div className="lk-stack">
      {shown.length === 0 && !(showSpam && spam.length) ? <Text variant="muted">{t('noNfts')}</Text> : null}
      <ul aria-label={t('nfts')} style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 8, margin: 0, padding: 0 }}>
        {shown.map((n) => (
          <NftCard key={`${n.contract.address}/${n.tokenId}`} nft={n} />
        ))}
        {showSpam ? spam.map((n) => <NftCard key={`${n.contract.address}/${n.tokenId}`} nft={n} spam={t('spam')} />) : null}
      </ul>
      {spam.length ? (
        <Button variant="ghost" aria-pressed={showSpam} onClick={() => setShowSpam((v) => !v)}>
          {showSpam ? t('hideSpam') : t('showSpam', { count: spam.length })}
        </Button>
      ) : null}
      {next ? (
        <Button variant="secondary" busy={loadingMore} disabled={loadingMore} onClick={() => void portfolio.loadMoreNfts()}>
          {t('loadMore')}
        </Button>
      ) : null}
    </div>
  );
});
