import { LatchkeyError } from './base';

/**
 * A failure as a typed error. A wallet's raw error is mapped by `toProviderError`, which is
 * loaded on the first failure (error paths only: its code → class table is not startup code).
 */
export async function toError(err: unknown): Promise<LatchkeyError> {
  if (err instanceof LatchkeyError) return err;
  const { toProviderError } = await import('./providerError');
  return toProviderError(err);
}
