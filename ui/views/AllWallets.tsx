import { Button, Link, Text, WalletImage, useObserved, type Translate } from '../index';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type RefCallback,
  type UIEvent,
} from 'react';
import { Environment, Store, WalletDirectory } from '../../kernel/index';
import { orderKernelWallets, searchWallets, type DirectoryWallet, type WalletDirectoryState, type WalletListEntry } from '../../kernel/directory/index';
import type { UiKernel } from '../kernel';
import { updateScrollHint } from '../shell/motion';

import { sanitizeUrl } from '../url';
import { selectWallet } from './connectWallet';
import { connectWithWalletConnect, walletConnectConnector } from './walletConnect';
import type { ViewProps } from './types';
import { messages } from './messages';
import { GetWallet } from './GetWallet';
import { LIST_HEIGHT, ROW_HEIGHT, useWindowedList } from './windowedList';
import { useMessagesFor } from '../i18n/useMessages';

function WalletRow({
  entry,
  index,
  onSelect,
  t,
}: {
  entry: WalletListEntry;
  index: number;
  onSelect: (e: WalletListEntry, i: number) => void;
  t: Translate<(typeof messages)['en']>;
}) {
  const tag = entry.tag === 'Recent' ? t('recent') : entry.tag === 'Installed' ? t('installed') : undefined;
  return (
    <button
      type="button"
      className="lk-item"
      data-index={index}
      aria-label={tag ? `${entry.name} ${tag}` : entry.name}
      onClick={() => onSelect(entry, index)}
    >
      <WalletImage src={entry.imageUrl} name={entry.name} />
      <span className="lk-item-name">{entry.name}</span>
      {tag ? (
        <>
          {' '}
          <span className="lk-tag">{tag}</span>
        </>
      ) : null}
    </button>
  );
}

/* ------------------------------------------------------------------------------------------------
 * The view
 * --------------------------------------------------------------------------------------------- */

const EMPTY_DIRECTORY = /*#__PURE__*/ new Store<WalletDirectoryState>({ wallets: [], loading: false, error: undefined, source: 'catalogue' });

/** The WalletDirectory service, or undefined when the kernel has none bound. */
function directoryOf(kernel: UiKernel): WalletDirectory | undefined {
  try {
    return kernel.get<WalletDirectory>(WalletDirectory);
  } catch {
    return undefined;
  }
}

const NAV_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp']);

/**
 * Every wallet: registered connectors (installed ones tagged 'Installed'), the
 * host's custom wallets and the wallet directory, in connector type order with
 * recent wallets first, searchable. The list is windowed (fixed row height):
 * only the rows in view are in the DOM, so thousands of wallets stay fast.
 * Arrow keys, Home/End and Page keys move through the whole list. The search field
 * takes focus when the view opens (not on phones, where it would raise the keyboard), and
 * the list keeps one height while the visitor types (it depends on the whole list, not on
 * the matches), with shadows at an edge that has more wallets beyond it.
 *
 * An installed wallet connects on click; a wallet that is not installed opens
 * its 'Get' panel (store links, homepage and, when WalletConnect is
 * registered, 'Connect with WalletConnect').
 */
