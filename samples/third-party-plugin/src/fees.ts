/**
 * Fee maths, plain functions: the three tiers from `eth_feeHistory` (the rewards paid at the
 * 10th, 50th and 90th percentile over recent blocks), or from `eth_gasPrice` on chains without
 * EIP-1559.
 */
import type { FeeTier } from './types.js';

export const TRANSFER_GAS = 21_000n;
export const REWARD_PERCENTILES = [10, 50, 90] as const;
const LABELS = ['Slow', 'Normal', 'Fast'] as const;

/** The answer of eth_feeHistory, as JSON-RPC gives it (hex quantities). */
export interface FeeHistory {
  readonly oldestBlock: string;
  readonly baseFeePerGas?: readonly string[];
  readonly reward?: readonly (readonly string[])[];
}

export class FeeHistoryError extends Error {
  override readonly name = 'FeeHistoryError';
}

const QUANTITY = /^0x(?:0|[1-9a-f][0-9a-f]{0,63})$/i;

/** A JSON-RPC quantity; anything else (a hostile or broken node) is an error, not a NaN. */
export function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !QUANTITY.test(value)) throw new FeeHistoryError(`The node answered an invalid ${what}`);
  return BigInt(value);
}

function median(values: readonly bigint[]): bigint {
  if (values.length === 0) return 0n;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2n;
}

/**
 * Tiers from a fee history asked with REWARD_PERCENTILES. The next block's base fee is the
 * history's last entry; each tier's tip is the median, over the blocks, of its percentile's
 * reward (blocks without transactions report 0 and count). Undefined when the chain reports no
 * base fee (pre-London): use tiersFromGasPrice.
 */
export function tiersFromFeeHistory(history: FeeHistory): { nextBaseFee: bigint; tiers: [FeeTier, FeeTier, FeeTier] } | undefined {
  const baseFees = history.baseFeePerGas ?? [];
  if (baseFees.length === 0) return undefined;
  const nextBaseFee = quantity(baseFees[baseFees.length - 1], 'base fee');
  if (nextBaseFee === 0n && baseFees.every((b) => b === '0x0')) return undefined;
  const rewards = (history.reward ?? []).map((row) => {
    if (!Array.isArray(row) || row.length !== REWARD_PERCENTILES.length) throw new FeeHistoryError('The node answered a reward row of the wrong length');
    return row.map((r) => quantity(r, 'reward'));
  });
  const tiers = LABELS.map((label, i) => {
    const tip = median(rewards.map((row) => row[i]!));
    return { label, maxPriorityFeePerGas: tip, maxFeePerGas: nextBaseFee * 2n + tip, transferCost: (nextBaseFee + tip) * TRANSFER_GAS };
  }) as [FeeTier, FeeTier, FeeTier];
  return { nextBaseFee, tiers };
}

/** Tiers on a legacy chain: 90 %, 100 % and 125 % of the node's gas price. */
export function tiersFromGasPrice(gasPrice: bigint): [FeeTier, FeeTier, FeeTier] {
  const prices = [(gasPrice * 9n) / 10n, gasPrice, (gasPrice * 5n) / 4n];
  return LABELS.map((label, i) => ({
    label,
    maxPriorityFeePerGas: prices[i]!,
    maxFeePerGas: prices[i]!,
    transferCost: prices[i]! * TRANSFER_GAS,
  })) as [FeeTier, FeeTier, FeeTier];
}

/** Wei as gwei for people: at most 3 decimals, trailing zeros dropped ("1.5", "0.001", "<0.001"). */
export function formatGwei(wei: bigint): string {
  if (wei === 0n) return '0';
  const milli = (wei + 500_000n) / 1_000_000n; // gwei × 1000, rounded
  if (milli === 0n) return '<0.001';
  const whole = milli / 1000n;
  const frac = (milli % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}
