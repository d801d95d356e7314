/**
 * LocalVerify: the sample wallet's stand-in for WalletConnect's Verify client, answering
 * "no verdict" at once instead of asking the hosted attestation API.
 */
import { IVerify, type ICore } from '@walletconnect/types';

/**
 * Verify (the hosted attestation API) left out. walletkit awaits `core.verify.resolve()`
 * before it emits every session_proposal and session_request; with no internet that call
 * waits for a 5 s abort timer (or, for a dapp that sent a JWT attestation, for a public-key
 * fetch whose promise never settles when the fetch fails). A dapp on 127.0.0.1 cannot be
 * attested anyway, so this wallet answers "no verdict" at once: walletkit then reports
 * validation UNKNOWN, which the page shows.
 */
export class LocalVerify extends IVerify {
  readonly context = 'local-verify';
  constructor(core: ICore) {
    super(core, core.logger, core.storage);
  }
  async register(): Promise<string> {
    return '';
  }
  // walletkit treats `undefined` as "no verdict" (its own Verify returns it too).
  async resolve(): Promise<{ origin: string; isScam?: boolean }> {
    return undefined as unknown as { origin: string };
  }
}
