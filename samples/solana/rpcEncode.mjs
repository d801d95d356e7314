// How the HTTP JSON-RPC (and the pubsub) print accounts and transactions: account encodings
// and data slices, transactions in json / jsonParsed / base58 / base64, jsonParsed
// instructions, and transaction metadata.
import { base58, base64, boundedInt, config, invalidParams, short } from './codec.mjs';
import { LocalChain } from './chain.mjs';

const MAX_BASE58_ACCOUNT_BYTES = 128;
/** The largest account a program may allocate (10 MiB). */
export const MAX_PERMITTED_DATA_LENGTH = 10 * 1024 * 1024;
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const ACCOUNT_ENCODINGS = new Set(['base58', 'base64', 'base64+zstd', 'jsonParsed']);

/** @typedef {import('./chain.mjs').TransactionRecord} TransactionRecord */

/**
 * Account encoding options: `{ encoding, dataSlice }`.
 * @param {Record<string, unknown>} cfg
 * @returns {{ encoding: string | undefined, slice: { offset: number, length: number } | undefined }}
 */
export function accountEncoding(cfg) {
  const encoding = cfg.encoding;
  if (encoding !== undefined && encoding !== null && (typeof encoding !== 'string' || !ACCOUNT_ENCODINGS.has(encoding))) {
    throw invalidParams(`Invalid params: unknown encoding ${short(encoding)}; expected base58, base64, base64+zstd or jsonParsed`);
  }
  if (encoding === 'base64+zstd') throw invalidParams('Invalid params: base64+zstd is not supported by this node; use base64');
  let slice;
  if (cfg.dataSlice !== undefined && cfg.dataSlice !== null) {
    const ds = config(cfg.dataSlice, 'dataSlice');
    slice = {
      offset: boundedInt(ds.offset, 'dataSlice.offset', MAX_PERMITTED_DATA_LENGTH),
      length: boundedInt(ds.length, 'dataSlice.length', MAX_PERMITTED_DATA_LENGTH),
    };
  }
  return { encoding: /** @type {string | undefined} */ (encoding ?? undefined), slice };
}

/**
 * An account as the RPC prints it.
 * @param {NonNullable<ReturnType<LocalChain['getAccount']>>} acc
 * @param {{ encoding: string | undefined, slice: { offset: number, length: number } | undefined }} enc
 */
export function encodeAccount(acc, { encoding, slice }) {
  let data = acc.data;
  if (slice && encoding !== 'jsonParsed') data = data.subarray(slice.offset, slice.offset + slice.length);
  let out;
  if (encoding === undefined || encoding === 'base58') {
    if (data.length > MAX_BASE58_ACCOUNT_BYTES) {
      throw invalidParams('Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
    }
    // no encoding: the legacy "binary" form, a bare base58 string
    out = encoding === undefined ? base58.encode(data) : [base58.encode(data), 'base58'];
  } else {
    // jsonParsed: this node has no account parsers, so it answers base64 like the Agave RPC
    // does for an account it cannot parse.
    out = [base64.encode(data), 'base64'];
  }
  return {
    lamports: acc.lamports,
    owner: base58.encode(acc.owner),
    data: out,
    executable: acc.executable,
    rentEpoch: acc.rentEpoch,
    space: acc.data.length,
  };
}

/**
 * The transaction of a record, in the requested encoding.
 * @param {TransactionRecord} record @param {string} encoding
 */
export function encodeTransaction(record, encoding) {
  if (encoding === 'base64') return [base64.encode(record.bytes), 'base64'];
  if (encoding === 'base58') return [base58.encode(record.bytes), 'base58'];
  const tx = LocalChain.decode(record.bytes);
  const m = tx.message;
  const signatures = tx.signatures.map((s) => base58.encode(s));
  const lookups =
    m.version === 0
      ? m.addressTableLookups.map((l) => ({ accountKey: l.accountKey.toBase58(), writableIndexes: [...l.writableIndexes], readonlyIndexes: [...l.readonlyIndexes] }))
      : undefined;
  if (encoding === 'jsonParsed') {
    const keys = record.accountKeys;
    const numStatic = m.staticAccountKeys.length;
    return {
      signatures,
      message: {
        accountKeys: keys.map((k, i) => ({
          pubkey: k,
          writable: record.writable.has(k),
          signer: i < m.header.numRequiredSignatures,
          source: i < numStatic ? 'transaction' : 'lookupTable',
        })),
        recentBlockhash: m.recentBlockhash,
        instructions: m.compiledInstructions.map((ix) => parsedInstruction(keys, ix.programIdIndex, [...ix.accountKeyIndexes], ix.data, null)),
        ...(lookups ? { addressTableLookups: lookups } : {}),
      },
    };
  }
  return {
    signatures,
    message: {
      accountKeys: m.staticAccountKeys.map((k) => k.toBase58()),
      header: { ...m.header },
      recentBlockhash: m.recentBlockhash,
      instructions: m.compiledInstructions.map((ix) => ({
        programIdIndex: ix.programIdIndex,
        accounts: [...ix.accountKeyIndexes],
        data: base58.encode(ix.data),
        stackHeight: null,
      })),
      ...(lookups ? { addressTableLookups: lookups } : {}),
    },
  };
}

/**
 * An instruction in jsonParsed form: System transfers and account creations are parsed,
 * everything else is "partially decoded" (program id, account addresses, base58 data).
 * @param {string[]} keys @param {number} programIdIndex @param {number[]} accounts @param {Uint8Array} data
 * @param {number | null} stackHeight
 */
export function parsedInstruction(keys, programIdIndex, accounts, data, stackHeight) {
  const programId = keys[programIdIndex] ?? '';
  const addrs = accounts.map((i) => keys[i] ?? '');
  if (programId === SYSTEM_PROGRAM && data.length >= 4) {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const kind = view.getUint32(0, true);
    if (kind === 2 && data.length === 12 && addrs.length >= 2) {
      return {
        program: 'system',
        programId,
        parsed: { type: 'transfer', info: { source: addrs[0], destination: addrs[1], lamports: view.getBigUint64(4, true) } },
        stackHeight,
      };
    }
    if (kind === 0 && data.length === 52 && addrs.length >= 2) {
      return {
        program: 'system',
        programId,
        parsed: {
          type: 'createAccount',
          info: {
            source: addrs[0],
            newAccount: addrs[1],
            lamports: view.getBigUint64(4, true),
            space: view.getBigUint64(12, true),
            owner: base58.encode(data.subarray(20, 52)),
          },
        },
        stackHeight,
      };
    }
  }
  return { programId, accounts: addrs, data: base58.encode(data), stackHeight };
}

/** @param {TransactionRecord} record @param {boolean} parsed */
export function encodeMeta(record, parsed) {
  return {
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    fee: record.fee,
    preBalances: record.preBalances,
    postBalances: record.postBalances,
    innerInstructions: record.innerInstructions.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((ix) =>
        parsed ? parsedInstruction(record.accountKeys, ix.programIdIndex, ix.accounts, base58.decode(ix.data), ix.stackHeight) : ix,
      ),
    })),
    logMessages: record.logs,
    rewards: [],
    loadedAddresses: record.loaded,
    computeUnitsConsumed: record.computeUnits,
  };
}
