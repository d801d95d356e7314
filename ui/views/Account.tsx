import { Button, Link, ListItem, PluginView, Tabs, Text, formatBalance, truncateAddress, useObserved } from '../index';
import type { AccountTab, WalletFeature } from '../../kernel/index';

import { pickNamespace } from '../react/select';

import { disconnectAndClose, networkImage } from './switchNetwork';
import type { ViewProps } from './types';

const ALL_TABS: readonly AccountTab[] = ['Tokens', 'NFTs', 'Activity'];
const DEFAULT_FEATURE_ORDER: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send'];

/** Wallet feature buttons: label and the (plugin) view each opens. */
export const WALLET_FEATURES: Readonly<Record<WalletFeature, { readonly label: string; readonly view: string }>> = {
  onramp: { label: 'Buy', view: 'OnRampProviders' },
  swaps: { label: 'Swap', view: 'Swap' },
  receive: { label: 'Receive', view: 'WalletReceive' },
  send: { label: 'Send', view: 'WalletSend' },
};

/** Tab panels are plugin views named 'Account' + tab: AccountTokens, AccountNFTs, AccountActivity. */
export const accountTabView = (tab: AccountTab): string => `Account${tab}`;

function hue(address: string): string {
  let h = 0;
  for (let i = 0; i < address.length; i++) h = (h * 31 + address.charCodeAt(i)) % 360;
  return `${h}deg`;
}

/**
 * The connected account: avatar, name or address (4 + 6), balance (3 decimals),
 * copy, network, Disconnect. Wallet features and the Tokens/NFTs/Activity tabs
 * appear only when a plugin contributes them (wallet features also need their
 * options.features flag on, and follow walletFeaturesOrder).
 */
export default function Account({ kernel }: ViewProps) {
  const accounts = useObserved(kernel.account, (s) => s.namespaces);
  const net = useObserved(kernel.network);
  const features = useObserved(kernel.options, (s) => s.features);
  useObserved(kernel.plugins);
  const ns = pickNamespace(accounts, net.activeNamespace);
  const account = accounts[ns];
  const address = account?.address ?? '';
  const network = net.activeNetwork;

  const contributedFeatures = kernel.plugins.features();
  const walletFeatures = (features?.walletFeaturesOrder ?? DEFAULT_FEATURE_ORDER).filter(
    (f) => contributedFeatures.includes(f) && (features as Record<string, unknown> | undefined)?.[f] === true,
  );
  const contributedTabs = kernel.plugins.accountTabs();
  const tabs = ALL_TABS.filter((t) => contributedTabs.includes(t));

  const copy = () => {
    const clip = (globalThis as { navigator?: Navigator }).navigator?.clipboard;
    if (!clip) return kernel.snackbar.error('Failed to copy');
    clip.writeText(address).then(
      () => kernel.snackbar.success('Address copied'),
      () => kernel.snackbar.error('Failed to copy'),
    );
  };
  const disconnect = () => disconnectAndClose(kernel, ns);

  return (
    <div className="lk-stack">
      <div className="lk-center lk-stack" style={{ minHeight: 0 }}>
        {account?.profileImage ? (
          <img className="lk-avatar" src={account.profileImage} alt="" />
        ) : (
          <span className="lk-avatar" aria-hidden="true" style={{ ['--lk-h' as string]: hue(address) }} />
        )}
        <Text variant="title" as="h3" title={address}>
          {account?.profileName || truncateAddress(address)}
        </Text>
        {account?.balance !== undefined ? (
          <Text variant="muted">{`${formatBalance(account.balance, 3)}${account.balanceSymbol ? ` ${account.balanceSymbol}` : ''}`}</Text>
        ) : null}
        <div className="lk-row">
          <Button variant="secondary" onClick={copy} aria-label="Copy address">
            Copy
          </Button>
          {account?.addressExplorerUrl ? (
            <Link className="lk-btn lk-btn-secondary" href={account.addressExplorerUrl}>
              Block Explorer
            </Link>
          ) : null}
        </div>
      </div>
      {network ? (
        <ListItem
          name={network.name}
          label={`Network: ${network.name}`}
          imageSrc={networkImage(kernel, network)}
          round
          onClick={() => kernel.router.push('Networks')}
        />
      ) : null}
      {walletFeatures.length ? (
        <div className="lk-row" role="group" aria-label="Wallet features">
          {walletFeatures.map((f) => (
            <Button key={f} variant="secondary" onClick={() => kernel.router.push(WALLET_FEATURES[f].view)}>
              {WALLET_FEATURES[f].label}
            </Button>
          ))}
        </div>
      ) : null}
      {tabs.length ? (
        <Tabs label="Account" tabs={tabs} selected={account?.currentTab ?? 0} onSelect={(i) => kernel.account.setCurrentTab(ns, i)}>
          <PluginView kernel={kernel} view={accountTabView(tabs[Math.min(Math.max(account?.currentTab ?? 0, 0), tabs.length - 1)]!)} />
        </Tabs>
      ) : null}
      <Button variant="secondary" className="lk-wide" onClick={() => void disconnect()}>
        Disconnect
      </Button>
    </div>
  );
}
