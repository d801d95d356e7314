import { socialMark } from 'latchkey/ui/icons';
import { DEFAULT_SOCIALS, providerTitle, visibleSocials, type Platform } from './social';

const platform = (p: Partial<Record<keyof Platform, boolean>> = {}): Platform => ({
  isTelegram: () => p.isTelegram ?? false,
  isIos: () => p.isIos ?? false,
  isMac: () => p.isMac ?? false,
  isAndroid: () => p.isAndroid ?? false,
});

describe('social providers', () => {
  it("default to the spec's seven, in its order", () => {
    expect(visibleSocials(undefined, platform())).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']);
    expect(DEFAULT_SOCIALS).toHaveLength(7);
  });

  it('each has its bundled mark in latchkey/ui/icons (a data: SVG, nothing fetched from the provider)', () => {
    expect(DEFAULT_SOCIALS.map((p) => socialMark(p)?.startsWith('data:image/svg+xml,'))).toEqual(Array(7).fill(true));
  });

  it('follow features.socials: a list (unknown and repeated names dropped), false or [] for none', () => {
    expect(visibleSocials(['github', 'myspace', 'github', 7, 'x'], platform())).toEqual(['github', 'x']);
    expect(visibleSocials(false, platform())).toEqual([]);
    expect(visibleSocials([], platform())).toEqual([]);
  });

  it('in a Telegram mini-app hide google on iOS, x on a Mac, facebook and x on Android (docs/embedded-wallet.md#social-login)', () => {
    const all = undefined;
    expect(visibleSocials(all, platform({ isTelegram: true, isIos: true }))).not.toContain('google');
    expect(visibleSocials(all, platform({ isTelegram: true, isMac: true }))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple', 'facebook']);
    expect(visibleSocials(all, platform({ isTelegram: true, isAndroid: true }))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple']);
    // outside Telegram nothing is hidden
    expect(visibleSocials(all, platform({ isIos: true, isAndroid: true, isMac: true }))).toHaveLength(7);
  });

  it('buttons are named by provider', () => {
    expect(DEFAULT_SOCIALS.map(providerTitle)).toEqual(['Google', 'X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook']);
  });
});
