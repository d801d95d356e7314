/**
 * Send and wallet_sendCalls checks (spec sections 3 and 5).
 */
import { InvalidSendParamsError, type ValidationIssue } from '../errors/kernel';
import { InvalidParamsRpcError } from '../errors/rpc';
import { isEvmAddress, isSolanaAddress } from './address';

// --- wallet_sendCalls -----------------------------------------------------------

export interface SendCallsCall {
  readonly to: string;
  readonly data?: string;
  readonly value?: string;
}

export interface SendCallsBundle {
  readonly chainId?: string;
  readonly from?: string;
  readonly version?: string;
  readonly capabilities?: Readonly<Record<string, unknown>>;
  readonly calls: readonly SendCallsCall[];
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}

function checkHex(value: unknown, path: string, required: boolean, issues: ValidationIssue[]): void {
  if (value === undefined) {
    if (required) issues.push({ path, message: 'Required' });
    return;
  }
  if (typeof value !== 'string') {
    issues.push({ path, message: `Expected string, received ${typeName(value)}` });
    return;
  }
  if (!value.startsWith('0x')) issues.push({ path, message: 'Invalid input' });
}

/**
 * Checks a wallet_sendCalls bundle: `calls` is an array whose every entry has
 * a `to` starting with 0x and, when present, a `data` starting with 0x.
 * Returns the problems found ([] when valid), in the spec's schema wording.
 */
export function validateSendCalls(bundle: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (typeof bundle !== 'object' || bundle === null || Array.isArray(bundle)) {
    return [{ path: '', message: bundle === undefined ? 'Required' : `Expected object, received ${typeName(bundle)}` }];
  }
  const calls = (bundle as { calls?: unknown }).calls;
  if (calls === undefined) return [{ path: 'calls', message: 'Required' }];
  if (!Array.isArray(calls)) return [{ path: 'calls', message: `Expected array, received ${typeName(calls)}` }];
  calls.forEach((call: unknown, i) => {
    if (typeof call !== 'object' || call === null || Array.isArray(call)) {
      issues.push({ path: `calls.${i}`, message: `Expected object, received ${typeName(call)}` });
      return;
    }
    const c = call as { to?: unknown; data?: unknown };
    checkHex(c.to, `calls.${i}.to`, true, issues);
    checkHex(c.data, `calls.${i}.data`, false, issues);
  });
  return issues;
}

/** Throws InvalidParamsRpcError (-32602) listing the problems when the bundle is invalid. */
export function assertValidSendCalls(bundle: unknown): asserts bundle is SendCallsBundle {
  const issues = validateSendCalls(bundle);
  if (issues.length === 0) return;
  throw new InvalidParamsRpcError({
    details: issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; '),
    data: { issues },
  });
}

// --- Send form ------------------------------------------------------------------------

function isPositiveAmount(amount: unknown): boolean {
  if (typeof amount === 'bigint') return amount > 0n;
  if (typeof amount === 'number') return Number.isFinite(amount) && amount > 0;
  if (typeof amount !== 'string' || amount.trim() === '') return false;
  const n = Number(amount);
  return Number.isFinite(n) && n > 0;
}

/** A Solana send needs a positive amount and a valid receiver address. */
export function isSolanaSendValid(amount: unknown, receiver: unknown): boolean {
  return isPositiveAmount(amount) && isSolanaAddress(receiver);
}

/** Throws InvalidSendParamsError ('Please enter a valid amount and receiver address') when not valid. */
export function assertSolanaSendValid(amount: unknown, receiver: unknown): void {
  if (!isSolanaSendValid(amount, receiver)) throw new InvalidSendParamsError();
}

export interface EvmSendInput {
  readonly token?: unknown;
  readonly amount?: unknown;
  readonly receiver?: unknown;
  readonly gasPrice?: bigint | number | string | null;
  readonly decimals?: number | string | null;
  /** Sending the chain's native currency (then gas price and decimals are needed). */
  readonly native?: boolean;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * An EVM send needs a token, a positive amount and a receiver address; a
 * native send also needs a gas price and the currency's decimals (a
 * non-negative integer). A gas price of 0 counts as given.
 */
export function isEvmSendValid(input: EvmSendInput): boolean {
  if (!input.token || !isPositiveAmount(input.amount) || !isEvmAddress(input.receiver)) return false;
  if (!input.native) return true;
  if (!isPresent(input.gasPrice)) return false;
  if (!isPresent(input.decimals)) return false;
  const decimals = Number(input.decimals);
  return Number.isInteger(decimals) && decimals >= 0;
}

export interface GasCheckInput {
  /** Native-currency balance of the account (any decimal form); missing counts as zero. */
  readonly balance?: string | number | bigint | null;
  /** Estimated gas cost in USD. */
  readonly gasPriceInUSD?: string | number | null;
  /** Native balance in USD. */
  readonly nativeBalanceInUSD?: string | number | null;
  /** Smart accounts pay gas their own way and count as sufficient. */
  readonly isSmartAccount?: boolean;
}

function toNumber(value: string | number | bigint | null | undefined): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'bigint' ? Number(value) : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Insufficient gas: a zero (or missing) native balance, or a gas cost in USD
 * above the native balance in USD. A smart account is never short of gas.
 */
export function hasInsufficientGas(input: GasCheckInput): boolean {
  if (input.isSmartAccount) return false;
  const balance = toNumber(input.balance);
  if (balance === undefined || balance <= 0) return true;
  const gas = toNumber(input.gasPriceInUSD);
  const native = toNumber(input.nativeBalanceInUSD);
  if (gas === undefined || native === undefined) return false;
  return gas > native;
}
