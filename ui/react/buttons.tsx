import { useMemo, type ReactNode } from 'react';
import type { ChainNamespace, CaipNetwork as NetworkData } from '../../kernel/index';
import type { OpenModalArgs } from '../../kernel/index';
import { useKernel } from './context';
import { useAccount, useIsoLayoutEffect, useModal, useNetwork, useThemeAttrs } from './hooks';
import { formatBalance, truncateAddress } from '../format';
import { WalletImage } from '../primitives/WalletImage';
import { ensureStyles } from '../shell/styles';
import { prefetchCoreViews } from '../views/manifest';

/** What the render-prop buttons (`ConnectButton.Custom`, …) receive. */
export interface ButtonRenderProps {
  readonly isConnected: boolean;
  readonly status: 'disconnected' | 'connecting' | 'connected';
  readonly namespace: ChainNamespace;
  readonly address: string | undefined;
  /** 4 + 6 characters. */
  readonly displayAddress: string;
  /** 3 decimals, or undefined before the balance is known. */
  readonly balance: string | undefined;
  readonly balanceSymbol: string | undefined;
  readonly network: NetworkData | undefined;
  readonly isOpen: boolean;
  /** Opens the modal (synchronously) with the default view for the current state, or `args`. */
  open(args?: OpenModalArgs): void;
  openAccount(): void;
  openNetworks(): void;
  /** Loads the modal's views ahead of a click (e.g. on hover). */
  prefetch(): void;
}

/**
 * A stored connection being restored after a reload (the kernel shows it `connecting` while it
 * syncs, spec section 4) already has its address: the button shows the account, busy, instead
 * of flickering through "Connect Wallet".
 */
function isRestoring(s: ButtonRenderProps): boolean {
  return s.status === 'connecting' && s.address !== undefined;
}

function useButtonState(namespace?: ChainNamespace): ButtonRenderProps {
  const kernel = useKernel();
  const account = useAccount(namespace);
  const modal = useModal();
  const { network } = useNetwork();
  return useMemo(
    () => ({
      isConnected: account.isConnected,
      status: account.status,
      namespace: account.namespace,
      address: account.address,
      displayAddress: truncateAddress(account.address ?? ''),
      balance: account.balance === undefined ? undefined : formatBalance(account.balance, 3),
      balanceSymbol: account.balanceSymbol,
      network,
      isOpen: modal.isOpen,
      open: (args?: OpenModalArgs) => modal.open({ namespace, ...args }),
      openAccount: () => modal.open({ view: 'Account', namespace: account.namespace }),
      openNetworks: () => modal.open({ view: 'Networks' }),
      prefetch: () => prefetchCoreViews(kernel),
    }),
    [kernel, account, modal, network, namespace],
  );
}

/** Host-page buttons carry [data-lk] and need the stylesheet before any modal opens. */
function useHostButtonStyles() {
  useIsoLayoutEffect(() => ensureStyles(), []);
  return useThemeAttrs();
}

interface CustomProps {
  readonly namespace?: ChainNamespace;
  readonly children: (props: ButtonRenderProps) => ReactNode;
}

function Custom({ namespace, children }: CustomProps) {
  return <>{children(useButtonState(namespace))}</>;
}

export interface ConnectButtonProps {
  readonly namespace?: ChainNamespace;
  /** Visible and accessible name while disconnected. */
  readonly label?: string;
  readonly className?: string;
}

/** What the account button shows: wallet icon, balance (3 decimals), address (4 + 6). */
function AccountLabel({ s }: { s: ButtonRenderProps }) {
  const kernel = useKernel();
  const info = kernel.account.get(s.namespace).connectedWalletInfo;
  return (
    <>
      {info?.icon ? <WalletImage src={info.icon} name={info.name} size={24} round /> : null}
      {s.balance !== undefined ? <span>{`${s.balance}${s.balanceSymbol ? ` ${s.balanceSymbol}` : ''}`}</span> : null}
      <span>{s.displayAddress}</span>
    </>
  );
}

/**
 * "Connect Wallet" while disconnected; the account button once connected.
 * Both states are the same <button> element, so a connection that finishes
 * while the button has focus does not drop the focus to the page.
 */
export function ConnectButton({ namespace, label = 'Connect Wallet', className }: ConnectButtonProps) {
  const s = useButtonState(namespace);
  const attrs = useHostButtonStyles();
  const account = s.isConnected || isRestoring(s);
  return (
    <button
      {...attrs}
      type="button"
      data-lk-btn=""
      className={`lk-hostbtn${account ? '' : ' lk-connect'}${className ? ` ${className}` : ''}`}
      aria-busy={s.status === 'connecting' || undefined}
      onClick={s.isConnected ? s.openAccount : () => s.open()}
      onPointerEnter={s.prefetch}
      onFocus={s.prefetch}
    >
      {account ? <AccountLabel s={s} /> : label}
    </button>
  );
}
ConnectButton.Custom = Custom;

/** Balance (3 decimals) and address (4 + 6); opens the Account view. Renders nothing while disconnected. */
export function AccountButton({ namespace, className }: { readonly namespace?: ChainNamespace; readonly className?: string }) {
  const s = useButtonState(namespace);
  const attrs = useHostButtonStyles();
  if (!s.isConnected) return null;
  return (
    <button {...attrs} type="button" data-lk-btn="" className={`lk-hostbtn${className ? ` ${className}` : ''}`} onClick={s.openAccount} onPointerEnter={s.prefetch}>
      <AccountLabel s={s} />
    </button>
  );
}
AccountButton.Custom = Custom;

/** The active network's image and name; opens the network list. */
export function NetworkButton({ className }: { readonly className?: string }) {
  const s = useButtonState();
  const kernel = useKernel();
  const attrs = useHostButtonStyles();
  const n = s.network;
  const image = n ? (n.assets?.imageUrl ?? kernel.options.state.chainImages?.[n.id]) : undefined;
  return (
    <button {...attrs} type="button" data-lk-btn="" className={`lk-hostbtn${className ? ` ${className}` : ''}`} onClick={s.openNetworks} onPointerEnter={s.prefetch}>
      {n ? <WalletImage src={image} name={n.name} size={24} round /> : null}
      <span>{n ? n.name : 'Select network'}</span>
    </button>
  );
}
NetworkButton.Custom = Custom;
