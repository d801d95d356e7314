// What the HTTP JSON-RPC methods share: the `{ commitment, minContextSlot }` config and its
// slot check, the response context, history commitments, and the transaction parameter.
import { ErrorCode, RpcError, commitment, config, decodeWireTransaction, invalidParams, optionalU64 } from './codec.mjs';
import { LocalChain, SOLANA_CORE_VERSION } from './chain.mjs';

/** @typedef {{ chain: LocalChain, identity: string }} RpcContext */

/** @param {LocalChain} chain */
export const context = (chain) => ({ slot: chain.slot, apiVersion: SOLANA_CORE_VERSION });

/** @param {LocalChain} chain @param {Record<string, unknown>} cfg */
export function checkMinContextSlot(chain, cfg) {
  const min = optionalU64(cfg.minContextSlot, 'minContextSlot');
  if (min !== undefined && BigInt(chain.slot) < min) {
    throw new RpcError(ErrorCode.MIN_CONTEXT_SLOT_NOT_REACHED, 'Minimum context slot has not been reached', { contextSlot: chain.slot });
  }
}

/**
 * Reads `{ commitment, minContextSlot }` and checks the slot.
 * @param {LocalChain} chain @param {unknown} raw
 */
export function commonConfig(chain, raw) {
  const cfg = config(raw);
  commitment(cfg.commitment);
  checkMinContextSlot(chain, cfg);
  return cfg;
}

/** @param {unknown} raw the encoded transaction @param {unknown} encodingOption base58 (default) or base64 */
export function decodeTransactionParam(raw, encodingOption) {
  return LocalChain.decode(decodeWireTransaction(raw, encodingOption));
}

/** @param {string} c */
export function historyCommitment(c) {
  if (c === 'processed') throw invalidParams('Method does not support commitment below `confirmed`');
  return c;
}
