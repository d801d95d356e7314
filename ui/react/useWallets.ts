/**
 * useWallets(): the wallet list for a connect screen of your own, with no Latchkey modal (its
 * code is then never loaded). The same list and order as the modal's All Wallets view.
 *
 *   const { wallets, hasMore, loadMore, search, connect, connecting } = useWallets({ pageSize: 20 });
 *   wallets.map((w) => <button onClick={() => connect(w)}>{w.name}</button>)
 *   connecting?.uri  → a QR code (desktop, WalletConnect); connecting?.deepLink → a link (phones)
 */
import { useEffect, useMemo } from 'react';
import { createWalletList, type WalletList, type WalletListOptions, type WalletListState } from '../../kernel/directory/walletList';
import type { WalletListEntry } from '../../kernel/directory/order';
import { useKernel } from './context';
import { useObserved } from './useObserved';

export type UseWalletsResult = WalletListState & {
  search(query: string): void;
  loadMore(): void;
  connect(entry: WalletListEntry | string): Promise<void>;
};

export function useWallets(options: WalletListOptions = {}): UseWalletsResult {
  const kernel = useKernel();
  const pageSize = options.pageSize;
  const list: WalletList = useMemo(() => createWalletList(kernel, pageSize === undefined ? {} : { pageSize }), [kernel, pageSize]);
  useEffect(() => () => list.dispose(), [list]);
  const state = useObserved(list);
  return useMemo(
    () => ({ ...state, search: list.search, loadMore: list.loadMore, connect: list.connect }),
    [state, list],
  );
}
