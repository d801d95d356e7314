import type { Connector, Eip1193Provider } from '../../kernel/index';
import { displayText } from '../../kernel/encoding/index';
import { MAX_ANNOUNCED_WALLETS, cleanWalletName, discoverEvmWallets, type DiscoverySink, type DiscoveryWindow, type Eip6963ProviderDetail } from './discovery';

/** A window stand-in: an EventTarget with an optional `ethereum`. */
class FakeWindow extends EventTarget implements DiscoveryWindow {
  ethereum?: unknown;
  requests = 0;
  constructor() {
    super();
    this.addEventListener('eip6963:requestProvider', () => {
      this.requests += 1;
    });
  }
}

function fakeProvider(flags: Record<string, boolean> = {}): Eip1193Provider {
  return { request: async () => null, ...flags };
}

function detail(rdns: string, name: string, provider: Eip1193Provider, uuid = `${rdns}-uuid`): Eip6963ProviderDetail {
  return { info: { uuid, name, icon: `data:image/svg+xml,${name}`, rdns }, provider };
}

/** A wallet extension: announces now and on every request, as EIP-6963 wallets do. */
function installWallet(win: FakeWindow, d: Eip6963ProviderDetail): void {
  const announce = () => win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze(d) }));
  win.addEventListener('eip6963:requestProvider', announce);
  announce();
}

/** Records calls and keeps the resulting list, like a registry without its own de-duplication. */
class RecordingSink implements DiscoverySink {
  readonly list = new Map<string, Connector>();
  readonly adds: Connector[] = [];
  readonly removes: string[] = [];
  add(c: Connector): void {
    this.adds.push(c);
    this.list.set(c.id, c);
  }
  remove(id: string): void {
    this.removes.push(id);
    this.list.delete(id);
  }
  ids(): string[] {
    return [...this.list.keys()].sort();
  }
}

describe('discoverEvmWallets', () => {
  it('lists announced wallets and drops window.ethereum when an announced wallet owns the same provider', () => {
    const win = new FakeWindow();
    const metamask = fakeProvider({ isMetaMask: true });
    const rabby = fakeProvider({ isRabby: true, isMetaMask: true });
    installWallet(win, detail('io.metamask', 'MetaMask', metamask));
    installWallet(win, detail('io.rabby', 'Rabby Wallet', rabby));
    win.ethereum = metamask;

    const sink = new RecordingSink();
    discoverEvmWallets(win, sink);

    expect(win.requests).toBe(1);
    expect(sink.ids()).toEqual(['io.metamask', 'io.rabby']);
    expect(sink.adds).toHaveLength(2);
    expect(sink.list.get('io.metamask')).toEqual({
      id: 'io.metamask',
      name: 'MetaMask',
      type: 'ANNOUNCED',
      chain: 'eip155',
      imageUrl: 'data:image/svg+xml,MetaMask',
      info: { rdns: 'io.metamask', uuid: 'io.metamask-uuid' },
      provider: metamask,
      installed: true,
    });
  });

  it('drops window.ethereum whose flags name an announced rdns even with a different provider object', () => {
    const win = new FakeWindow();
    installWallet(win, detail('com.coinbase.wallet', 'Coinbase Wallet', fakeProvider()));
    win.ethereum = fakeProvider({ isCoinbaseWallet: true });
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink);
    expect(sink.ids()).toEqual(['com.coinbase.wallet']);
  });

  it('adds window.ethereum as INJECTED, named by its flags, when no announced wallet matches', () => {
    const win = new FakeWindow();
    installWallet(win, detail('io.rabby', 'Rabby Wallet', fakeProvider()));
    const brave = fakeProvider({ isBraveWallet: true, isMetaMask: true });
    win.ethereum = brave;
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink);
    expect(sink.ids()).toEqual(['injected', 'io.rabby']);
    expect(sink.list.get('injected')).toEqual({
      id: 'injected',
      name: 'Brave Wallet',
      type: 'INJECTED',
      chain: 'eip155',
      info: { rdns: 'com.brave.wallet' },
      provider: brave,
      installed: true,
    });
  });

  it("names an unflagged window.ethereum 'Browser Wallet'", () => {
    const win = new FakeWindow();
    win.ethereum = fakeProvider();
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink);
    expect(sink.list.get('injected')?.name).toBe('Browser Wallet');
    expect(sink.list.get('injected')?.info).toBeUndefined();
  });

  it('picks up late announcements; one owning the injected provider replaces it (ANNOUNCED wins)', () => {
    const win = new FakeWindow();
    const late = fakeProvider({ isMetaMask: true });
    win.ethereum = late;
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink);
    expect(sink.ids()).toEqual(['injected']);

    // A wallet whose content script runs after the page: it announces on its own.
    installWallet(win, detail('io.metamask', 'MetaMask', late));
    expect(sink.ids()).toEqual(['io.metamask']);
    expect(sink.removes).toEqual(['injected']);

    installWallet(win, detail('xyz.unknown', 'Never Seen Wallet', fakeProvider()));
    expect(sink.ids()).toEqual(['io.metamask', 'xyz.unknown']);
  });

  it('ignores repeated announcements of the same wallet and malformed ones', () => {
    const win = new FakeWindow();
    const d = detail('io.metamask', 'MetaMask', fakeProvider());
    installWallet(win, d);
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink);
    // Someone else (another library) asks again: the wallet re-announces.
    win.dispatchEvent(new Event('eip6963:requestProvider'));
    win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { rdns: 'a.b' }, provider: {} } }));
    win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'u', name: 'n', icon: '', rdns: '' }, provider: fakeProvider() } }));
    win.dispatchEvent(new CustomEvent('eip6963:announceProvider'));
    expect(sink.adds.map((c) => c.id)).toEqual(['io.metamask']);
  });

  it('waits for ethereum#initialized when window.ethereum comes late', () => {
    const win = new FakeWindow();
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink);
    expect(sink.ids()).toEqual([]);
    win.ethereum = fakeProvider({ isMetaMask: true });
    win.dispatchEvent(new Event('ethereum#initialized'));
    expect(sink.list.get('injected')?.name).toBe('MetaMask');
  });

  it('respects enableEIP6963: false (no request, announcements ignored)', () => {
    const win = new FakeWindow();
    win.ethereum = fakeProvider();
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink, { enableEIP6963: false });
    installWallet(win, detail('io.rabby', 'Rabby Wallet', fakeProvider()));
    expect(win.requests).toBe(0);
    expect(sink.ids()).toEqual(['injected']);
  });

  it('respects enableInjected: false', () => {
    const win = new FakeWindow();
    win.ethereum = fakeProvider();
    installWallet(win, detail('io.rabby', 'Rabby Wallet', fakeProvider()));
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink, { enableInjected: false });
    win.dispatchEvent(new Event('ethereum#initialized'));
    expect(sink.ids()).toEqual(['io.rabby']);
  });

  it('stops listening once disposed', () => {
    const win = new FakeWindow();
    const sink = new RecordingSink();
    const dispose = discoverEvmWallets(win, sink);
    dispose();
    installWallet(win, detail('io.rabby', 'Rabby Wallet', fakeProvider()));
    win.ethereum = fakeProvider();
    win.dispatchEvent(new Event('ethereum#initialized'));
    expect(sink.adds).toEqual([]);
  });

  it('is a no-op without a window (server rendering)', () => {
    const sink = new RecordingSink();
    const dispose = discoverEvmWallets(undefined, sink);
    expect(() => dispose()).not.toThrow();
    expect(sink.adds).toEqual([]);
  });
});

