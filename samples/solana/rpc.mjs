// The HTTP JSON-RPC methods of the local Solana chain: validation of every parameter, and
// answers shaped as the Agave RPC shapes them (what @solana/web3.js and @solana/kit parse).
import { ErrorCode, RpcError, base58, base64, blockhash, boundedInt, commitment, config, decodeWireTransaction, invalidParams, optionalBool, optionalU64, positional, pubkey, short, signature, u64 } from './codec.mjs';
import { FEATURE_SET, LocalChain, SOLANA_CORE_VERSION, VersionedMessage } from './chain.mjs';

const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1000;
const MAX_PRIORITIZATION_FEE_ACCOUNTS = 128;
const MAX_BASE58_ACCOUNT_BYTES = 128;
/** The largest account a program may allocate (10 MiB). */
const MAX_PERMITTED_DATA_LENGTH = 10 * 1024 * 1024;
const MAX_RETRIES_LIMIT = 0xffff_ffff;
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const ACCOUNT_ENCODINGS = new Set(['base58', 'base64', 'base64+zstd', 'jsonParsed']);
const TRANSACTION_ENCODINGS = new Set(['json', 'jsonParsed', 'base58', 'base64']);

/**
 * @typedef {import('./chain.mjs').TransactionRecord} TransactionRecord
 * @typedef {{ chain: LocalChain, identity: string }} RpcContext
 */

/** @param {LocalChain} chain */
const context = (chain) => ({ slot: chain.slot, apiVersion: SOLANA_CORE_VERSION });

