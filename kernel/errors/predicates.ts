/**
 * What an error means, whatever wraps it: wallets, WalletConnect and the kernel nest the
 * real error in `cause`, `data.originalError` or an AggregateError. Each predicate walks
 * the one chain ({@link errorChain}).
 */
import { errorChain } from './base';

function numericCode(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

function codes(err: unknown): number[] {
  return errorChain(err).flatMap((e) => {
    const c = numericCode(e['code']);
    return c === undefined ? [] : [c];
  });
}

function messages(err: unknown): string[] {
  return errorChain(err).flatMap((e) => {
    const m = e['message'];
    return typeof m === 'string' ? [m] : [];
  });
}

/** EIP-1193 user rejection: 4001, and 5000, which some wallets send for the same "no" (docs/errors.md#wallet-and-rpc-error-codes). */
export const USER_REJECTED_CODES: readonly number[] = [4001, 5000];

/** The visitor said no in the wallet (4001 / 5000, or a UserRejectedRequestError), anywhere in the chain. */
export function isUserRejection(err: unknown): boolean {
  return errorChain(err).some((e) => {
    const code = numericCode(e['code']);
    return e['name'] === 'UserRejectedRequestError' || (code !== undefined && USER_REJECTED_CODES.includes(code));
  });
}

/**
 * The chain codes (docs/errors.md#chain-switch-codes) after which a switch is retried as an add-chain: 4902
 * (unrecognised chain id) and 32603 (invalid chain id). A wallet that wraps the 4902 in
 * an internal error (-32603 with data.originalError) is found by the chain walk. 5000 is
 * a rejection, never this.
 */
export const ADD_CHAIN_AFTER_CODES: readonly number[] = [4902, 32603];

/**
 * True when a failed `wallet_switchEthereumChain` means "the wallet does not know this
 * chain": add it, then switch. A user rejection anywhere in the chain is never that.
 */
export function isUnrecognizedChain(err: unknown): boolean {
  if (isUserRejection(err)) return false;
  return codes(err).some((c) => ADD_CHAIN_AFTER_CODES.includes(c)) || messages(err).some((m) => /unrecogni[sz]ed chain/i.test(m));
}

/** `code` strings (Node / undici: 'ECONNREFUSED', …) in the chain, outermost first. */
export function errorCodes(err: unknown): string[] {
  return errorChain(err).flatMap((e) => (typeof e['code'] === 'string' ? [e['code']] : []));
}
