/** The one request parser (shared/request.ts, typed-data.ts): normalised output, refused aliases and fields. */
import fc from 'fast-check';
import { parseRequest, requestParams, type TxRequest } from './request';
import { normaliseTypedData } from './typed-data';
import { RequestError } from './values';

const OWN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x000000000000000000000000000000000000bEEF';
const ctx = { address: OWN, chainId: 31337 };
const page = (method: string, params: unknown[]) => parseRequest(method, params, ctx, 'page');
const prepared = (method: string, params: unknown[]) => parseRequest(method, params, ctx, 'prepared');
const refusal = (f: () => unknown): { message: string; rpcCode: number } => {
  try {
    f();
  } catch (err) {
    if (err instanceof RequestError) return { message: err.message, rpcCode: err.rpcCode };
    throw err;
  }
  throw new Error('expected a RequestError');
};
const FILLED = { gas: '0x5208', nonce: '0x3', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' };

describe('eth_sendTransaction', () => {
  it('normalises: checksummed address, canonical quantities, lowercase data, the wallet as sender', () => {
    const r = page('eth_sendTransaction', [{ from: OWN.toLowerCase(), to: TO.toLowerCase(), value: '0x00ff', data: '0xABCD', chainId: 31337 }]) as TxRequest;
    expect(r).toEqual({ method: 'eth_sendTransaction', from: OWN, chainId: 31337, txs: [{ to: TO, value: '0xff', data: '0xabcd' }], legacy: false });
    expect(requestParams(r)).toEqual([{ from: OWN, to: TO, value: '0xff', data: '0xabcd', chainId: '0x7a69', type: '0x2' }]);
  });

  it('refuses `input` instead of or beside `data`, `gasLimit`, a page nonce, and any unknown field', () => {
    const hidden = '0x095ea7b3' + '00'.repeat(64);
    expect(refusal(() => page('eth_sendTransaction', [{ to: TO, input: hidden }])).message).toBe('eth_sendTransaction: "input" is not accepted: send the calldata as "data" (and only there)');
    expect(refusal(() => page('eth_sendTransaction', [{ to: TO, data: hidden, input: hidden }])).message).toMatch(/"input" is not accepted/);
    expect(refusal(() => page('eth_sendTransaction', [{ to: TO, gasLimit: '0x5208' }])).message).toBe('eth_sendTransaction: "gasLimit" is not accepted: name the gas limit "gas"');
    expect(refusal(() => page('eth_sendTransaction', [{ to: TO, nonce: '0x1' }])).message).toBe('eth_sendTransaction: "nonce" is not accepted: the wallet sets the nonce itself');
    expect(refusal(() => page('eth_sendTransaction', [{ to: TO, maxFeePerBlobGas: '0x1' }])).message).toBe('eth_sendTransaction: unknown field "maxFeePerBlobGas" (refused: the approval shows only the fields it knows)');
  });

  it('refuses another sender, another chain, mixed fee kinds, unsupported types and malformed values', () => {
    const cases: [unknown, RegExp][] = [
      [{ from: TO, to: TO }, /from: the address is not the address of this wallet/],
      [{ to: TO, chainId: '0x1' }, /the request is for chain 1, the wallet is on chain 31337/],
      [{ to: TO, gasPrice: '0x1', maxFeePerGas: '0x1' }, /gasPrice and maxFeePerGas exclude each other/],
      [{ to: TO, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' }, /maxPriorityFeePerGas is above maxFeePerGas/],
      [{ to: TO, type: '0x1' }, /type 1 transactions are not supported/],
      [{ to: TO, type: '0x0', maxFeePerGas: '0x1' }, /a type 0 transaction has a gasPrice/],
      [{ to: TO, data: '0xabc' }, /data: expected 0x-prefixed hex bytes/],
      [{ to: '0x000000000000000000000000000000000000BEEF' }, /to: expected an address/], // wrong checksum
      [{ to: TO, value: '-1' }, /value: expected a hex quantity/],
      [{ value: '0x1' }, /needs "to" or "data"/],
    ];
    for (const [tx, message] of cases) expect(refusal(() => page('eth_sendTransaction', [tx])).message).toMatch(message);
  });

  it('at stage "prepared" takes the nonce and demands gas, fees and nonce', () => {
    const r = prepared('eth_sendTransaction', [{ from: OWN, to: TO, value: '0x1', data: '0x', ...FILLED, chainId: '0x7a69', type: '0x2' }]);
    expect(requestParams(r)).toEqual([{ from: OWN, to: TO, value: '0x1', data: '0x', ...FILLED, chainId: '0x7a69', type: '0x2' }]);
    expect(refusal(() => prepared('eth_sendTransaction', [{ to: TO, value: '0x1' }])).message).toBe('eth_sendTransaction: not prepared (no gas or nonce): prepare the request first');
    expect(refusal(() => prepared('eth_sendTransaction', [{ to: TO, gas: '0x5208', nonce: '0x0' }])).message).toMatch(/not prepared \(no fees\)/);
    expect(refusal(() => prepared('eth_sendTransaction', [{ to: TO, ...FILLED, input: '0x' }])).message).toMatch(/"input" is not accepted/);
  });

  it('gives back params that parse to the same request (prepare → sign is a fixed point)', () => {
    const hex = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }).map((n) => `0x${n.toString(16)}`);
    fc.assert(
      fc.property(hex, hex, fc.uint8Array({ maxLength: 40 }), fc.boolean(), (value, gas, bytes, legacy) => {
        const fees = legacy ? { gasPrice: '0x1' } : { maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1' };
        const data = `0x${Buffer.from(bytes).toString('hex')}`;
        const first = prepared('eth_sendTransaction', [{ to: TO, value, data, gas: gas === '0x0' ? '0x1' : gas, nonce: '0x0', ...fees }]);
        expect(prepared('eth_sendTransaction', requestParams(first))).toEqual(first);
      }),
    );
  });

  it('refuses every field it does not know (a property)', () => {
    const known = new Set(['from', 'to', 'value', 'data', 'gas', 'maxFeePerGas', 'maxPriorityFeePerGas', 'gasPrice', 'chainId', 'type', '__proto__']);
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.has(k)), (key) => {
        expect(refusal(() => page('eth_sendTransaction', [{ to: TO, [key]: '0x1' }])).message).toMatch(/is not accepted|unknown field/);
      }),
    );
  });
});

