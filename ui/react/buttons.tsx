import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ChainNamespace, CaipNetwork } from '../../kernel/index';
import type { OpenModalArgs } from '../../kernel/index';
import { useKernel } from './context';
import { useAccount, useIsoLayoutEffect, useModal, useNetwork, useThemeRoot } from './hooks';
import { formatBalance, truncateAddress } from '../format';
import { WalletImage } from '../primitives/WalletImage';
import { ensureBaseStyles, loadModalStyles } from '../shell/styles';
import { prefetchCoreViews } from '../views/manifest';
import { useMessages } from '../i18n/useMessages';
import { messages } from '../shell/messages';

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
  readonly network: CaipNetwork | undefined;
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
 * syncs, docs/connection.md#restoring-at-startup) already has its address: the button shows the account, busy, instead
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
      prefetch: () => {
        void loadModalStyles();
        prefetchCoreViews(kernel);
      },
    }),
    [kernel, account, modal, network, namespace],
  );
}

/**
 * Host-page buttons carry [data-lk] and need the base stylesheet before any modal opens. A page
 * with one of them will open the modal: its views' chunks are fetched in an idle moment after
 * the page started, so the open fetches nothing of its own (npm run bench, "requests in the 1.5 s
 * after the click": 29 with evm + WalletConnect when they waited for the pointer on the button).
 * A headless host (useWallets and its own UI) fetches none of them.
 */
function useHostButtonStyles() {
  const kernel = useKernel();
  useIsoLayoutEffect(() => ensureBaseStyles(), []);
  useEffect(() => prefetchCoreViews(kernel), [kernel]);
  return useThemeRoot<HTMLButtonElement>();
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
  /** Visible and accessible name while disconnected (default "Connect Wallet", in the kernel's locale). */
  readonly label?: string;
  readonly className?: string;
}

/**
 * What the account button shows: the account's avatar (else the wallet icon), balance (3
 * decimals), and its name (a reverse lookup, e.g. the names plugin's) or address (4 + 6).
 */
function AccountLabel({ s }: { s: ButtonRenderProps }) {
  // Through the hook, not kernel.account.get(): a hydration renders what the server rendered.
  const { connectedWalletInfo: info, profileName, profileImage } = useAccount(s.namespace);
  // WalletImage lets only http(s), data:image/… and same-origin blob: URLs reach the <img> (an ENS avatar is often a data: URL)
  const avatar = profileImage || undefined;
  return (
    <>
      {avatar ? (
        <WalletImage src={avatar} name={profileName || s.displayAddress} size={24} round />
      ) : info?.icon ? (
        <WalletImage src={info.icon} name={info.name} size={24} round />
      ) : null}
      {s.balance !== undefined ? <span>{`${s.balance}${s.balanceSymbol ? ` ${s.balanceSymbol}` : ''}`}</span> : null}
      <span title={profileName ? s.address : undefined}>{profileName || s.displayAddress}</span>
    </>
  );
}

/**
 * "Connect Wallet" while disconnected; the account button once connected.
 * Both states are the same <button> element, so a connection that finishes
 * while the button has focus does not drop the focus to the page.
 */
export function ConnectButton({ namespace, label, className }: ConnectButtonProps) {
  const s = useButtonState(namespace);
  const t = useMessages(messages);
  const { attrs, ref } = useHostButtonStyles();
  const account = s.isConnected || isRestoring(s);
  return (
    <button
      {...attrs}
      ref={ref}
      type="button"
      data-lk-btn=""
      className={`lk-hostbtn${account ? '' : ' lk-connect'}${className ? ` ${className}` : ''}`}
      aria-busy={s.status === 'connecting' || undefined}
      onClick={s.isConnected ? s.openAccount : () => s.open()}
      onPointerEnter={s.prefetch}
      onFocus={s.prefetch}
    >
      {account ? <AccountLabel s={s} /> : (label ?? t('connectWallet'))}
    </button>
  );
}
ConnectButton.Custom = Custom;

/** Balance (3 decimals) and address (4 + 6); opens the Account view. Renders nothing while disconnected. */
export function AccountButton({ namespace, className }: { readonly namespace?: ChainNamespace; readonly className?: string }) {
  const s = useButtonState(namespace);
  const { attrs, ref } = useHostButtonStyles();
  if (!s.isConnected) return null;
  return (
    <button {...attrs} ref={ref} type="button" data-lk-btn="" className={`lk-hostbtn${className ? ` ${className}` : ''}`} onClick={s.openAccount} onPointerEnter={s.prefetch}>
      <AccountLabel s={s} />
    </button>
  );
}
AccountButton.Custom = Custom;

/**
 * The bundled mark of a well-known chain (ui/icons/chains.ts, a chunk of its own, loaded
 * after the button mounts); undefined until then, and for other chains.
 */
function useChainIcon(network: CaipNetwork | undefined, wanted: boolean): string | undefined {
  const [icon, setIcon] = useState<readonly [string, string | undefined]>();
  const id = network?.caipNetworkId;
  useEffect(() => {
    if (!network || !wanted) return;
    let live = true;
    import('../icons/chains').then((m) => live && setIcon([network.caipNetworkId, m.chainIcon(network)]), () => {});
    return () => {
      live = false;
    };
  }, [id, wanted]);
  return icon && icon[0] === id ? icon[1] : undefined;
}

/** The active network's image and name; opens the network list. */
export function NetworkButton({ className }: { readonly className?: string }) {
  const s = useButtonState();
  const kernel = useKernel();
  const t = useMessages(messages);
  const { attrs, ref } = useHostButtonStyles();
  const n = s.network;
  const configured = n ? (n.assets?.imageUrl ?? kernel.options.state.chainImages?.[n.id]) : undefined;
  const bundled = useChainIcon(n, configured === undefined);
  const image = configured ?? bundled;
  return (
    <button {...attrs} ref={ref} type="button" data-lk-btn="network" className={`lk-hostbtn${className ? ` ${className}` : ''}`} onClick={s.openNetworks} onPointerEnter={s.prefetch}>
      {n ? <WalletImage src={image} name={n.name} size={24} round /> : null}
      <span>{n ? n.name : t('selectNetwork')}</span>
    </button>
  );
}
NetworkButton.Custom = Custom;