export default function AllWallets({ kernel }: ViewProps) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<{ entry: WalletListEntry; index: number } | undefined>();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const t = useMessagesFor(kernel, messages);
  const registry = useObserved(kernel.connectors);
  const options = useObserved(kernel.options);
  const directory = useMemo(() => directoryOf(kernel), [kernel]);
  const dir = useObserved(directory ?? EMPTY_DIRECTORY);

  useEffect(() => {
    void directory?.load();
  }, [directory]);
  useEffect(() => {
    if (!kernel.get<Environment>(Environment).isMobile()) input.current?.focus();
  }, [kernel]);

  // registry and options are the observed states orderKernelWallets reads: a change to either orders the list again
  const entries = useMemo(() => orderKernelWallets(kernel, dir.wallets), [kernel, registry, options, dir.wallets]);
  const shown = useMemo(() => (query.trim() ? searchWallets(entries, query) : entries), [entries, query]);
  const list = useWindowedList({ count: shown.length, rowHeight: ROW_HEIGHT });
  // One height for the list area whatever the query: searching does not resize the modal.
  const areaHeight = Math.min(LIST_HEIGHT, Math.max(2, entries.length) * ROW_HEIGHT);
  const canWalletConnect = walletConnectConnector(kernel) !== undefined && kernel.plugins.connectorView('WALLET_CONNECT') !== undefined;

  // Keyboard focus that should land on a row once it is rendered.
  const pendingFocus = useRef<number | undefined>(undefined);
  const scroller = useRef<HTMLElement | null>(null);
  const setScroller = useCallback<RefCallback<HTMLElement>>(
    (node) => {
      scroller.current = node;
      list.ref(node);
    },
    [list.ref],
  );
  useEffect(() => {
    if (scroller.current) updateScrollHint(scroller.current);
    const index = pendingFocus.current;
    if (index === undefined) return;
    const button = scroller.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (button) {
      pendingFocus.current = undefined;
      button.focus();
    }
  });

  const onQuery = (value: string) => {
    setQuery(value);
    setSelected(undefined);
    list.reset();
  };

  const onSelect = (entry: WalletListEntry, index: number) => {
    if (entry.connector) return selectWallet(kernel, entry.connector);
    // On a phone, a wallet app with a deep link pairs at once: the pairing view
    // makes the link first, then its "Open" link carries it within the tap.
    const w = entry.wallet;
    const onPhone = kernel.get<Environment>(Environment).isMobile();
    if (onPhone && w && (w.universalLink ?? w.mobileLink) && connectWithWalletConnect(kernel, w)) return;
    setSelected({ entry, index });
  };

  const closeDetails = () => {
    if (selected) pendingFocus.current = selected.index;
    setSelected(undefined);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!NAV_KEYS.has(e.key)) return;
    const from = Number((e.target as HTMLElement).closest?.('[data-index]')?.getAttribute('data-index'));
    if (!Number.isInteger(from) || shown.length === 0) return;
    const page = Math.max(1, Math.floor(LIST_HEIGHT / ROW_HEIGHT) - 1);
    const to = {
      ArrowDown: Math.min(shown.length - 1, from + 1),
      ArrowUp: Math.max(0, from - 1),
      Home: 0,
      End: shown.length - 1,
      PageDown: Math.min(shown.length - 1, from + page),
      PageUp: Math.max(0, from - page),
    }[e.key as 'Home'];
    e.preventDefault();
    list.scrollToIndex(to);
    // Focus now when the row is rendered (in view or overscan), else once the scroll rendered it.
    const button = scroller.current?.querySelector<HTMLElement>(`[data-index="${to}"]`);
    if (button) button.focus();
    else pendingFocus.current = to;
  };

  const rows: ReactElement[] = [];
  for (let i = list.start; i < list.end; i++) {
    const entry = shown[i]!;
    rows.push(
      <li
        key={entry.key}
        role="listitem"
        aria-setsize={shown.length}
        aria-posinset={i + 1}
        className="lk-vrow"
        // Only the offset is per row; React sets it through CSSOM (el.style.top), which a strict CSP allows.
        style={{ top: i * ROW_HEIGHT }}
      >
        <WalletRow entry={entry} index={i} onSelect={onSelect} t={t} />
      </li>,
    );
  }

  return (
    <div className="lk-stack">
      <label className="lk-sr" htmlFor={inputId}>
        {t('searchWallet')}
      </label>
      <input
        ref={input}
        id={inputId}
        className="lk-input"
        type="search"
        placeholder={t('searchWallet')}
        autoComplete="off"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={(e) => {
          // ArrowDown from the search field goes to the first wallet.
          if (e.key !== 'ArrowDown' || selected || shown.length === 0) return;
          e.preventDefault();
          list.scrollToIndex(0);
          const first = scroller.current?.querySelector<HTMLElement>('[data-index="0"]');
          if (first) first.focus();
          else pendingFocus.current = 0;
        }}
      />
      {selected ? (
        <GetWallet
          entry={selected.entry}
          canWalletConnect={canWalletConnect}
          onClose={closeDetails}
          t={t}
          onWalletConnect={() => selected.entry.wallet && connectWithWalletConnect(kernel, selected.entry.wallet)}
        />
      ) : shown.length ? (
        <div
          ref={setScroller}
          onScroll={(e) => {
            list.onScroll(e);
            updateScrollHint(e.currentTarget);
          }}
          data-testid="wallet-scroller"
          className="lk-scroller lk-hint"
          style={{ height: areaHeight }}
        >
          <ul
            className="lk-list lk-vlist"
            role="list"
            aria-label={t('wallets')}
            onKeyDown={onKeyDown}
            style={{ height: list.totalHeight }}
          >
            {rows}
          </ul>
        </div>
      ) : (
        <div className="lk-center" style={{ height: areaHeight }}>
          <Text variant="muted" role="status">
            {dir.loading ? t('loadingWallets') : t('noWalletFound')}
          </Text>
        </div>
      )}
    </div>
  );
}
