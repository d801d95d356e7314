/**
 * The few Uniswap V2 calls a swap makes, encoded and decoded by hand (Solidity ABI: 32-byte words,
 * dynamic arrays by offset); abi.test.ts checks every function against viem's encoder and
 * decoder. A token's decimals, symbol and name are read by latchkey/eip155's readErc20.
 */

import { LatchkeyError } from 'latchkey';

type Hex = `0x${string}`;

const MAX_UINT256 = 2n ** 256n - 1n;

export const SELECTORS = {
  getAmountsOut: '0xd06ca61f',
  swapExactETHForTokens: '0x7ff36ab5',
  swapExactTokensForETH: '0x18cbafe5',
  swapExactTokensForTokens: '0x38ed1739',
  approve: '0x095ea7b3',
  allowance: '0xdd62ed3e',
  balanceOf: '0x70a08231',
  getPair: '0xe6a43905',
  getReserves: '0x0902f1ac',
} as const;

/** An answer that is not the ABI encoding the call returns (an empty answer: no contract there). */
export class AbiDecodeError extends LatchkeyError {
  override name = 'AbiDecodeError';
  constructor(message: string) {
    super(message, { code: 'abi_decode' });
  }
}

function uint(v: bigint): string {
  if (v < 0n || v > MAX_UINT256) throw new RangeError(`uint256 out of range: ${v}`);
  return v.toString(16).padStart(64, '0');
}

function address(a: string): string {
  const hex = a.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new TypeError(`not an address: ${a}`);
  return hex.padStart(64, '0');
}

/** Head words then the tail of one address[] (its offset counted from the start of the arguments). */
function withPath(head: readonly (string | 'PATH')[], path: readonly string[]): string {
  const offset = BigInt(head.length * 32);
  const words = head.map((w) => (w === 'PATH' ? uint(offset) : w));
  return words.join('') + uint(BigInt(path.length)) + path.map(address).join('');
}

export const encodeGetAmountsOut = (amountIn: bigint, path: readonly string[]): Hex => `${SELECTORS.getAmountsOut}${withPath([uint(amountIn), 'PATH'], path)}`;

export const encodeSwapExactETHForTokens = (amountOutMin: bigint, path: readonly string[], to: string, deadline: bigint): Hex =>
  `${SELECTORS.swapExactETHForTokens}${withPath([uint(amountOutMin), 'PATH', address(to), uint(deadline)], path)}`;

export const encodeSwapExactTokensFor = (toNative: boolean, amountIn: bigint, amountOutMin: bigint, path: readonly string[], to: string, deadline: bigint): Hex =>
  `${toNative ? SELECTORS.swapExactTokensForETH : SELECTORS.swapExactTokensForTokens}${withPath([uint(amountIn), uint(amountOutMin), 'PATH', address(to), uint(deadline)], path)}`;

export const encodeApprove = (spender: string, amount: bigint): Hex => `${SELECTORS.approve}${address(spender)}${uint(amount)}`;
export const encodeAllowance = (owner: string, spender: string): Hex => `${SELECTORS.allowance}${address(owner)}${address(spender)}`;
export const encodeBalanceOf = (owner: string): Hex => `${SELECTORS.balanceOf}${address(owner)}`;
export const encodeGetPair = (a: string, b: string): Hex => `${SELECTORS.getPair}${address(a)}${address(b)}`;

/** The 32-byte words of a return value. */
function words(data: string): bigint[] {
  const hex = typeof data === 'string' ? data.replace(/^0x/, '') : '';
  if (hex.length === 0 || hex.length % 64 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new AbiDecodeError(`not ABI words: ${String(data).slice(0, 20)}`);
  const out: bigint[] = [];
  for (let i = 0; i < hex.length; i += 64) out.push(BigInt(`0x${hex.slice(i, i + 64)}`));
  return out;
}

export function decodeUint(data: string): bigint {
  return words(data)[0]!;
}

export function decodeAddress(data: string): Hex {
  const w = words(data)[0]!;
  if (w >> 160n !== 0n) throw new AbiDecodeError('not an address');
  return `0x${w.toString(16).padStart(40, '0')}`;
}

/** A uint256[] return value (getAmountsOut), at most `max` entries. */
export function decodeUintArray(data: string, max = 16): bigint[] {
  const w = words(data);
  const offset = w[0]!;
  if (offset % 32n !== 0n || offset / 32n >= BigInt(w.length)) throw new AbiDecodeError('bad array offset');
  const at = Number(offset / 32n);
  const length = w[at]!;
  if (length > BigInt(max) || at + 1 + Number(length) > w.length) throw new AbiDecodeError('bad array length');
  return w.slice(at + 1, at + 1 + Number(length));
}

/** getReserves(): the two reserves (uint112). */
export function decodeReserves(data: string): [bigint, bigint] {
  const w = words(data);
  if (w.length < 3) throw new AbiDecodeError('short getReserves answer');
  return [w[0]!, w[1]!];
}
