/**
 * ConnectingWalletConnect: the pairing link as a QR code and a "Copy link"
 * button, a loading state while the link is generated, an error state with
 * Retry, and a fresh code when the link expires (the session service replaces
 * it 10 s before its 4 minutes are up).
 */
import { Button, LoadingState, Text, errorText, isUserRejection, useMessages, type ViewProps } from 'latchkey/ui';
import { QrCode } from 'latchkey/ui/qr';
import { useWalletConnect } from './useWalletConnect';
import { deepLink, hasDeepLink, type WalletLinks } from '../deepLink';
import { messages } from '../messages';

/** The QR code's accessible name in English. */
export const QR_LABEL = messages.en.qrLabel;

/** A wallet chosen in the list (e.g. AllWallets on a phone): its app opens with the pairing link. */
export interface PairingWallet extends WalletLinks {
  readonly name: string;
}

/**
 * "Open {wallet}": a real link whose href holds the pairing URI. It is only
 * enabled once the URI exists, so the tap itself navigates (inside the user
 * gesture, which iOS requires) instead of waiting for the URI after the tap.
 */
function OpenWalletLink({ wallet, uri }: { readonly wallet: PairingWallet; readonly uri: string | undefined }) {
  const t = useMessages(messages);
  const href = uri ? deepLink(wallet, uri) : undefined;
  if (!href) {
    return (
      <Button variant="primary" disabled aria-label={t('openWallet', { wallet: wallet.name })}>
        {t('openWallet', { wallet: wallet.name })}
      </Button>
    );
  }
  return (
    <a className="lk-btn lk-btn-primary" href={href} rel="noopener noreferrer" data-testid="wc-open-wallet">
      {t('openWallet', { wallet: wallet.name })}
    </a>
  );
}

export function PairingPanel({
  kernel,
  connectorId,
  basic,
  wallet,
}: {
  readonly kernel: ViewProps['kernel'];
  readonly connectorId: string | undefined;
  readonly basic?: boolean;
  readonly wallet?: PairingWallet | undefined;
}) {
  const { state, failed, error, retry, copy } = useWalletConnect(kernel, connectorId);
  const t = useMessages(messages);
  const uri = state.wcUri;
  if (failed) {
    const declined = isUserRejection(error);
    return (
      <div className="lk-center lk-stack" data-testid="wc-error">
        <div role="alert" className="lk-stack">
          <Text variant="error" as="h3">
            {declined ? t('declined') : t('failed')}
          </Text>
          <Text variant="small">{declined ? t('declinedDetail') : errorText(error)}</Text>
        </div>
        <Button variant="primary" onClick={retry}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  // A wallet whose links the URL gate refuses (javascript:, data:, …) gets no "Open" link at all.
  const canDeepLink = wallet !== undefined && hasDeepLink(wallet);
  return (
    <div className="lk-center lk-stack">
      {canDeepLink ? <OpenWalletLink wallet={wallet} uri={uri} /> : null}
      {uri ? (
        <QrCode value={uri} label={t('qrLabel')} />
      ) : (
        <LoadingState label={t('generating')} />
      )}
      <Text variant="small">
        {basic ? t('scanBasic') : t('scan')}
      </Text>
      <Button variant="secondary" onClick={copy} disabled={!uri} aria-label={t('copyLink')}>
        {t('copyLink')}
      </Button>
    </div>
  );
}

function isPairingWallet(value: unknown): value is PairingWallet {
  const w = value as Partial<PairingWallet> | undefined;
  return (
    typeof w === 'object' &&
    w !== null &&
    typeof w.name === 'string' &&
    (typeof w.mobileLink === 'string' || typeof w.universalLink === 'string' || (w.mobileLink === undefined && w.universalLink === undefined))
  );
}

export default function ConnectingWalletConnect({ kernel, data }: ViewProps<{ connectorId?: string; wallet?: unknown }>) {
  // No id: the WalletConnect connector on the active namespace (see resolveWalletConnectConnectorId).
  const connectorId = typeof data?.connectorId === 'string' ? data.connectorId : undefined;
  const wallet = isPairingWallet(data?.wallet) ? data.wallet : undefined;
  return <PairingPanel kernel={kernel} connectorId={connectorId} wallet={wallet} />;
}
