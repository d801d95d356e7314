/**
 * Reads token metadata from the chain with eth_call: ERC-20 name/symbol/decimals, ERC-721
 * name/symbol and tokenURI. Contracts are untrusted: answers are decoded defensively, bounded in
 * length, stripped of control characters; a call that reverts gives null.
 */
import { decodeAbiParameters, hexToString, type Hex } from 'viem';
import type { RpcClient, RpcCall } from '../rpc';
import { toQuantity } from '../rpc';
import { KIND_ERC20, KIND_ERC721 } from './decode';

const SELECTOR = {
  name: '0x06fdde03',
  symbol: '0x95d89b41',
  decimals: '0x313ce567',
  tokenURI: '0xc87b56dd',
} as const;

export interface TokenMetadata {
  readonly name: string | null;
  readonly symbol: string | null;
  readonly decimals: number | null;
}

const MAX_NAME = 64;
const MAX_SYMBOL = 16;
const MAX_URI = 2048;

/** Removes control and bidi-override characters and trims to `max`. */
export function cleanText(s: string, max: number): string | null {
  // eslint-disable-next-line no-control-regex
  const out = s.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (!out) return null;
  return out.length > max ? out.slice(0, max) : out;
}

/** An ABI `string` return, or a bytes32 (older tokens such as MKR). */
export function decodeStringResult(data: unknown, max: number): string | null {
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]*$/.test(data) || data.length < 66 || data.length > 2 + 2 * 4096) return null;
  if (data.length === 66) {
    try {
      return cleanText(hexToString(data as Hex).replace(/\0+$/, ''), max);
    } catch {
      return null;
    }
  }
  try {
    const [value] = decodeAbiParameters([{ type: 'string' }], data as Hex);
    return cleanText(value, max);
  } catch {
    return null;
  }
}

export function decodeDecimalsResult(data: unknown): number | null {
  if (typeof data !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(data)) return null;
  const n = BigInt(data);
  return n <= 36n ? Number(n) : null;
}

const call = (to: string, data: string, block: number): RpcCall => ({ method: 'eth_call', params: [{ to, data }, toQuantity(block)] });

export async function readTokenMetadata(
  rpc: RpcClient,
  tokens: readonly { address: string; kind: number }[],
  block: number,
): Promise<Map<string, TokenMetadata>> {
  const calls: RpcCall[] = [];
  for (const t of tokens) {
    calls.push(call(t.address, SELECTOR.name, block), call(t.address, SELECTOR.symbol, block));
    if (t.kind === KIND_ERC20) calls.push(call(t.address, SELECTOR.decimals, block));
  }
  const results = await rpc.batchSettled<string>(calls);
  const out = new Map<string, TokenMetadata>();
  let i = 0;
  for (const t of tokens) {
    const get = () => {
      const r = results[i++];
      return r && 'result' in r ? r.result : undefined;
    };
    const name = decodeStringResult(get(), MAX_NAME);
    const symbol = decodeStringResult(get(), MAX_SYMBOL);
    const decimals = t.kind === KIND_ERC20 ? decodeDecimalsResult(get()) : t.kind === KIND_ERC721 ? 0 : null;
    out.set(t.address, { name, symbol, decimals });
  }
  return out;
}

/** tokenURI(id) of freshly minted NFTs, keyed `${contract}:${id}`; null when the call fails. */
export async function readTokenUris(rpc: RpcClient, mints: readonly { contract: string; tokenId: bigint }[], block: number): Promise<Map<string, string | null>> {
  const calls = mints.map((m) => call(m.contract, `${SELECTOR.tokenURI}${m.tokenId.toString(16).padStart(64, '0')}`, block));
  const results = await rpc.batchSettled<string>(calls);
  const out = new Map<string, string | null>();
  mints.forEach((m, i) => {
    const r = results[i];
    const uri = r && 'result' in r ? decodeStringResult(r.result, MAX_URI) : null;
    out.set(`${m.contract}:${m.tokenId}`, uri);
  });
  return out;
}
