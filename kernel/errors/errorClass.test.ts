import { LatchkeyError } from './base';
import { errorClass } from './errorClass';

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
