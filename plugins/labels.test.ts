/**
 * Every text a first-party manifest declares (view titles, Account tab and wallet-feature labels)
 * is translated in every locale Latchkey ships, by the manifest's `translations` chunk; brand
 * names are the only texts left as they are. A new title or label without translations fails here.
 */
import type { PluginManifest } from 'latchkey';
import { LOCALES } from '../ui/i18n/locale';
import { bitcoinPlugin } from './bitcoin/index';
import { emailPlugin } from './embedded-wallet/email';
import { socialsPlugin } from './embedded-wallet/socials';
import { evmPlugin } from './evm/index';
import { historyPlugin } from './history/index';
import { namesPlugin } from './names/index';
import { onrampPlugin } from './onramp/index';
import { portfolioPlugin } from './portfolio/index';
import { receivePlugin } from './receive/index';
import { sendPlugin } from './send/index';
import { siwxPlugin } from './siwx/index';
import { solanaPlugin } from './solana/index';
import { swapsPlugin } from './swaps/index';
import { walletConnectPlugin } from './walletconnect/index';

/** Names that read the same in every language. */
const BRANDS = new Set(['WalletConnect', 'Farcaster']);

const manifests: PluginManifest[] = [
  evmPlugin(),
  walletConnectPlugin(),
  solanaPlugin(),
  bitcoinPlugin(),
  emailPlugin(),
  socialsPlugin(),
  sendPlugin(),
  receivePlugin(),
  swapsPlugin(),
  onrampPlugin(),
  historyPlugin(),
  portfolioPlugin(),
  namesPlugin(),
  siwxPlugin(),
];

function declaredTexts(m: PluginManifest): string[] {
  const c = m.contributes ?? {};
  return [
    ...(c.views ?? []).flatMap((v) => (v.title === undefined ? [] : [v.title])),
    ...(c.accountTabs ?? []).map((t) => t.label),
    ...(c.walletFeatures ?? []).map((f) => f.label),
  ];
}

const others = LOCALES.filter((l) => l !== 'en');

describe.each(manifests.map((m) => [m.id, m] as const))('%s', (_id, manifest) => {
  const texts = [...new Set(declaredTexts(manifest))].filter((t) => !BRANDS.has(t));

  it('translates every text it declares in every locale', async () => {
    if (texts.length === 0) {
      expect(manifest.translations).toBeUndefined();
      return;
    }
    expect(typeof manifest.translations).toBe('function');
    const chunk = (await manifest.translations!()).default;
    for (const locale of others) {
      for (const text of texts) {
        const value = chunk[locale]?.[text];
        expect([locale, text, typeof value === 'string' && value.trim() !== '']).toEqual([locale, text, true]);
      }
    }
    // no locale Latchkey does not ship, no text the manifest does not declare
    expect(Object.keys(chunk).sort()).toEqual([...others].sort());
  });

  it('gives untitled views no title a visitor would read (the id split into words is English)', () => {
    const untitled = (manifest.contributes?.views ?? []).filter((v) => v.title === undefined).map((v) => v.id);
    // inline panels only: the Connect view's sections, whose header is the Connect view's
    const inline = new Set((manifest.contributes?.connectMethods ?? []).map((c) => c.view));
    expect(untitled.filter((id) => !inline.has(id) && !TITLED_BY_DATA.has(id))).toEqual([]);
  });
});

/** Views whose header comes from their route data (the provider or wallet being connected). */
const TITLED_BY_DATA = new Set(['ConnectingSocial']);
