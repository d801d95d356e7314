// Shared pieces of the local Solana RPC: JSON-RPC errors, parameter validation, encodings,
// and the JSON form of transaction errors (as the Agave RPC prints them).
import { base58, base64 } from '@scure/base';
import { randomBytes } from 'node:crypto';

/** JSON-RPC 2.0 and Agave's server error codes. */
export const ErrorCode = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  SEND_TRANSACTION_PREFLIGHT_FAILURE: -32002,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE: -32003,
  NODE_UNHEALTHY: -32005,
  TRANSACTION_SIGNATURE_LEN_MISMATCH: -32013,
  UNSUPPORTED_TRANSACTION_VERSION: -32015,
  MIN_CONTEXT_SLOT_NOT_REACHED: -32016,
});

export class RpcError extends Error {
  /** @param {number} code @param {string} message @param {unknown} [data] */
  constructor(code, message, data) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

/** @param {string} message */
export const invalidParams = (message) => new RpcError(ErrorCode.INVALID_PARAMS, message);

export const U64_MAX = 0xffff_ffff_ffff_ffffn;
/** Largest serialized transaction (bytes), like a network packet. */
export const PACKET_DATA_SIZE = 1232;
/** Longest encoded transaction accepted: base58 and base64 of PACKET_DATA_SIZE bytes. */
export const MAX_BASE58_SIZE = 1683;
export const MAX_BASE64_SIZE = 1644;

const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized']);

/** @param {unknown} v @returns {v is Record<string, unknown>} */
export const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The positional parameters of a request; `undefined`/`null` is an empty list.
 * @param {unknown} params @param {number} min @param {number} max
 * @returns {unknown[]}
 */
export function positional(params, min, max) {
  if (params === undefined || params === null) params = [];
  if (!Array.isArray(params)) throw invalidParams('Invalid params: expected an array of positional parameters');
  if (params.length < min) throw invalidParams(`Invalid params: expected at least ${min} parameter${min === 1 ? '' : 's'}, got ${params.length}`);
  if (params.length > max) throw invalidParams(`Invalid params: expected at most ${max} parameter${max === 1 ? '' : 's'}, got ${params.length}`);
  return params;
}

/**
 * A configuration object (or nothing). Keys outside `known` are ignored, as the Agave RPC does.
 * @param {unknown} v @param {string} what
 * @returns {Record<string, unknown>}
 */
export function config(v, what = 'configuration') {
  if (v === undefined || v === null) return {};
  if (!isObject(v)) throw invalidParams(`Invalid params: ${what} must be an object`);
  return v;
}

/** @param {unknown} v @returns {'processed' | 'confirmed' | 'finalized'} */
export function commitment(v) {
  if (v === undefined || v === null) return 'finalized';
  if (typeof v !== 'string' || !COMMITMENTS.has(v)) {
    throw invalidParams(`Invalid params: commitment must be one of processed, confirmed, finalized (got ${short(v)})`);
  }
  return /** @type {any} */ (v);
}

/** @param {unknown} v @param {string} what @returns {boolean | undefined} */
export function optionalBool(v, what) {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw invalidParams(`Invalid params: ${what} must be a boolean`);
  return v;
}

/**
 * An unsigned 64-bit integer given as a JSON number (clients send u64 values as plain numbers,
 * even beyond 2^53, where they arrive rounded).
 * @param {unknown} v @param {string} what @returns {bigint}
 */
export function u64(v, what) {
  if (typeof v === 'bigint' && v >= 0n && v <= U64_MAX) return v;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 18446744073709551615) {
    throw invalidParams(`Invalid params: ${what} must be an unsigned 64-bit integer (got ${short(v)})`);
  }
  const big = BigInt(v);
  return big > U64_MAX ? U64_MAX : big;
}

/** @param {unknown} v @param {string} what @returns {bigint | undefined} */
export const optionalU64 = (v, what) => (v === undefined || v === null ? undefined : u64(v, what));

/** @param {unknown} v @param {string} what @param {number} max @returns {number} */
export function boundedInt(v, what, max) {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max) {
    throw invalidParams(`Invalid params: ${what} must be an integer from 0 to ${max} (got ${short(v)})`);
  }
  return v;
}

