/**
 * Test support: the client side of the relay's connection token, as WalletConnect clients make it
 * (@walletconnect/relay-auth): an Ed25519 key whose did:key is the client's identity, and an EdDSA
 * JWT `{ iss: did, sub, aud, iat, exp }` signed with it. Built on node:crypto; `claims` and the
 * helpers below make the broken and forged tokens the tests throw at the relay.
 */
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { base58 } from '@scure/base';

export interface ClientKey {
  readonly privateKey: KeyObject;
  /** did:key:z… of the public key: the client's identity on the relay. */
  readonly did: string;
}

export function didKeyOf(rawPublicKey: Uint8Array): string {
  return `did:key:z${base58.encode(Uint8Array.from([0xed, 0x01, ...rawPublicKey]))}`;
}

export function createClientKey(): ClientKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x!;
  return { privateKey, did: didKeyOf(Buffer.from(x, 'base64url')) };
}

const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

export interface TokenOptions {
  readonly aud?: string;
  readonly ttlSeconds?: number;
  readonly now?: number;
  /** Overrides or adds payload claims. */
  readonly claims?: Record<string, unknown>;
  /** Overrides the header. */
  readonly header?: Record<string, unknown>;
}

/** A token signed by `key` (its payload may claim anything through `claims`). */
export function signToken(key: ClientKey, options: TokenOptions = {}): string {
  const iat = Math.floor((options.now ?? Date.now()) / 1000);
  const header = enc(options.header ?? { alg: 'EdDSA', typ: 'JWT' });
  const payload = enc({ iss: key.did, sub: randomBytes(32).toString('hex'), aud: options.aud ?? 'ws://127.0.0.1', iat, exp: iat + (options.ttlSeconds ?? 86_400), ...options.claims });
  const signature = sign(null, Buffer.from(`${header}.${payload}`), key.privateKey).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

