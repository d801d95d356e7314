import { CHAIN_ICONS, chainFamily, chainIcon } from './chains';
import { sanitizeUrl } from '../url';

describe('bundled chain marks', () => {
  it.each([
    [1, 'ethereum'],
    [11155111, 'ethereum'],
    [10, 'optimism'],
    [42161, 'arbitrum'],
    [137, 'polygon'],
    [8453, 'base'],
    [56, 'bnb'],
    [43114, 'avalanche'],
    [100, 'gnosis'],
    [324, 'zksync'],
    [42220, 'celo'],
    [31337, 'local'],
    [1337, 'local'],
  ])('eip155:%s is %s', (id, family) => {
    expect(chainFamily({ id, chainNamespace: 'eip155' })).toBe(family);
    expect(chainIcon({ id, chainNamespace: 'eip155' })).toBe(CHAIN_ICONS[family as keyof typeof CHAIN_ICONS]);
  });

  it('Solana and Bitcoin networks by namespace; unknown chains have none', () => {
    expect(chainFamily({ id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', chainNamespace: 'solana' })).toBe('solana');
    expect(chainFamily({ id: '000000000019d6689c085ae165831e93', chainNamespace: 'bip122' })).toBe('bitcoin');
    expect(chainIcon({ id: 999999, chainNamespace: 'eip155' })).toBeUndefined();
    expect(chainIcon({ id: 1, chainNamespace: 'polkadot' })).toBeUndefined();
  });

  it('every mark is a distinct SVG data URI that the image gate accepts, small enough to bundle', () => {
    const icons = Object.values(CHAIN_ICONS);
    expect(new Set(icons).size).toBe(icons.length);
    for (const icon of icons) {
      expect(icon).toMatch(/^data:image\/svg\+xml,%3Csvg/);
      expect(sanitizeUrl(icon, 'image')).toBeDefined();
      const svg = decodeURIComponent(icon.slice('data:image/svg+xml,'.length));
      expect(svg).not.toMatch(/<script|on\w+=|href=/i);
      expect(icon.length).toBeLessThan(1200);
    }
  });
});