/**
 * @param {unknown} v @param {string} what
 * @returns {{ bytes: Uint8Array, text: string }}
 */
export function pubkey(v, what = 'public key') {
  if (typeof v !== 'string' || v.length < 32 || v.length > 44) throw invalidParams(`Invalid params: ${what} is not a base58 public key (got ${short(v)})`);
  let bytes;
  try {
    bytes = base58.decode(v);
  } catch {
    throw invalidParams(`Invalid params: ${what} is not a base58 public key (got ${short(v)})`);
  }
  if (bytes.length !== 32) throw invalidParams(`Invalid params: ${what} must decode to 32 bytes, got ${bytes.length}`);
  return { bytes, text: v };
}

/** @param {unknown} v @param {string} what @returns {string} */
export function signature(v, what = 'signature') {
  if (typeof v !== 'string' || v.length < 64 || v.length > 88) throw invalidParams(`Invalid params: ${what} is not a base58 signature (got ${short(v)})`);
  let bytes;
  try {
    bytes = base58.decode(v);
  } catch {
    throw invalidParams(`Invalid params: ${what} is not a base58 signature (got ${short(v)})`);
  }
  if (bytes.length !== 64) throw invalidParams(`Invalid params: ${what} must decode to 64 bytes, got ${bytes.length}`);
  return base58.encode(bytes);
}

/** @param {unknown} v @returns {string} */
export function blockhash(v) {
  if (typeof v !== 'string' || v.length < 32 || v.length > 44) throw invalidParams(`Invalid params: blockhash is not a base58 hash (got ${short(v)})`);
  let bytes;
  try {
    bytes = base58.decode(v);
  } catch {
    throw invalidParams(`Invalid params: blockhash is not a base58 hash (got ${short(v)})`);
  }
  if (bytes.length !== 32) throw invalidParams(`Invalid params: blockhash must decode to 32 bytes, got ${bytes.length}`);
  return v;
}

/**
 * Decodes a wire transaction sent as base58 (the default) or base64.
 * @param {unknown} data @param {unknown} encoding
 * @returns {Uint8Array}
 */
export function decodeWireTransaction(data, encoding) {
  const enc = encoding === undefined || encoding === null ? 'base58' : encoding;
  if (enc !== 'base58' && enc !== 'base64') {
    throw invalidParams(`Invalid params: unsupported transaction encoding ${short(enc)}; use base58 or base64`);
  }
  if (typeof data !== 'string' || data.length === 0) throw invalidParams('Invalid params: the transaction must be a non-empty string');
  const max = enc === 'base58' ? MAX_BASE58_SIZE : MAX_BASE64_SIZE;
  if (data.length > max) {
    throw invalidParams(
      `${enc} encoded transaction too large: ${data.length} bytes (max: encoded/raw ${max}/${PACKET_DATA_SIZE})`,
    );
  }
  let bytes;
  try {
    bytes = enc === 'base58' ? base58.decode(data) : base64.decode(data);
  } catch {
    throw invalidParams(`invalid ${enc} encoding of the transaction`);
  }
  if (bytes.length > PACKET_DATA_SIZE) {
    throw invalidParams(`decoded transaction too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`);
  }
  return bytes;
}

