import { LatchkeyError, errorChain, walkError } from './base';
import { toProviderError } from './providerError';
import { UserRejectedRequestError } from './rpc';
import { errorCodes, isUnrecognizedChain, isUserRejection } from './predicates';

describe('errorChain', () => {
  it('walks cause, AggregateError members and the places wallets nest errors, outermost first', () => {
    const deep = { code: 4902 };
    const err = new Error('outer', { cause: new AggregateError([{ code: 'ECONNRESET' }, { data: { originalError: deep } }]) });
    const chain = errorChain(err);
    expect(chain[0]).toBe(err);
    expect(chain).toContain(deep);
    expect(errorCodes(err)).toEqual(['ECONNRESET']);
  });

  it('stops on cycles and on hostile getters', () => {
    const a: Record<string, unknown> = { code: 1 };
    a['cause'] = a;
    expect(errorChain(a)).toEqual([a]);
    const hostile = Object.defineProperty({}, 'cause', { get: () => { throw new Error('boom'); } });
    expect(errorChain(hostile)).toEqual([hostile]);
    const long: Record<string, unknown> = {};
    let cur = long;
    for (let i = 0; i < 1000; i++) cur = (cur['cause'] = {}) as Record<string, unknown>;
    expect(errorChain(long).length).toBeLessThanOrEqual(32);
  });

  it('walkError finds the first match, or the innermost cause without a predicate', () => {
    const inner = new Error('inner');
    const e = new LatchkeyError('outer', { cause: inner });
    expect(walkError(e)).toBe(inner);
    expect(walkError(e, (x) => x === inner)).toBe(inner);
    expect(walkError(e, () => false)).toBeNull();
  });
});

describe('isUnrecognizedChain (add the chain, then switch)', () => {
  it.each([
    [{ code: 4902 }, true],
    [{ code: 32603 }, true],
    [{ code: -32603, data: { originalError: { code: 4902 } } }, true],
    [new Error('x', { cause: { code: 4902 } }), true],
    [new Error('Unrecognized chain ID "0x1". Try adding the chain.'), true],
    [{ code: 5000 }, false], // 5000 is a rejection (docs/errors.md#chain-switch-codes)
    [{ code: 4001 }, false],
    [{ code: -32603 }, false],
    [{ code: 4902, cause: { code: 4001 } }, false], // the visitor said no: never add behind their back
    [new Error('nope'), false],
  ])('%p → %p', (err, expected) => {
    expect(isUnrecognizedChain(err)).toBe(expected);
  });
});

describe('isUserRejection', () => {
  it.each([
    [{ code: 4001 }, true],
    [{ code: 5000 }, true],
    [{ code: '4001' }, true],
    [new Error('wrapped', { cause: { code: 4001 } }), true],
    [toProviderError({ code: 4001, message: 'User rejected' }), true],
    [new UserRejectedRequestError(), true],
    [{ code: 4100 }, false],
    [new Error('User rejected'), false],
  ])('%p → %p', (err, expected) => {
    expect(isUserRejection(err)).toBe(expected);
  });
});
