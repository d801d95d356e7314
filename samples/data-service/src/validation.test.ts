import { ApiError } from './errors';
import {
  chainIdToCoinType,
  coinTypeToChainId,
  parseAddress,
  parseChainId,
  parseDecimal,
  parseFullName,
  parseHex,
  parseHttpUrl,
  parseLimit,
  parseProjectId,
  parseSdkParam,
  parseText,
  parseTokenId,
  parseTxHash,
  validateLabel,
} from './validation';

/** The ApiError a call throws (fails the test when it does not throw one). */
function reason(fn: () => unknown): { status: number; field: string; description: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, field: err.field, description: err.message };
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('addresses', () => {
  it('accepts 40 hex digits with or without 0x, any case, and returns 0x + lowercase', () => {
    expect(parseAddress('0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(parseAddress('f39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
  });
  it.each([['0x123'], ['0xg39Fd6e51aad88F6F4ce6aB8827279cffFb92266'], [''], [42], [null], ['0x' + 'a'.repeat(41)], [' 0x' + 'a'.repeat(40)]])('refuses %p', (v) => {
    expect(reason(() => parseAddress(v))).toEqual({ status: 400, field: 'address', description: 'The address provided is invalid' });
  });
});

describe('chain ids', () => {
  it('accepts CAIP-2 eip155 ids and bare decimals', () => {
    expect(parseChainId('eip155:1')).toBe(1);
    expect(parseChainId('eip155:31337')).toBe(31337);
    expect(parseChainId('8453')).toBe(8453);
  });
  it('refuses other namespaces, zero, junk and huge ids', () => {
    expect(reason(() => parseChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).description).toBe('Only eip155 chains are supported, not solana');
    for (const v of ['eip155:0', 'eip155:01', 'eip155:', 'eip155:1:2', 'x', '', 'eip155:99999999999999999', 1]) {
      expect(reason(() => parseChainId(v)).field).toBe('chainId');
    }
  });
  it('names the parameter it checks', () => {
    expect(reason(() => parseChainId('nope', 'caipNetworkId')).description).toBe('caipNetworkId must be a CAIP-2 chain id such as eip155:1');
  });
});

describe('coin types (ENSIP-11) and the chain id bound', () => {
  it('maps chain ids to coin types: 60 for Ethereum, 0x80000000 | id for the others', () => {
    expect(chainIdToCoinType(1)).toBe(60);
    expect(chainIdToCoinType(31337)).toBe(0x80000000 + 31337);
    expect(chainIdToCoinType(2 ** 31 - 1)).toBe(0xffffffff);
  });
  it("refuses chain ids of 2^31 and above with 'Invalid chainId' (docs/account-features.md#names)", () => {
    expect(reason(() => chainIdToCoinType(2 ** 31)).description).toBe('Invalid chainId');
    expect(reason(() => chainIdToCoinType(0)).description).toBe('Invalid chainId');
  });
  it('maps coin types back, and refuses what is not an EVM coin type', () => {
    expect(coinTypeToChainId(60)).toBe(1);
    expect(coinTypeToChainId(0x80000000 + 8453)).toBe(8453);
    expect(coinTypeToChainId(String(0x80000000 + 10))).toBe(10);
    expect(reason(() => coinTypeToChainId(2 ** 32)).description).toBe('Invalid chainId');
    expect(reason(() => coinTypeToChainId(0x80000000)).description).toBe('Invalid chainId');
    expect(reason(() => coinTypeToChainId(501)).description).toBe('Unsupported coin type: 501');
    expect(reason(() => coinTypeToChainId(-1)).description).toBe('coin_type must be a non-negative integer');
    expect(reason(() => coinTypeToChainId(1.5)).field).toBe('coin_type');
  });
});

describe('account names (docs/account-features.md#names: letters, digits and hyphen, at least 4)', () => {
  it('accepts valid labels', () => {
    for (const l of ['abcd', 'a-b-', 'ABC1', '1234', 'x'.repeat(63)]) expect(validateLabel(l)).toBe(l);
  });
  it('explains what is wrong first', () => {
    expect(reason(() => validateLabel('abc')).description).toBe('Invalid name length: abc (at least 4 characters)');
    expect(reason(() => validateLabel('ab_cd')).description).toBe('Invalid name format: ab_cd (letters, digits and hyphen only)');
    expect(reason(() => validateLabel('ab.cd')).description).toBe('Invalid name format: ab.cd (letters, digits and hyphen only)');
    expect(reason(() => validateLabel('abç')).description).toContain('Invalid name format');
    expect(reason(() => validateLabel('x'.repeat(64))).description).toContain('at most 63 characters');
    expect(reason(() => validateLabel('')).description).toBe('Name is required');
  });
  it('parses full names in the configured zones, lowercased', () => {
    expect(parseFullName('Alice.latchkey.id', ['latchkey.id'])).toEqual({ name: 'alice.latchkey.id', label: 'alice', zone: 'latchkey.id' });
    expect(parseFullName('bobby.REOWN.ID', ['latchkey.id', 'reown.id']).name).toBe('bobby.reown.id');
    expect(reason(() => parseFullName('alice.eth', ['latchkey.id'])).description).toBe('Name is not in the allowed zones: alice.eth (allowed: latchkey.id)');
    expect(reason(() => parseFullName('a.b.latchkey.id', ['latchkey.id'])).description).toContain('Invalid name format');
    expect(reason(() => parseFullName('abc.latchkey.id', ['latchkey.id'])).description).toContain('Invalid name length');
  });
});

describe('paging, ids and texts', () => {
  it('limits', () => {
    expect(parseLimit(null, 20, 100)).toBe(20);
    expect(parseLimit('7', 20, 100)).toBe(7);
    expect(parseLimit(undefined, 500, 100)).toBe(100);
    for (const v of ['0', '101', '-1', '1.5', 'ten', '00000']) expect(reason(() => parseLimit(v, 20, 100)).field).toBe('limit');
  });
  it('projectId, st and sv', () => {
    expect(parseProjectId('abc_DEF-123')).toBe('abc_DEF-123');
    expect(reason(() => parseProjectId(undefined)).description).toBe('projectId is required');
    expect(reason(() => parseProjectId('a b')).description).toBe('projectId is invalid');
    expect(reason(() => parseProjectId('x'.repeat(129))).description).toBe('projectId is invalid');
    expect(parseSdkParam('html-react-1.2.3', 'sv')).toBe('html-react-1.2.3');
    expect(parseSdkParam(undefined, 'st')).toBeUndefined();
    expect(reason(() => parseSdkParam('<script>', 'st')).field).toBe('st');
  });
  it('hex, hashes, token ids, decimals, texts and URLs', () => {
    expect(parseHex('0xabcd', 'sig', 1, 4)).toBe('0xabcd');
    expect(reason(() => parseHex('0xabc', 'sig', 1, 4)).description).toBe('sig must be 0x-prefixed hex');
    expect(reason(() => parseHex('0x' + 'ab'.repeat(5), 'sig', 1, 4)).description).toBe('sig must be 1-4 bytes');
    expect(parseTxHash('0x' + 'AB'.repeat(32))).toBe('0x' + 'ab'.repeat(32));
    expect(parseTokenId('115792089237316195423570985008687907853269984665640564039457584007913129639935')).toBe(2n ** 256n - 1n);
    expect(reason(() => parseTokenId('115792089237316195423570985008687907853269984665640564039457584007913129639936')).description).toBe('tokenId is out of range');
    expect(reason(() => parseTokenId('01')).field).toBe('tokenId');
    expect(parseDecimal('0.25', 'amount')).toBe('0.25');
    for (const v of ['-1', '1e5', '.5', '1.', '01', 1]) expect(reason(() => parseDecimal(v, 'amount')).field).toBe('amount');
    expect(reason(() => parseText('a\u0000b', 'note', 10)).field).toBe('note');
    expect(parseHttpUrl('https://example.org/a.png', 'avatar')).toBe('https://example.org/a.png');
    for (const v of ['javascript:alert(1)', 'https://user:pw@example.org/', 'ftp://x', 'not a url', 'https://x/' + 'a'.repeat(300)]) {
      expect(reason(() => parseHttpUrl(v, 'avatar')).field).toBe('avatar');
    }
  });
});
