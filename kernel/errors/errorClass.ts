/**
 * The one way to declare a typed error of a fixed code and message. A module of its own: the
 * kernel's entry has no such error, so a page's startup JS does not carry the factory.
 */
import { LatchkeyError, type LatchkeyErrorOptions } from './base';

/** What {@link errorClass} returns: a class of one code and message, with the code also on `X.code`. */
export interface LatchkeyErrorClass<C extends string> {
  new (options?: Omit<LatchkeyErrorOptions, 'code'>): LatchkeyError & { readonly code: C };
  readonly code: C;
}

/**
 * Declares an error with a fixed code and message, the way a plugin's errors.ts lists them:
 * `export class SolanaWalletNotFoundError extends errorClass('SolanaWalletNotFoundError', 'PROVIDER_NOT_FOUND', 'Provider not found') {}`.
 * `name` is given as text because minifiers rename classes.
 */
export function errorClass<C extends string>(name: string, code: C, message: string): LatchkeyErrorClass<C> {
  return class extends LatchkeyError {
    static readonly code = code;
    declare readonly code: C;
    override name = name;
    constructor(options: Omit<LatchkeyErrorOptions, 'code'> = {}) {
      super(message, { ...options, code });
    }
  } as LatchkeyErrorClass<C>;
}
