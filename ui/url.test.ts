import { MAX_IMAGE_URL_LENGTH, MAX_LINK_LENGTH, sanitizeUrl, type UrlUse } from './url';

const SVG_WITH_SCRIPT = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"%3E%3Cscript%3Ealert(1)%3C/script%3E%3C/svg%3E';

/** URLs no use may render: they run script, read local data, or are not URLs at all. */
const HOSTILE: readonly unknown[] = [
  'javascript:alert(1)',
  'javascript:alert(1)//',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u0001\u001fjavascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'javascript://%0aalert(1)',
  'javascript://comment%0Aalert(document.domain)',
  'jav&#x09;ascript:alert(1)',
  'vbscript:msgbox(1)',
  'VBScript://x',
  'livescript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'DATA:text/html,<b>x</b>',
  'data:application/javascript,alert(1)',
  'data:,alert(1)',
  'file:///etc/passwd',
  'file://c:/windows/win.ini',
  'filesystem:https://example.com/temporary/x',
  'blob:https://evil.example/1c8d1e3f-1e0e-4a51-9a5f-3c1d8d0a7f1e',
  'about:blank',
  'view-source:https://example.com',
  'chrome://settings',
  'chrome-extension://abcdefghijklmnopabcdefghijklmnop/popup.html',
  '',
  '   ',
  'not a url',
  '//',
  'http://',
  'https://',
  undefined,
  null,
  42,
  {},
  ['https://ok.example'],
  { toString: () => 'https://ok.example' },
];

describe('sanitizeUrl refuses hostile URLs for every use', () => {
  const uses: UrlUse[] = ['link', 'image', 'deepLink'];
  for (const use of uses) {
    it.each(HOSTILE.map((u) => [JSON.stringify(u) ?? String(u), u]))(`${use}: %s`, (_label, url) => {
      expect(sanitizeUrl(url, use)).toBeUndefined();
    });
  }
});

describe('links (href opened by the visitor)', () => {
  it.each([
    ['https://rabby.io', 'https://rabby.io/'],
    ['http://127.0.0.1:5173/wallet/', 'http://127.0.0.1:5173/wallet/'],
    ['HTTPS://Apps.Apple.com/app/id1438144202', 'https://apps.apple.com/app/id1438144202'],
    ['  https://metamask.io/download  ', 'https://metamask.io/download'],
    ['https://etherscan.io/address/0xabc', 'https://etherscan.io/address/0xabc'],
  ])('allows %s', (url, expected) => {
    expect(sanitizeUrl(url, 'link')).toBe(expected);
  });

  it.each([
    'metamask://',
    'data:image/png;base64,iVBORw0KGgo=',
    'mailto:a@b.example',
    'tel:+100',
    'ftp://files.example/x',
    'ws://127.0.0.1:8787',
    'https://metamask.io@evil.example/',
    'https://user:pass@evil.example/',
  ])('refuses %s', (url) => {
    expect(sanitizeUrl(url, 'link')).toBeUndefined();
  });

  it('refuses a link longer than the limit', () => {
    expect(sanitizeUrl(`https://a.example/${'x'.repeat(MAX_LINK_LENGTH)}`, 'link')).toBeUndefined();
    expect(sanitizeUrl(`https://a.example/${'x'.repeat(100)}`, 'link')).toBeDefined();
  });

  it('without a page, a relative URL has no base and is refused', () => {
    expect(sanitizeUrl('/chains/eth.svg', 'link')).toBeUndefined();
  });
});

