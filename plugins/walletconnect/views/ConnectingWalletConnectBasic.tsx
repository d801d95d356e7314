/**
 * ConnectingWalletConnectBasic: the desktop view when no chain adapter is
 * registered (spec section 2) — the pairing QR code and link on their own.
 */
import type { ViewProps } from '../../../ui/index';
import { PairingPanel } from './ConnectingWalletConnect';

export default function ConnectingWalletConnectBasic({ kernel, data }: ViewProps<{ connectorId?: string }>) {
  const connectorId = typeof data?.connectorId === 'string' ? data.connectorId : 'walletConnect';
  return <PairingPanel kernel={kernel} connectorId={connectorId} basic />;
}
