import { useLayoutEffect, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { AccountState, ChainNamespace, CaipNetwork, CaipNetworkId, Network } from '../../kernel/index';
import type { OpenModalArgs } from '../../kernel/index';
import { useKernel } from './context';
import { useObserved } from './useObserved';
import { pickNamespace } from './select';

/** useLayoutEffect in the browser, useEffect on the server (no SSR warning). */
export const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export interface UseModalResult {
  readonly isOpen: boolean;
  /** Opens synchronously (the state is open when this returns); the view, data, URI or namespace are optional. */
  open(args?: OpenModalArgs): void;
  close(): void;
}

export function useModal(): UseModalResult {
  const kernel = useKernel();
  const isOpen = useObserved(kernel.modal, (s) => s.open);
  return useMemo(
    () => ({
      isOpen,
      open: (args?: OpenModalArgs) => void kernel.modal.open(args),
      close: () => kernel.modal.close(),
    }),
    [kernel, isOpen],
  );
}

const DISCONNECTED: AccountState = { status: 'disconnected', allAccounts: [], currentTab: 0 };

export type UseAccountResult = AccountState & {
  readonly isConnected: boolean;
  readonly address: string | undefined;
  readonly namespace: ChainNamespace;
};

/**
 * Account of `namespace`; without one, of the active namespace when it is
 * connected, else of the first connected namespace, else the active one.
 */
export function useAccount(namespace?: ChainNamespace): UseAccountResult {
  const kernel = useKernel();
  const active = useObserved(kernel.network, (s) => s.activeNamespace);
  const all = useObserved(kernel.account, (s) => s.namespaces);
  const ns = pickNamespace(all, active, namespace);
  const state = all[ns] ?? DISCONNECTED;
  return useMemo(() => ({ ...state, isConnected: state.status === 'connected', address: state.address, namespace: ns }), [state, ns]);
}

export interface UseNetworkResult {
  readonly network: CaipNetwork | undefined;
  readonly networks: readonly CaipNetwork[];
  readonly namespace: ChainNamespace | undefined;
  /** A switch waiting for the connected wallet ("Continue in {walletName}"), if any. */
  readonly pendingSwitch: Network['state']['pendingSwitch'];
  switchNetwork(network: CaipNetwork | CaipNetworkId): Promise<void>;
  /** Stops waiting for the wallet's answer to the pending switch (it rejects with RequestAbortedError). */
  cancelSwitch(): void;
}

export function useNetwork(): UseNetworkResult {
  const kernel = useKernel();
  const s = useObserved(kernel.network);
  return useMemo(
    () => ({
      network: s.activeNetwork,
      networks: kernel.network.networks(),
      namespace: s.activeNamespace,
      pendingSwitch: s.pendingSwitch,
      switchNetwork: (n: CaipNetwork | CaipNetworkId) => kernel.network.switchNetwork(n),
      cancelSwitch: () => kernel.network.cancelSwitch(),
    }),
    [kernel, s],
  );
}

export function useDisconnect(): { disconnect(namespace?: ChainNamespace): Promise<void> } {
  const kernel = useKernel();
  return useMemo(() => ({ disconnect: (ns?: ChainNamespace) => kernel.connection.disconnect(ns) }), [kernel]);
}

/**
 * Theme of an element that carries [data-lk] (modal root, host buttons): the attributes
 * (`data-lk`, `data-lk-theme`) to spread on it and a ref. The `--lk-*` variables are set
 * on the element through CSSOM (`style.setProperty`) in a layout effect, never as a
 * `style` attribute: a strict CSP (`style-src` without 'unsafe-inline') blocks style
 * attributes in server-rendered HTML, not CSSOM. Runs after every render, so an element
 * that appears later (AccountButton once connected) gets them too.
 */
export function useThemeRoot<T extends HTMLElement>(): { attrs: { 'data-lk': ''; 'data-lk-theme': string }; ref: RefObject<T> } {
  const kernel = useKernel();
  const theme = useObserved(kernel.theme);
  const vars = useMemo(() => kernel.theme.cssVariables(), [kernel, theme]);
  const ref = useRef<T>(null);
  // Variables are only ever added or changed (setThemeVariables merges): setting them all is enough.
  useIsoLayoutEffect(() => {
    const el = ref.current;
    if (el) for (const [name, value] of Object.entries(vars)) el.style.setProperty(name, value);
  });
  return { attrs: { 'data-lk': '', 'data-lk-theme': theme.themeMode }, ref };
}
