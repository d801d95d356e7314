/** The sign-in plugin's errors (docs/errors.md#plugin-errors). */
import { LatchkeyError } from 'latchkey';

/** docs/errors.md#plugin-errors: asked to sign in without a session provider. */
export class SiwxNotEnabledError extends LatchkeyError {
  override name = 'SiwxNotEnabledError';
  constructor() {
    super('SIWX is not enabled', { code: 'SIWX_NOT_ENABLED' });
  }
}

/** docs/errors.md#plugin-errors: asked to sign in with no connected account. */
export class NoActiveCaipAddressError extends LatchkeyError {
  override name = 'NoActiveCaipAddressError';
  constructor() {
    super('No ActiveCaipAddress found', { code: 'NO_ACTIVE_CAIP_ADDRESS' });
  }
}

/** A session whose signature does not verify, or that is outside its validity window. */
export class SiwxVerificationError extends LatchkeyError {
  override name = 'SiwxVerificationError';
  constructor(details?: string) {
    super('Failed to verify message', { code: 'SIWX_VERIFICATION_FAILED', ...(details ? { details } : {}) });
  }
}

/** A provider made by `localSiwx` / `backendSiwx` was used before the sign-in plugin loaded. */
export class SiwxNotAttachedError extends LatchkeyError {
  override name = 'SiwxNotAttachedError';
  constructor() {
    super('The sign-in provider is not attached to a kernel: register siwxPlugin() and pass the provider as the `siwx` option', {
      code: 'SIWX_NOT_ATTACHED',
    });
  }
}

/** The host backend answered something that is not the documented shape. */
export class SiwxBackendError extends LatchkeyError {
  override name = 'SiwxBackendError';
  constructor(details: string, cause?: unknown) {
    super('Unexpected answer from the sign-in backend', { code: 'SIWX_BACKEND', details, cause });
  }
}
