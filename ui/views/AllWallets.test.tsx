import type { PluginManifest } from '../../kernel/index';
import { testKernel } from '../../kernel/testing/fakeAdapter';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Store, type Connector } from '../../kernel/index';
import { CATALOGUE } from '../../kernel/directory/catalogue';
import type { DirectoryWallet } from '../../kernel/directory/types';
import { WalletDirectory, type WalletDirectoryState } from '../../kernel/services/WalletDirectory';
import { searchWallets } from '../../kernel/directory/search';
import AllWallets from './AllWallets';
import { getLinks } from './GetWallet';
import { OVERSCAN, ROW_HEIGHT, LIST_HEIGHT } from './windowedList';
import { renderView, settle, uiKernel, type TestKernel } from '../testing/render';
import type { UiKernel } from '../kernel';
import { bindService } from '../../kernel/testing/services';

const custom = [
  { id: 'rainbowish', name: 'Rainbowish', homepage: 'https://rainbowish.example' },
  { id: 'noweb', name: 'Nowhere Wallet' },
  { id: 'dup', name: 'Test Wallet', homepage: 'https://dup.example' },
];

/** Binds a directory holding `wallets` (a stand-in for the service; load() counts calls). */
function withDirectory(t: TestKernel, wallets: readonly DirectoryWallet[]) {
  const store = new Store<WalletDirectoryState>({ wallets, loading: false, error: undefined, source: 'catalogue' });
  const fake: WalletDirectory & { loads: number } = {
    loads: 0,
    state$: store.state$,
    get state() {
      return store.state;
    },
    async load() {
      fake.loads++;
    },
  };
  const c = t.kernel.container;
  if (c.isBound(WalletDirectory)) c.rebindSync(WalletDirectory).toConstantValue(fake);
  else c.bind(WalletDirectory).toConstantValue(fake);
  return { fake, store };
}

function withRealDirectory(t: TestKernel) {
  const c = t.kernel.container;
  if (!c.isBound(WalletDirectory)) bindService(c, WalletDirectory);
  return t.kernel.get<WalletDirectory>(WalletDirectory);
}

const many = (n: number): DirectoryWallet[] =>
  Array.from({ length: n }, (_, i) => ({ id: `w${i}`, name: `Wallet ${i}`, homepage: `https://w${i}.example`, imageUrl: `https://img.example/${i}.png` }));

const list = () => screen.getByRole('list', { name: 'Wallets' });
// Wallet names as shown (the accessible names also carry the visible tag, e.g. 'Installed').
const rowNames = () => within(list()).getAllByRole('button').map((b) => b.querySelector('.lk-item-name')?.textContent);
const WC: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' };
/** Gives WALLET_CONNECT connectors a pairing view, as the WalletConnect plugin does. */
const pairingPlugin: PluginManifest = {
  id: 'pairing',
  contributes: { views: [{ id: 'PairingView', load: async () => ({ default: () => null }) }], connectorViews: { WALLET_CONNECT: 'PairingView' } },
  load: async () => ({}),
};

