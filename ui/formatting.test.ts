import { formatBalance, formatTokenValue, truncateAddress, TRUNCATION_MARK } from './formatting';

describe('truncateAddress', () => {
  const addr = '0x1234567890abcdef1234567890abcdef12abcdef';

  it('keeps 4 characters at the start (0x included) and 6 at the end, with … between', () => {
    expect(TRUNCATION_MARK).toBe('…');
    expect(truncateAddress(addr)).toBe('0x12…abcdef');
  });

  it('takes custom lengths', () => {
    expect(truncateAddress(addr, 6, 4)).toBe('0x1234…cdef');
    expect(truncateAddress(addr, 4, 0)).toBe('0x12…');
  });

  it('leaves strings that would not get shorter', () => {
    expect(truncateAddress('0x123abcdef')).toBe('0x123abcdef'); // 11 = 4 + 1 + 6: nothing gained
    expect(truncateAddress('short')).toBe('short');
    expect(truncateAddress('')).toBe('');
  });

  it('cuts a string one character longer than that', () => {
    expect(truncateAddress('0x1234abcdef')).toBe('0x12…abcdef'); // 12 → 11
  });
});

describe('formatBalance', () => {
  it.each([
    ['1.23456', '1.234'],
    ['1.2399', '1.239'],
    ['2.5000', '2.5'],
    ['0.0004', '0'],
    ['10', '10'],
    ['007.1', '7.1'],
    [1.5, '1.5'],
    [0.3, '0.3'],
    [1e-7, '0'],
    [1.23456e3, '1234.56'],
    [10n, '10'],
    ['-1.23456', '-1.234'],
    ['-0.0001', '0'],
    ['abc', '0'],
    ['', '0'],
    [undefined, '0'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
  ])('%p → %p', (v, out) => expect(formatBalance(v)).toBe(out));

  it('takes another number of decimals', () => {
    expect(formatBalance('1.23456', 1)).toBe('1.2');
    expect(formatBalance('1.99', 0)).toBe('1');
    expect(formatBalance('0.000123456789', 6)).toBe('0.000123');
  });
});

describe('formatTokenValue', () => {
  it.each([
    [1234.5, '1,234.50'],
    ['0.005', '0.01'],
    [0.004, '0.00'],
    ['1000000', '1,000,000.00'],
    [-2.345, '-2.35'],
    [-0.001, '0.00'],
    ['x', '0.00'],
    [undefined, '0.00'],
  ])('%p → %p', (v, out) => expect(formatTokenValue(v)).toBe(out));

  it('takes another number of decimals', () => {
    expect(formatTokenValue(1.23456, 4)).toBe('1.2346');
    expect(formatTokenValue(1.6, 0)).toBe('2');
  });
});
