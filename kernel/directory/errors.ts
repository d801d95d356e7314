import { LatchkeyError } from '../errors/base';

/**
 * The remote wallet directory could not be read (network, HTTP status or an
 * answer of the wrong shape). Kept in the directory's state; the list falls
 * back to the shipped catalogue, so no wallet data is lost. `cause` is the
 * HttpClient error when there is one.
 */
export class WalletDirectoryError extends LatchkeyError {
  override name = 'WalletDirectoryError';
  constructor(args: { url: string; page: number; cause?: unknown; details?: string }) {
    super('Failed to load the wallet directory', {
      code: 'WALLET_DIRECTORY',
      details: args.details ?? `GET ${args.url} (page ${args.page})`,
      cause: args.cause,
      data: { url: args.url, page: args.page },
    });
  }
}
