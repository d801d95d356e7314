// Wire transactions and what the chain keeps of them: decoding and sanitizing, the addresses a
// v0 message loads from lookup tables, which keys are writable, the record's inner
// instructions, what a simulation answers, and the RPC errors of a transaction that fails in
// preflight or cannot land.
import { VersionedTransaction } from '@solana/web3.js';
import { ErrorCode, RpcError, base58, transactionError } from './codec.mjs';

const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
const LOOKUP_TABLE_META_SIZE = 56;

/**
 * @typedef {object} TransactionRecord
 * @property {string} signature
 * @property {Uint8Array} bytes the wire transaction
 * @property {'legacy' | 0} version
 * @property {number} slot
 * @property {number} blockTime unix seconds
 * @property {unknown} err null or the RPC's JSON form of the error
 * @property {bigint} fee
 * @property {string[]} accountKeys static keys, then loaded writable, then loaded readonly
 * @property {{ writable: string[], readonly: string[] }} loaded
 * @property {Set<string>} writable writable account keys
 * @property {bigint[]} preBalances
 * @property {bigint[]} postBalances
 * @property {string[]} logs
 * @property {{ index: number, instructions: { programIdIndex: number, accounts: number[], data: string, stackHeight: number }[] }[]} innerInstructions
 * @property {bigint} computeUnits
 * @property {bigint} computeUnitPrice micro-lamports per CU
 */

/**
 * Resolves the addresses a v0 message loads from lookup tables (best effort: a missing or
 * malformed table is left to litesvm, which fails the transaction).
 * @param {{ getAccount(address: Uint8Array): any }} svm the chain's litesvm
 * @param {import('@solana/web3.js').VersionedMessage} message
 * @returns {{ writable: string[], readonly: string[] }}
 */
export function lookupTableAddresses(svm, message) {
  const loaded = { writable: /** @type {string[]} */ ([]), readonly: /** @type {string[]} */ ([]) };
  for (const lookup of message.addressTableLookups ?? []) {
    const table = svm.getAccount(lookup.accountKey.toBytes());
    if (!table || base58.encode(table.owner()) !== ADDRESS_LOOKUP_TABLE_PROGRAM) continue;
    const data = table.data();
    const count = Math.max(0, Math.floor((data.length - LOOKUP_TABLE_META_SIZE) / 32));
    const at = (i) => (i < count ? base58.encode(data.subarray(LOOKUP_TABLE_META_SIZE + i * 32, LOOKUP_TABLE_META_SIZE + (i + 1) * 32)) : undefined);
    for (const i of lookup.writableIndexes) {
      const a = at(i);
      if (a) loaded.writable.push(a);
    }
    for (const i of lookup.readonlyIndexes) {
      const a = at(i);
      if (a) loaded.readonly.push(a);
    }
  }
  return loaded;
}

/**
 * Decodes a wire transaction.
 * @param {Uint8Array} bytes
 * @returns {VersionedTransaction}
 */
export function decodeTransaction(bytes) {
  let tx;
  try {
    tx = VersionedTransaction.deserialize(bytes);
  } catch (err) {
    throw new RpcError(ErrorCode.INVALID_PARAMS, `failed to deserialize the transaction: ${err instanceof Error ? err.message : err}`);
  }
  const m = tx.message;
  if (tx.signatures.length !== m.header.numRequiredSignatures) {
    throw new RpcError(
      ErrorCode.TRANSACTION_SIGNATURE_LEN_MISMATCH,
      `Transaction signature length mismatch: ${tx.signatures.length} signatures for ${m.header.numRequiredSignatures} required signers`,
    );
  }
  const numKeys = m.staticAccountKeys.length;
  const lookups = (m.addressTableLookups ?? []).reduce((n, l) => n + l.writableIndexes.length + l.readonlyIndexes.length, 0);
  const badIx = m.compiledInstructions.some(
    (ix) => ix.programIdIndex >= numKeys || ix.accountKeyIndexes.some((i) => i >= numKeys + lookups),
  );
  if (m.header.numRequiredSignatures === 0 || m.header.numRequiredSignatures > numKeys || badIx) {
    throw new RpcError(ErrorCode.INVALID_PARAMS, 'invalid transaction: Transaction failed to sanitize accounts offsets correctly');
  }
  return tx;
}

/**
 * The inner instructions of a landed transaction, as its record keeps them.
 * @param {any} meta litesvm's TransactionMetadata
 * @returns {TransactionRecord['innerInstructions']}
 */
export function recordedInnerInstructions(meta) {
  return meta.innerInstructions().flatMap((list, index) =>
    list.length === 0
      ? []
      : [{
          index,
          instructions: list.map((inner) => {
            const ci = inner.instruction();
            return { programIdIndex: ci.programIdIndex(), accounts: [...ci.accounts()], data: base58.encode(ci.data()), stackHeight: inner.stackHeight() };
          }),
        }],
  );
}

/**
 * What a simulation answers, from litesvm's result: its error, logs, units, return data, inner
 * instructions and, when it succeeded, the accounts as they would be after it.
 * @param {any} sim litesvm's SimulatedTransactionInfo or FailedTransactionMetadata
 * @param {boolean} failed whether `sim` is a FailedTransactionMetadata
 * @param {{ blockhash: string, lastValidBlockHeight: number } | undefined} replacement the blockhash put in, if any
 */
export function simulationOutcome(sim, failed, replacement) {
  const meta = sim.meta();
  /** @type {Map<string, { lamports: bigint, owner: Uint8Array, data: Uint8Array, executable: boolean, rentEpoch: bigint } | null>} */
  const postAccounts = new Map();
  if (!failed) {
    for (const item of sim.postAccounts()) {
      const acc = item.account();
      postAccounts.set(base58.encode(item.address), acc.lamports() === 0n ? null : {
        lamports: acc.lamports(), owner: acc.owner(), data: acc.data(), executable: acc.executable(), rentEpoch: acc.rentEpoch(),
      });
    }
  }
  const ret = meta.returnData();
  const retData = ret.data();
  return {
    err: failed ? transactionError(sim.err()).json : null,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData: retData.length ? { programId: base58.encode(ret.programId()), data: retData } : null,
    innerInstructions: meta.innerInstructions(),
    postAccounts,
    replacement,
  };
}

/**
 * @param {import('@solana/web3.js').VersionedMessage} message
 * @param {number} index @param {number} numStatic @param {number} numLoadedWritable
 */
export function isWritable(message, index, numStatic, numLoadedWritable) {
  if (index >= numStatic) return index - numStatic < numLoadedWritable;
  const h = message.header;
  if (index < h.numRequiredSignatures) return index < h.numRequiredSignatures - h.numReadonlySignedAccounts;
  return index < numStatic - h.numReadonlyUnsignedAccounts;
}

/** @param {unknown} err @param {string} text */
export function preflightFailure(err, text) {
  return new RpcError(ErrorCode.SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${text}`, {
    err,
    logs: [],
    accounts: null,
    unitsConsumed: 0,
    returnData: null,
  });
}

/** The RPC error for a transaction that failed in simulation or did not land. */
export function failureFor(failed) {
  const { json, text } = transactionError(failed.err());
  if (json === 'SignatureFailure') {
    return new RpcError(ErrorCode.TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
  }
  const meta = failed.meta();
  return new RpcError(ErrorCode.SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${text}`, {
    err: json,
    logs: meta.logs(),
    accounts: null,
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData: null,
  });
}
