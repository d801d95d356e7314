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

export class FeeCapTooHighError extends NodeError {
  static readonly pattern = /(max fee per gas|fee cap) (higher|greater) than 2\^256-?1|fee cap too high/i;
  override name = 'FeeCapTooHighError';
  constructor(options: NodeErrorOptions = {}) {
    super('The max fee per gas is higher than the largest allowed value (2^256-1)', 'FEE_CAP_TOO_HIGH', options);
  }
}

export class FeeCapTooLowError extends NodeError {
  static readonly pattern = /(max fee per gas|fee cap) less than block base fee|fee cap too low|transaction is outdated/i;
  override name = 'FeeCapTooLowError';
  constructor(options: NodeErrorOptions = {}) {
    super('The max fee per gas is lower than the base fee of the block', 'FEE_CAP_TOO_LOW', options);
  }
}

export class NonceTooHighError extends NodeError {
  static readonly pattern = /nonce too high/i;
  override name = 'NonceTooHighError';
  constructor(options: NodeErrorOptions = {}) {
    super('The nonce is higher than the next nonce of the account', 'NONCE_TOO_HIGH', options);
  }
}

export class NonceTooLowError extends NodeError {
  static readonly pattern = /nonce too low|transaction already imported|already known/i;
  override name = 'NonceTooLowError';
  constructor(options: NodeErrorOptions = {}) {
    super('The nonce is lower than the current nonce of the account', 'NONCE_TOO_LOW', options);
  }
}

export class NonceMaxValueError extends NodeError {
  static readonly pattern = /nonce has max value|nonce max value/i;
  override name = 'NonceMaxValueError';
  constructor(options: NodeErrorOptions = {}) {
    super('The nonce has reached its largest possible value', 'NONCE_MAX_VALUE', options);
  }
}

export class InsufficientFundsError extends NodeError {
  static readonly pattern = /insufficient funds|exceeds transaction sender account balance/i;
  override name = 'InsufficientFundsError';
  constructor(options: NodeErrorOptions = {}) {
    super('The account cannot pay for gas and value of the transaction', 'INSUFFICIENT_FUNDS', options);
  }
}

export class IntrinsicGasTooHighError extends NodeError {
  static readonly pattern = /intrinsic gas too high|gas limit reached|exceeds block gas limit/i;
  override name = 'IntrinsicGasTooHighError';
  constructor(options: NodeErrorOptions = {}) {
    super('The gas limit is higher than the block allows', 'INTRINSIC_GAS_TOO_HIGH', options);
  }
}

export class IntrinsicGasTooLowError extends NodeError {
  static readonly pattern = /intrinsic gas too low/i;
  override name = 'IntrinsicGasTooLowError';
  constructor(options: NodeErrorOptions = {}) {
    super('The gas limit is lower than the transaction needs', 'INTRINSIC_GAS_TOO_LOW', options);
  }
}

export class TransactionTypeNotSupportedError extends NodeError {
  static readonly pattern = /transaction type not (supported|valid)|tx type not supported/i;
  override name = 'TransactionTypeNotSupportedError';
  constructor(options: NodeErrorOptions = {}) {
    super('The node does not support this transaction type', 'TRANSACTION_TYPE_NOT_SUPPORTED', options);
  }
}

export class TipAboveFeeCapError extends NodeError {
  static readonly pattern = /max priority fee per gas (higher|greater) than max fee per gas|tip (higher|greater|above) (than )?fee cap/i;
  override name = 'TipAboveFeeCapError';
  constructor(options: NodeErrorOptions = {}) {
    super('The max priority fee per gas is higher than the max fee per gas', 'TIP_ABOVE_FEE_CAP', options);
  }
}

type NodeErrorClass = (new (options?: NodeErrorOptions) => NodeError) & { readonly pattern: RegExp };

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