describe('images (<img src>)', () => {
  it.each([
    'https://img.example/w.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/jpeg;base64,/9j/4AAQ',
    'data:image/gif;base64,R0lGODlhAQABAAAAACw=',
    'data:image/webp;base64,UklGRg==',
    'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
    'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    'data:image/svg+xml;charset=utf-8,<svg xmlns="http://www.w3.org/2000/svg"/>',
    'DATA:IMAGE/PNG;base64,iVBORw0KGgo=',
    // An SVG with a script is still only an image: <img> never runs it.
    SVG_WITH_SCRIPT,
  ])('allows %s', (url) => {
    expect(sanitizeUrl(url, 'image')).toBeDefined();
  });

  it.each([
    'data:image/svg+xml', // no data
    'data:text/xml,<svg/>',
    'data:image/x-unknown;base64,AAAA',
    'data:imagexsvg+xml,<svg/>',
    'data:text/html;charset=utf-8;image/png,<script>alert(1)</script>',
    'metamask://icon.png',
  ])('refuses %s', (url) => {
    expect(sanitizeUrl(url, 'image')).toBeUndefined();
  });

  it('allows large inline icons up to the limit, not beyond', () => {
    const head = 'data:image/png;base64,';
    expect(sanitizeUrl(head + 'A'.repeat(MAX_IMAGE_URL_LENGTH - head.length), 'image')).toBeDefined();
    expect(sanitizeUrl(head + 'A'.repeat(MAX_IMAGE_URL_LENGTH), 'image')).toBeUndefined();
  });

  it('refuses a blob: URL when there is no page origin to compare with', () => {
    expect(sanitizeUrl('blob:http://127.0.0.1:5173/7c3b7a9e-0d1e-4c52-9b7a-1f2e3d4c5b6a', 'image')).toBeUndefined();
  });
});

describe('deep links (open a wallet app)', () => {
  it.each([
    ['metamask://wc?uri=wc%3Aabc%402', 'metamask://wc?uri=wc%3Aabc%402'],
    ['trust://', 'trust://'],
    ['okex://main/wc?uri=x', 'okex://main/wc?uri=x'],
    ['bnc://app.binance.com/cedefi/wc?uri=x', 'bnc://app.binance.com/cedefi/wc?uri=x'],
    ['https://metamask.app.link/wc?uri=x', 'https://metamask.app.link/wc?uri=x'],
    ['MetaMask://wc', 'metamask://wc'],
  ])('allows %s', (url, expected) => {
    expect(sanitizeUrl(url, 'deepLink')).toBe(expected);
  });

  it.each([
    'metamask:wc?uri=x', // not scheme://
    'mailto:a@b.example',
    'intent:#Intent;end',
    'ws://127.0.0.1:8787',
    'wss://relay.example',
    'ftp://files.example',
    'javascript://wc?uri=%0aalert(1)',
    '/relative/path',
    'https://metamask.io@evil.example/',
  ])('refuses %s', (url) => {
    expect(sanitizeUrl(url, 'deepLink')).toBeUndefined();
  });
});

describe('with a page (document.baseURI, location.origin)', () => {
  const g = globalThis as { document?: unknown; location?: unknown };
  beforeAll(() => {
    g.document = { baseURI: 'http://127.0.0.1:5173/app/' };
    g.location = { origin: 'http://127.0.0.1:5173' };
  });
  afterAll(() => {
    delete g.document;
    delete g.location;
  });

  it('resolves relative links and images against the page; never a relative deep link', () => {
    expect(sanitizeUrl('/chains/eth.svg', 'image')).toBe('http://127.0.0.1:5173/chains/eth.svg');
    expect(sanitizeUrl('help', 'link')).toBe('http://127.0.0.1:5173/app/help');
    expect(sanitizeUrl('//cdn.example/x.png', 'image')).toBe('http://cdn.example/x.png');
    expect(sanitizeUrl('/wc', 'deepLink')).toBeUndefined();
  });

  it("allows blob: images of the page's own origin only", () => {
    expect(sanitizeUrl('blob:http://127.0.0.1:5173/7c3b7a9e-0d1e-4c52-9b7a-1f2e3d4c5b6a', 'image')).toBeDefined();
    expect(sanitizeUrl('blob:http://127.0.0.1:9999/7c3b7a9e-0d1e-4c52-9b7a-1f2e3d4c5b6a', 'image')).toBeUndefined();
    expect(sanitizeUrl('blob:null/7c3b7a9e', 'image')).toBeUndefined();
    expect(sanitizeUrl('blob:http://127.0.0.1:5173/7c3b7a9e-0d1e-4c52-9b7a-1f2e3d4c5b6a', 'link')).toBeUndefined();
  });

  it('a relative URL never turns into a script URL', () => {
    for (const u of HOSTILE) {
      for (const use of ['link', 'image', 'deepLink'] as const) {
        const out = sanitizeUrl(u, use);
        expect(out === undefined || /^(https?:|data:image\/|blob:http)/.test(out)).toBe(true);
      }
    }
  });
});
