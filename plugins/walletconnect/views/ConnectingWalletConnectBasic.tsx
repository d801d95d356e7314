/**
 * ConnectingWalletConnectBasic: the desktop view when no chain adapter is
 * registered (docs/modal.md#opening-rules) — the pairing QR code and link on their own. The
 * session's namespaces connect through the plugin's universal adapters.
 */
import type { ViewProps } from 'latchkey/ui';
import { PairingPanel } from './ConnectingWalletConnect';

export default function ConnectingWalletConnectBasic({ kernel, data }: ViewProps<{ connectorId?: string }>) {
  // Opened by the kernel's basic-mode rule with no data: the pairing connects through the universal adapter.
  const connectorId = typeof data?.connectorId === 'string' ? data.connectorId : undefined;
  return <PairingPanel kernel={kernel} connectorId={connectorId} basic />;
}
