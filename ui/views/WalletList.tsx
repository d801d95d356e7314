import { useObserved } from '../react/useObserved';
import { ListItem } from '../primitives/ListItem';
import { Text } from '../primitives/Text';
import { GridIcon } from '../shell/icons';
import { connectorTag, isWalletConnector, selectWallet, sortConnectors } from './connectWallet';
import type { ViewProps } from './types';
import { useMessagesFor, type Translate } from '../i18n/useMessages';
import { interpolate } from '../i18n/interpolate';
import { messages } from '../shell/messages';

/**
 * Wallets the Connect view lists before "All Wallets" takes over. A page may announce many
 * (spam, a buggy extension); the installed, recent and featured ones come first by the
 * section-2 orders, and the rest are one click away in the (windowed) All Wallets list.
 */
export const CONNECT_VIEW_WALLETS = 6;

/**
 * The Connect view's 'wallet' method: installed and configured wallets in the connector
 * type order (recent first), at most {@link CONNECT_VIEW_WALLETS}, and "All Wallets" unless
 * `features.allWallets` is false. `enableWallets: false` hides it (e-mail and social login
 * only); `features.collapseWallets` (or `emailShowWallets: false`) folds it into one "Continue
 * with a wallet" button when another connect method is shown; `enableWalletGuide` (on by default) adds the "get a
 * wallet" guide.
 * Arrow keys move through the list.
 */
/** A wallet's tag ('Recent', 'Installed') in the kernel's locale. */
function tagText(tag: string | undefined, t: Translate<(typeof messages)['en']>): string | undefined {
  return tag === 'Recent' ? t('recent') : tag === 'Installed' ? t('installed') : tag;
}

export default function WalletList({ kernel }: ViewProps) {
  const registry = useObserved(kernel.connectors);
  const options = useObserved(kernel.options);
  useObserved(kernel.plugins);
  const t = useMessagesFor(kernel, messages);
  const { features, featuredWalletIds, enableWallets, enableWalletGuide } = options;
  if (!enableWallets) return null;
  const allWallets = features.allWallets !== false;
  const others = kernel.plugins.connectMethods().some((m) => m.id !== 'wallet');
  // `emailShowWallets: false` is AppKit's older name for collapseWallets
  if ((features.collapseWallets || features.emailShowWallets === false) && allWallets && others) {
    return (
      <ul className="lk-list" aria-label={t('wallets')}>
        <li>
          <ListItem name={t('continueWithWallet')} onClick={() => kernel.router.push('AllWallets')} />
        </li>
      </ul>
    );
  }
  const sorted = sortConnectors(
    kernel.connectors.grouped().filter((c) => isWalletConnector(c) && c.installed !== false),
    kernel.connectors.connectorTypeOrder(),
    registry.recent,
    featuredWalletIds ?? [],
  );
  const wallets = allWallets ? sorted.slice(0, CONNECT_VIEW_WALLETS) : sorted;
  return (
    <>
      <ul className="lk-list" aria-label={t('wallets')}>
        {wallets.map((c) => (
          <li key={c.id}>
            <ListItem name={c.name} imageSrc={c.imageUrl} tag={tagText(connectorTag(c, registry.recent), t)} onClick={() => selectWallet(kernel, c)} />
          </li>
        ))}
        {allWallets ? (
          <li>
            <ListItem
              name={t('allWallets')}
              icon={<GridIcon />}
              tag={sorted.length > wallets.length ? `${sorted.length - wallets.length}+` : undefined}
              onClick={() => kernel.router.push('AllWallets')}
            />
          </li>
        ) : wallets.length === 0 ? (
          <li>
            <Text variant="muted">{t('noWalletFound')}</Text>
          </li>
        ) : null}
      </ul>
      {enableWalletGuide && allWallets ? (
        <p className="lk-text lk-text-muted lk-center">
          {interpolate(t('newToWallets'), {
            getWallet: (
              <button type="button" className="lk-inline-btn" onClick={() => kernel.router.push('AllWallets')}>
                {t('getWallet')}
              </button>
            ),
          })}
        </p>
      ) : null}
    </>
  );
}
