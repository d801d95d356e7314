import { Button, ListItem, Text, useObserved, useSnackbarScope } from '../index';
import { useState } from 'react';

import { disconnectAndClose, networkImage, switchTo } from './switchNetwork';
import type { ViewProps } from './types';
import { messages } from './messages';
import { useMessagesFor } from '../i18n/useMessages';

/**
 * The wallet is on a network this app does not support: explains it and lists
 * the supported networks of that namespace to switch to; also offers Disconnect.
 * A successful switch closes the modal.
 */
export default function UnsupportedChain({ kernel }: ViewProps) {
  const state = useObserved(kernel.network);
  const scope = useSnackbarScope(kernel);
  const t = useMessagesFor(kernel, messages);
  const [busy, setBusy] = useState(false);
  const ns = state.activeNamespace;
  const networks = kernel.network.networks().filter((n) => !ns || n.chainNamespace === ns);
  const onSelect = async (caip: string) => {
    const n = networks.find((x) => x.caipNetworkId === caip);
    if (!n || busy) return;
    setBusy(true);
    const ok = await switchTo(kernel, n, scope);
    setBusy(false);
    if (ok) kernel.modal.close();
  };
  const disconnect = () => disconnectAndClose(kernel, ns, scope);
  return (
    <div className="lk-stack">
      <Text>{t('unsupported')}</Text>
      <ul className="lk-list" aria-label={t('supportedNetworks')}>
        {networks.map((n) => (
          <li key={n.caipNetworkId}>
            <ListItem name={n.name} imageSrc={networkImage(kernel, n)} round disabled={busy} onClick={() => void onSelect(n.caipNetworkId)} />
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="lk-wide" onClick={() => void disconnect()}>
        {t('disconnect')}
      </Button>
    </div>
  );
}
