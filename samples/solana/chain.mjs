// The local chain: litesvm (the Solana runtime in-process) plus what a validator adds around it —
// a slot clock, a window of recent blockhashes, a bounded transaction history, a faucet, and
// events for the pubsub side.
//
// litesvm runs transactions at once and keeps only its latest blockhash. We turn its own
// blockhash check off and keep the window ourselves, like a validator: every slot gets a new
// blockhash, valid for `blockhashValidity` slots (150), so a client that signs with a blockhash
// fetched a few seconds earlier still lands.
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { ComputeBudgetProgram, Keypair, PublicKey, SystemProgram, Transaction, VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import { ErrorCode, RpcError, base58, transactionError } from './codec.mjs';

const require = createRequire(import.meta.url);
// The napi binding itself: raw-byte transactions and u64 lamports as bigint (the package's
// wrapper class converts lamports to Number and re-serializes transactions).
const { LiteSvm, Account, FailedTransactionMetadata } = require('litesvm/dist/internal.js');
const LITESVM_VERSION = require('litesvm/package.json').version;

/** The Agave runtime litesvm 0.8 is built on (crate versions in its binary). */
export const SOLANA_CORE_VERSION = '3.1.11';
export const FEATURE_SET = 0;

/** Fixed, so the CAIP-2 id of the chain is the same on every start: sha256("latchkey local solana genesis v1"). */
export const GENESIS_HASH = base58.encode(createHash('sha256').update('latchkey local solana genesis v1').digest());
/** CAIP-2 for Solana: `solana:` + the first 32 characters of the genesis hash. */
export const CAIP_NETWORK_ID = `solana:${GENESIS_HASH.slice(0, 32)}`;

export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const LAMPORTS_PER_SIGNATURE = 5000n;
/** The faucet's starting balance: 500 million SOL. */
const FAUCET_LAMPORTS = 500_000_000n * LAMPORTS_PER_SOL;
const FAUCET = Keypair.fromSeed(createHash('sha256').update('latchkey local solana faucet v1').digest());
export const FAUCET_ADDRESS = FAUCET.publicKey.toBase58();

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const ADDRESS_LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
/** Precompiles: every signature they verify is charged like a transaction signature. */
const PRECOMPILES = new Set([
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
]);
/**
 * Programs whose instructions count as builtins for the default compute-unit limit (3,000 CU
 * each instead of 200,000); checked against litesvm's fees (the lookup-table program is a BPF
 * program now, precompiles count as builtins).
 */
const BUILTIN_PROGRAMS = new Set([
  SYSTEM_PROGRAM,
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  ...PRECOMPILES,
]);
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n;
const DEFAULT_INSTRUCTION_COMPUTE_UNITS = 200_000n;
const BUILTIN_INSTRUCTION_COMPUTE_UNITS = 3_000n;
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
 * @typedef {object} ChainOptions
 * @property {number} [slotMs] slot duration; 0 stops the clock (slots then advance only with `tick()`). Default 400.
 * @property {number} [maxTransactions] transactions kept for getTransaction / getSignatureStatuses. Default 5000.
 * @property {number} [blockhashValidity] slots a blockhash stays valid. Default 150.
 * @property {number} [finalityDepth] slots until a transaction is finalized. Default 32.
 * @property {bigint} [airdropMaxLamports] largest airdrop. Default 1000 SOL.
 * @property {() => number} [now] clock in ms (tests)
 */

export class LocalChain extends EventEmitter {
  /** @param {ChainOptions} [options] */
  constructor(options = {}) {
    super();
    this.setMaxListeners(0);
    this.slotMs = options.slotMs ?? 400;
    this.maxTransactions = options.maxTransactions ?? 5000;
    this.blockhashValidity = options.blockhashValidity ?? 150;
    this.finalityDepth = options.finalityDepth ?? 32;
    this.airdropMaxLamports = options.airdropMaxLamports ?? 1000n * LAMPORTS_PER_SOL;
    this.now = options.now ?? Date.now;
    if (!Number.isInteger(this.maxTransactions) || this.maxTransactions < 1) throw new Error('maxTransactions must be a positive integer');
    if (!Number.isFinite(this.slotMs) || this.slotMs < 0) throw new Error('slotMs must be 0 or more');

    this.svm = new LiteSvm();
    this.svm.setBlockhashCheck(false); // our window decides (see the top of this file)
    this.svm.setTransactionHistory(0n); // we keep the history; litesvm's would double the memory
    this.svm.setLogBytesLimit(10_000n); // like a validator's log limit
    this.svm.setAccount(FAUCET.publicKey.toBytes(), new Account(FAUCET_LAMPORTS, new Uint8Array(0), new PublicKey(SYSTEM_PROGRAM).toBytes(), false, 0n));

    this.slot = 0;
    /** @type {Map<string, { slot: number, lastValidBlockHeight: number }>} in slot order */
    this.blockhashes = new Map();
    /** @type {Map<string, TransactionRecord>} in processing order, at most maxTransactions */
    this.records = new Map();
    /** @type {Map<string, number>} signature -> last valid block height: the duplicate filter */
    this.recentSignatures = new Map();
    this.transactionCount = 0n;
    this.airdropNonce = 0;
    this.#setClock();
    this.#registerBlockhash();
    /** @type {NodeJS.Timeout | undefined} */
    this.timer = undefined;
  }

  get genesisHash() {
    return GENESIS_HASH;
  }

  get blockHeight() {
    return this.slot; // no skipped slots
  }

  get latestBlockhash() {
    return this.svm.latestBlockhash();
  }

  /** Starts the slot clock (no-op when slotMs is 0). */
  start() {
    if (this.timer || this.slotMs === 0) return;
    this.timer = setInterval(() => this.tick(), this.slotMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Ends the current slot: the next slot gets a new blockhash; expired blockhashes are dropped. */
  tick() {
    this.slot += 1;
    this.svm.warpToSlot(BigInt(this.slot));
    this.#setClock();
    this.svm.expireBlockhash();
    this.#registerBlockhash();
    for (const [hash, info] of this.blockhashes) {
      if (info.lastValidBlockHeight >= this.slot) break;
      this.blockhashes.delete(hash);
    }
    for (const [sig, lastValid] of this.recentSignatures) {
      if (lastValid >= this.slot) break;
      this.recentSignatures.delete(sig);
    }
    this.emit('slot', this.slot);
  }

  #setClock() {
    const clock = this.svm.getClock();
    clock.unixTimestamp = BigInt(Math.floor(this.now() / 1000));
    this.svm.setClock(clock);
  }

  #registerBlockhash() {
    this.blockhashes.set(this.svm.latestBlockhash(), { slot: this.slot, lastValidBlockHeight: this.slot + this.blockhashValidity });
  }

  /** @param {string} hash @returns {boolean} */
  isBlockhashValid(hash) {
    const info = this.blockhashes.get(hash);
    return Boolean(info && info.lastValidBlockHeight >= this.slot);
  }

  /** @returns {{ blockhash: string, lastValidBlockHeight: number }} */
  latest() {
    const blockhash = this.svm.latestBlockhash();
    return { blockhash, lastValidBlockHeight: /** @type {any} */ (this.blockhashes.get(blockhash)).lastValidBlockHeight };
  }

  /**
   * @param {Uint8Array} address 32 bytes
   * @returns {{ lamports: bigint, owner: Uint8Array, data: Uint8Array, executable: boolean, rentEpoch: bigint } | null}
   */
  getAccount(address) {
    const acc = this.svm.getAccount(address);
    if (!acc) return null;
    const lamports = acc.lamports();
    if (lamports === 0n) return null; // a closed account does not exist
    return { lamports, owner: acc.owner(), data: acc.data(), executable: acc.executable(), rentEpoch: acc.rentEpoch() };
  }

  /** @param {Uint8Array} address @returns {bigint} */
  getBalance(address) {
    return this.svm.getBalance(address) ?? 0n;
  }

  /** @param {bigint} dataLength @returns {bigint} */
  minimumBalanceForRentExemption(dataLength) {
    return this.svm.minimumBalanceForRentExemption(dataLength);
  }

  epochSchedule() {
    const s = this.svm.getEpochSchedule();
    return {
      slotsPerEpoch: Number(s.slotsPerEpoch),
      leaderScheduleSlotOffset: Number(s.leaderScheduleSlotOffset),
      warmup: s.warmup,
      firstNormalEpoch: Number(s.firstNormalEpoch),
      firstNormalSlot: Number(s.firstNormalSlot),
    };
  }

  /**
   * The fee of a message: 5000 lamports per signature (precompile signatures included) plus the
   * priority fee (compute-unit price × limit, rounded up).
   * @param {import('@solana/web3.js').VersionedMessage} message
   * @returns {{ fee: bigint, computeUnitPrice: bigint }}
   */
  feeFor(message) {
    const keys = message.staticAccountKeys.map((k) => k.toBase58());
    let signatures = BigInt(message.header.numRequiredSignatures);
    let price = 0n;
    let limit;
    let defaultLimit = 0n;
    for (const ix of message.compiledInstructions) {
      const program = keys[ix.programIdIndex];
      const data = ix.data;
      if (program && PRECOMPILES.has(program) && data.length > 0) signatures += BigInt(data[0]);
      if (program === COMPUTE_BUDGET_PROGRAM && data.length > 0) {
        const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
        if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true));
        if (data[0] === 3 && data.length >= 9) price = view.getBigUint64(1, true);
      }
      defaultLimit += program && BUILTIN_PROGRAMS.has(program) ? BUILTIN_INSTRUCTION_COMPUTE_UNITS : DEFAULT_INSTRUCTION_COMPUTE_UNITS;
    }
    const units = (limit ?? defaultLimit) > MAX_COMPUTE_UNIT_LIMIT ? MAX_COMPUTE_UNIT_LIMIT : (limit ?? defaultLimit);
    const priority = (price * units + 999_999n) / 1_000_000n;
    return { fee: signatures * LAMPORTS_PER_SIGNATURE + priority, computeUnitPrice: price };
  }

  /**
   * Resolves the addresses a v0 message loads from lookup tables (best effort: a missing or
   * malformed table is left to litesvm, which fails the transaction).
   * @param {import('@solana/web3.js').VersionedMessage} message
   * @returns {{ writable: string[], readonly: string[] }}
   */
  loadedAddresses(message) {
    const loaded = { writable: /** @type {string[]} */ ([]), readonly: /** @type {string[]} */ ([]) };
    for (const lookup of message.addressTableLookups ?? []) {
      const table = this.svm.getAccount(lookup.accountKey.toBytes());
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
  static decode(bytes) {
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
   * Runs a transaction. Throws RpcError when it cannot land (bad signature, unknown or expired
   * blockhash, already processed, fee payer cannot pay, or — unless skipPreflight — when its
   * simulation fails). A transaction that lands and fails is recorded with its error.
   * @param {VersionedTransaction} tx
   * @param {{ skipPreflight?: boolean }} [options]
   * @returns {TransactionRecord}
   */
  send(tx, { skipPreflight = false } = {}) {
    const signature = base58.encode(tx.signatures[0]);
    const message = tx.message;
    const recent = message.recentBlockhash;
    if (this.records.has(signature) || this.recentSignatures.has(signature)) {
      throw preflightFailure('AlreadyProcessed', 'This transaction has already been processed');
    }
    if (!this.isBlockhashValid(recent)) throw preflightFailure('BlockhashNotFound', 'Blockhash not found');
    if (this.recentSignatures.size >= this.maxTransactions * 4) {
      throw new RpcError(ErrorCode.NODE_UNHEALTHY, `Node is busy: more than ${this.maxTransactions * 4} transactions within ${this.blockhashValidity} slots; retry later`);
    }
    const bytes = tx.serialize();
    if (!skipPreflight) {
      const sim = this.svm.simulateVersionedTransaction(bytes);
      if (sim instanceof FailedTransactionMetadata) throw failureFor(sim);
    }
    const loaded = this.loadedAddresses(message);
    const staticKeys = message.staticAccountKeys.map((k) => k.toBase58());
    const accountKeys = [...staticKeys, ...loaded.writable, ...loaded.readonly];
    const keyBytes = [...message.staticAccountKeys.map((k) => k.toBytes()), ...[...loaded.writable, ...loaded.readonly].map((a) => base58.decode(a))];
    const preBalances = keyBytes.map((k) => this.getBalance(k));
    const result = this.svm.sendVersionedTransaction(bytes);
    const postBalances = keyBytes.map((k) => this.getBalance(k));
    const failed = result instanceof FailedTransactionMetadata;
    if (failed && !(postBalances[0] < preBalances[0])) {
      // Nothing was charged: the transaction did not land (e.g. the fee payer cannot pay).
      throw failureFor(result);
    }
    const meta = failed ? result.meta() : result;
    const { fee, computeUnitPrice } = this.feeFor(message);
    const writable = new Set(accountKeys.filter((_, i) => isWritable(message, i, staticKeys.length, loaded.writable.length)));
    /** @type {TransactionRecord} */
    const record = {
      signature,
      bytes,
      version: message.version,
      slot: this.slot,
      blockTime: Math.floor(this.now() / 1000),
      err: failed ? transactionError(result.err()).json : null,
      fee,
      accountKeys,
      loaded,
      writable,
      preBalances,
      postBalances,
      logs: meta.logs(),
      innerInstructions: meta.innerInstructions().flatMap((list, index) =>
        list.length === 0
          ? []
          : [{
              index,
              instructions: list.map((inner) => {
                const ci = inner.instruction();
                return { programIdIndex: ci.programIdIndex(), accounts: [...ci.accounts()], data: base58.encode(ci.data()), stackHeight: inner.stackHeight() };
              }),
            }],
      ),
      computeUnits: meta.computeUnitsConsumed(),
      computeUnitPrice,
    };
    this.#remember(record, recent);
    this.emit('transaction', record);
    return record;
  }

  /** @param {TransactionRecord} record @param {string} recent */
  #remember(record, recent) {
    this.records.set(record.signature, record);
    this.transactionCount += 1n;
    const info = this.blockhashes.get(recent);
    this.recentSignatures.set(record.signature, info ? info.lastValidBlockHeight : this.slot + this.blockhashValidity);
    while (this.records.size > this.maxTransactions) {
      const oldest = this.records.keys().next().value;
      if (oldest === undefined) break;
      this.records.delete(oldest);
    }
  }

  /**
   * Simulates a transaction without changing state.
   * @param {VersionedTransaction} tx
   * @param {{ sigVerify?: boolean, replaceRecentBlockhash?: boolean }} options
   */
  simulate(tx, { sigVerify = false, replaceRecentBlockhash = false } = {}) {
    let replacement;
    if (replaceRecentBlockhash) {
      replacement = this.latest();
      tx.message.recentBlockhash = replacement.blockhash;
    } else if (!this.isBlockhashValid(tx.message.recentBlockhash)) {
      return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n, returnData: null, innerInstructions: [], postAccounts: new Map(), replacement };
    }
    const bytes = tx.serialize();
    this.svm.setSigverify(sigVerify);
    let sim;
    try {
      sim = this.svm.simulateVersionedTransaction(bytes);
    } finally {
      this.svm.setSigverify(true);
    }
    const failed = sim instanceof FailedTransactionMetadata;
    const meta = sim.meta();
    /** @type {Map<string, ReturnType<LocalChain['getAccount']>>} */
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
   * Sends `lamports` from the faucet to `to` as a real transaction (so it has a signature,
   * a status and a history entry like any other).
   * @param {Uint8Array} to @param {bigint} lamports
   * @returns {TransactionRecord}
   */
  airdrop(to, lamports) {
    if (lamports <= 0n) throw new RpcError(ErrorCode.INVALID_PARAMS, 'Invalid params: lamports must be more than 0');
    if (lamports > this.airdropMaxLamports) {
      throw new RpcError(ErrorCode.INVALID_PARAMS, `Invalid params: an airdrop is at most ${this.airdropMaxLamports} lamports (${this.airdropMaxLamports / LAMPORTS_PER_SOL} SOL)`);
    }
    const tx = new Transaction({ feePayer: FAUCET.publicKey, ...this.latest() });
    // A distinct compute-unit limit per airdrop keeps two equal airdrops in one slot from
    // having the same signature (the second would be refused as already processed).
    tx.add(ComputeBudgetProgram.setComputeUnitLimit({ units: 10_000 + (this.airdropNonce++ % 1_000_000) }));
    tx.add(SystemProgram.transfer({ fromPubkey: FAUCET.publicKey, toPubkey: new PublicKey(to), lamports }));
    tx.sign(FAUCET);
    try {
      return this.send(VersionedTransaction.deserialize(tx.serialize()));
    } catch (err) {
      if (err instanceof RpcError) throw new RpcError(ErrorCode.INTERNAL_ERROR, `airdrop request failed: ${err.message.replace(/^Transaction simulation failed: /, '')}`);
      throw err;
    }
  }

  /**
   * @param {string} sig
   * @returns {{ record: TransactionRecord, confirmations: number | null, status: 'confirmed' | 'finalized' } | null}
   */
  status(sig) {
    const record = this.records.get(sig);
    if (!record) return null;
    const depth = this.slot - record.slot;
    return depth >= this.finalityDepth
      ? { record, confirmations: null, status: 'finalized' }
      : { record, confirmations: depth, status: 'confirmed' };
  }

  /** Figures for logs and the health endpoint. */
  stats() {
    return {
      slot: this.slot,
      transactions: Number(this.transactionCount),
      stored: this.records.size,
      recentSignatures: this.recentSignatures.size,
      blockhashes: this.blockhashes.size,
      litesvm: LITESVM_VERSION,
    };
  }
}

/**
 * @param {import('@solana/web3.js').VersionedMessage} message
 * @param {number} index @param {number} numStatic @param {number} numLoadedWritable
 */
function isWritable(message, index, numStatic, numLoadedWritable) {
  if (index >= numStatic) return index - numStatic < numLoadedWritable;
  const h = message.header;
  if (index < h.numRequiredSignatures) return index < h.numRequiredSignatures - h.numReadonlySignedAccounts;
  return index < numStatic - h.numReadonlyUnsignedAccounts;
}

/** @param {unknown} err @param {string} text */
function preflightFailure(err, text) {
  return new RpcError(ErrorCode.SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${text}`, {
    err,
    logs: [],
    accounts: null,
    unitsConsumed: 0,
    returnData: null,
  });
}

/** The RPC error for a transaction that failed in simulation or did not land. */
function failureFor(failed) {
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

export { VersionedMessage, base58 };
