import { MAX_REMOTE_PAGES, mergeWallets, pageCount, parseRemotePage, parseRemoteWallet } from './remote';
import type { DirectoryWallet } from './types';

const BASE = 'https://dir.example/api/';

describe('parseRemoteWallet', () => {
  it('maps the snake_case fields and builds the image URL from image_id', () => {
    const w = parseRemoteWallet(
      {
        id: 'abc',
        name: ' Some Wallet ',
        homepage: 'https://some.example',
        image_id: 'img 1',
        rdns: 'com.some',
        mobile_link: 'some://',
        link_mode: 'https://some.example/ul',
        desktop_link: 'somedesk://',
        webapp_link: 'https://app.some.example',
        app_store: 'https://apps.apple.com/app/id1',
        play_store: 'https://play.google.com/store/apps/details?id=some',
        chrome_store: 'https://chromewebstore.google.com/detail/x',
        chains: ['eip155:1', 'eip155:10', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'cosmos:hub'],
        extra: 42,
      },
      BASE,
    );
    expect(w).toEqual({
      id: 'abc',
      explorerId: 'abc',
      name: 'Some Wallet',
      homepage: 'https://some.example',
      imageUrl: 'https://dir.example/api/getWalletImage/img%201',
      rdns: 'com.some',
      mobileLink: 'some://',
      universalLink: 'https://some.example/ul',
      desktopLink: 'somedesk://',
      webappLink: 'https://app.some.example',
      appStore: 'https://apps.apple.com/app/id1',
      playStore: 'https://play.google.com/store/apps/details?id=some',
      chromeStore: 'https://chromewebstore.google.com/detail/x',
      namespaces: ['eip155', 'solana'],
    });
  });

  it('prefers image_url and leaves unknown fields out', () => {
    expect(parseRemoteWallet({ id: 'a', name: 'A', image_url: 'https://cdn.example/a.png', image_id: 'x' }, BASE)).toEqual({
      id: 'a',
      explorerId: 'a',
      name: 'A',
      imageUrl: 'https://cdn.example/a.png',
    });
  });

  it('drops dangerous or malformed links', () => {
    const w = parseRemoteWallet({ id: 'a', name: 'A', homepage: 'javascript:alert(1)', webapp_link: 'not a url', image_url: 'javascript:x', mobile_link: 'data:text/html,x' }, BASE);
    expect(w).toEqual({ id: 'a', explorerId: 'a', name: 'A' });
  });

  it('returns undefined without id or name', () => {
    expect(parseRemoteWallet({ name: 'A' }, BASE)).toBeUndefined();
    expect(parseRemoteWallet({ id: 'a', name: '  ' }, BASE)).toBeUndefined();
    expect(parseRemoteWallet('a', BASE)).toBeUndefined();
    expect(parseRemoteWallet(null, BASE)).toBeUndefined();
  });
});

describe('parseRemotePage', () => {
  it('reads {count, data} and counts skipped entries', () => {
    const page = parseRemotePage({ count: 250, data: [{ id: 'a', name: 'A' }, { nope: 1 }, { id: 'b', name: 'B' }] }, BASE);
    expect(page?.count).toBe(250);
    expect(page?.wallets.map((w) => w.id)).toEqual(['a', 'b']);
    expect(page?.skipped).toBe(1);
  });

  it('uses the data length when count is missing or invalid', () => {
    expect(parseRemotePage({ data: [{ id: 'a', name: 'A' }] }, BASE)?.count).toBe(1);
    expect(parseRemotePage({ count: -3, data: [] }, BASE)?.count).toBe(0);
  });

  it('rejects other shapes', () => {
    expect(parseRemotePage({ count: 1, data: 'x' }, BASE)).toBeUndefined();
    expect(parseRemotePage([], BASE)).toBeUndefined();
    expect(parseRemotePage('<html>', BASE)).toBeUndefined();
    expect(parseRemotePage(undefined, BASE)).toBeUndefined();
  });
});

describe('pageCount', () => {
  it('rounds up, at least 1, at most MAX_REMOTE_PAGES', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(100)).toBe(1);
    expect(pageCount(101)).toBe(2);
    expect(pageCount(250, 100)).toBe(3);
    expect(pageCount(10_000_000)).toBe(MAX_REMOTE_PAGES);
  });
});

describe('mergeWallets', () => {
  const catalogue: DirectoryWallet[] = [
    { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask', imageUrl: 'data:image/svg+xml,mm', chromeStore: 'https://chrome/mm' },
    { id: 'safe', name: 'Safe', homepage: 'https://safe.global' },
    { id: 'me.rainbow', name: 'Rainbow', rdns: 'me.rainbow' },
  ];

  it('puts remote wallets first and completes them from the matching catalogue entry (rdns, id or name)', () => {
    const remote: DirectoryWallet[] = [
      { id: 'hash-r', explorerId: 'hash-r', name: 'Rainbow', rdns: 'me.rainbow', imageUrl: 'https://cdn/r.png' },
      { id: 'hash-new', explorerId: 'hash-new', name: 'New Wallet' },
      { id: 'hash-mm', explorerId: 'hash-mm', name: 'MetaMask', homepage: 'https://metamask.io' },
    ];
    const merged = mergeWallets(remote, catalogue);
    expect(merged.map((w) => w.id)).toEqual(['me.rainbow', 'hash-new', 'io.metamask', 'safe']);
    expect(merged[0]).toMatchObject({ id: 'me.rainbow', explorerId: 'hash-r', imageUrl: 'https://cdn/r.png' });
    // matched by name: catalogue fields kept, remote fields added
    expect(merged[2]).toMatchObject({ id: 'io.metamask', explorerId: 'hash-mm', chromeStore: 'https://chrome/mm', homepage: 'https://metamask.io', rdns: 'io.metamask' });
  });

  it('keeps every catalogue wallet (data never lost) and drops duplicate remote ids', () => {
    const remote: DirectoryWallet[] = [
      { id: 'x', name: 'X' },
      { id: 'x', name: 'X again' },
    ];
    const merged = mergeWallets(remote, catalogue);
    expect(merged.map((w) => w.name)).toEqual(['X', 'MetaMask', 'Safe', 'Rainbow']);
    expect(mergeWallets([], catalogue)).toEqual(catalogue);
  });

  it('matches one catalogue entry at most once', () => {
    const merged = mergeWallets(
      [
        { id: 'a', name: 'Safe' },
        { id: 'b', name: 'Safe' },
      ],
      catalogue,
    );
    expect(merged.filter((w) => w.id === 'safe')).toHaveLength(1);
    expect(merged.map((w) => w.id)).toEqual(['safe', 'b', 'io.metamask', 'me.rainbow']);
  });
});
