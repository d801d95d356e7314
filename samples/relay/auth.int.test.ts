/**
 * The relay's connection token (samples/relay/auth.mjs), checked on a real relay process: a token
 * must be an EdDSA JWT signed by the key its `iss` did:key names, within its lifetime and (here,
 * with RELAY_AUDIENCES set) for this relay. Anything else is refused with HTTP 401 before the
 * WebSocket opens. This relay also refuses sockets without a token (RELAY_ALLOW_ANONYMOUS=0).
 * Tokens made by the real WalletConnect clients (@walletconnect/relay-auth) are accepted: see
 * walletconnect.int.test.ts and plugins/walletconnect/*.int.test.ts, which connect through it.
 */
import { createHash, randomBytes, sign } from 'node:crypto';
import { base58 } from '@scure/base';
import { UpgradeRefused, randomTopic, type RawClientOptions } from './testing/rawClient';
import { relayFixture } from './testing/relayFixture';
import { createClientKey, signToken, type ClientKey } from './testing/relayJwt';

const AUD = 'wss://relay.test';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const nowS = () => Math.floor(Date.now() / 1000);

/** Header and payload as given, signed by `key` (whatever iss the payload claims). */
function signRaw(key: ClientKey, header: unknown, payload: unknown): string {
  const data = `${enc(header)}.${enc(payload)}`;
  return `${data}.${sign(null, Buffer.from(data), key.privateKey).toString('base64url')}`;
}

describe('relay connection token', () => {
  const fixture = relayFixture({ RELAY_AUDIENCES: `${AUD},ws://127.0.0.1:1/other`, RELAY_ALLOW_ANONYMOUS: '0', RELAY_CLOCK_SKEW_SECONDS: '60' });
  const connect = (opts: RawClientOptions) => fixture.client(opts);
  const refusal = async (opts: RawClientOptions): Promise<UpgradeRefused> => {
    const err = await connect(opts).then(
      () => new Error('the relay accepted the socket'),
      (e: unknown) => e,
    );
    if (!(err instanceof UpgradeRefused)) throw err;
    return err;
  };

  it('accepts a token signed by the key its iss names; the verified iss is the identity (subscription id)', async () => {
    const key = createClientKey();
    const c = await connect({ key, jwt: signToken(key, { aud: AUD }) });
    const topic = randomTopic();
    expect(await c.call('irn_subscribe', { topic })).toBe(sha256(topic + key.did));
    // a trailing slash on aud is the same relay
    await connect({ key, jwt: signToken(key, { aud: `${AUD}/` }) });
  });

  const victim = createClientKey();
  const attacker = createClientKey();
  const cases: Array<[string, () => string, string]> = [
    ['signed by another key than the one iss names (a forged identity)', () => signToken(attacker, { aud: AUD, claims: { iss: victim.did } }), 'bad signature'],
    ['with a random signature', () => `${signToken(victim, { aud: AUD }).split('.').slice(0, 2).join('.')}.${randomBytes(64).toString('base64url')}`, 'bad signature'],
    [
      'with its payload changed after signing',
      () => {
        const [h, , s] = signToken(victim, { aud: AUD }).split('.');
        return `${h}.${enc({ iss: victim.did, sub: 'changed', aud: AUD, iat: nowS(), exp: nowS() + 3600 })}.${s}`;
      },
      'bad signature',
    ],
    ['with alg none and no signature', () => `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ iss: victim.did, aud: AUD, iat: nowS(), exp: nowS() + 60 })}.`, 'not a compact JWS'],
    ['with alg HS256', () => signRaw(victim, { alg: 'HS256', typ: 'JWT' }, { iss: victim.did, sub: 's', aud: AUD, iat: nowS(), exp: nowS() + 60 }), 'alg must be EdDSA'],
    ['whose iss is not a did:key', () => signToken(victim, { aud: AUD, claims: { iss: 'did:web:example.com' } }), 'iss is not an ed25519 did:key'],
    [
      'whose iss is a secp256k1 did:key',
      () => signToken(victim, { aud: AUD, claims: { iss: `did:key:z${base58.encode(Uint8Array.from([0xe7, 0x01, 0x02, ...randomBytes(32)]))}` } }),
      'iss is not an ed25519 did:key',
    ],
    ['that has expired', () => signToken(victim, { aud: AUD, now: Date.now() - 2 * 86_400_000 }), 'expired'],
    ['issued in the future', () => signToken(victim, { aud: AUD, now: Date.now() + 3_600_000 }), 'issued in the future'],
    ['with a lifetime over a day', () => signToken(victim, { aud: AUD, ttlSeconds: 30 * 86_400 }), 'lifetime too long'],
    ['issued two days ago and valid for an hour more', () => signToken(victim, { aud: AUD, claims: { iat: nowS() - 2 * 86_400, exp: nowS() + 3600 } }), 'lifetime too long'],
    ['whose exp is before its iat', () => signToken(victim, { aud: AUD, claims: { iat: nowS() + 30, exp: nowS() + 20 } }), 'exp is not after iat'],
    ['with a critical header extension', () => signToken(victim, { aud: AUD, header: { alg: 'EdDSA', typ: 'JWT', crit: ['exp'], exp: 1 } }), 'crit is not supported'],
    ['whose typ is not JWT', () => signToken(victim, { aud: AUD, header: { alg: 'EdDSA', typ: 'at+jwt' } }), 'typ must be JWT'],
    ['whose exp is not a number', () => signToken(victim, { aud: AUD, claims: { exp: 'tomorrow' } }), 'exp must be a number'],
    ['for another relay (aud)', () => signToken(victim, { aud: 'wss://relay.walletconnect.org' }), 'aud is not this relay'],
    ['without aud', () => signToken(victim, { claims: { aud: undefined } }), 'aud must be a string'],
    ['of 3000 characters', () => `${signToken(victim, { aud: AUD })}${'A'.repeat(3000)}`, 'too long'],
    ['with two parts', () => signToken(victim, { aud: AUD }).split('.').slice(0, 2).join('.'), 'not a compact JWS'],
    ['whose header is not JSON', () => `${Buffer.from('{nope').toString('base64url')}.${enc({})}.${randomBytes(64).toString('base64url')}`, 'header is not base64url JSON'],
    ['that is empty', () => '', 'missing'],
  ];

  it.each(cases.map(([what, token, reason]) => ({ what, token, reason })))('refuses a token $what with 401 ($reason)', async ({ token, reason }) => {
    const before = (await fixture.relay.stats()).refusedUnauthorized!;
    const err = await refusal({ key: victim, jwt: token() });
    expect(err.status).toBe(401);
    expect(err.body).toContain(reason);
    expect((await fixture.relay.stats()).refusedUnauthorized).toBe(before + 1);
  });

  it('refuses a socket without a token when anonymous sockets are off', async () => {
    const err = await refusal({ anonymous: true });
    expect(err.status).toBe(401);
    expect(err.body).toContain('an auth token is required');
  });
});
