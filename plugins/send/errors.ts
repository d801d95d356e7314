/** The send plugin's own errors (the kernel's catalogue is on 'latchkey/errors'). */
import { LatchkeyError, type LatchkeyErrorOptions } from 'latchkey/errors';

/**
 * A name typed as the receiver resolves to no address (ENS on the network, then the blockchain
 * API's names): the spec's 'Error resolving name' (docs/errors.md#plugin-errors), with the name.
 * The form keeps the name as typed, so it also reads 'Invalid Address'.
 */
export class NameNotResolvedError extends LatchkeyError {
  override name = 'NameNotResolvedError';
  /** The name as typed. */
  readonly receiverName: string;
  constructor(receiverName: string, options: Omit<LatchkeyErrorOptions, 'code' | 'details'> = {}) {
    super('Error resolving name', { ...options, code: 'NAME_NOT_RESOLVED', details: `${receiverName.slice(0, 255)} resolves to no address` });
    this.receiverName = receiverName;
  }
}
