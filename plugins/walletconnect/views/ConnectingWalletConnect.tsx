/**
 * ConnectingWalletConnect: the pairing link as a QR code and a "Copy link"
 * button, a loading state while the link is generated, an error state with
 * Retry, and a fresh code when the link expires (the session service replaces
 * it 10 s before its 4 minutes are up).
 */
import { Button, LoadingState, Text, errorText, isUserRejection, type ViewProps } from '../../../ui/index';
import { QrCode } from './QrCode';
import { useWalletConnect } from './useWalletConnect';

export const QR_LABEL = 'QR code for WalletConnect';

export function PairingPanel({ kernel, connectorId, basic }: { readonly kernel: ViewProps['kernel']; readonly connectorId: string | undefined; readonly basic?: boolean }) {
  const { state, failed, error, retry, copy } = useWalletConnect(kernel, connectorId);
  const uri = state.wcUri;
  if (failed) {
    const declined = isUserRejection(error);
    return (
      <div className="lk-center lk-stack" data-testid="wc-error">
        <div role="alert" className="lk-stack">
          <Text variant="error" as="h3">
            {declined ? 'Connection declined' : 'Connection failed'}
          </Text>
          <Text variant="small">{declined ? 'The request was declined in the wallet.' : errorText(error)}</Text>
        </div>
        <Button variant="primary" onClick={retry}>
          Retry
        </Button>
      </div>
    );
  }
  return (
    <div className="lk-center lk-stack">
      {uri ? (
        <QrCode value={uri} label={QR_LABEL} />
      ) : (
        <LoadingState label="Generating the WalletConnect link…" />
      )}
      <Text variant="small">
        {basic ? 'Scan with a WalletConnect wallet on your phone.' : 'Scan this QR code with your phone, or copy the link into your wallet.'}
      </Text>
      <Button variant="secondary" onClick={copy} disabled={!uri} aria-label="Copy link">
        Copy link
      </Button>
    </div>
  );
}

export default function ConnectingWalletConnect({ kernel, data }: ViewProps<{ connectorId?: string }>) {
  // No id: the WalletConnect connector on the active namespace (see resolveWalletConnectConnectorId).
  const connectorId = typeof data?.connectorId === 'string' ? data.connectorId : undefined;
  return <PairingPanel kernel={kernel} connectorId={connectorId} />;
}
