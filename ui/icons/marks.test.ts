import { ICONS, featureIcon, tabIcon } from './set';
import { SOCIAL_MARKS, socialMark } from './social';
import { ONRAMP_MARKS, onrampMark } from './onramp';
import { tokenMark } from './tokens';
import { monogram } from './svg';
import { CHAIN_ICONS, ETHEREUM_MARK } from './chains';

/** The SVG text of a data URI mark. */
const svgOf = (uri: string) => {
  expect(uri.startsWith('data:image/svg+xml,')).toBe(true);
  return decodeURIComponent(uri.slice('data:image/svg+xml,'.length));
};

describe('brand marks', () => {
  // the socials plugin's own test checks that each provider it offers has one (plugins/embedded-wallet/social.test.ts)
  const SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'];

  it('the social providers have bundled marks (no third-party host at run time)', () => {
    for (const p of SOCIALS) {
      const svg = svgOf(socialMark(p)!);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32">.*<\/svg>$/);
      // nothing to fetch: no link, no external image, no script
      expect(svg).not.toMatch(/href|<image|<script|url\(http/i);
    }
    expect(Object.keys(SOCIAL_MARKS).sort()).toEqual([...SOCIALS].sort());
  });

  it("on-ramp providers: the host's icon first, a known provider's mark, else the name's monogram", () => {
    expect(onrampMark('coinbase', 'Coinbase')).toBe(ONRAMP_MARKS['coinbase']);
    expect(onrampMark('meld', 'Meld')).toBe(ONRAMP_MARKS['meld']);
    expect(onrampMark('local', 'Local on-ramp', 'https://pay.example/icon.png')).toBe('https://pay.example/icon.png');
    const local = svgOf(onrampMark('local', 'Local on-ramp'));
    expect(local).toContain('>L</text>');
    // the same name always gets the same colour
    expect(monogram('Local on-ramp')).toBe(monogram('Local on-ramp'));
    expect(monogram('Local on-ramp')).not.toBe(monogram('Other'));
  });

  it('a monogram escapes what it draws (a name is host data)', () => {
    expect(svgOf(monogram('<script>'))).toContain('>?</text>');
    expect(svgOf(monogram('&x'))).not.toContain('>&<');
  });

  it("tokens: a native currency shares its chain's drawing; a symbol alone gets the monogram (ui/icons/tokens.test.ts has the rule)", () => {
    expect(tokenMark({ symbol: 'ETH', chainId: 'eip155:1' })).toBe(ETHEREUM_MARK);
    expect(CHAIN_ICONS.ethereum).toBe(ETHEREUM_MARK); // one drawing, shared
    expect(tokenMark({ symbol: 'USDC' })).toBe(monogram('USDC'));
    expect(tokenMark({ symbol: 'LKD', chainId: 'eip155:31337', address: '0x1111111111111111111111111111111111111111' })).toBe(monogram('LKD'));
  });
});

describe('icon set', () => {
  it('has an icon for every first-party wallet feature and account tab, and a generic one for the rest', () => {
    expect(['onramp', 'swaps', 'receive', 'send', 'names', 'walletSettings'].map(featureIcon)).toEqual(['buy', 'swap', 'receive', 'send', 'name', 'settings']);
    expect(featureIcon('gas')).toBe('plugin');
    expect(['Tokens', 'NFTs', 'Activity', 'Wallet'].map(tabIcon)).toEqual(['tokens', 'nfts', 'activity', undefined]);
    for (const def of Object.values(ICONS)) expect(def.d).toMatch(/^M[0-9 .,a-zA-Z-]+$/);
  });
});