describe('AllWallets view', () => {
  it('lists announced and custom wallets; the search field is labelled and filters by name', async () => {
    const t = uiKernel({ customWallets: custom });
    await t.kernel.get<WalletDirectory>(WalletDirectory).load();
    renderView(t.kernel, AllWallets);
    const search = screen.getByRole('searchbox', { name: 'Search wallet' });
    expect(screen.getByRole('button', { name: /^Test Wallet\b/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rainbowish' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'RAIN' } });
    expect(screen.queryByRole('button', { name: /^Test Wallet\b/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Rainbowish' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByRole('status').textContent).toBe('No wallet found');
    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getByRole('button', { name: /^Test Wallet\b/ })).toBeTruthy();
  });

  it('does not list a custom wallet twice when the browser already announces it', () => {
    const t = uiKernel({ customWallets: custom });
    renderView(t.kernel, AllWallets);
    expect(screen.getAllByText('Test Wallet')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Test Wallet Installed' })).toBeTruthy();
  });

  it('clicking an installed wallet connects it', async () => {
    const t = uiKernel();
    const connect = jest.spyOn(t.kernel.connection, 'connect');
    renderView(t.kernel, AllWallets);
    act(() => fireEvent.click(screen.getByRole('button', { name: /^Test Wallet\b/ })));
    expect(t.kernel.router.state.view).toBe('ConnectingExternal');
    expect(connect).toHaveBeenCalledTimes(1);
    await settle();
  });

  it('a wallet that is not installed opens its Get panel with safe links; Back returns focus to its row', () => {
    const t = uiKernel({ customWallets: custom });
    act(() =>
      t.kernel.connectors.add({ id: 'gone', name: 'Gone Wallet', type: 'ANNOUNCED', chain: 'eip155', installed: false, installUrl: 'https://gone.example/get' }),
    );
    const connect = jest.spyOn(t.kernel.connection, 'connect');
    renderView(t.kernel, AllWallets);
    fireEvent.click(screen.getByRole('button', { name: 'Gone Wallet' }));
    expect(connect).not.toHaveBeenCalled();
    const panel = screen.getByRole('region', { name: 'Get Gone Wallet' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { name: 'Get Gone Wallet' }));
    const install = within(panel).getByRole('link', { name: 'Install' });
    expect(install.getAttribute('href')).toBe('https://gone.example/get');
    expect(install.getAttribute('rel')).toContain('noopener');
    // no WalletConnect connector registered: no such offer
    expect(within(panel).queryByRole('button', { name: 'Connect with WalletConnect' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Back to all wallets' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Gone Wallet' }));

    fireEvent.click(screen.getByRole('button', { name: 'Rainbowish' }));
    expect(screen.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe('https://rainbowish.example/');
    fireEvent.keyDown(screen.getByRole('region'), { key: 'Escape' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rainbowish' }));
    fireEvent.click(screen.getByRole('button', { name: 'Nowhere Wallet' }));
    expect(screen.getByRole('region').textContent).toContain('No download link is known for this wallet.');
  });

  it('offers Connect with WalletConnect for a catalogue wallet when a WalletConnect connector is registered', () => {
    const t = uiKernel({}, [pairingPlugin]);
    withDirectory(t, CATALOGUE);
    act(() => t.kernel.connectors.add(WC));
    renderView(t.kernel, AllWallets);
    expect(rowNames()[0]).toBe('WalletConnect');
    fireEvent.click(screen.getByRole('button', { name: 'Rainbow' }));
    const panel = screen.getByRole('region', { name: 'Get Rainbow' });
    expect(within(panel).getByRole('link', { name: 'Chrome Web Store' }).getAttribute('href')).toMatch(/^https:\/\/chromewebstore\.google\.com\/detail\//);
    expect(within(panel).getByRole('link', { name: 'App Store' }).getAttribute('href')).toMatch(/^https:\/\/apps\.apple\.com\//);
    fireEvent.click(within(panel).getByRole('button', { name: 'Connect with WalletConnect' }));
    expect(t.kernel.router.state.view).toBe('PairingView');
    expect(t.kernel.router.state.data).toEqual({ connectorId: 'walletConnect', wallet: CATALOGUE.find((w) => w.id === 'me.rainbow') });
  });

  it('on a phone, a catalogue wallet with a deep link goes straight to pairing with that wallet', () => {
    const t = testKernel({}, { mobile: true, plugins: [pairingPlugin] });
    withDirectory(t, CATALOGUE);
    act(() => t.kernel.connectors.add(WC));
    renderView(t.kernel, AllWallets);
    const rainbow = CATALOGUE.find((w) => w.id === 'me.rainbow')!;
    expect(rainbow.mobileLink ?? rainbow.universalLink).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rainbow' }));
    expect(screen.queryByRole('region', { name: 'Get Rainbow' })).toBeNull();
    expect(t.kernel.router.state.view).toBe('PairingView');
    expect(t.kernel.router.state.data).toEqual({ connectorId: 'walletConnect', wallet: rainbow });
  });

  it('loads the shipped catalogue through the directory service; an installed wallet shows once, tagged Installed', async () => {
    const t = uiKernel();
    const directory = withRealDirectory(t);
    act(() => t.kernel.connectors.add({ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'io.metamask' }, provider: {} }));
    renderView(t.kernel, AllWallets);
    await settle();
    expect(directory.state.wallets).toBe(CATALOGUE);
    expect(screen.getAllByRole('button', { name: /^MetaMask\b/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'MetaMask Installed' })).toBeTruthy();
    expect(rowNames().slice(0, 2)).toEqual(['Test Wallet', 'MetaMask']);
    // only wallets serving the app's namespaces (eip155 here): a Bitcoin-only wallet is left out
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search wallet' }), { target: { value: 'xverse' } });
    expect(screen.getByRole('status').textContent).toBe('No wallet found');
  });

  it('puts recent wallets first (at most 2), then installed, featured, custom, and the directory', () => {
    const t = uiKernel({ featuredWalletIds: ['safe', 'me.rainbow'], customWallets: [{ id: 'acme', name: 'Acme' }] });
    withDirectory(t, CATALOGUE);
    act(() => {
      t.kernel.connectors.addRecent({ id: 'app.phantom', name: 'Phantom', rdns: 'app.phantom' });
      t.kernel.connectors.addRecent({ id: 'io.zerion.wallet', name: 'Zerion' });
    });
    renderView(t.kernel, AllWallets);
    expect(rowNames().slice(0, 6)).toEqual(['Zerion', 'Phantom', 'Test Wallet', 'Safe', 'Rainbow', 'Acme']);
    expect(screen.getByRole('button', { name: 'Zerion Recent' })).toBeTruthy();
    expect(rowNames()[6]).toBe('MetaMask');
  });

  it('includeWalletIds limits the directory to those wallets in that order; excludeWalletIds hides wallets', () => {
    const t = uiKernel({ includeWalletIds: ['io.rabby', 'safe', 'io.metamask'], excludeWalletIds: ['safe'] });
    withDirectory(t, CATALOGUE);
    renderView(t.kernel, AllWallets);
    expect(rowNames()).toEqual(['Test Wallet', 'Rabby Wallet', 'MetaMask']);
  });

  it('rows are drawn only when visible, and their images fall back to initials after 2 s', () => {
    jest.useFakeTimers();
    try {
      const t = uiKernel();
      withDirectory(t, many(3));
      renderView(t.kernel, AllWallets);
      const img = screen.getByRole('button', { name: 'Wallet 0' }).querySelector('img')!;
      expect(img.getAttribute('src')).toBe('https://img.example/0.png');
      act(() => jest.advanceTimersByTime(1999));
      expect(screen.getByRole('button', { name: 'Wallet 0' }).querySelector('img')).not.toBeNull();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByRole('button', { name: 'Wallet 0' }).querySelector('img')).toBeNull();
      expect(within(screen.getByRole('button', { name: 'Wallet 0' })).getByTestId('wallet-image-fallback').getAttribute('data-initials')).toBe('W0');
    } finally {
      jest.useRealTimers();
    }
  });

  describe('with 5000 directory wallets', () => {
    const N = 5000;
    const maxRows = Math.ceil(LIST_HEIGHT / ROW_HEIGHT) + 2 * OVERSCAN + 1;
    let kernel: UiKernel;

    beforeEach(() => {
      const t = uiKernel();
      withDirectory(t, many(N));
      kernel = t.kernel;
    });

    it('renders only a window of rows, and scrolling moves the window', () => {
      const t0 = performance.now();
      renderView(kernel, AllWallets);
      const ms = performance.now() - t0;
      // Measured, not asserted.
      console.log(`AllWallets: first render with ${N} directory wallets + 1 installed took ${ms.toFixed(1)} ms in jsdom`);

      const items = within(list()).getAllByRole('listitem');
      expect(items.length).toBeLessThanOrEqual(maxRows);
      expect(items.length).toBeGreaterThan(3);
      expect(items[0]!.getAttribute('aria-setsize')).toBe(String(N + 1));
      expect(items[0]!.getAttribute('aria-posinset')).toBe('1');
      expect(list().style.height).toBe(`${(N + 1) * ROW_HEIGHT}px`);
      expect(screen.queryByRole('button', { name: 'Wallet 2500' })).toBeNull();

      const scroller = screen.getByTestId('wallet-scroller');
      const t1 = performance.now();
      fireEvent.scroll(scroller, { target: { scrollTop: 2500 * ROW_HEIGHT } });
      console.log(`AllWallets: re-render after a scroll took ${(performance.now() - t1).toFixed(1)} ms`);
      const after = within(list()).getAllByRole('listitem');
      expect(after.length).toBeLessThanOrEqual(maxRows);
      expect(screen.getByRole('button', { name: 'Wallet 2500' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Wallet 0' })).toBeNull();
      const positions = after.map((li) => Number(li.getAttribute('aria-posinset')));
      expect(Math.min(...positions)).toBeGreaterThan(2400);
      // rows sit at their absolute offsets
      const row = screen.getByRole('button', { name: 'Wallet 2500' }).parentElement!;
      expect(row.style.top).toBe(`${2501 * ROW_HEIGHT}px`);
    });

    it('search filters the whole list, not just the rendered window', () => {
      renderView(kernel, AllWallets);
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search wallet' }), { target: { value: 'wallet 4321' } });
      expect(rowNames()).toEqual(['Wallet 4321']);
      expect(within(list()).getByRole('listitem').getAttribute('aria-setsize')).toBe('1');
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search wallet' }), { target: { value: 'wallet 432' } });
      expect(rowNames().slice(0, 2)).toEqual(['Wallet 432', 'Wallet 4320']);
    });

    it('keyboard: End, Home and arrows move focus through rows that are not rendered yet', () => {
      renderView(kernel, AllWallets);
      const search = screen.getByRole('searchbox', { name: 'Search wallet' });
      search.focus();
      fireEvent.keyDown(search, { key: 'ArrowDown' });
      const first = screen.getByRole('button', { name: /^Test Wallet\b/ });
      expect(document.activeElement).toBe(first);
      fireEvent.keyDown(first, { key: 'End' });
      expect(document.activeElement?.getAttribute('aria-label')).toBe(`Wallet ${N - 1}`);
      expect(within(list()).getAllByRole('listitem').length).toBeLessThanOrEqual(maxRows);
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
      expect(document.activeElement?.getAttribute('aria-label')).toBe(`Wallet ${N - 2}`);
      fireEvent.keyDown(document.activeElement!, { key: 'Home' });
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Test Wallet Installed');
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Wallet 0');
      fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
      expect(Number(document.activeElement?.getAttribute('data-index'))).toBeGreaterThan(1);
    });
  });

  it('asks the directory to load when shown', () => {
    const t = uiKernel();
    const { fake } = withDirectory(t, []);
    renderView(t.kernel, AllWallets);
    expect(fake.loads).toBe(1);
  });

  it('works without a directory service (connectors and custom wallets only)', () => {
    const t = uiKernel({ customWallets: custom });
    const get = t.kernel.get.bind(t.kernel);
    const kernel = { ...t.kernel, get: <T,>(token: symbol): T => (token === WalletDirectory ? (() => { throw new Error('unbound'); })() : get<T>(token)) } as UiKernel;
    renderView(kernel, AllWallets);
    expect(rowNames()).toEqual(['Test Wallet', 'Rainbowish', 'Nowhere Wallet']);
  });

  it('getLinks orders store links first, keeps http(s) only and drops duplicates', () => {
    expect(
      getLinks({
        installUrl: 'https://x.example/get',
        wallet: { id: 'x', name: 'X', homepage: 'https://x.example/get', chromeStore: 'https://c.example', webappLink: 'javascript:alert(1)' },
      }),
    ).toEqual([
      { label: 'Install', href: 'https://x.example/get' },
      { label: 'Chrome Web Store', href: 'https://c.example/' },
    ]);
  });

  it('focuses the search field when it opens (desktop), not on a phone where it would raise the keyboard', () => {
    const desktop = uiKernel();
    const { unmount } = renderView(desktop.kernel, AllWallets);
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search wallet' }));
    unmount();
    const phone = testKernel({}, { mobile: true });
    renderView(phone.kernel, AllWallets);
    expect(document.activeElement).not.toBe(screen.getByRole('searchbox', { name: 'Search wallet' }));
  });

  it('keeps one list height while the visitor types (no jump per keystroke)', () => {
    const t = uiKernel();
    withDirectory(t, CATALOGUE);
    renderView(t.kernel, AllWallets);
    const search = screen.getByRole('searchbox', { name: 'Search wallet' });
    const area = () => (screen.queryByTestId('wallet-scroller') ?? screen.getByRole('status').parentElement!) as HTMLElement;
    const heights = new Set<string>();
    for (const q of ['', 'm', 'me', 'met', 'metamask', 'zzzz-no-such-wallet']) {
      fireEvent.change(search, { target: { value: q } });
      heights.add(area().style.height);
    }
    expect(heights.size).toBe(1);
    expect([...heights][0]).toBe(`${LIST_HEIGHT}px`);
  });
});
