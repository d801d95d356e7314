import { CATALOGUE } from './catalogue';

describe('shipped catalogue', () => {
  it('has about 40 popular wallets with unique ids, names and rdns', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CATALOGUE.map((w) => w.id)).size).toBe(CATALOGUE.length);
    expect(new Set(CATALOGUE.map((w) => w.name.toLowerCase())).size).toBe(CATALOGUE.length);
    const rdns = CATALOGUE.flatMap((w) => (w.rdns ? [w.rdns] : []));
    expect(new Set(rdns).size).toBe(rdns.length);
    expect(rdns).toEqual(expect.arrayContaining(['io.metamask', 'com.coinbase.wallet', 'me.rainbow', 'io.rabby', 'app.phantom']));
  });

  it('uses the rdns as id when there is one, else a lower-case slug', () => {
    for (const w of CATALOGUE) {
      if (w.rdns) expect(w.id).toBe(w.rdns);
      else expect(w.id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    }
  });

  it('has an offline image for every wallet (an SVG data URI, no remote host)', () => {
    for (const w of CATALOGUE) {
      expect(w.imageUrl).toMatch(/^data:image\/svg\+xml,/);
      expect(decodeURIComponent(w.imageUrl!)).toContain('<svg');
    }
  });

  it('has a homepage for every wallet and only https links or deep-link bases', () => {
    for (const w of CATALOGUE) {
      expect(w.homepage).toMatch(/^https:\/\//);
      for (const key of ['homepage', 'universalLink', 'webappLink', 'appStore', 'playStore', 'chromeStore'] as const) {
        const v = w[key];
        if (v !== undefined) expect(() => new URL(v)).not.toThrow();
        if (v !== undefined) expect(v).toMatch(/^https:\/\//);
      }
      for (const key of ['mobileLink', 'desktopLink'] as const) {
        const v = w[key];
        if (v !== undefined) expect(v).toMatch(/^[a-z][a-z0-9+.-]*:\/\/([^?#]*\/)?$/);
      }
      if (w.appStore) expect(w.appStore).toMatch(/^https:\/\/apps\.apple\.com\/app\/id\d+$/);
      if (w.playStore) expect(w.playStore).toMatch(/^https:\/\/play\.google\.com\/store\/apps\/details\?id=[\w.]+$/);
      if (w.chromeStore) expect(w.chromeStore).toMatch(/^https:\/\/chromewebstore\.google\.com\/detail\/[a-p]{32}$/);
    }
  });

  it('declares the namespaces each wallet serves, from the known ones', () => {
    for (const w of CATALOGUE) {
      expect(w.namespaces?.length).toBeGreaterThan(0);
      for (const ns of w.namespaces!) expect(['eip155', 'solana', 'polkadot', 'bip122']).toContain(ns);
    }
  });
});
