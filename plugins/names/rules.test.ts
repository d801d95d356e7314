import { coinTypeForChain, fullName, InvalidChainIdError, NAME_RULE_TEXT, nameIssue, nameLabel, registrationMessage } from './rules';

describe('name rules', () => {
  it('a name is letters, digits and hyphens, at least 4 characters (docs/account-features.md#names)', () => {
    for (const ok of ['alice', 'ab-1', '1234', 'A-B-C', 'x'.repeat(63)]) expect(nameIssue(ok)).toBeUndefined();
    expect(nameIssue('abc')).toBe(NAME_RULE_TEXT.tooShort);
    expect(nameIssue('')).toBe(NAME_RULE_TEXT.tooShort);
    for (const bad of ['al ice', 'al.ice', 'al_ice', 'älice', 'ali$e', 'alice!', '<b>x</b>']) expect(nameIssue(bad)).toBe(NAME_RULE_TEXT.characters);
    expect(nameIssue('x'.repeat(64))).toBe(NAME_RULE_TEXT.tooLong);
    expect(NAME_RULE_TEXT).toEqual({ characters: 'Use letters, digits and hyphens only', tooShort: 'At least 4 characters', tooLong: 'At most 63 characters' });
  });

  it('the zone typed after the name is not part of it; names are lower case in the zone', () => {
    expect(nameLabel(' Alice.reown.id ', 'reown.id')).toBe('Alice');
    expect(nameLabel('alice.latchkey.id', 'reown.id')).toBe('alice.latchkey.id');
    expect(fullName('Alice', 'reown.id')).toBe('alice.reown.id');
  });

  it('coin type: 60 on Ethereum mainnet, 0x80000000 | chainId elsewhere (ENSIP-11); a chain id from 2^31 is "Invalid chainId"', () => {
    expect(coinTypeForChain(1)).toBe(60);
    expect(coinTypeForChain(10)).toBe(2147483658);
    expect(coinTypeForChain(31337)).toBe(2147514985);
    expect(coinTypeForChain(8453)).toBe(0x80000000 + 8453);
    expect(coinTypeForChain(2 ** 31 - 1)).toBe(4294967295);
    for (const bad of [2 ** 31, 2 ** 32, 0, -1, 1.5, Number.NaN]) {
      expect(() => coinTypeForChain(bad)).toThrow(InvalidChainIdError);
      expect(() => coinTypeForChain(bad)).toThrow('Invalid chainId');
    }
  });

  it('the registration message is JSON { name, attributes, timestamp in seconds } (docs/account-features.md#names)', () => {
    expect(registrationMessage('alice.reown.id', 1_700_000_000_999)).toBe('{"name":"alice.reown.id","attributes":{},"timestamp":1700000000}');
    expect(JSON.parse(registrationMessage('a.reown.id', 5_000, { avatar: 'https://x.test/a.png' }))).toEqual({ name: 'a.reown.id', attributes: { avatar: 'https://x.test/a.png' }, timestamp: 5 });
  });
});
