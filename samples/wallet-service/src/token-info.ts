/**
 * Token facts for the approval, read from the chain with eth_call: decimals() and symbol() (viem's ABI
 * coding). A token that does not answer, or answers nonsense, simply has no entry: the approval then
 * shows raw amounts and says the decimals are unknown. Symbols are shown through the frame's
 * invisible-character filter like every other text.
 */
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Hex } from 'viem';
import type { TokenBook, TokenInfo } from '../shared/prepared';

export type ChainCall = (method: string, params: readonly unknown[]) => Promise<unknown>;

const ABI = parseAbi(['function decimals() view returns (uint8)', 'function symbol() view returns (string)']);
const MAX_TOKENS = 8;
const MAX_SYMBOL = 32;

async function read<T>(rpc: ChainCall, token: Hex, functionName: 'decimals' | 'symbol'): Promise<T | undefined> {
  try {
    const data = (await rpc('eth_call', [{ to: token, data: encodeFunctionData({ abi: ABI, functionName }) }, 'latest'])) as Hex;
    return decodeFunctionResult({ abi: ABI, functionName, data }) as T;
  } catch {
    return undefined;
  }
}

/** decimals() and symbol() of up to 8 distinct tokens, in parallel. */
export async function readTokens(rpc: ChainCall, tokens: readonly Hex[]): Promise<TokenBook> {
  const distinct = [...new Set(tokens.map((t) => t.toLowerCase() as Hex))].slice(0, MAX_TOKENS);
  const entries = await Promise.all(
    distinct.map(async (token): Promise<[string, TokenInfo]> => {
      const [decimals, symbol] = await Promise.all([read<number>(rpc, token, 'decimals'), read<string>(rpc, token, 'symbol')]);
      const info: { decimals?: number; symbol?: string } = {};
      if (typeof decimals === 'number' && decimals <= 36) info.decimals = decimals;
      if (typeof symbol === 'string' && symbol.length > 0) info.symbol = symbol.slice(0, MAX_SYMBOL);
      return [token, info];
    }),
  );
  return Object.fromEntries(entries);
}
