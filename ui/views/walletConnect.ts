/**
 * WalletConnect for a wallet the browser does not have (AllWallets): kept apart from
 * ./connectWallet.ts so that it loads with AllWallets, not in the entry chunk.
 */
import type { Connector } from '../../kernel/index';
import type { DirectoryWallet } from '../../kernel/directory/index';
import type { UiKernel } from '../kernel';

/** The registered WalletConnect connector, if any. */
export function walletConnectConnector(kernel: UiKernel): Connector | undefined {
  return kernel.connectors.state.connectors.find((c) => c.type === 'WALLET_CONNECT');
}

/**
 * Connects a wallet the browser does not have over WalletConnect: opens the view the
 * WALLET_CONNECT connector type contributes, with `{ connectorId, wallet }` (the wallet's
 * deep links). False when there is no WalletConnect connector or view.
 */
export function connectWithWalletConnect(kernel: UiKernel, wallet: DirectoryWallet): boolean {
  const wc = walletConnectConnector(kernel);
  const view = kernel.plugins.connectorView('WALLET_CONNECT');
  if (!wc || !view) return false;
  kernel.router.push(view, { connectorId: wc.id, wallet });
  return true;
}