/** A short, printable view of a hostile value for error messages. */
export function short(v) {
  let s;
  try {
    s = typeof v === 'string' ? JSON.stringify(v) : typeof v === 'bigint' ? `${v}` : JSON.stringify(v) ?? String(v);
  } catch {
    s = Object.prototype.toString.call(v);
  }
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

// JSON with exact u64 values: a bigint is written as an integer literal (the Agave RPC prints
// lamports, rent epochs and the like as plain JSON numbers, beyond 2^53 too).
const MARK = `__u64_${randomBytes(6).toString('hex')}_`;
const MARK_RE = new RegExp(`"${MARK}(\\d+)"`, 'g');
/** @param {unknown} value @returns {string} */
export function stringify(value) {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${MARK}${v}` : v)).replace(MARK_RE, '$1');
}

/** Hex of a number, as the RPC prints custom program errors. */
const hex = (n) => `0x${n.toString(16)}`;

/** Names of litesvm's fieldless transaction errors, by enum value (agave's TransactionError order). */
export const TRANSACTION_ERRORS = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks', 'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit', 'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
];

/** Names of litesvm's fieldless instruction errors, by enum value. */
export const INSTRUCTION_ERRORS = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall', 'InsufficientFunds',
  'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized', 'UninitializedAccount', 'UnbalancedInstruction',
  'ModifiedProgramId', 'ExternalAccountLamportSpend', 'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified',
  'DuplicateAccountIndex', 'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged',
  'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId', 'CallDepth',
  'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded',
  'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
];

const TRANSACTION_ERROR_TEXT = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  SignatureFailure: 'Transaction did not pass signature verification',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  UnsupportedVersion: 'Transaction version is unsupported',
  TooManyAccountLocks: 'Transaction locked too many accounts',
  AddressLookupTableNotFound: 'Transaction loads an address table account that doesn\'t exist',
  InvalidAddressLookupTableOwner: 'Transaction loads an address table account with an invalid owner',
  InvalidAddressLookupTableData: 'Transaction loads an address table account with invalid data',
  InvalidAddressLookupTableIndex: 'Transaction address table lookup uses an invalid index',
};

const INSTRUCTION_ERROR_TEXT = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  ProgramFailedToComplete: 'Program failed to complete',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
};

/** "InvalidAccountData" -> "invalid account data" (fallback text for errors without a known message). */
const words = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * A litesvm transaction error as the JSON the RPC returns (`"BlockhashNotFound"`,
 * `{"InstructionError":[0,{"Custom":1}]}`, `{"InsufficientFundsForRent":{"account_index":1}}`…),
 * and its one-line description.
 * @param {unknown} err the value of FailedTransactionMetadata.err()
 * @returns {{ json: unknown, text: string }}
 */
export function transactionError(err) {
  if (typeof err === 'number') {
    const name = TRANSACTION_ERRORS[err] ?? `UnknownTransactionError${err}`;
    return { json: name, text: TRANSACTION_ERROR_TEXT[name] ?? words(name) };
  }
  const e = /** @type {any} */ (err);
  const kind = e?.constructor?.name ?? '';
  if (kind === 'TransactionErrorInstructionError') {
    const inner = e.err();
    let json;
    let text;
    if (typeof inner === 'number') {
      const name = INSTRUCTION_ERRORS[inner] ?? `UnknownInstructionError${inner}`;
      json = name;
      text = INSTRUCTION_ERROR_TEXT[name] ?? words(name);
    } else if (inner?.constructor?.name === 'InstructionErrorCustom') {
      json = { Custom: inner.code };
      text = `custom program error: ${hex(inner.code)}`;
    } else if (inner && typeof inner.msg === 'string') {
      json = { BorshIoError: inner.msg };
      text = `Failed to serialize or deserialize account data: ${inner.msg}`;
    } else {
      json = 'GenericError';
      text = 'generic instruction error';
    }
    return { json: { InstructionError: [e.index, json] }, text: `Error processing Instruction ${e.index}: ${text}` };
  }
  if (kind === 'TransactionErrorInsufficientFundsForRent') {
    return {
      json: { InsufficientFundsForRent: { account_index: e.accountIndex } },
      text: `Transaction results in an account (${e.accountIndex}) with insufficient funds for rent`,
    };
  }
  if (kind === 'TransactionErrorDuplicateInstruction') {
    return { json: { DuplicateInstruction: e.index }, text: `Transaction contains a duplicate instruction (${e.index}) that is not allowed` };
  }
  if (kind === 'TransactionErrorProgramExecutionTemporarilyRestricted') {
    return {
      json: { ProgramExecutionTemporarilyRestricted: { account_index: e.accountIndex } },
      text: `Execution of the program referenced by account at index ${e.accountIndex} is temporarily restricted.`,
    };
  }
  return { json: 'GenericError', text: String(e?.toString?.() ?? e) };
}

export { base58, base64 };