describe('wallet_sendCalls', () => {
  const calls = (...c: unknown[]) => [{ version: '2.0.0', chainId: '0x7a69', from: OWN, calls: c }];

  it('normalises each call and refuses `input`, gas fields and unknown fields in a call', () => {
    const r = page('wallet_sendCalls', calls({ to: TO, value: '0x1' }, { to: TO, data: '0xAA', capabilities: { paymasterService: { optional: true } } })) as TxRequest;
    expect(r.txs).toEqual([{ to: TO, value: '0x1', data: '0x' }, { to: TO, value: '0x0', data: '0xaa' }]);
    expect(refusal(() => page('wallet_sendCalls', calls({ to: TO }, { to: TO, value: '0x0', input: '0x095ea7b3' }))).message).toBe(
      'wallet_sendCalls: call 2: "input" is not accepted: send the calldata as "data" (and only there)',
    );
    expect(refusal(() => page('wallet_sendCalls', calls({ to: TO, gas: '0x5208' }))).message).toMatch(/call 1: unknown field "gas"/);
    expect(refusal(() => page('wallet_sendCalls', calls({ to: TO, gasPrice: '0x1' }))).message).toMatch(/call 1: unknown field "gasPrice"/);
  });

  it('answers the EIP-5792 codes: non-optional capability 5700, another chain 5710, call count 5740, atomicity 5760', () => {
    expect(refusal(() => page('wallet_sendCalls', [{ version: '2.0.0', calls: [{ to: TO }], capabilities: { paymasterService: { url: 'x' } } }])).rpcCode).toBe(5700);
    expect(refusal(() => page('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x1', calls: [{ to: TO }] }])).rpcCode).toBe(5710);
    expect(refusal(() => page('wallet_sendCalls', [{ version: '2.0.0', calls: [] }])).rpcCode).toBe(5740);
    expect(refusal(() => page('wallet_sendCalls', [{ version: '2.0.0', calls: Array(11).fill({ to: TO }) }])).rpcCode).toBe(5740);
    expect(refusal(() => page('wallet_sendCalls', [{ version: '2.0.0', atomicRequired: true, calls: [{ to: TO }] }])).rpcCode).toBe(5760);
  });

  it('at stage "prepared" demands following nonces and one fee kind', () => {
    const ok = prepared('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: OWN, calls: [{ to: TO, ...FILLED }, { to: TO, ...FILLED, nonce: '0x4' }] }]);
    expect(prepared('wallet_sendCalls', requestParams(ok))).toEqual(ok);
    expect(refusal(() => prepared('wallet_sendCalls', [{ version: '2.0.0', calls: [{ to: TO, ...FILLED }, { to: TO, ...FILLED }] }])).message).toMatch(/call 2: the nonces of the calls do not follow each other/);
    const { maxFeePerGas: _m, maxPriorityFeePerGas: _p, ...legacy } = { ...FILLED, nonce: '0x4', gasPrice: '0x1' };
    expect(refusal(() => prepared('wallet_sendCalls', [{ version: '2.0.0', calls: [{ to: TO, ...FILLED }, { to: TO, ...legacy }] }])).message).toMatch(/mix fee types/);
  });
});

