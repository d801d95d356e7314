/**
 * Network fees, priced by the service from the chain's own figures (eth_feeHistory's next base fee,
 * eth_maxPriorityFeePerGas, eth_gasPrice), never taken on trust from the page: a page value more than
 * FEE_BOUND times the chain's figure is refused with FeeTooHighError, at prepare and again at sign
 * (fees move between the two).
 */
import { formatGwei } from 'viem';
import type { Tx, TxRequest } from '../shared/request';
import { HttpError } from './errors';
import type { ChainCall } from './token-info';

/** A page fee above this many times the chain's own figure is refused. */
export const FEE_BOUND = 3n;
/** The ceiling never goes below this (a chain whose fee is ~0 would otherwise refuse any page value). */
const MIN_CEILING = 1_000_000_000n;

/** A fee (or gas limit) far above the chain's own figures: the page's value is refused, not paid. */
export class FeeTooHighError extends HttpError {
  override name = 'FeeTooHighError';
  constructor(message: string) {
    super(400, 'fee_too_high', message);
  }
}

export interface NetworkFees {
  /** The chain has a base fee (EIP-1559). */
  readonly eip1559: boolean;
  /** What the service pays per gas: EIP-1559 maxFeePerGas = 2 × next base fee + tip; else the gas price. */
  readonly feePerGas: bigint;
  readonly tip: bigint;
  /** eth_gasPrice (a legacy transaction's price). */
  readonly gasPrice: bigint;
  /** Per-gas values above this are refused. */
  readonly ceiling: bigint;
}

const big = (v: unknown) => BigInt(v as string);
const gwei = (v: bigint) => `${formatGwei(v)} gwei`;

export async function networkFees(rpc: ChainCall): Promise<NetworkFees> {
  const [history, gasPrice] = await Promise.all([
    (rpc('eth_feeHistory', ['0x5', 'latest', [50]]) as Promise<{ baseFeePerGas?: string[]; reward?: string[][] }>).catch(() => undefined),
    rpc('eth_gasPrice', []).then(big),
  ]);
  const next = history?.baseFeePerGas?.at(-1);
  const max = (...v: bigint[]) => v.reduce((a, b) => (a > b ? a : b));
  if (next === undefined || next === null) return { eip1559: false, feePerGas: gasPrice, tip: 0n, gasPrice, ceiling: max(gasPrice * FEE_BOUND, MIN_CEILING) };
  const rewards = (history?.reward ?? []).map((r) => big(r[0] ?? '0x0')).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const tip = await rpc('eth_maxPriorityFeePerGas', []).then(big, () => rewards[Math.floor(rewards.length / 2)] ?? 0n);
  const feePerGas = 2n * big(next) + tip;
  return { eip1559: true, feePerGas, tip, gasPrice, ceiling: max(feePerGas * FEE_BOUND, gasPrice * FEE_BOUND, MIN_CEILING) };
}

function refuseAbove(value: string | undefined, fees: NetworkFees, what: string, again: boolean): void {
  if (value === undefined || BigInt(value) <= fees.ceiling) return;
  throw new FeeTooHighError(
    again
      ? `${what} (${gwei(BigInt(value))}) is now more than ${FEE_BOUND} times the network's fee (${gwei(fees.feePerGas)}): the request was not sent, prepare it again`
      : `${what} (${gwei(BigInt(value))}) is more than ${FEE_BOUND} times the network's current fee (${gwei(fees.feePerGas)}): refused`,
  );
}

/** Refuses page (or, `again`, prepared) fee values above the ceiling. */
export function checkFees(r: TxRequest, fees: NetworkFees, again = false): void {
  for (const [i, tx] of r.txs.entries()) {
    const where = r.txs.length > 1 ? `${r.method}: call ${i + 1}: ` : `${r.method}: `;
    refuseAbove(tx.maxFeePerGas, fees, `${where}maxFeePerGas`, again);
    refuseAbove(tx.maxPriorityFeePerGas, fees, `${where}maxPriorityFeePerGas`, again);
    refuseAbove(tx.gasPrice, fees, `${where}gasPrice`, again);
  }
}

/** The fee fields of a transaction: the page's (already bounded) where given, else the service's. */
export function priceTx(tx: Tx, legacy: boolean, fees: NetworkFees): Pick<Tx, 'maxFeePerGas' | 'maxPriorityFeePerGas' | 'gasPrice'> {
  const hex = (v: bigint) => `0x${v.toString(16)}` as const;
  if (legacy || !fees.eip1559) {
    if (tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined) {
      throw new HttpError(400, 'invalid_params', 'This network takes legacy transactions only: give a gasPrice, not maxFeePerGas');
    }
    return { gasPrice: tx.gasPrice ?? hex(fees.gasPrice) };
  }
  const maxFeePerGas = tx.maxFeePerGas !== undefined ? BigInt(tx.maxFeePerGas) : fees.feePerGas;
  const tip = tx.maxPriorityFeePerGas !== undefined ? BigInt(tx.maxPriorityFeePerGas) : fees.tip;
  return { maxFeePerGas: hex(maxFeePerGas), maxPriorityFeePerGas: hex(tip < maxFeePerGas ? tip : maxFeePerGas) };
}

/** A transaction's per-gas price cap (maxFeePerGas or gasPrice). */
export const perGas = (tx: Tx): bigint => BigInt(tx.maxFeePerGas ?? tx.gasPrice ?? '0x0');
