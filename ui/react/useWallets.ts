/**
 * useWallets(): the wallet list for a connect screen of your own, with no Latchkey modal (its
 * code is then never loaded). The same list and order as the modal's All Wallets view.
 *
 *   const { wallets, hasMore, loadMore, search, connect, connecting } = useWallets({ pageSize: 20 });
 *   wallets.map((w) => <button onClick={() => connect(w)}>{w.name}</button>)
 *   connecting?.uri  → a QR code (desktop, WalletConnect); connecting?.deepLink → a link (phones)
 *
 * The list's code (order, search, connect: latchkey/directory) loads on the first
 * useWallets() of the page, like the wallet catalogue it reads: a host that never calls it never
 * loads it. Until then the list is empty and `loading` is true; a search, "more" or connect
 * asked meanwhile is applied once it is there. Later calls get the list at once.
 */
import { useEffect, useMemo } from 'react';
import { Store, WalletDirectoryError } from '../../kernel/index';
import type { WalletList, WalletListEntry, WalletListOptions, WalletListState } from '../../kernel/directory/index';
import type { UiKernel } from '../kernel';
import { useKernel } from './context';
import { useObserved } from './useObserved';

export type UseWalletsResult = WalletListState & {
  search(query: string): void;
  loadMore(): void;
  connect(entry: WalletListEntry | string): Promise<void>;
};

type ListModule = typeof import('../../kernel/directory/index');
let listModule: ListModule | undefined;
let loadingModule: Promise<ListModule> | undefined;

function loadListModule(): Promise<ListModule> {
  loadingModule ??= import('../../kernel/directory/index').then(
    (m) => (listModule = m),
    (cause: unknown) => {
      loadingModule = undefined; // a later list tries again
      throw cause;
    },
  );
  return loadingModule;
}

/** The wallet list at once when its code is loaded, else a stand-in that becomes it once loaded. */
function walletList(kernel: UiKernel, options: WalletListOptions): WalletList {
  if (listModule) return listModule.createWalletList(kernel, options);
  const store = new Store<WalletListState>({ wallets: [], total: 0, query: '', page: 1, hasMore: false, loading: true, error: undefined, connecting: undefined });
  let query: string | undefined;
  let more = 0;
  let disposed = false;
  let list: WalletList | undefined;
  let follow: { unsubscribe(): void } | undefined;
  const ready = loadListModule().then(
    (m) => {
      if (disposed) return undefined;
      list = m.createWalletList(kernel, options);
      if (query !== undefined) list.search(query);
      for (; more > 0; more--) list.loadMore();
      follow = list.state$.subscribe((s) => store.set(s));
      return list;
    },
    (cause: unknown) => {
      store.patch({ loading: false, error: new WalletDirectoryError({ url: 'walletList', page: 0, cause, details: 'The wallet list chunk could not be loaded' }) });
      return undefined;
    },
  );
  return {
    get state() {
      return store.state;
    },
    state$: store.state$,
    search(q: string) {
      if (list) list.search(q);
      else {
        query = q;
        more = 0;
      }
    },
    loadMore() {
      if (list) list.loadMore();
      else more++;
    },
    connect(entry: WalletListEntry | string) {
      return list ? list.connect(entry) : ready.then((l) => (l ? l.connect(entry) : Promise.reject(store.state.error)));
    },
    dispose() {
      disposed = true;
      follow?.unsubscribe();
      list?.dispose();
    },
  };
}

export function useWallets(options: WalletListOptions = {}): UseWalletsResult {
  const kernel = useKernel();
  const pageSize = options.pageSize;
  const list: WalletList = useMemo(() => walletList(kernel, pageSize === undefined ? {} : { pageSize }), [kernel, pageSize]);
  useEffect(() => () => list.dispose(), [list]);
  const state = useObserved(list);
  return useMemo(
    () => ({ ...state, search: list.search, loadMore: list.loadMore, connect: list.connect }),
    [state, list],
  );
}
