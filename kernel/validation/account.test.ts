import { InvalidChainIdError } from '../errors/kernel';
import { assertNameChainId, isValidAccountName, nameCoinType } from './account';

describe('isValidAccountName', () => {
  it.each([
    ['abcd', true],
    ['my-name-01', true],
    ['ABC1', true],
    ['----', true],
    ['abc', false],
    ['', false],
    ['name.eth', false],
    ['my name', false],
    ['my_name', false],
    ['namé', false],
    [1234, false],
  ])('%p → %p', (v, ok) => expect(isValidAccountName(v)).toBe(ok));
});

describe('assertNameChainId', () => {
  it.each([
    [1, 1],
    [2 ** 31 - 1, 2 ** 31 - 1],
    ['137', 137],
    ['0x89', 137],
    ['eip155:10', 10],
    [8453n, 8453],
    [0, 0],
  ])('accepts %p as %p', (input, expected) => expect(assertNameChainId(input)).toBe(expected));

  it.each([[2 ** 31], [2 ** 32], [BigInt(2 ** 31)], [-1], [1.5], [Number.NaN], ['abc'], ['eip155:2147483648']])(
    "rejects %p with 'Invalid chainId'",
    (input) => {
      expect(() => assertNameChainId(input)).toThrow(InvalidChainIdError);
      expect(() => assertNameChainId(input)).toThrow('Invalid chainId');
    },
  );

  it('gives the ENSIP-11 coin type', () => {
    expect(nameCoinType(1)).toBe(2147483649);
    expect(nameCoinType(10)).toBe(2147483658);
    expect(() => nameCoinType(2 ** 31)).toThrow(InvalidChainIdError);
  });
});