describe('hostile or noisy pages', () => {
  it('keeps at most MAX_ANNOUNCED_WALLETS distinct wallets out of 3,000 announcements, and says so once', () => {
    const win = new FakeWindow();
    const sink = new RecordingSink();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    discoverEvmWallets(win, sink);
    for (let i = 0; i < 3000; i++) installWallet(win, detail(`io.spam${i}`, `Spam ${i}`, fakeProvider()));
    expect(sink.list.size).toBe(MAX_ANNOUNCED_WALLETS);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('a wallet announcing again with a new provider replaces itself and does not count twice', () => {
    const win = new FakeWindow();
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink, { maxAnnounced: 2 });
    installWallet(win, detail('io.a', 'A', fakeProvider()));
    installWallet(win, detail('io.a', 'A', fakeProvider()));
    installWallet(win, detail('io.b', 'B', fakeProvider()));
    expect([...sink.list.keys()]).toEqual(['io.a', 'io.b']);
  });

  it.each([
    ['an rdns that is not reverse-DNS', { rdns: 'javascript:alert(1)' }],
    ['an empty uuid', { uuid: '' }],
    ['a name of only markup and control characters', { name: '<>\u0000\u202e' }],
    ['an rdns too long', { rdns: `io.${'a'.repeat(300)}` }],
  ])('refuses an announcement with %s', (_label, patch) => {
    const win = new FakeWindow();
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink);
    const d = detail('io.ok', 'Ok', fakeProvider());
    installWallet(win, { ...d, info: { ...d.info, ...patch } });
    expect(sink.list.size).toBe(0);
  });

  it('cleans a name and drops an icon that is not a bounded data: image', () => {
    const win = new FakeWindow();
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink);
    const d = detail('io.x', '<img src=x onerror=alert(1)>  Evil\u202eWallet', fakeProvider());
    installWallet(win, { ...d, info: { ...d.info, icon: 'javascript:alert(1)' } });
    installWallet(win, { ...detail('io.y', 'Y', fakeProvider()), info: { ...detail('io.y', 'Y', fakeProvider()).info, icon: `data:image/svg+xml,${'a'.repeat(200_000)}` } });
    installWallet(win, { ...detail('io.z', 'Z', fakeProvider()), info: { ...detail('io.z', 'Z', fakeProvider()).info, icon: 'data:text/html,<script>alert(1)</script>' } });
    expect(sink.list.get('io.x')).toMatchObject({ name: 'img src=x onerror=alert(1) EvilWallet', imageUrl: undefined });
    expect(sink.list.get('io.y')?.imageUrl).toBeUndefined();
    expect(sink.list.get('io.z')?.imageUrl).toBeUndefined();
  });

  it('ignores an announcement whose getters throw', () => {
    const win = new FakeWindow();
    const sink = new RecordingSink();
    discoverEvmWallets(win, sink);
    const hostile = { get info(): never { throw new Error('boom'); }, provider: fakeProvider() };
    expect(() => win.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: hostile }))).not.toThrow();
    expect(sink.list.size).toBe(0);
  });
});

describe('the wallet-name cleaner of the start path', () => {
  it("cleans as latchkey's displayText does (it is written out to keep the manifest free of run-time imports)", () => {
    const names = ['<img src=x onerror=alert(1)>  Evil\u202eWallet', ' Line\none\ttab\u0085next ', 'A\u0007B\u0000C\u009b', 'U\u200bS\u200dD\u2066C\u2069\ufeff\ufffd', '🦊'.repeat(70), '\u200b\u202e \n', 'MetaMask'];
    for (const name of names) expect([name, cleanWalletName(name)]).toEqual([name, displayText(name, 64, true)]);
  });
});
