/**
 * An ERC-20 token read from the chain: the one reader the send, swaps and portfolio plugins use
 * when no data service names a token. Calldata from viem's encoder and `erc20Abi`; every answer
 * is checked (a token contract and a node are both outside our control): a read that fails or
 * answers malformed data is left undefined, never guessed.
 */
import { decodeAbiParameters, encodeFunctionData, erc20Abi, isAddress, isHex, type Hex } from 'viem';
import { displayText } from '../encoding/displayText';
import { decodeAbiText } from './abiText';

/** The slice of a kernel transport (RpcTransport.forNetwork) the reader uses. */
export interface Erc20Transport {
  request<T = unknown>(request: { readonly method: string; readonly params?: unknown }): Promise<T>;
}

/** What a token answered; a field is undefined when its read failed or its answer was malformed. */
export interface Erc20Reading {
  /** `balanceOf(holder)`, when a holder was given. */
  readonly balance?: bigint;
  /** `decimals()`, only when it is at most 77 (10^77 is the largest power of ten in a uint256). */
  readonly decimals?: number;
  /** `symbol()` cleaned for display, at most `maxSymbol` characters. */
  readonly symbol?: string;
  /** `name()` cleaned for display, at most `maxName` characters. */
  readonly name?: string;
}

export interface Erc20ReadOptions {
  readonly holder?: string;
  readonly maxSymbol?: number;
  readonly maxName?: number;
  readonly block?: string;
}

const MAX_DECIMALS = 77;

/** The calldata of ERC-20 calls a plugin makes or sends. */
export const erc20Calldata = {
  balanceOf: (owner: string): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner as Hex] }),
  allowance: (owner: string, spender: string): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'allowance', args: [owner as Hex, spender as Hex] }),
  approve: (spender: string, amount: bigint): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Hex, amount] }),
  transfer: (to: string, amount: bigint): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Hex, amount] }),
  decimals: (): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }),
  symbol: (): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' }),
  name: (): Hex => encodeFunctionData({ abi: erc20Abi, functionName: 'name' }),
} as const;

/** A uint256 answer (exactly one 32-byte word), or undefined. */
export function decodeUint256(data: unknown): bigint | undefined {
  if (typeof data !== 'string' || !isHex(data, { strict: true }) || data.length !== 66) return undefined;
  return decodeAbiParameters([{ type: 'uint256' }], data as Hex)[0];
}

async function call(transport: Erc20Transport, to: string, data: Hex, block: string): Promise<unknown> {
  return transport.request<unknown>({ method: 'eth_call', params: [{ to, data }, block] }).catch(() => undefined);
}

/**
 * Reads a token's decimals, symbol, name and (with `holder`) balance: the calls are made in the
 * same tick, so a batching transport sends them as one JSON-RPC batch.
 * @throws TypeError when `token` or `holder` is not an EVM address (nothing is asked then).
 */
export async function readErc20(transport: Erc20Transport, token: string, options: Erc20ReadOptions = {}): Promise<Erc20Reading> {
  const { holder, maxSymbol = 16, maxName = 64, block = 'latest' } = options;
  if (!isAddress(token, { strict: false })) throw new TypeError(`Invalid token address ${String(token).slice(0, 64)}`);
  if (holder !== undefined && !isAddress(holder, { strict: false })) throw new TypeError(`Invalid holder address ${String(holder).slice(0, 64)}`);
  const [balance, decimals, symbol, name] = await Promise.all([
    holder === undefined ? undefined : call(transport, token, erc20Calldata.balanceOf(holder), block),
    call(transport, token, erc20Calldata.decimals(), block),
    call(transport, token, erc20Calldata.symbol(), block),
    call(transport, token, erc20Calldata.name(), block),
  ]);
  const places = decodeUint256(decimals);
  return {
    balance: decodeUint256(balance),
    decimals: places !== undefined && places <= BigInt(MAX_DECIMALS) ? Number(places) : undefined,
    symbol: displayText(decodeAbiText(symbol), maxSymbol),
    name: displayText(decodeAbiText(name), maxName),
  };
}
