/**
 * `latchkey/encoding`: base58, base58check, SHA-256 and display text for plugins, on audited libraries
 * (@scure/base, @noble/hashes), bounded for hostile input and with typed errors. Imported by
 * plugins' lazily loaded modules, never by an entry: a host that loads no such plugin loads none of it.
 */
export { Base58Error, HashError } from './errors';
export type { AssertionText, Base58ErrorMessage } from './errors';
export { MAX_BASE58_LENGTH, base58Encode, base58Decode, base58checkDecode, createBase58 } from './base58';
export type { Base58Codec } from './base58';
export { sha256, createSha256 } from './sha256';
export type { Sha256Hasher } from './sha256';
/** Text a wallet, a token or a server names, cleaned for display (lazily loaded code only: discovery on the start path writes it out). */
export { displayText } from './displayText';
