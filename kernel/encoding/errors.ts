/**
 * The typed errors of `latchkey/encoding`. The base58 and hash helpers refuse input with the
 * texts docs/errors.md#encoding-errors lists: 'Non-base58 character' and 'Alphabet too long' for base58, and the
 * hash helpers' assertions of @noble/hashes ('Uint8Array expected', 'positive integer expected',
 * 'Hash instance has been destroyed'). A library message that starts with one of those is
 * shortened to it; the library's full text goes to `details` and its error to `cause`.
 */
import { LatchkeyError, type LatchkeyErrorOptions } from '../errors/index';

type Options = Omit<LatchkeyErrorOptions, 'code'>;

/** The hash helpers' assertion texts (docs/errors.md#encoding-errors). */
export type AssertionText = 'Uint8Array expected' | 'positive integer expected' | 'Hash instance has been destroyed';
const ASSERTION_TEXTS: readonly AssertionText[] = ['Uint8Array expected', 'positive integer expected', 'Hash instance has been destroyed'];

export type Base58ErrorMessage = 'Non-base58 character' | 'Alphabet too long' | 'Invalid alphabet' | 'Base58 input too long' | 'Invalid checksum' | AssertionText;

/** Text that is not base58 (or base58check), an alphabet that cannot be one, or a helper given the wrong kind of argument. */
export class Base58Error extends LatchkeyError {
  override name = 'Base58Error';
  constructor(message: Base58ErrorMessage, options: Options = {}) {
    super(message, { ...options, code: 'BASE58' });
  }
}

/** A hash helper given something other than bytes, or a hasher used after its digest. */
export class HashError extends LatchkeyError {
  override name = 'HashError';
  constructor(message: string, options: Options = {}) {
    super(message, { ...options, code: 'HASH' });
  }
}

/** The short text (docs/errors.md#encoding-errors) for what a library threw, with the library's own text and error kept. */
export function libraryFailure(cause: unknown): [string, Options] {
  const text = cause instanceof Error ? cause.message : String(cause);
  const short = ASSERTION_TEXTS.find((t) => text.startsWith(t)) ?? text;
  return [short, short === text ? { cause } : { cause, details: text }];
}
