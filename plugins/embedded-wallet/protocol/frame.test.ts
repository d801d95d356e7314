/** The frame's side of the protocol: its message parser and reply builder. What the approval shows: samples/wallet-service/approval-view.test.ts. */
import fc from 'fast-check';
import { evmChainId, frameMessage, parseAppMessage, REQUESTS } from 'latchkey/plugins/embedded-wallet/protocol';

describe('parseAppMessage', () => {
  it('accepts the requests as AppKit sends them, with and without payloads', () => {
    expect(parseAppMessage({ id: 'a1', type: '@w3m-app/CONNECT_EMAIL', payload: { email: 'a@b.co' } })).toEqual({
      kind: 'event',
      event: { name: 'CONNECT_EMAIL', id: 'a1', payload: { email: 'a@b.co' } },
    });
    expect(parseAppMessage({ id: 'a2', type: '@w3m-app/GET_CHAIN_ID' })).toMatchObject({ kind: 'event', event: { name: 'GET_CHAIN_ID' } });
    expect(parseAppMessage({ type: '@w3m-app/GET_USER' })).toMatchObject({ kind: 'event', event: { name: 'GET_USER', id: undefined, payload: undefined } });
    // extra keys, as AppKit's client adds them (rpcUrl, chainNamespace), are dropped
    const rpc = parseAppMessage({ id: 'r', type: '@w3m-app/RPC_REQUEST', payload: { method: 'eth_chainId', chainId: 1, chainNamespace: 'eip155', rpcUrl: 'https://x', extra: 1 } });
    expect(rpc).toEqual({ kind: 'event', event: { name: 'RPC_REQUEST', id: 'r', payload: { method: 'eth_chainId', chainId: 1, chainNamespace: 'eip155', rpcUrl: 'https://x' } } });
  });

  it('answers malformed known requests with zod 3 style messages', () => {
    expect(parseAppMessage({ id: 'x', type: '@w3m-app/CONNECT_EMAIL', payload: { email: 'nope' } })).toEqual({ kind: 'invalid', name: 'CONNECT_EMAIL', id: 'x', message: 'email: Invalid email' });
    expect(parseAppMessage({ id: 'x', type: '@w3m-app/CONNECT_EMAIL', payload: {} })).toMatchObject({ message: 'email: Required' });
    expect(parseAppMessage({ id: 'x', type: '@w3m-app/CONNECT_OTP', payload: { otp: 123456 } })).toMatchObject({ message: 'otp: Expected string, received number' });
    expect(parseAppMessage({ id: 'x', type: '@w3m-app/CONNECT_OTP' })).toMatchObject({ kind: 'invalid', message: 'payload: Required' });
    expect(parseAppMessage({ id: 'x', type: '@w3m-app/GET_SOCIAL_REDIRECT_URI', payload: { provider: 'myspace' } })).toMatchObject({
      message: "provider: Invalid enum value. Expected 'google' | 'github' | 'apple' | 'facebook' | 'x' | 'discord', received 'myspace'",
    });
    expect(parseAppMessage({ id: 7, type: '@w3m-app/GET_CHAIN_ID' })).toEqual({ kind: 'invalid', name: 'GET_CHAIN_ID', id: undefined, message: 'id: Expected string, received number' });
    expect(parseAppMessage({ id: 'x', type: '@w3m-app/CONNECT_SOCIAL', payload: { uri: 'u'.repeat(5000) } })).toMatchObject({ kind: 'invalid', message: 'uri: Too long: at most 4096' });
  });

  it('ignores what is not a request of the protocol', () => {
    for (const m of [null, 1, 'x', [], {}, { type: 1 }, { type: '@w3m-frame/READY' }, { type: '@w3m-app/AWAIT_UPDATE_EMAIL' }, { type: '@w3m-app/' }]) {
      expect(parseAppMessage(m).kind).toBe('ignored');
    }
  });

  it('never throws, whatever it is given (fast-check)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ type: fc.constantFrom(...REQUESTS).map((r) => `@w3m-app/${r}`), id: fc.anything(), payload: fc.anything() })), (m) => {
        const r = parseAppMessage(m);
        expect(['event', 'invalid', 'ignored']).toContain(r.kind);
        if (r.kind === 'invalid') expect(typeof r.message).toBe('string');
      }),
      { numRuns: 3000 },
    );
  });

  it('builds replies with the request id', () => {
    expect(frameMessage('GET_CHAIN_ID_SUCCESS', 'q', { chainId: 1 })).toEqual({ type: '@w3m-frame/GET_CHAIN_ID_SUCCESS', id: 'q', payload: { chainId: 1 } });
    expect(frameMessage('SIGN_OUT_SUCCESS', undefined)).toEqual({ type: '@w3m-frame/SIGN_OUT_SUCCESS' });
  });

  it('reads chain ids in every form the protocol carries them', () => {
    expect([1, '1', '0x1', 'eip155:1', 'eip155:31337', 31337].map((v) => evmChainId(v))).toEqual([1, 1, 1, 1, 31337, 31337]);
    expect(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '', 'x', 0, -1, 1.5, '01'].map((v) => evmChainId(v))).toEqual([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
