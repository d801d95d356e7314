import { Button, Text, WalletImage, copyText, defineView, truncateAddress, useMessages, useObserved } from 'latchkey/ui';
import { QrCode } from 'latchkey/ui/qr';
import { messages } from '../messages';

/**
 * Receive: the connected address (in full, and as a QR code that decodes to exactly it),
 * "Copy address", and the networks it is valid on: those of the connected namespace.
 */
export default defineView<'Receive'>(function Receive({ kernel }) {
  const ns = useObserved(kernel.network, (s) => s.activeNamespace);
  const networks = useObserved(kernel.network, (s) => (ns ? s.namespaces[ns].requestedCaipNetworks : []));
  const address = useObserved(kernel.account, (s) => (ns ? s.namespaces[ns].address : undefined));
  const images = kernel.options.state.chainImages;
  const t = useMessages(messages);

  if (!address) return <Text variant="muted">{t('connectToReceive')}</Text>;
  const copy = () => void copyText(kernel.snackbar, address, { copied: t('addressCopied'), failed: t('failedToCopy') });
  return (
    <div className="lk-stack">
      <QrCode value={address} label={t('qrLabel', { address: truncateAddress(address) })} size={200} testId="receive-qr" />
      <Text className="lk-center" data-testid="receive-address" style={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
        {address}
      </Text>
      <Button variant="primary" className="lk-wide" onClick={copy}>
        {t('copyAddress')}
      </Button>
      <Text variant="small">{t('sendOnly')}</Text>
      <ul className="lk-list" aria-label={t('networksForAddress')}>
        {networks.map((n) => (
          <li key={n.caipNetworkId} className="lk-item">
            <WalletImage src={n.assets?.imageUrl ?? images?.[n.id]} name={n.name} size={24} round />
            <span className="lk-item-name">{n.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
});
