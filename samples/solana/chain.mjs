// The local chain: litesvm (the Solana runtime in-process) plus what a validator adds around it —
// a slot clock, a window of recent blockhashes, a bounded transaction history, a faucet, and
// events for the pubsub side.
//
// litesvm runs transactions at once and keeps only its latest blockhash. We turn its own
// blockhash check off and keep the window ourselves, like a validator: every slot gets a new
// blockhash, valid for `blockhashValidity` slots (150), so a client that signs with a blockhash
// fetched a few seconds earlier still lands.
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { ComputeBudgetProgram, PublicKey, SystemProgram, Transaction, VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import { ErrorCode, RpcError, base58, transactionError } from './codec.mjs';
import { SYSTEM_PROGRAM, messageFee } from './fees.mjs';
import { FAUCET, FAUCET_LAMPORTS, GENESIS_HASH, LAMPORTS_PER_SOL } from './identity.mjs';
import { decodeTransaction, failureFor, isWritable, lookupTableAddresses, preflightFailure, recordedInnerInstructions, simulationOutcome } from './transactions.mjs';

export { CAIP_NETWORK_ID, FAUCET_ADDRESS, FEATURE_SET, GENESIS_HASH, LAMPORTS_PER_SOL, SOLANA_CORE_VERSION } from './identity.mjs';

const require = createRequire(import.meta.url);
// The napi binding itself: raw-byte transactions and u64 lamports as bigint (the package's
// wrapper class converts lamports to Number and re-serializes transactions).
const { LiteSvm, Account, FailedTransactionMetadata } = require('litesvm/dist/internal.js');
const LITESVM_VERSION = require('litesvm/package.json').version;

/** @typedef {import('./transactions.mjs').TransactionRecord} TransactionRecord */

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
   * The fee of a message (fees.mjs).
   * @param {import('@solana/web3.js').VersionedMessage} message
   * @returns {{ fee: bigint, computeUnitPrice: bigint }}
   */
  feeFor(message) {
    return messageFee(message);
  }

  /**
   * Resolves the addresses a v0 message loads from lookup tables (best effort: a missing or
   * malformed table is left to litesvm, which fails the transaction).
   * @param {import('@solana/web3.js').VersionedMessage} message
   * @returns {{ writable: string[], readonly: string[] }}
   */
  loadedAddresses(message) {
    return lookupTableAddresses(this.svm, message);
  }

  /**
   * Decodes a wire transaction.
   * @param {Uint8Array} bytes
   * @returns {VersionedTransaction}
   */
  static decode(bytes) {
    return decodeTransaction(bytes);
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
      innerInstructions: recordedInnerInstructions(meta),
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
    return simulationOutcome(sim, sim instanceof FailedTransactionMetadata, replacement);
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

export { VersionedMessage, base58 };
