import { LatchkeyError, walkError } from './base';

describe('LatchkeyError', () => {
  it('keeps the short message, code, details and cause', () => {
    const cause = new Error('inner');
    const e = new LatchkeyError('Outer', { code: 4001, details: 'more', cause });
    expect(e.message).toBe('Outer');
    expect(e.shortMessage).toBe('Outer');
    expect(e.code).toBe(4001);
    expect(e.details).toBe('more');
    expect(e.cause).toBe(cause);
    expect(e).toBeInstanceOf(Error);
  });

  it('walks to the innermost cause, or to the first match', () => {
    const inner = new LatchkeyError('inner', { code: 1 });
    const mid = new LatchkeyError('mid', { cause: inner });
    const outer = new LatchkeyError('outer', { cause: mid });
    expect(outer.walk()).toBe(inner);
    expect(outer.walk((e) => (e as LatchkeyError).shortMessage === 'mid')).toBe(mid);
    expect(walkError(outer, () => false)).toBeNull();
  });
});
