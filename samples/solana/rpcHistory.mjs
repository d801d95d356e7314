// The HTTP JSON-RPC methods over the transaction history: signature statuses, transactions,
// and the signatures that touched an address.
import { ErrorCode, RpcError, boundedInt, commitment, config, invalidParams, optionalBool, positional, pubkey, short, signature } from './codec.mjs';
import { encodeMeta, encodeTransaction } from './rpcEncode.mjs';
import { checkMinContextSlot, context, historyCommitment } from './rpcParams.mjs';

const MAX_SIGNATURE_STATUSES = 256;
const MAX_SIGNATURES_FOR_ADDRESS = 1000;
const TRANSACTION_ENCODINGS = new Set(['json', 'jsonParsed', 'base58', 'base64']);

/** @typedef {import('./rpcParams.mjs').RpcContext} RpcContext */

/** @type {Record<string, (params: unknown, ctx: RpcContext) => unknown>} */
export const historyMethods = {
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
