/**
 * The provider list (the Account view's "Buy"): one button per provider, named by the
 * provider ("Coinbase", "Meld", a host's "Local on-ramp"), with its mark (the host's icon, a bundled
 * mark, or the name's monogram: `latchkey/ui/icons`) and its fee range. A click opens
 * the checkout in a new window (no opener, no referrer) and shows the purchase's progress.
 */
import { useEffect } from 'react';
import { ListItem, LoadingState, Text, defineView, sanitizeUrl, useMessages, useObserved } from 'latchkey/ui';
import { Icon, onrampMark } from 'latchkey/ui/icons';
import { feeText } from '../providers';
import { Onramp } from '../types';
import { messages } from '../messages';

export default defineView<'OnRampProviders'>(function OnRampProviders({ kernel, data }) {
  const onramp = kernel.get<Onramp>(Onramp);
  const t = useMessages(messages);
  const s = useObserved(onramp);
  const network = useObserved(kernel.network, (n) => n.activeNetwork?.caipNetworkId);
  const address = useObserved(kernel.account, (a) => {
    const ns = kernel.network.state.activeNamespace;
    return ns ? a.namespaces[ns]?.address : undefined;
  });

  useEffect(() => {
    void onramp.prepare(data ?? {});
  }, [onramp, network, address, data?.asset, data?.amount]);

  if (s.status === 'idle') return <LoadingState label={t('loadingProviders')} />;
  if (s.status === 'unsupported' || s.status === 'disconnected') return <Text variant="muted">{t(s.status)}</Text>;
  if (s.providers.length === 0) return <Text variant="muted">{t('none')}</Text>;

  return (
    <div className="lk-stack" role="group" aria-label={t('buy', { asset: s.asset ?? '' }).trim()}>
      {s.providers.map((p) => {
        const fee = feeText(p.feeRange);
        const detail = p.status === 'unavailable' ? p.reason : p.status === 'loading' ? t('preparing') : fee ? t('fee', { fee }) : undefined;
        return (
          <ListItem
            key={p.id}
            name={p.name}
            // every visible word in the name (WCAG 2.5.3): "Meld Fee 1–2 %"
            label={detail ? `${p.name} ${detail}` : undefined}
            imageSrc={onrampMark(p.id, p.name, p.iconUrl)}
            round
            disabled={p.status !== 'ready'}
            onClick={() => {
              // The checkout page, through the URL gate (http(s) only).
              const url = sanitizeUrl(p.url, 'link');
              if (!url) return;
              // Synchronously in the click, so the browser lets the window open.
              window.open(url, '_blank', 'noopener,noreferrer');
              void onramp.watch(p.id);
              kernel.router.push('BuyInProgress', { provider: p.id });
            }}
          >
            {/* a space before the detail: the visible text reads "Meld Fee 1–2 %", as the name does (axe: label-content-name-mismatch) */}
            {detail ? (
              <>
                {' '}
                <span className="lk-text-muted">{detail}</span>
              </>
            ) : null}
            {p.status === 'ready' ? <Icon name="external" size={18} /> : null}
          </ListItem>
        );
      })}
    </div>
  );
});
