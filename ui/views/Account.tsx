import { Button, Link, ListItem, Tabs, Text, ViewSlot, WalletImage, copyText, formatBalance, sanitizeUrl, truncateAddress, useObserved, useSnackbarScope } from '../index';
import type { AccountState, CaipNetwork } from '../../kernel/index';

import { pickNamespace } from '../react/select';
import { accountTabSlot, walletFeatureSlot } from './slots';

import { disconnectAndClose, networkImage } from './switchNetwork';
import type { ViewProps } from './types';
import { messages } from './messages';
import { useMessagesFor } from '../i18n/useMessages';
import { useLabels } from '../i18n/labels';

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
 * The connected account: avatar, name or address (4 + 6), balance (3 decimals),
 * the wallet it is connected with (name and icon), copy, the block explorer, network, Disconnect. The wallet-feature buttons and the tabs (Tokens, NFTs,
 * Activity, …) are what plugins contribute, in the orders of docs/modal.md#account-view, unless a feature
 * flag turns one off.
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

  return (
    <div className="lk-stack">
      <div className="lk-center lk-top lk-stack">
        {sanitizeUrl(account?.profileImage, 'image') ? (
          <img className="lk-avatar" src={sanitizeUrl(account?.profileImage, 'image')} alt="" />
        ) : (
          <span className="lk-avatar" aria-hidden="true" style={{ ['--lk-h' as string]: hue(address) }} />
        )}
        <Text variant="title" as="h3" title={address}>
          {account?.profileName || truncateAddress(address)}
        </Text>
        {account?.balance !== undefined ? (
          <Text variant="muted">{`${formatBalance(account.balance, 3)}${account.balanceSymbol ? ` ${account.balanceSymbol}` : ''}`}</Text>
        ) : null}
        {wallet ? (
          <p className="lk-chip" data-testid="connected-wallet">
            <WalletImage src={wallet.icon} name={wallet.name} size={16} round />
            <span>{t('connectedWith', { name: wallet.name })}</span>
          </p>
        ) : null}
        <div className="lk-row">
          <Button variant="secondary" onClick={copy} aria-label={t('copyAddress')}>
            {t('copy')}
          </Button>
          {explorer ? (
            <Link className="lk-btn lk-btn-secondary" href={explorer}>
              {t('blockExplorer')}
            </Link>
          ) : null}
        </div>
      </div>
      {network ? (
        <ListItem
          name={network.name}
          label={t('networkLabel', { name: network.name })}
          imageSrc={networkImage(kernel, network)}
          round
          onClick={() => kernel.router.push('Networks')}
        />
      ) : null}
      {walletFeatures.length ? (
        <div className="lk-row" role="group" aria-label={t('walletFeatures')}>
          {walletFeatures.map((f) => (
            <Button key={`${f.plugin}/${f.id}`} variant="secondary" onClick={() => kernel.router.push(f.view)}>
              {sanitizeUrl(f.icon, 'image') ? <img className="lk-btn-icon-img" src={sanitizeUrl(f.icon, 'image')} alt="" /> : null}
              {label(f.plugin, f.label)}
            </Button>
          ))}
        </div>
      ) : null}
      {tabs.length ? (
        <Tabs label={t('account')} tabs={tabs.map((c) => label(c.plugin, c.label))} selected={tabIndex} onSelect={(i) => kernel.account.setCurrentTab(ns, i)}>
          <ViewSlot kernel={kernel} view={tabs[tabIndex]!.view} />
        </Tabs>
      ) : null}
      <Button variant="secondary" className="lk-wide" onClick={() => void disconnect()}>
        {t('disconnect')}
      </Button>
    </div>
  );
}
