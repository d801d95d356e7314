/** The page's side of the protocol: its parser of what the frame sends, the message builder, the e-mail check, the RPC method lists. */
import fc from 'fast-check';
import { appMessage, emailError, NOT_SAFE_RPC_METHODS, parseFrameMessage, REQUESTS, rpcSafety, SAFE_RPC_METHODS } from 'latchkey/plugins/embedded-wallet/protocol';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('frame → page messages', () => {
  it('READY and SESSION_UPDATE', () => {
    expect(parseFrameMessage({ type: '@w3m-frame/READY', payload: { version: '1.0.0' } })).toEqual({ kind: 'ready', version: '1.0.0' });
    expect(parseFrameMessage({ type: '@w3m-frame/READY' })).toEqual({ kind: 'ready', version: undefined });
    expect(parseFrameMessage({ type: '@w3m-frame/SESSION_UPDATE', payload: { token: 'a.b.c' } })).toEqual({ kind: 'session', token: 'a.b.c' });
    expect(parseFrameMessage({ type: '@w3m-frame/SESSION_UPDATE', payload: { token: '' } }).kind).toBe('ignored');
    expect(parseFrameMessage({ type: '@w3m-frame/SESSION_UPDATE' }).kind).toBe('ignored');
  });

  it('success replies are validated per request (bounded strings, real addresses, known enums)', () => {
    expect(parseFrameMessage({ type: '@w3m-frame/CONNECT_EMAIL_SUCCESS', id: '1', payload: { action: 'VERIFY_DEVICE' } })).toEqual({
      kind: 'success', name: 'CONNECT_EMAIL', id: '1', payload: { action: 'VERIFY_DEVICE' },
    });
    expect(parseFrameMessage({ type: '@w3m-frame/CONNECT_EMAIL_SUCCESS', id: '1', payload: { action: 'HACK' } })).toMatchObject({
      kind: 'invalid', reason: "action: Invalid enum value. Expected 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT', received 'HACK'",
    });
    const user = { email: 'a@b.co', address: ADDRESS, chainId: 1, accounts: [{ address: ADDRESS, type: 'eoa' }], extra: 'dropped' };
    expect(parseFrameMessage({ type: '@w3m-frame/GET_USER_SUCCESS', id: 'x', payload: user })).toEqual({
      kind: 'success', name: 'GET_USER', id: 'x', payload: { email: 'a@b.co', address: ADDRESS, chainId: 1, accounts: [{ address: ADDRESS, type: 'eoa' }] },
    });
    expect(parseFrameMessage({ type: '@w3m-frame/GET_USER_SUCCESS', id: 'x', payload: { ...user, email: 'nope' } })).toMatchObject({ kind: 'invalid', reason: 'email: Invalid email' });
    expect(parseFrameMessage({ type: '@w3m-frame/GET_USER_SUCCESS', id: 'x', payload: { chainId: 1 } })).toMatchObject({ kind: 'invalid', reason: 'address: Required' });
    expect(parseFrameMessage({ type: '@w3m-frame/IS_CONNECTED_SUCCESS', id: 'x', payload: { isConnected: 'yes' } })).toMatchObject({ kind: 'invalid', reason: 'isConnected: Expected boolean, received string' });
    expect(parseFrameMessage({ type: '@w3m-frame/GET_SOCIAL_REDIRECT_URI_SUCCESS', id: 'x', payload: { uri: 'u'.repeat(5000) } })).toMatchObject({ kind: 'invalid' });
    // no payload expected: whatever comes is ignored
    expect(parseFrameMessage({ type: '@w3m-frame/CONNECT_OTP_SUCCESS', id: 'x', payload: { anything: 1 } })).toEqual({ kind: 'success', name: 'CONNECT_OTP', id: 'x', payload: undefined });
    expect(parseFrameMessage({ type: '@w3m-frame/RPC_REQUEST_SUCCESS', id: 'x', payload: null })).toEqual({ kind: 'success', name: 'RPC_REQUEST', id: 'x', payload: null });
  });

  it("errors carry the frame's message; without one, 'An error occurred'", () => {
    expect(parseFrameMessage({ type: '@w3m-frame/CONNECT_OTP_ERROR', id: '9', payload: { message: 'Invalid code: 4 attempts left' } })).toEqual({
      kind: 'error', name: 'CONNECT_OTP', id: '9', message: 'Invalid code: 4 attempts left',
    });
    for (const payload of [undefined, {}, { message: '' }, { message: '  ' }, { message: 5 }]) {
      expect(parseFrameMessage({ type: '@w3m-frame/GET_USER_ERROR', id: '9', payload })).toMatchObject({ kind: 'error', message: 'An error occurred' });
    }
  });

  it('unknown types, app events, non-objects and replies without a valid id are ignored', () => {
    for (const m of [
      null, 'x', 42, [], { type: 'READY' }, { type: '@w3m-app/GET_USER', id: '1' }, { type: '@w3m-frame/NOPE_SUCCESS', id: '1' },
      { type: '@w3m-frame/GET_USER_DONE', id: '1' }, { type: '@w3m-frame/GET_USER_SUCCESS' }, { type: '@w3m-frame/GET_USER_SUCCESS', id: 7 },
      { type: '@w3m-frame/GET_USER_SUCCESS', id: 'x'.repeat(129) }, { type: '@w3m-frame/RPC_ABORT_SUCCESS', id: '1' }, { type: `@w3m-frame/${'A'.repeat(200)}` },
    ]) {
      expect(parseFrameMessage(m).kind).toBe('ignored');
    }
  });

  it('never throws, whatever arrives (fast-check, 5,000 values)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.record({ type: fc.string().map((s) => `@w3m-frame/${s}`), id: fc.anything(), payload: fc.anything() })), (v) => {
        expect(['ready', 'session', 'success', 'error', 'invalid', 'ignored']).toContain(parseFrameMessage(v).kind);
      }),
      { numRuns: 5000, seed: 1 },
    );
  });
});

