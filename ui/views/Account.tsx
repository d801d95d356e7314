import { Button, Link, ListItem, Tabs, Text, ViewSlot, WalletImage, copyText, formatBalance, sanitizeUrl, truncateAddress, useObserved, useSnackbarScope } from '../index';
import type { AccountState, CaipNetwork } from '../../kernel/index';

import { pickNamespace } from '../react/select';
import { accountTabSlot, walletFeatureSlot } from './slots';

import { disconnectAndClose, networkImage } from './switchNetwork';
import type { ViewProps } from './types';
import { messages } from './messages';
import { useMessagesFor } from '../i18n/useMessages';
import { useLabels } from '../i18n/labels';
import { Icon, tabIcon } from '../icons/set';
import { FeatureBar } from './account/FeatureBar';

function hue(address: string): string {
  let h = 0;
  for (let i = 0; i < address.length; i++) h = (h * 31 + address.charCodeAt(i)) % 360;
  return `${h}deg`;
}

/**
 * The account's page on the network's block explorer: the account's own
 * `addressExplorerUrl`, else `{blockExplorers.default.url}/address/{address}`.
 * Only http(s) URLs become links (the Link primitive's gate).
 */
export function explorerUrl(account: AccountState | undefined, network: CaipNetwork | undefined): string | undefined {
  if (account?.addressExplorerUrl) return account.addressExplorerUrl;
  const base = network?.blockExplorers?.default?.url;
  if (!base || !account?.address) return undefined;
  return `${base.replace(/\/+$/, '')}/address/${encodeURIComponent(account.address)}`;
}

/**
 * The connected account, as RainbowKit and AppKit users know it: avatar, name or address
 * (4 + 6) with icon buttons to copy it and open the block explorer, the balance (3 decimals),
 * the wallet it is connected with, the network, then the wallet features as one even row of
 * icon-and-label buttons (./account/FeatureBar.tsx) and the tabs (Tokens, NFTs, Activity, …)
 * that plugins contribute, in the orders of docs/modal.md#account-view unless a feature flag
 * turns one off. Disconnect is an icon button in the profile's corner, named "Disconnect".
 */
export default function Account({ kernel }: ViewProps) {
  const accounts = useObserved(kernel.account, (s) => s.namespaces);
  const net = useObserved(kernel.network);
  useObserved(kernel.options);
  useObserved(kernel.plugins);
  const ns = pickNamespace(accounts, net.activeNamespace);
  const account = accounts[ns];
  const address = account?.address ?? '';
  const network = net.activeNetwork;

  const walletFeatures = walletFeatureSlot(kernel);
  const tabs = accountTabSlot(kernel);
  const tabIndex = Math.min(Math.max(account?.currentTab ?? 0, 0), Math.max(tabs.length - 1, 0));

  const label = useLabels(kernel);
  const scope = useSnackbarScope(kernel);
  const t = useMessagesFor(kernel, messages);
  const copy = () => void copyText(kernel.snackbar, address, { copied: t('addressCopied'), failed: t('failedToCopy') }, { scope });
  const disconnect = () => disconnectAndClose(kernel, ns, scope);
  const connector = account?.connectorId ? kernel.connectors.get(account.connectorId) : undefined;
  const wallet = account?.connectedWalletInfo ?? (connector ? { name: connector.name, icon: connector.imageUrl } : undefined);
  const explorer = explorerUrl(account, network);
  const avatar = sanitizeUrl(account?.profileImage, 'image');

  return (
    <div className="lk-stack">
      <div className="lk-profile">
        {avatar ? (
          <img className="lk-avatar" src={avatar} alt="" />
        ) : (
          <span className="lk-avatar" aria-hidden="true" style={{ ['--lk-h' as string]: hue(address) }} />
        )}
        <div className="lk-addr">
          <Text variant="title" as="h3" title={address}>
            {account?.profileName || truncateAddress(address)}
          </Text>
          <Button variant="icon" onClick={copy} aria-label={t('copyAddress')} title={t('copyAddress')}>
            <Icon name="copy" size={18} />
          </Button>
          {explorer ? (
            <Link className="lk-btn lk-btn-icon" href={explorer} aria-label={t('blockExplorer')} title={t('blockExplorer')}>
              <Icon name="external" size={18} />
            </Link>
          ) : null}
        </div>
        {account?.profileName ? <Text variant="muted">{truncateAddress(address)}</Text> : null}
        {account?.balance !== undefined ? (
          <Text variant="muted" className="lk-balance">{`${formatBalance(account.balance, 3)}${account.balanceSymbol ? ` ${account.balanceSymbol}` : ''}`}</Text>
        ) : null}
        {wallet ? (
          <p className="lk-chip" data-testid="connected-wallet">
            <WalletImage src={wallet.icon} name={wallet.name} size={16} round />
            <span>{t('connectedWith', { name: wallet.name })}</span>
          </p>
        ) : null}
        <Button variant="icon" className="lk-corner" onClick={() => void disconnect()} aria-label={t('disconnect')} title={t('disconnect')}>
          <Icon name="disconnect" size={18} />
        </Button>
      </div>
      {network ? (
        <ListItem
          name={network.name}
          label={t('networkLabel', { name: network.name })}
          imageSrc={networkImage(kernel, network)}
          round
          onClick={() => kernel.router.push('Networks')}
        >
          <Icon name="chevronRight" size={18} />
        </ListItem>
      ) : null}
      {walletFeatures.length ? (
        <FeatureBar
          features={walletFeatures}
          label={t('walletFeatures')}
          moreLabel={t('more')}
          text={(f) => label(f.plugin, f.label)}
          onOpen={(f) => kernel.router.push(f.view)}
        />
      ) : null}
      {tabs.length ? (
        <Tabs
          label={t('account')}
          tabs={tabs.map((c) => label(c.plugin, c.label))}
          icons={tabs.map((c) => {
            const name = tabIcon(c.id);
            return name ? <Icon name={name} size={16} /> : undefined;
          })}
          selected={tabIndex}
          onSelect={(i) => kernel.account.setCurrentTab(ns, i)}
        >
          <ViewSlot kernel={kernel} view={tabs[tabIndex]!.view} />
        </Tabs>
      ) : null}
    </div>
  );
}
