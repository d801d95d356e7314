/**
 * Errors a node reports only through its message text (docs/errors.md#node-errors). `toNodeError` reads the text of a thrown value (and
 * of its causes) and returns the matching typed error, or undefined.
 */
import { LatchkeyError } from './base';

export interface NodeErrorOptions {
  readonly cause?: unknown;
  /** The node's own text. */
  readonly details?: string;
  readonly data?: unknown;
}

/** Base of the node-message errors; `code` is a stable string. */
export class NodeError extends LatchkeyError {
  override name = 'NodeError';
  declare readonly code: string;
  constructor(shortMessage: string, code: string, options: NodeErrorOptions = {}) {
    super(shortMessage, { code, cause: options.cause, details: options.details, data: options.data });
  }
}

/** A node error class: `new X(options)`, with the text `X.pattern` recognises. */
export interface NodeErrorClass {
  new (options?: NodeErrorOptions): NodeError;
  readonly pattern: RegExp;
}

/** Declares a node error of a fixed message: `class X extends nodeError('X', 'CODE', 'message', /node text/i) {}`. */
function nodeError(name: string, code: string, message: string, pattern: RegExp): NodeErrorClass {
  return class extends NodeError {
    static readonly pattern = pattern;
    override name = name;
    constructor(options: NodeErrorOptions = {}) {
      super(message, code, options);
    }
  };
}

/** The call or transaction reverted; `reason` is the revert reason when the node gave one. */
export class ExecutionRevertedError extends NodeError {
  static readonly pattern = /execution reverted|revert(ed)? with reason|VM Exception while processing transaction: revert/i;
  override name = 'ExecutionRevertedError';
  readonly reason: string | undefined;
  constructor(options: NodeErrorOptions & { readonly reason?: string } = {}) {
    const reason = options.reason?.trim() || undefined;
    super(
      reason ? `Execution reverted with reason: ${reason}` : 'Execution reverted for an unknown reason',
      'EXECUTION_REVERTED',
      options,
    );
    this.reason = reason;
  }
}

export class FeeCapTooHighError extends /*#__PURE__*/ nodeError('FeeCapTooHighError', 'FEE_CAP_TOO_HIGH', 'The max fee per gas is higher than the largest allowed value (2^256-1)',
  /(max fee per gas|fee cap) (higher|greater) than 2\^256-?1|fee cap too high/i) {}

export class FeeCapTooLowError extends /*#__PURE__*/ nodeError('FeeCapTooLowError', 'FEE_CAP_TOO_LOW', 'The max fee per gas is lower than the base fee of the block',
  /(max fee per gas|fee cap) less than block base fee|fee cap too low|transaction is outdated/i) {}

export class NonceTooHighError extends /*#__PURE__*/ nodeError('NonceTooHighError', 'NONCE_TOO_HIGH', 'The nonce is higher than the next nonce of the account',
  /nonce too high/i) {}

export class NonceTooLowError extends /*#__PURE__*/ nodeError('NonceTooLowError', 'NONCE_TOO_LOW', 'The nonce is lower than the current nonce of the account',
  /nonce too low|transaction already imported|already known/i) {}

export class NonceMaxValueError extends /*#__PURE__*/ nodeError('NonceMaxValueError', 'NONCE_MAX_VALUE', 'The nonce has reached its largest possible value',
  /nonce has max value|nonce max value/i) {}

export class InsufficientFundsError extends /*#__PURE__*/ nodeError('InsufficientFundsError', 'INSUFFICIENT_FUNDS', 'The account cannot pay for gas and value of the transaction',
  /insufficient funds|exceeds transaction sender account balance/i) {}

export class IntrinsicGasTooHighError extends /*#__PURE__*/ nodeError('IntrinsicGasTooHighError', 'INTRINSIC_GAS_TOO_HIGH', 'The gas limit is higher than the block allows',
  /intrinsic gas too high|gas limit reached|exceeds block gas limit/i) {}

export class IntrinsicGasTooLowError extends /*#__PURE__*/ nodeError('IntrinsicGasTooLowError', 'INTRINSIC_GAS_TOO_LOW', 'The gas limit is lower than the transaction needs',
  /intrinsic gas too low/i) {}

export class TransactionTypeNotSupportedError extends /*#__PURE__*/ nodeError('TransactionTypeNotSupportedError', 'TRANSACTION_TYPE_NOT_SUPPORTED', 'The node does not support this transaction type',
  /transaction type not (supported|valid)|tx type not supported/i) {}

export class TipAboveFeeCapError extends /*#__PURE__*/ nodeError('TipAboveFeeCapError', 'TIP_ABOVE_FEE_CAP', 'The max priority fee per gas is higher than the max fee per gas',
  /max priority fee per gas (higher|greater) than max fee per gas|tip (higher|greater|above) (than )?fee cap/i) {}

/**
 * Checked in this order (the first match wins). Execution reverted comes first
 * because a revert reason may quote any text; fee-cap rules come before the
 * tip rule's looser wording.
 */
const NODE_ERROR_CLASSES: readonly NodeErrorClass[] = [
  ExecutionRevertedError,
  FeeCapTooHighError,
  FeeCapTooLowError,
  TipAboveFeeCapError,
  NonceTooHighError,
  NonceTooLowError,
  NonceMaxValueError,
  InsufficientFundsError,
  IntrinsicGasTooHighError,
  IntrinsicGasTooLowError,
  TransactionTypeNotSupportedError,
];

function texts(err: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length > 0 && out.length < 32) {
    const value = queue.shift();
    if (typeof value === 'string') {
      if (value.trim() !== '') out.push(value);
      continue;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const rec = value as Record<string, unknown>;
    for (const key of ['details', 'shortMessage', 'message']) {
      if (typeof rec[key] === 'string' && (rec[key] as string).trim() !== '') out.push(rec[key] as string);
    }
    const data = rec['data'];
    queue.push(rec['cause'], rec['error'], data && typeof data === 'object' ? (data as Record<string, unknown>)['originalError'] : undefined, data);
  }
  return out;
}

function revertReason(text: string): string | undefined {
  const m = /(?:execution reverted|reverted with reason(?: string)?|\brevert\b)\s*:?\s*['"]?([^'"\n]+?)['"]?\s*$/i.exec(text);
  const reason = m?.[1]?.trim();
  if (!reason || /^(execution reverted|0x)?$/i.test(reason)) return undefined;
  return reason;
}

/** The typed node error for a thrown value, or undefined when its text matches none. */
export function toNodeError(err: unknown): LatchkeyError | undefined {
  if (err instanceof NodeError) return err;
  for (const text of texts(err)) {
    for (const Cls of NODE_ERROR_CLASSES) {
      if (!Cls.pattern.test(text)) continue;
      if (Cls === ExecutionRevertedError) {
        return new ExecutionRevertedError({ cause: err, details: text, reason: revertReason(text) });
      }
      return new Cls({ cause: err, details: text });
    }
  }
  return undefined;
}
