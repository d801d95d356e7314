/**
 * What the convert routes read from a request (api/convert.ts): tokens and accounts as CAIP-10 or
 * plain addresses, amounts in the smallest unit, the `?chainId=` a bare address is on; and the
 * router's revert reasons in words a person can act on.
 */
import { getAddress } from 'viem';
import { badRequest } from '../errors';
import { NATIVE_TOKEN_ADDRESS, caip2 } from '../shapes';
import { MAX_UINT256 } from '../uniswapV2';
import { parseAddress, parseChainId } from '../validation';

export type Address = `0x${string}`;

/** A token of a swap: an ERC-20 address, or the native currency. */
export interface Asset {
  readonly chainId: number;
  readonly address: Address | 'native';
}

/** `?chainId=` checked when given, else undefined: the chain a bare token address is on. */
export function chainOfQuery(query: URLSearchParams): number | undefined {
  const value = query.get('chainId');
  return value ? parseChainId(value, 'chainId') : undefined;
}

/**
 * `eip155:<chain>:<address>` (CAIP-10), or a plain address when the chain is known from elsewhere.
 * The native placeholder 0xeeee…eeee stands for the chain's currency.
 */
export function parseAsset(value: unknown, field: string, chainHint?: number): Asset {
  if (typeof value !== 'string' || value.length === 0 || value.length > 80) throw badRequest(field, `${field} must be a CAIP-10 token address such as eip155:1:0x…`);
  const m = /^eip155:([1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/.exec(value);
  let chainId: number;
  let address: string;
  if (m) {
    chainId = parseChainId(m[1]!, field);
    address = m[2]!;
  } else if (chainHint !== undefined && /^0x[0-9a-fA-F]{40}$/.test(value)) {
    chainId = chainHint;
    address = value;
  } else {
    throw badRequest(field, `${field} must be a CAIP-10 token address such as eip155:1:0x…`);
  }
  const lower = address.toLowerCase() as Address;
  return { chainId, address: lower === NATIVE_TOKEN_ADDRESS ? 'native' : lower };
}

/** An account as CAIP-10 or a plain address; returns 0x + lowercase. */
export function parseAccount(value: unknown, field: string, chainId?: number): Address {
  if (typeof value === 'string') {
    const m = /^eip155:([1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/.exec(value);
    if (m) {
      if (chainId !== undefined && Number(m[1]) !== chainId) throw badRequest(field, `${field} is on another chain than the tokens`);
      return parseAddress(m[2], field);
    }
  }
  return parseAddress(value, field);
}

/** A positive integer amount in the smallest unit, below 2^256. */
export function parseAmount(value: unknown, field = 'amount'): bigint {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,77}$/.test(value)) throw badRequest(field, `${field} must be a positive integer in the token's smallest unit`);
  const n = BigInt(value);
  if (n > MAX_UINT256) throw badRequest(field, `${field} is out of range`);
  return n;
}

export const caip10 = (chainId: number, address: Address | 'native') => `${caip2(chainId)}:${address === 'native' ? NATIVE_TOKEN_ADDRESS : getAddress(address)}`;

/** Why a revert happened, in words a person can act on (the router's reason strings). */
export function revertText(message: string): { field: string; description: string } {
  if (/INSUFFICIENT_OUTPUT_AMOUNT/.test(message)) return { field: 'slippage', description: 'The price moved more than the slippage tolerance allows; get a new quote' };
  if (/TRANSFER_FROM_FAILED/.test(message)) return { field: 'amount', description: 'Insufficient balance or allowance for this swap' };
  if (/insufficient funds/i.test(message)) return { field: 'amount', description: 'Insufficient balance' };
  if (/EXPIRED/.test(message)) return { field: 'deadline', description: 'The deadline has passed' };
  if (/INSUFFICIENT_(INPUT|LIQUIDITY)|INVALID_PATH|ds-math/.test(message)) return { field: 'route', description: 'No route for this swap' };
  // eslint-disable-next-line no-control-regex
  const reason = message.replace(/^[a-z_]+: /i, '').replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200);
  return { field: 'route', description: `The swap would fail: ${reason}` };
}
