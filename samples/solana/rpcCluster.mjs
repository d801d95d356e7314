// The HTTP JSON-RPC methods about the node and its clock: health, version, identity,
// genesis hash, slot, block height, epoch, and the recent blockhashes.
import { blockhash, positional } from './codec.mjs';
import { FEATURE_SET, SOLANA_CORE_VERSION } from './chain.mjs';
import { commonConfig, context } from './rpcParams.mjs';

/** @typedef {import('./rpcParams.mjs').RpcContext} RpcContext */

/** @type {Record<string, (params: unknown, ctx: RpcContext) => unknown>} */
export const clusterMethods = {
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
};
