import { decodeCursor, encodeCursor } from './cursor';
import { ApiError } from './errors';

describe('cursors', () => {
  it('round-trip each kind', () => {
    const h = { kind: 'h', ts: 1_700_000_000, chainId: 31337, block: 42, tx: 3 } as const;
    expect(decodeCursor(encodeCursor(h), 'h')).toEqual(h);
    const o = { kind: 'o', at: 1_700_000_000_123, seq: 9 } as const;
    expect(decodeCursor(encodeCursor(o), 'o')).toEqual(o);
    const n = { kind: 'n', chainId: 1, contract: '0x' + 'ab'.repeat(20), tokenId: '12345678901234567890' } as const;
    expect(decodeCursor(encodeCursor(n), 'n')).toEqual(n);
  });

  it('are opaque URL-safe strings', () => {
    expect(encodeCursor({ kind: 'h', ts: 1, chainId: 1, block: 1, tx: 0 })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuse another kind, forged fields and junk', () => {
    const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const bad = [
      encodeCursor({ kind: 'o', at: 1, seq: 1 }), // an on-ramp cursor for the chain history
      enc(['h', 1, 2, 3]),
      enc(['h', -1, 2, 3, 4]),
      enc(['h', 1.5, 2, 3, 4]),
      enc(['h', '1', 2, 3, 4]),
      enc({ kind: 'h' }),
      'not base64!',
      '',
      'A'.repeat(300),
    ];
    for (const c of bad) {
      expect(() => decodeCursor(c, 'h')).toThrow(ApiError);
      expect(() => decodeCursor(c, 'h')).toThrow('Invalid cursor');
    }
    expect(() => decodeCursor(enc(['n', 1, '0xABC', '1']), 'n')).toThrow('Invalid cursor');
    expect(() => decodeCursor(enc(['n', 1, '0x' + 'ab'.repeat(20), '01']), 'n')).toThrow('Invalid cursor');
  });
});
