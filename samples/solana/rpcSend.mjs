// The HTTP JSON-RPC methods that cost or move lamports: fees (of a message, recent priority
// fees), airdrops, sending and simulating transactions.
import { base58, base64, boundedInt, commitment, config, invalidParams, optionalBool, positional, pubkey, u64 } from './codec.mjs';
import { VersionedMessage } from './chain.mjs';
import { encodeAccount, parsedInstruction } from './rpcEncode.mjs';
import { checkMinContextSlot, commonConfig, context, decodeTransactionParam } from './rpcParams.mjs';

const MAX_PRIORITIZATION_FEE_ACCOUNTS = 128;
const MAX_RETRIES_LIMIT = 0xffff_ffff;

/** @typedef {import('./rpcParams.mjs').RpcContext} RpcContext */

/** @type {Record<string, (params: unknown, ctx: RpcContext) => unknown>} */
export const sendMethods = {
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
};
