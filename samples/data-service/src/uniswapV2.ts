/**
 * Uniswap V2 arithmetic and calldata for the swap endpoints (api/convert.ts). Amounts always come
 * from the router's own `getAmountsOut`; the reserves serve only the price impact.
 */
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Hex } from 'viem';
import { badRequest } from './errors';

export const MAX_UINT256 = 2n ** 256n - 1n;

export const ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
export const FACTORY_ABI = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)']);
export const PAIR_ABI = parseAbi(['function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)']);
export const ERC20_ABI = parseAbi([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
]);

/** Fee of every V2 pool: 0.3 % (997/1000 of the input counts). */
const FEE_NUM = 997n;
const FEE_DEN = 1000n;

/** A rough gas figure for a V2 swap when no estimate is asked for (first hop, then each further hop). */
export const GAS_FIRST_HOP = 150_000n;
export const GAS_PER_EXTRA_HOP = 70_000n;
/** Approve calls are ~46 000 gas; this is the figure given when the node cannot estimate one. */
export const GAS_APPROVE = 60_000n;

export const gasForHops = (hops: number): bigint => GAS_FIRST_HOP + GAS_PER_EXTRA_HOP * BigInt(Math.max(0, hops - 1));

/**
 * Slippage in percent, as the hosted API takes it (`eip155.slippage`): a number or a decimal
 * string, above 0 and at most 50, at most two decimals. Returned in basis points.
 */
export function parseSlippageBps(value: unknown, field = 'eip155.slippage'): number {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^(?:0|[1-9][0-9]?)(?:\.[0-9]{1,2})?$/.test(text)) {
    throw badRequest(field, `${field} must be a percentage above 0 and at most 50, with at most two decimals`);
  }
  const [whole, frac = ''] = text.split('.');
  const bps = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (bps <= 0 || bps > 5000) throw badRequest(field, `${field} must be a percentage above 0 and at most 50, with at most two decimals`);
  return bps;
}

/** The least output accepted: `amountOut` less the slippage, rounded down. */
export function minimumOut(amountOut: bigint, slippageBps: number): bigint {
  return (amountOut * BigInt(10_000 - slippageBps)) / 10_000n;
}

/**
 * Price impact of a trade in percent (a decimal string with 4 decimals): how far the execution
 * price falls short of the pools' mid price, the pools' 0.3 % fee left out.
 * `reserves[i]` is `[reserveIn, reserveOut]` of hop i.
 */
export function priceImpactPercent(amountIn: bigint, amountOut: bigint, reserves: readonly (readonly [bigint, bigint])[]): string {
  if (amountIn <= 0n || reserves.length === 0) return '0.0000';
  let num = amountOut * 10n ** 8n;
  let den = amountIn;
  for (const [rIn, rOut] of reserves) {
    if (rIn <= 0n || rOut <= 0n) return '100.0000';
    num *= rIn * FEE_DEN;
    den *= rOut * FEE_NUM;
  }
  const ratio = num / den; // execution / mid, scaled 1e8
  const impact = ratio >= 10n ** 8n ? 0n : 10n ** 8n - ratio; // fraction scaled 1e8 = percent scaled 1e6
  const whole = impact / 10n ** 6n;
  const frac = ((impact % 10n ** 6n) / 100n).toString().padStart(4, '0');
  return `${whole}.${frac}`;
}

/** The pools' fee on `amountIn` over `hops` hops (1 - 0.997^hops of the input), rounded down. */
export function lpFee(amountIn: bigint, hops: number): bigint {
  let kept = amountIn;
  for (let i = 0; i < hops; i++) kept = (kept * FEE_NUM) / FEE_DEN;
  return amountIn - kept;
}

export const encodeGetAmountsOut = (amountIn: bigint, path: readonly Hex[]): Hex =>
  encodeFunctionData({ abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amountIn, path] });

export const decodeAmounts = (data: Hex): readonly bigint[] => decodeFunctionResult({ abi: ROUTER_ABI, functionName: 'getAmountsOut', data });

/** The router call of an exact-input swap; `value` is what the transaction carries (the input, for native input). */
export function encodeSwap(p: {
  readonly nativeIn: boolean;
  readonly nativeOut: boolean;
  readonly amountIn: bigint;
  readonly amountOutMin: bigint;
  readonly path: readonly Hex[];
  readonly to: Hex;
  readonly deadline: bigint;
}): { readonly data: Hex; readonly value: bigint } {
  if (p.nativeIn) {
    return { data: encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [p.amountOutMin, p.path, p.to, p.deadline] }), value: p.amountIn };
  }
  const functionName = p.nativeOut ? 'swapExactTokensForETH' : 'swapExactTokensForTokens';
  return { data: encodeFunctionData({ abi: ROUTER_ABI, functionName, args: [p.amountIn, p.amountOutMin, p.path, p.to, p.deadline] }), value: 0n };
}