/** @param {LocalChain} chain @param {Record<string, unknown>} cfg */
function checkMinContextSlot(chain, cfg) {
  const min = optionalU64(cfg.minContextSlot, 'minContextSlot');
  if (min !== undefined && BigInt(chain.slot) < min) {
    throw new RpcError(ErrorCode.MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', { contextSlot: chain.slot });
  }
}

/**
 * Reads `{ commitment, minContextSlot }` and checks the slot.
 * @param {LocalChain} chain @param {unknown} raw
 */
function commonConfig(chain, raw) {
  const cfg = config(raw);
  commitment(cfg.commitment);
  checkMinContextSlot(chain, cfg);
  return cfg;
}

/**
 * Account encoding options: `{ encoding, dataSlice }`.
 * @param {Record<string, unknown>} cfg
 * @returns {{ encoding: string | undefined, slice: { offset: number, length: number } | undefined }}
 */
function accountEncoding(cfg) {
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
function encodeTransaction(record, encoding) {
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
function parsedInstruction(keys, programIdIndex, accounts, data, stackHeight) {
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
function encodeMeta(record, parsed) {
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

/** @param {unknown} raw the encoded transaction @param {unknown} encodingOption base58 (default) or base64 */
function decodeTransactionParam(raw, encodingOption) {
  return LocalChain.decode(decodeWireTransaction(raw, encodingOption));
}

/** @param {string} c */
function historyCommitment(c) {
  if (c === 'processed') throw invalidParams('Method does not support commitment below `confirmed`');
  return c;
}

/** @type {Record<string, (params: unknown, ctx: RpcContext) => unknown>} */
export const methods = {
  getHealth(params) {
    positional(params, 0, 0);
    return 'ok';
  },

  getVersion(params) {
    positional(params, 0, 0);
    return { 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET };
  },

  getIdentity(params, { identity }) {
    positional(params, 0, 0);
    return { identity };
  },

  getGenesisHash(params, { chain }) {
    positional(params, 0, 0);
    return chain.genesisHash;
  },

  getSlot(params, { chain }) {
    const [cfg] = positional(params, 0, 1);
    commonConfig(chain, cfg);
    return chain.slot;
  },

  getBlockHeight(params, { chain }) {
    const [cfg] = positional(params, 0, 1);
    commonConfig(chain, cfg);
    return chain.blockHeight;
  },

  getTransactionCount(params, { chain }) {
    const [cfg] = positional(params, 0, 1);
    commonConfig(chain, cfg);
    return chain.transactionCount;
  },

  getEpochInfo(params, { chain }) {
    const [cfg] = positional(params, 0, 1);
    commonConfig(chain, cfg);
    const { slotsPerEpoch } = chain.epochSchedule();
    return {
      absoluteSlot: chain.slot,
      blockHeight: chain.blockHeight,
      epoch: Math.floor(chain.slot / slotsPerEpoch),
      slotIndex: chain.slot % slotsPerEpoch,
      slotsInEpoch: slotsPerEpoch,
      transactionCount: chain.transactionCount,
    };
  },

  getEpochSchedule(params, { chain }) {
    positional(params, 0, 0);
    return chain.epochSchedule();
  },

  getLatestBlockhash(params, { chain }) {
    const [cfg] = positional(params, 0, 1);
    commonConfig(chain, cfg);
    return { context: context(chain), value: chain.latest() };
  },

  isBlockhashValid(params, { chain }) {
    const [hash, cfg] = positional(params, 1, 2);
    const h = blockhash(hash);
    commonConfig(chain, cfg);
    return { context: context(chain), value: chain.isBlockhashValid(h) };
  },

  getBalance(params, { chain }) {
    const [address, cfg] = positional(params, 1, 2);
    const key = pubkey(address, 'address');
    commonConfig(chain, cfg);
    return { context: context(chain), value: chain.getBalance(key.bytes) };
  },

  getAccountInfo(params, { chain }) {
    const [address, cfg] = positional(params, 1, 2);
    const key = pubkey(address, 'address');
    const c = commonConfig(chain, cfg);
    const enc = accountEncoding(c);
    const acc = chain.getAccount(key.bytes);
    return { context: context(chain), value: acc ? encodeAccount(acc, enc) : null };
  },

  getMultipleAccounts(params, { chain }) {
    const [addresses, cfg] = positional(params, 1, 2);
    if (!Array.isArray(addresses)) throw invalidParams('Invalid params: expected an array of addresses');
    if (addresses.length > MAX_MULTIPLE_ACCOUNTS) {
      throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
    }
    const keys = addresses.map((a, i) => pubkey(a, `address ${i}`));
    const c = commonConfig(chain, cfg);
    const enc = accountEncoding(c);
    return {
      context: context(chain),
      value: keys.map((k) => {
        const acc = chain.getAccount(k.bytes);
        return acc ? encodeAccount(acc, enc) : null;
      }),
    };
  },

  getMinimumBalanceForRentExemption(params, { chain }) {
    const [size, cfg] = positional(params, 1, 2);
    const length = boundedInt(size, 'data length', MAX_PERMITTED_DATA_LENGTH);
    commonConfig(chain, cfg);
    return chain.minimumBalanceForRentExemption(BigInt(length));
  },

  getFeeForMessage(params, { chain }) {
    const [msg, cfg] = positional(params, 1, 2);
    if (typeof msg !== 'string' || msg.length === 0 || msg.length > 1644) throw invalidParams('Invalid params: the message must be a base64 string of at most 1232 bytes');
    commonConfig(chain, cfg);
    let message;
    try {
      message = VersionedMessage.deserialize(base64.decode(msg));
    } catch (err) {
      throw invalidParams(`invalid message: ${err instanceof Error ? err.message : err}`);
    }
    const value = chain.isBlockhashValid(message.recentBlockhash) ? chain.feeFor(message).fee : null;
    return { context: context(chain), value };
  },

  getRecentPrioritizationFees(params, { chain }) {
    const [addresses] = positional(params, 0, 1);
    let filter;
    if (addresses !== undefined && addresses !== null) {
      if (!Array.isArray(addresses)) throw invalidParams('Invalid params: expected an array of addresses');
      if (addresses.length > MAX_PRIORITIZATION_FEE_ACCOUNTS) throw invalidParams(`Too many inputs provided; max ${MAX_PRIORITIZATION_FEE_ACCOUNTS}`);
      filter = new Set(addresses.map((a, i) => pubkey(a, `address ${i}`).text));
    }
    // The lowest compute-unit price per recent slot that had transactions (writing to the accounts, when given).
    /** @type {Map<number, bigint>} */
    const bySlot = new Map();
    const oldest = chain.slot - chain.blockhashValidity;
    for (const record of [...chain.records.values()].reverse()) {
      if (record.slot < oldest) break;
      if (filter && ![...filter].some((a) => record.writable.has(a))) continue;
      const prev = bySlot.get(record.slot);
      bySlot.set(record.slot, prev === undefined || record.computeUnitPrice < prev ? record.computeUnitPrice : prev);
    }
    return [...bySlot].reverse().map(([slot, fee]) => ({ slot, prioritizationFee: fee }));
  },

  requestAirdrop(params, { chain }) {
    const [address, lamports, cfg] = positional(params, 2, 3);
    const key = pubkey(address, 'address');
    const amount = u64(lamports, 'lamports');
    commonConfig(chain, cfg);
    return chain.airdrop(key.bytes, amount).signature;
  },

  sendTransaction(params, { chain }) {
    const [data, cfg] = positional(params, 1, 2);
    const c = config(cfg);
    const tx = decodeTransactionParam(data, c.encoding);
    const skipPreflight = optionalBool(c.skipPreflight, 'skipPreflight') ?? false;
    commitment(c.preflightCommitment);
    if (c.maxRetries !== undefined && c.maxRetries !== null) boundedInt(c.maxRetries, 'maxRetries', MAX_RETRIES_LIMIT);
    checkMinContextSlot(chain, c);
    // maxRetries and preflightCommitment need no action here: a transaction lands at once or not at all.
    return chain.send(tx, { skipPreflight }).signature;
  },

  simulateTransaction(params, { chain }) {
    const [data, cfg] = positional(params, 1, 2);
    const c = config(cfg);
    const tx = decodeTransactionParam(data, c.encoding);
    const sigVerify = optionalBool(c.sigVerify, 'sigVerify') ?? false;
    const replaceRecentBlockhash = optionalBool(c.replaceRecentBlockhash, 'replaceRecentBlockhash') ?? false;
    const withInner = optionalBool(c.innerInstructions, 'innerInstructions') ?? false;
    if (sigVerify && replaceRecentBlockhash) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
    commitment(c.commitment);
    checkMinContextSlot(chain, c);
    /** @type {string[] | undefined} */
    let addresses;
    if (c.accounts !== undefined && c.accounts !== null) {
      const acc = config(c.accounts, 'accounts');
      const enc = acc.encoding ?? 'base64';
      if (enc !== 'base64' && enc !== 'jsonParsed') throw invalidParams('Invalid params: accounts.encoding must be base64 or jsonParsed');
      if (!Array.isArray(acc.addresses)) throw invalidParams('Invalid params: accounts.addresses must be an array');
      const max = tx.message.staticAccountKeys.length + 64;
      if (acc.addresses.length > max) throw invalidParams(`Too many accounts provided; max ${max}`);
      addresses = acc.addresses.map((a, i) => pubkey(a, `accounts.addresses[${i}]`).text);
    }
    const keys = [...tx.message.staticAccountKeys.map((k) => k.toBase58())];
    const sim = chain.simulate(tx, { sigVerify, replaceRecentBlockhash });
    const loaded = chain.loadedAddresses(tx.message);
    keys.push(...loaded.writable, ...loaded.readonly);
    const value = {
      err: sim.err,
      logs: sim.logs,
      accounts: addresses
        ? addresses.map((a) => {
            const acc = sim.postAccounts.has(a) ? sim.postAccounts.get(a) : chain.getAccount(base58.decode(a));
            return acc ? encodeAccount(acc, { encoding: 'base64', slice: undefined }) : null;
          })
        : null,
      unitsConsumed: sim.unitsConsumed,
      returnData: sim.returnData ? { programId: sim.returnData.programId, data: [base64.encode(sim.returnData.data), 'base64'] } : null,
      innerInstructions: withInner
        ? sim.innerInstructions.flatMap((list, index) =>
            list.length === 0
              ? []
              : [{
                  index,
                  instructions: list.map((inner) => {
                    const ci = inner.instruction();
                    return parsedInstruction(keys, ci.programIdIndex(), [...ci.accounts()], ci.data(), inner.stackHeight());
                  }),
                }],
          )
        : null,
      ...(sim.replacement ? { replacementBlockhash: sim.replacement } : {}),
    };
    return { context: context(chain), value };
  },

  getSignatureStatuses(params, { chain }) {
    const [sigs, cfg] = positional(params, 1, 2);
    if (!Array.isArray(sigs)) throw invalidParams('Invalid params: expected an array of signatures');
    if (sigs.length > MAX_SIGNATURE_STATUSES) throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
    const list = sigs.map((s, i) => signature(s, `signature ${i}`));
    const c = config(cfg);
    optionalBool(c.searchTransactionHistory, 'searchTransactionHistory');
    return {
      context: context(chain),
      value: list.map((s) => {
        const st = chain.status(s);
        if (!st) return null;
        const err = st.record.err;
        return {
          slot: st.record.slot,
          confirmations: st.confirmations,
          err,
          status: err === null ? { Ok: null } : { Err: err },
          confirmationStatus: st.status,
        };
      }),
    };
  },

  getTransaction(params, { chain }) {
    const [sig, cfgOrEncoding] = positional(params, 1, 2);
    const s = signature(sig);
    const c = typeof cfgOrEncoding === 'string' ? { encoding: cfgOrEncoding } : config(cfgOrEncoding);
    const encoding = c.encoding ?? 'json';
    if (typeof encoding !== 'string' || !TRANSACTION_ENCODINGS.has(encoding)) {
      throw invalidParams(`Invalid params: unknown encoding ${short(encoding)}; expected json, jsonParsed, base58 or base64`);
    }
    const level = historyCommitment(commitment(c.commitment));
    let maxVersion;
    if (c.maxSupportedTransactionVersion !== undefined && c.maxSupportedTransactionVersion !== null) {
      maxVersion = boundedInt(c.maxSupportedTransactionVersion, 'maxSupportedTransactionVersion', 0);
    }
    const st = chain.status(s);
    if (!st || (level === 'finalized' && st.status !== 'finalized')) return null;
    const record = st.record;
    if (record.version !== 'legacy' && maxVersion === undefined) {
      throw new RpcError(
        ErrorCode.UNSUPPORTED_TRANSACTION_VERSION,
        `Transaction version (${record.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${record.version}`,
      );
    }
    return {
      slot: record.slot,
      blockTime: record.blockTime,
      transaction: encodeTransaction(record, encoding),
      meta: encodeMeta(record, encoding === 'jsonParsed'),
      ...(maxVersion !== undefined ? { version: record.version } : {}),
    };
  },

  getSignaturesForAddress(params, { chain }) {
    const [address, cfg] = positional(params, 1, 2);
    const key = pubkey(address, 'address').text;
    const c = config(cfg);
    const level = historyCommitment(commitment(c.commitment));
    checkMinContextSlot(chain, c);
    const limit = c.limit === undefined || c.limit === null ? MAX_SIGNATURES_FOR_ADDRESS : boundedInt(c.limit, 'limit', MAX_SIGNATURES_FOR_ADDRESS);
    if (limit === 0) throw invalidParams(`Invalid limit; max ${MAX_SIGNATURES_FOR_ADDRESS}`);
    const before = c.before === undefined || c.before === null ? undefined : signature(c.before, 'before');
    const until = c.until === undefined || c.until === null ? undefined : signature(c.until, 'until');
    const out = [];
    let started = before === undefined;
    for (const record of [...chain.records.values()].reverse()) {
      if (!started) {
        if (record.signature === before) started = true;
        continue;
      }
      if (record.signature === until) break;
      const depth = chain.slot - record.slot;
      const finalized = depth >= chain.finalityDepth;
      if (level === 'finalized' && !finalized) continue;
      if (!record.accountKeys.includes(key)) continue;
      out.push({
        signature: record.signature,
        slot: record.slot,
        err: record.err,
        memo: null,
        blockTime: record.blockTime,
        confirmationStatus: finalized ? 'finalized' : 'confirmed',
      });
      if (out.length >= limit) break;
    }
    return out;
  },
};

/** Method names this node answers. */
export const METHOD_NAMES = Object.freeze(Object.keys(methods));
