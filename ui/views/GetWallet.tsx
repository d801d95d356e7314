/** "Get a wallet": where a wallet the visitor does not have can be had (its stores and site). */
import { useEffect, useId, useRef } from 'react';
import { Button, Link, Text, WalletImage, type Translate } from '../index';
import type { DirectoryWallet, WalletListEntry } from '../../kernel/directory/index';
import { sanitizeUrl } from '../url';
import { messages } from './messages';

/** Links where a wallet can be had, best first, without duplicates; only http(s) ones ({@link sanitizeUrl}). */
export function getLinks(entry: Pick<WalletListEntry, 'installUrl' | 'wallet'>): { label: string; href: string }[] {
  const w: Partial<DirectoryWallet> = entry.wallet ?? {};
  const candidates: [string, string | undefined][] = [
    ['Install', entry.installUrl],
    ['Chrome Web Store', w.chromeStore],
    ['App Store', w.appStore],
    ['Google Play', w.playStore],
    ['Open web app', w.webappLink],
    ['Website', w.homepage],
  ];
  const out: { label: string; href: string }[] = [];
  for (const [label, href] of candidates) {
    const safe = sanitizeUrl(href, 'link');
    if (safe && !out.some((l) => l.href === safe)) out.push({ label, href: safe });
  }
  return out;
}

/** The visible label of a getLinks() link: the store names as they are, the others in the kernel's locale. */
function linkLabel(label: string, t: Translate<(typeof messages)['en']>): string {
  return label === 'Install' ? t('install') : label === 'Open web app' ? t('openWebApp') : label === 'Website' ? t('website') : label;
}

export function GetWallet({
  entry,
  canWalletConnect,
  onClose,
  onWalletConnect,
  t,
}: {
  entry: WalletListEntry;
  canWalletConnect: boolean;
  t: Translate<(typeof messages)['en']>;
  onClose: () => void;
  onWalletConnect: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const links = getLinks(entry);
  return (
    <section
      className="lk-stack"
      role="region"
      aria-labelledby={headingId}
      onKeyDown={(e) => {
        // Escape leaves the panel first (back to the list); a second Escape reaches the dialog.
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
    >
      <div className="lk-item lk-item-plain">
        <WalletImage src={entry.imageUrl} name={entry.name} />
        <h3 id={headingId} ref={heading} tabIndex={-1} className="lk-item-name lk-get-title">
          {t('getName', { name: entry.name })}
        </h3>
      </div>
      <Text variant="muted">{t('notInstalled', { name: entry.name })}</Text>
      {links.length ? (
        <ul className="lk-list" role="list" aria-label={t('whereToGet', { name: entry.name })}>
          {links.map((l) => (
            <li key={l.href}>
              <Link className="lk-item" href={l.href}>
                <span className="lk-item-name">{linkLabel(l.label, t)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <Text variant="muted">{t('noDownloadLink')}</Text>
      )}
      {canWalletConnect && entry.wallet ? (
        <Button variant="primary" onClick={onWalletConnect}>
          {t('connectWithWalletConnect')}
        </Button>
      ) : null}
      <Button variant="ghost" onClick={onClose}>
        {t('backToAllWallets')}
      </Button>
    </section>
  );
}
