import { Button, ListItem, Text, useObserved, useSnackbarScope } from '../index';
import { useState } from 'react';

import { networkImage, switchTo } from './switchNetwork';
import type { ViewProps } from './types';
import { messages } from './messages';
import { useMessagesFor } from '../i18n/useMessages';

/**
 * Every configured network, each with its image (a bundled mark for well-known chains);
 * the active one has aria-current and a check mark; arrow keys move through the list. Choosing one
 * switches (through the wallet when connected); on success the modal goes
 * back (or closes when this was its first view) unless the user already left
 * the list; on failure the snackbar says why. While the wallet is asked (the
 * kernel's `pendingSwitch`), 'Continue in {wallet}' shows with a Cancel button. A network the
 * connected wallet has not approved (a WalletConnect session's chains: `supportsAllNetworks` false)
 * is marked 'Needs wallet approval'; choosing it asks the wallet, which may add it.
 */
export default function Networks({ kernel }: ViewProps) {
  const state = useObserved(kernel.network);
  const scope = useSnackbarScope(kernel);
  const t = useMessagesFor(kernel, messages);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const networks = kernel.network.networks();
  const pending = state.pendingSwitch;
  const unapproved = (n: (typeof networks)[number]) => {
    const entry = state.namespaces[n.chainNamespace];
    return !entry.supportsAllNetworks && !entry.approvedCaipNetworkIds.includes(n.caipNetworkId);
  };
  const onSelect = async (caip: string) => {
    const n = networks.find((x) => x.caipNetworkId === caip);
    if (!n || busy) return;
    if (n.caipNetworkId === state.activeNetwork?.caipNetworkId) return;
    setBusy(caip);
    const ok = await switchTo(kernel, n, scope);
    setBusy(undefined);
    // Done only if the list is still shown: the user may have gone Back or closed the modal meanwhile.
    if (!ok || kernel.router.state.view !== 'Networks') return;
    if (kernel.router.state.history.length > 1) kernel.router.goBack();
    else kernel.modal.close();
  };
  return (
    <div className="lk-stack">
      <ul className="lk-list" aria-label={t('networks')} aria-busy={busy ? true : undefined}>
        {networks.map((n) => (
          <li key={n.caipNetworkId}>
            <ListItem
              name={n.name}
              imageSrc={networkImage(kernel, n)}
              round
              current={n.caipNetworkId === state.activeNetwork?.caipNetworkId}
              tag={busy === n.caipNetworkId ? t('switching') : unapproved(n) ? t('needsApproval') : n.testnet ? t('testnet') : undefined}
              disabled={busy !== undefined}
              onClick={() => void onSelect(n.caipNetworkId)}
            />
          </li>
        ))}
      </ul>
      {pending ? (
        <div className="lk-stack" data-testid="network-switch-pending">
          <Text variant="small" role="status">
            {t('approveSwitchIn', { wallet: pending.walletName, network: pending.network.name })}
          </Text>
          <Button variant="secondary" onClick={() => kernel.network.cancelSwitch()}>
            {t('cancel')}
          </Button>
        </div>
      ) : busy ? (
        <Text variant="small" role="status">
          {t('approveSwitch')}
        </Text>
      ) : null}
    </div>
  );
}
