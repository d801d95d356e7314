// The HTTP JSON-RPC methods of the local Solana chain: validation of every parameter, and
// answers shaped as the Agave RPC shapes them (what @solana/web3.js and @solana/kit parse).
// The methods live by family in rpcCluster, rpcAccounts, rpcSend and rpcHistory; this file
// puts them together (in that order) for the server.
import { accountMethods } from './rpcAccounts.mjs';
import { clusterMethods } from './rpcCluster.mjs';
import { historyMethods } from './rpcHistory.mjs';
import { sendMethods } from './rpcSend.mjs';

export { encodeAccount } from './rpcEncode.mjs';

/** @typedef {import('./rpcParams.mjs').RpcContext} RpcContext */

/** @type {Record<string, (params: unknown, ctx: RpcContext) => unknown>} */
export const methods = {
  ...clusterMethods,
  ...accountMethods,
  ...sendMethods,
  ...historyMethods,
};

/** Method names this node answers. */
export const METHOD_NAMES = Object.freeze(Object.keys(methods));
