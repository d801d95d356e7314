// The HTTP JSON-RPC methods that read accounts: balances, account data (one or many), and the
// rent-exempt minimum.
import { boundedInt, invalidParams, positional, pubkey } from './codec.mjs';
import { MAX_PERMITTED_DATA_LENGTH, accountEncoding, encodeAccount } from './rpcEncode.mjs';
import { commonConfig, context } from './rpcParams.mjs';

const MAX_MULTIPLE_ACCOUNTS = 100;

/** @typedef {import('./rpcParams.mjs').RpcContext} RpcContext */

/** @type {Record<string, (params: unknown, ctx: RpcContext) => unknown>} */
export const accountMethods = {
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
};
