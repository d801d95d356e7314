import { LatchkeyError, errorClass, walkError } from './base';

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

describe('errorClass', () => {
  class ExampleError extends errorClass('ExampleError', 'EXAMPLE', 'Something example happened') {}

  it('declares a LatchkeyError with its name, code (static and on the instance) and message', () => {
    const cause = new Error('inner');
    const e = new ExampleError({ details: 'more', cause });
    expect(e).toBeInstanceOf(ExampleError);
    expect(e).toBeInstanceOf(LatchkeyError);
    expect(e.name).toBe('ExampleError');
    expect(e.code).toBe('EXAMPLE');
    expect(ExampleError.code).toBe('EXAMPLE');
    expect(e.message).toBe('Something example happened');
    expect(e.details).toBe('more');
    expect(e.cause).toBe(cause);
    expect(new ExampleError().details).toBeUndefined();
  });
});
