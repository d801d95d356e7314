/** Where an approval is shown (frame/policy.ts) and the sign-in message check (frame/siwe.ts). */
import fc from 'fast-check';
import { frameMode, opensInWindow, stricter, VALUE_METHODS } from './frame/policy';
import { assertSignInForApp, signInRefusal, SignInRefusedError } from './frame/siwe';
import { APPROVAL_MODES } from './shared/approval-mode';

const METHODS = ['personal_sign', 'eth_sendTransaction', 'wallet_sendCalls', 'eth_signTypedData_v4'];

describe('opensInWindow', () => {
  it("'value' (the default): transactions, call bundles and typed data in the window, personal_sign in the frame", () => {
    expect(METHODS.filter((m) => opensInWindow(m, 'value', true))).toEqual(['eth_sendTransaction', 'wallet_sendCalls', 'eth_signTypedData_v4']);
    expect([...VALUE_METHODS].sort()).toEqual(['eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_sendCalls']);
  });
  it("'always': everything in the window; 'fallback': nothing where v2 proves the frame", () => {
    expect(METHODS.every((m) => opensInWindow(m, 'always', true))).toBe(true);
    expect(METHODS.some((m) => opensInWindow(m, 'fallback', true))).toBe(false);
  });
  it('without IntersectionObserver v2 every approval is in the window, whatever the mode', () => {
    for (const mode of APPROVAL_MODES) expect(METHODS.every((m) => opensInWindow(m, mode, false))).toBe(true);
  });
});

describe('frameMode', () => {
  it("is the operator's mode, the default for anything else the service answers", () => {
    for (const mode of APPROVAL_MODES) expect(frameMode(mode, null)).toBe(mode);
    expect(frameMode(undefined, null)).toBe('value');
    expect(frameMode(true, null)).toBe('value');
    expect(frameMode('never', null)).toBe('value');
  });
  it('a dapp can make it stricter (approval=value, always, or window as before), never looser', () => {
    expect(frameMode('fallback', 'value')).toBe('value');
    expect(frameMode('fallback', 'always')).toBe('always');
    expect(frameMode('value', 'window')).toBe('always');
    expect(frameMode('always', 'value')).toBe('always');
    expect(frameMode('always', 'fallback')).toBe('always');
    expect(frameMode('value', 'fallback')).toBe('value');
  });
  it('no page parameter opens fewer requests in the window than the operator wants (fast-check)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...APPROVAL_MODES), fc.option(fc.string()), fc.constantFrom(...METHODS), fc.boolean(), (operator, asked, method, v2) => {
        if (opensInWindow(method, operator, v2)) expect(opensInWindow(method, frameMode(operator, asked), v2)).toBe(true);
        expect(stricter(operator, frameMode(operator, asked))).toBe(frameMode(operator, asked));
      }),
    );
  });
});

describe('signInRefusal (EIP-4361)', () => {
  const app = 'https://app.example';
  const siwe = (domain: string, uri = 'https://app.example/login', extra = '') =>
    `${domain} wants you to sign in with your Ethereum account:\n0x000000000000000000000000000000000000bEEF\n\nSign in.\n\nURI: ${uri}\nVersion: 1\nChain ID: 1\nNonce: 12345678\nIssued At: 2026-01-01T00:00:00Z${extra}`;
  const hex = (s: string) => `0x${Buffer.from(s).toString('hex')}`;

  it('lets through a message that is not a sign-in, and a sign-in for the app asking', () => {
    expect(signInRefusal(hex('Hello'), app)).toBeNull();
    expect(signInRefusal('plain text', app)).toBeNull();
    expect(signInRefusal(42, app)).toBeNull();
    expect(signInRefusal(hex(siwe('app.example')), app)).toBeNull();
    expect(signInRefusal(siwe('https://app.example'), app)).toBeNull();
    expect(signInRefusal(hex(siwe('127.0.0.1:8080', 'http://127.0.0.1:8080/')), 'http://127.0.0.1:8080')).toBeNull();
  });
  it('refuses a sign-in for another site, naming it', () => {
    expect(signInRefusal(hex(siwe('bank.example')), app)).toBe(
      'personal_sign: refused: this sign-in message (EIP-4361) is for "bank.example", not for this app (https://app.example)',
    );
    expect(signInRefusal(hex(siwe('app.example.evil.example')), app)).toMatch(/is for "app\.example\.evil\.example"/);
    expect(signInRefusal(siwe('http://app.example'), app)).toMatch(/is for "http:\/\/app\.example"/); // another scheme, another origin
    expect(signInRefusal(siwe('app.example:8443'), app)).toMatch(/is for "app\.example:8443"/);
    expect(signInRefusal(siwe('user@app.example'), app)).toMatch(/is for "user@app\.example"/);
  });
  it("refuses a sign-in whose URI is on another origin, or with a second sign-in line for another site", () => {
    expect(signInRefusal(hex(siwe('app.example', 'https://bank.example/login')), app)).toBe(
      'personal_sign: refused: this sign-in message\'s URI "https://bank.example/login" is not on this app\'s origin (https://app.example)',
    );
    expect(signInRefusal(siwe('app.example', 'not a url'), app)).toMatch(/URI "not a url"/);
    expect(signInRefusal(siwe('app.example', undefined, '\nbank.example wants you to sign in with your Ethereum account:'), app)).toMatch(/is for "bank\.example"/);
  });
});

describe('assertSignInForApp', () => {
  it('throws a typed error with the reason for a sign-in for another site, nothing otherwise', () => {
    const foreign = 'bank.example wants you to sign in with your Ethereum account:\n0x000000000000000000000000000000000000bEEF';
    expect(() => assertSignInForApp(foreign, 'https://app.example')).toThrow(SignInRefusedError);
    const err = (() => {
      try {
        assertSignInForApp(foreign, 'https://app.example');
      } catch (e) {
        return e as SignInRefusedError;
      }
    })();
    expect([err?.code, err?.message]).toEqual(['sign_in_for_other_site', signInRefusal(foreign, 'https://app.example')]);
    expect(() => assertSignInForApp('0x48656c6c6f', 'https://app.example')).not.toThrow();
  });
});
