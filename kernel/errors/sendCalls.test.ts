import { InvalidParamsRpcError } from './rpc';
import { MAX_SEND_CALLS, assertSendCallsParams, sendCallsBundleId, sendCallsParams } from './sendCalls';

const TO = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const;
const FROM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** The error `run` throws (fails the test when it throws none). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('EIP-5792 call checks (docs/errors.md#validation-messages), on both entry points', () => {
  const bad: [string, unknown, string][] = [
    ['no calls', [], 'wallet_sendCalls: calls must be a non-empty list.'],
    ['calls not a list', { 0: { to: TO } }, 'wallet_sendCalls: calls must be a non-empty list.'],
    ['a null call', [{ to: TO }, null], 'wallet_sendCalls: call 1 is not an object.'],
    ['a call that is a string', ['0xdead'], 'wallet_sendCalls: call 0 is not an object.'],
    ["'to' without 0x", [{ to: 'f39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }], "wallet_sendCalls: call 0: 'to' must start with 0x."],
    ["no 'to'", [{ data: '0x' }], "wallet_sendCalls: call 0: 'to' must start with 0x."],
    ["'to' not a string", [{ to: 1 }], "wallet_sendCalls: call 0: 'to' must start with 0x."],
    ["'data' without 0x", [{ to: TO, data: 'a9059cbb' }], "wallet_sendCalls: call 0: 'data' must start with 0x."],
    ["'data' not a string", [{ to: TO }, { to: TO, data: 5 }], "wallet_sendCalls: call 1: 'data' must start with 0x."],
    ['one call too many', Array(MAX_SEND_CALLS + 1).fill({ to: TO }), `wallet_sendCalls: at most ${MAX_SEND_CALLS} calls in one bundle.`],
  ];

  it.each(bad)('%s: InvalidParamsRpcError (-32602) with the reason, from sendCallsParams and assertSendCallsParams', (_, calls, details) => {
    for (const run of [() => sendCallsParams({ calls } as never, 1, FROM), () => assertSendCallsParams([{ calls }])]) {
      const err = thrown(run);
      expect(err).toBeInstanceOf(InvalidParamsRpcError);
      expect(err).toMatchObject({ code: -32602, details });
    }
  });

  it('accepts the largest bundle, calls without data, and data "0x"', () => {
    expect(() => assertSendCallsParams([{ calls: Array(MAX_SEND_CALLS).fill({ to: TO }) }])).not.toThrow();
    expect(() => assertSendCallsParams([{ calls: [{ to: TO }, { to: TO, data: '0x' }], version: '2.0.0' }])).not.toThrow();
  });

  it.each([[undefined], [{}], [[]], [[null]], [['0x']], ['[{"calls":[]}]']])('raw params %j that are not [{ calls, … }] are refused', (params) => {
    expect(thrown(() => assertSendCallsParams(params))).toBeInstanceOf(InvalidParamsRpcError);
  });
});

describe('sendCallsParams: the v2 request', () => {
  it('hex chain id and values, data only when given, atomicRequired false unless asked, capabilities only when given', () => {
    expect(sendCallsParams({ calls: [{ to: TO }, { to: TO, data: '0xa9059cbb', value: 16n }] }, 31337, FROM)).toEqual([
      { version: '2.0.0', from: FROM, chainId: '0x7a69', atomicRequired: false, calls: [{ to: TO }, { to: TO, data: '0xa9059cbb', value: '0x10' }] },
    ]);
    expect(sendCallsParams({ calls: [{ to: TO, value: 0n }], atomicRequired: true, capabilities: { paymasterService: { url: 'https://pm.example' } } }, '1', FROM)).toEqual([
      { version: '2.0.0', from: FROM, chainId: '0x1', atomicRequired: true, calls: [{ to: TO, value: '0x0' }], capabilities: { paymasterService: { url: 'https://pm.example' } } },
    ]);
  });
});

describe('sendCallsBundleId: the id of either answer', () => {
  it('reads v2 { id } and a v1 id string', () => {
    expect(sendCallsBundleId({ id: '0xbundle', capabilities: {} })).toBe('0xbundle');
    expect(sendCallsBundleId('0xv1')).toBe('0xv1');
    expect(sendCallsBundleId('x'.repeat(256))).toBe('x'.repeat(256));
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['an empty id', { id: '' }],
    ['a number id', { id: 5 }],
    ['an object without id', { nope: 1 }],
    ['a 257-character string', 'x'.repeat(257)],
    ['a 257-character id', { id: 'x'.repeat(257) }],
    ['a number', 42],
  ])('no id in %s', (_, answer) => {
    expect(sendCallsBundleId(answer)).toBeUndefined();
  });
});
