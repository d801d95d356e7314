// Who is on the other end of a socket: the relay-auth JWT that WalletConnect clients put in the
// connection URL (`/?auth=<JWT>&projectId=…`), verified with jose.
//
// The token (see @walletconnect/relay-auth) is a compact JWS:
//   header  {"alg":"EdDSA","typ":"JWT"}
//   payload {"iss":"did:key:z…","sub":"<random per session>","aud":"<relay URL the client dialled>",
//            "iat":<seconds>,"exp":<iat + 1 day>}
//   signature: Ed25519 over `base64url(header).base64url(payload)`.
// `iss` names the client's own Ed25519 public key as a did:key (multibase base58btc "z", multicodec
// ed25519-pub prefix 0xed 0x01, then the 32-byte key). It is also the client's id: subscription ids
// are sha256(topic + iss). So the signature is checked against the key `iss` names, and nothing else
// (no shared secret): whoever holds the private key is that client; nobody else can sign as it.
//
// jose's jwtVerify checks the JWS (alg EdDSA only, crit, the signature against the key built from
// `iss`) and the times (iat and exp numbers, exp after now and iat not in the future, within the
// clock skew). Checked here besides: the token's size and shape before any decoding, typ, the
// did:key, exp after iat, exp - iat within the maximum lifetime, and aud one of `audiences` when
// that list is set. Every refusal is an AuthError with a fixed reason.
import { base58 } from '@scure/base';
import { decodeJwt, decodeProtectedHeader, errors, importJWK, jwtVerify } from 'jose';

/** Longest token accepted (a WalletConnect token is about 400 characters). */
export const MAX_JWT_LENGTH = 2048;
const ED25519_PUB_PREFIX = [0xed, 0x01];
const DID_KEY_ED25519 = /^did:key:z[1-9A-HJ-NP-Za-km-z]{40,60}$/;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** A token was refused; `reason` is a fixed text (never client input), safe to log and to answer with. */
export class AuthError extends Error {
  /** @param {string} reason @param {unknown} [cause] what jose threw, when it refused */
  constructor(reason, cause) {
    super(`invalid auth token: ${reason}`, cause === undefined ? undefined : { cause });
    this.name = 'AuthError';
    this.reason = reason;
  }
}

/**
 * The raw 32-byte Ed25519 public key a `did:key` names.
 * @param {unknown} did
 * @returns {Buffer}
 */
export function publicKeyFromDidKey(did) {
  if (typeof did !== 'string' || !DID_KEY_ED25519.test(did)) throw new AuthError('iss is not an ed25519 did:key');
  /** @type {Uint8Array} */
  let bytes;
  try {
    bytes = base58.decode(did.slice('did:key:z'.length));
  } catch {
    throw new AuthError('iss is not base58btc');
  }
  if (bytes.length !== 34 || bytes[0] !== ED25519_PUB_PREFIX[0] || bytes[1] !== ED25519_PUB_PREFIX[1]) {
    throw new AuthError('iss is not an ed25519 did:key');
  }
  return Buffer.from(bytes.subarray(2));
}

/**
 * The Ed25519 key the token's `iss` names (jose asks for it once the header is checked).
 * @param {string} token
 */
async function issuerKey(token) {
  /** @type {unknown} */
  let iss;
  try {
    iss = decodeJwt(token).iss;
  } catch (err) {
    throw new AuthError('payload is not base64url JSON', err);
  }
  const x = publicKeyFromDidKey(iss).toString('base64url');
  try {
    return await importJWK({ kty: 'OKP', crv: 'Ed25519', x }, 'EdDSA');
  } catch (err) {
    throw new AuthError('iss is not a valid Ed25519 key', err);
  }
}

/**
 * The reason for what jose refused.
 * @param {unknown} err
 * @returns {AuthError}
 */
function refusal(err) {
  if (err instanceof AuthError) return err;
  if (err instanceof errors.JOSEAlgNotAllowed) return new AuthError('alg must be EdDSA', err);
  if (err instanceof errors.JWSSignatureVerificationFailed) return new AuthError('bad signature', err);
  if (err instanceof errors.JOSENotSupported) return new AuthError('crit is not supported', err);
  // an iat too far in the past with an exp still to come: a lifetime over the maximum
  if (err instanceof errors.JWTExpired) return new AuthError(err.claim === 'iat' ? 'lifetime too long' : 'expired', err);
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'iat' && err.reason === 'check_failed') return new AuthError('issued in the future', err);
    if (err.claim === 'nbf') return new AuthError('not yet valid', err);
    if (err.claim === 'aud') return new AuthError('aud must be a string', err);
    return new AuthError(`${err.claim} must be a number`, err);
  }
  if (err instanceof errors.JWTInvalid) return new AuthError('payload is not a JSON object', err);
  return new AuthError('not a compact JWS', err);
}

/**
 * @typedef {object} VerifyOptions
 * @property {number} [now] ms since epoch (default Date.now())
 * @property {number} [clockSkewSeconds] tolerance for iat/exp (default 300)
 * @property {number} [maxLifetimeSeconds] largest exp - iat accepted (default 86400, what the clients use)
 * @property {readonly string[]} [audiences] when non-empty, aud must be one of these (a trailing slash is ignored)
 */

/**
 * @typedef {object} VerifiedToken
 * @property {string} identity the verified `iss` (did:key)
 * @property {string} aud
 * @property {number} iat
 * @property {number} exp
 */

/** @param {string} s */
const trimSlash = (s) => s.replace(/\/+$/, '');

/**
 * Verifies a relay-auth JWT; rejects with an AuthError when it is not acceptable.
 * @param {unknown} token
 * @param {VerifyOptions} [options]
 * @returns {Promise<VerifiedToken>}
 */
export async function verifyRelayJwt(token, options = {}) {
  const { now = Date.now(), clockSkewSeconds = 300, maxLifetimeSeconds = 86_400, audiences = [] } = options;
  if (typeof token !== 'string' || token.length === 0) throw new AuthError('missing');
  if (token.length > MAX_JWT_LENGTH) throw new AuthError('too long');
  if (!COMPACT_JWS.test(token)) throw new AuthError('not a compact JWS');
  /** @type {import('jose').ProtectedHeaderParameters} */
  let header;
  try {
    header = decodeProtectedHeader(token);
  } catch (err) {
    throw new AuthError('header is not base64url JSON', err);
  }
  if (header.typ !== undefined && header.typ !== 'JWT') throw new AuthError('typ must be JWT');
  /** @type {import('jose').JWTPayload} */
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(token, () => issuerKey(token), {
      algorithms: ['EdDSA'],
      currentDate: new Date(now),
      clockTolerance: clockSkewSeconds,
      // a token issued longer ago than the lifetime allows has expired by its lifetime
      maxTokenAge: maxLifetimeSeconds,
      requiredClaims: ['iss', 'iat', 'exp', 'aud'],
    }));
  } catch (err) {
    throw refusal(err);
  }
  const { iss, iat, exp, aud } = /** @type {{ iss: string, iat: number, exp: number, aud: unknown }} */ (claims);
  if (exp <= iat) throw new AuthError('exp is not after iat');
  if (exp - iat > maxLifetimeSeconds) throw new AuthError('lifetime too long');
  if (typeof aud !== 'string' || aud.length === 0) throw new AuthError('aud must be a string');
  if (audiences.length > 0 && !audiences.some((a) => trimSlash(a) === trimSlash(aud))) throw new AuthError('aud is not this relay');
  return { identity: iss, aud, iat, exp };
}