describe('page → frame messages', () => {
  it('are { type: @w3m-app/X, id, payload? } (no payload key when there is none)', () => {
    expect(appMessage('CONNECT_DEVICE', 'a')).toEqual({ type: '@w3m-app/CONNECT_DEVICE', id: 'a' });
    expect(appMessage('CONNECT_EMAIL', 'a', { email: 'a@b.co' })).toEqual({ type: '@w3m-app/CONNECT_EMAIL', id: 'a', payload: { email: 'a@b.co' } });
    expect(appMessage('RPC_ABORT', undefined)).toEqual({ type: '@w3m-app/RPC_ABORT' });
    expect(REQUESTS).toHaveLength(22);
  });
});

describe('e-mail format (docs/embedded-wallet.md#frame-messages), in zod 3 words', () => {
  it.each(['ada@example.com', 'a.b+c@sub.example.co', 'A_B-c@x-y.io'])('accepts %s', (e) => expect(emailError(e)).toBeUndefined());
  it.each([['not an email'], ['a@b'], ['.a@b.co'], ['a..b@c.co'], ['a@b.c'], [''], [`${'a'.repeat(250)}@b.co`]])('refuses %j', (e) => expect(emailError(e)).toBe('Invalid email'));
  it('names a wrong type as zod 3 does', () => {
    expect(emailError(undefined)).toBe('Required');
    expect(emailError(42)).toBe('Expected string, received number');
  });

  it("gives the frame schema's answer and text for any value (the page's check has no zod; the frame's replies are checked with zod)", () => {
    // UPDATE_EMAIL_SECONDARY_OTP_SUCCESS carries { newEmail }, checked by the frame messages' e-mail schema
    const schemaSays = (value: unknown) => {
      const m = parseFrameMessage({ type: '@w3m-frame/UPDATE_EMAIL_SECONDARY_OTP_SUCCESS', id: '1', payload: { newEmail: value } });
      return m.kind === 'success' ? undefined : m.kind === 'invalid' ? m.reason.replace(/^newEmail: /, '') : `unexpected ${m.kind}`;
    };
    const near = fc.tuple(fc.stringMatching(/^[a-zA-Z0-9_+.-]{0,12}$/), fc.constantFrom('@', '@@', ''), fc.stringMatching(/^[a-zA-Z0-9.-]{0,12}$/)).map((p) => p.join(''));
    const long = fc.integer({ min: 240, max: 260 }).map((n) => `${'a'.repeat(n - 'a@b.co'.length)}@b.co`);
    const values = fc.oneof(fc.emailAddress(), near, long, fc.string(), fc.anything());
    fc.assert(fc.property(values, (value) => emailError(value) === schemaSays(value)), { numRuns: 5000, seed: 7 });
  });
});

describe('safe, not-safe and not-allowed methods (docs/embedded-wallet.md#requests-and-approvals)', () => {
  it("AppKit's lists: reads are safe, signatures and sends need the user, the rest is not allowed", () => {
    expect(SAFE_RPC_METHODS).toHaveLength(41);
    expect(NOT_SAFE_RPC_METHODS).toEqual([
      'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'solana_signMessage', 'solana_signTransaction',
      'solana_signAllTransactions', 'solana_signAndSendTransaction', 'wallet_sendCalls', 'wallet_grantPermissions',
      'wallet_revokePermissions', 'eth_sendUserOperation',
    ]);
    expect(rpcSafety('eth_getBalance')).toBe('safe');
    expect(rpcSafety('wallet_getCapabilities')).toBe('safe');
    expect(rpcSafety('eth_sendTransaction')).toBe('notSafe');
    for (const m of ['eth_sign', 'eth_signTypedData', 'eth_signTypedData_v3', 'wallet_watchAsset', 'eth_requestAccounts', '', '__proto__', 'toString']) {
      expect(rpcSafety(m)).toBe('notAllowed');
    }
  });
});