describe('personal_sign', () => {
  it('signs hex as bytes and other text as its UTF-8 bytes, for the own address only', () => {
    expect(page('personal_sign', ['0x48656C6C6F', OWN.toLowerCase()])).toEqual({ method: 'personal_sign', address: OWN, message: '0x48656c6c6f' });
    expect(page('personal_sign', ['héllo', OWN])).toEqual({ method: 'personal_sign', address: OWN, message: '0x68c3a96c6c6f' });
    expect(refusal(() => page('personal_sign', ['0x00', TO])).message).toBe('personal_sign: the address is not the address of this wallet');
    expect(refusal(() => page('personal_sign', ['0x00', OWN, 'password'])).message).toBe('personal_sign: expected [message, address]');
  });
});

describe('typed data', () => {
  const typed = (over: Record<string, unknown> = {}) => ({
    types: {
      EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }],
      Mail: [{ name: 'to', type: 'address' }, { name: 'amount', type: 'uint8' }, { name: 'tags', type: 'bytes32[2]' }],
    },
    primaryType: 'Mail',
    domain: { name: 'Latchkey', chainId: '0x7a69' },
    message: { to: TO.toLowerCase(), amount: '0x10', tags: ['0x' + 'AB'.repeat(32), '0x' + '00'.repeat(32)] },
    ...over,
  });

  it('writes every value as it is hashed and rebuilds EIP712Domain from the domain', () => {
    expect(normaliseTypedData(JSON.stringify(typed()), 31337)).toEqual({
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }], Mail: typed().types.Mail },
      primaryType: 'Mail',
      domain: { name: 'Latchkey', chainId: 31337 },
      message: { to: TO, amount: '16', tags: ['0x' + 'ab'.repeat(32), '0x' + '00'.repeat(32)] },
    });
  });

  it('refuses fields that would not be signed, missing fields, bad values and another chain', () => {
    const t = typed();
    const cases: [unknown, string][] = [
      [{ ...t, message: { ...t.message, memo: 'free' } }, 'eth_signTypedData_v4: message: unknown field "memo" (refused: the approval shows only the fields it knows)'],
      [{ ...t, message: { to: TO, amount: 1 } }, 'eth_signTypedData_v4: message.tags: missing'],
      [{ ...t, message: { ...t.message, amount: 256 } }, 'eth_signTypedData_v4: message.amount: out of range for uint8'],
      [{ ...t, message: { ...t.message, amount: 1e21 } }, 'eth_signTypedData_v4: message.amount: expected an integer (a number up to 2^53, else a string)'],
      [{ ...t, message: { ...t.message, tags: ['0x00'] } }, 'eth_signTypedData_v4: message.tags: expected 2 items'],
      [{ ...t, domain: { name: 'Latchkey', chainId: 1 } }, 'eth_signTypedData_v4: the data is for chain 1, the wallet is on chain 31337'],
      [{ ...t, domain: { name: 'Latchkey', chainId: 31337, verifyingContract: TO } }, 'eth_signTypedData_v4: types.EIP712Domain does not list the fields of the domain'],
      [{ ...t, domain: { name: 'Latchkey', chainId: 31337, extra: 1 } }, 'eth_signTypedData_v4: domain: unknown field "extra" (refused: the approval shows only the fields it knows)'],
      [{ ...t, primaryType: 'Other' }, 'eth_signTypedData_v4: primaryType "Other" is not defined in types'],
      [JSON.stringify(t).replace('"Mail":', '"__proto__":[],"Mail":'), 'eth_signTypedData_v4: types: "__proto__" is not a type name'],
      [{ ...t, extra: true }, 'eth_signTypedData_v4: unknown field "extra" (refused: the approval shows only the fields it knows)'],
      ['{', 'eth_signTypedData_v4: the typed data is not valid JSON'],
    ];
    for (const [value, message] of cases) {
      const raw = typeof value === 'string' ? value : JSON.stringify(value); // strings are sent as they are
      expect(refusal(() => normaliseTypedData(raw, 31337)).message).toBe(message);
    }
  });
});
