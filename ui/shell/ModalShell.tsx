import { useId } from 'react';
import type { UiKernel } from '../kernel';
import { useObserved } from '../react/useObserved';
import { Dialog } from '../dialog/Dialog';
import { RouterOutlet } from '../outlet/RouterOutlet';
import { AlertBanner } from '../primitives/AlertBanner';
import { Snackbar } from '../primitives/Snackbar';
import type { ViewRegistry } from '../views/types';

const TITLES: Readonly<Record<string, string>> = {
  Connect: 'Connect Wallet',
  AllWallets: 'All Wallets',
  Account: 'Account',
  UnsupportedChain: 'Switch Network',
  Networks: 'Choose Network',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'WalletConnect',
  ConnectingSiwe: 'Sign In',
  SIWXSignMessage: 'Sign In',
  ConnectingFarcaster: 'Farcaster',
  ApproveTransaction: 'Approve Transaction',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
};

/** Title of a view: `data.title`, a wallet's name while connecting, a known title, else the id split into words. */
export function viewTitle(kernel: UiKernel, view: string, data: Readonly<Record<string, unknown>> | undefined): string {
  if (typeof data?.['title'] === 'string') return data['title'];
  if (view === 'ConnectingExternal' && typeof data?.['connectorId'] === 'string') {
    const c = kernel.connectors.get(data['connectorId']);
    if (c) return c.name;
  }
  return TITLES[view] ?? view.replace(/([a-z])([A-Z])/g, '$1 $2');
}

export interface ModalShellProps {
  readonly kernel: UiKernel;
  /** Embedded mode: in the page flow, not a modal dialog, no close button. */
  readonly embedded?: boolean;
  readonly registry?: ViewRegistry;
}

/** The modal card: header (Back, title, Close), alert banner, router outlet, snackbar. */
export function ModalShell({ kernel, embedded, registry }: ModalShellProps) {
  const titleId = useId();
  const route = useObserved(kernel.router);
  const shake = useObserved(kernel.modal, (s) => s.shake);
  const content = (
    <>
      <header className="lk-head">
        {route.history.length > 1 ? (
          <button type="button" className="lk-btn lk-btn-icon" aria-label="Back" onClick={() => kernel.router.goBack()}>
            ‹
          </button>
        ) : (
          <span />
        )}
        <h2 className="lk-title" id={titleId}>
          {viewTitle(kernel, route.view, route.data)}
        </h2>
        {embedded ? (
          <span />
        ) : (
          <button type="button" className="lk-btn lk-btn-icon" aria-label="Close" onClick={() => kernel.modal.close()}>
            ×
          </button>
        )}
      </header>
      <AlertBanner alerts={kernel.alerts} />
      <div className="lk-body">
        <RouterOutlet kernel={kernel} registry={registry} />
      </div>
      <Snackbar snackbar={kernel.snackbar} />
    </>
  );
  if (embedded) {
    return (
      <section className="lk-card" aria-labelledby={titleId} data-shake={shake || undefined}>
        {content}
      </section>
    );
  }
  return (
    <Dialog labelledBy={titleId} onRequestClose={() => kernel.modal.close()} className="lk-card" shake={shake}>
      {content}
    </Dialog>
  );
}
