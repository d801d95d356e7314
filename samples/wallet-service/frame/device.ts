/**
 * The frame's device key and the proofs it signs (WebCrypto only: runs in the frame and in Node).
 *
 * The device key is an ECDSA P-256 key pair made in the frame; its private half is non-extractable and
 * lives in the frame origin's IndexedDB, so no script of the dapp's page (another origin) can read or
 * use it. Sessions are bound to the key's JWK thumbprint (RFC 7638); every API call carries a proof, a
 * compact JWS (ES256, `typ: dpop+jwt`, like RFC 9449 DPoP) over the method, URL, a hash of the body,
 * a hash of the session token, the time and a unique id. A session token alone (which the page does
 * get, in FRAME_SESSION_UPDATE) is therefore useless without the frame.
 */

export interface PublicJwk {
  readonly kty: 'EC';
  readonly crv: 'P-256';
  readonly x: string;
  readonly y: string;
}

export interface DeviceKey {
  readonly privateKey: CryptoKey;
  readonly jwk: PublicJwk;
  /** RFC 7638 thumbprint of `jwk` (base64url SHA-256). */
  readonly jkt: string;
}

const enc = new TextEncoder();

export function base64url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]!);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function sha256(data: string | Uint8Array): Promise<Uint8Array> {
  const bytes = typeof data === 'string' ? enc.encode(data) : data;
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
}

export async function sha256b64url(data: string | Uint8Array): Promise<string> {
  return base64url(await sha256(data));
}

export async function jwkThumbprint(jwk: PublicJwk): Promise<string> {
  // RFC 7638: the required members in lexicographic order, no whitespace
  return sha256b64url(`{"crv":"${jwk.crv}","kty":"${jwk.kty}","x":"${jwk.x}","y":"${jwk.y}"}`);
}

/** Makes a device key whose private half cannot be exported. */
export async function createDeviceKey(): Promise<{ privateKey: CryptoKey; publicKey: CryptoKey }> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  return { privateKey: pair.privateKey, publicKey: pair.publicKey };
}

export async function deviceKeyFrom(pair: { privateKey: CryptoKey; publicKey: CryptoKey }): Promise<DeviceKey> {
  const full = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as JsonWebKey;
  if (full.kty !== 'EC' || full.crv !== 'P-256' || !full.x || !full.y) throw new Error('unexpected device key');
  const jwk: PublicJwk = { kty: 'EC', crv: 'P-256', x: full.x, y: full.y };
  return { privateKey: pair.privateKey, jwk, jkt: await jwkThumbprint(jwk) };
}

export interface ProofClaims {
  readonly htm: string;
  readonly htu: string;
  /** base64url SHA-256 of the request body. */
  readonly bh: string;
  /** base64url SHA-256 of the session token, when one is sent. */
  readonly ath?: string;
  readonly iat: number;
  readonly jti: string;
}

/** Signs a proof (compact JWS, ES256; WebCrypto's ECDSA signature is already the JWS r||s form). */
export async function signProof(key: DeviceKey, claims: ProofClaims): Promise<string> {
  const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: key.jwk };
  const input = `${base64url(enc.encode(JSON.stringify(header)))}.${base64url(enc.encode(JSON.stringify(claims)))}`;
  const sig = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key.privateKey, enc.encode(input)));
  return `${input}.${base64url(sig)}`;
}

export function randomId(bytes = 16): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}
