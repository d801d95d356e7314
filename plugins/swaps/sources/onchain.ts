/**
 * The on-chain quote source: a Uniswap V2 router (or a fork of it) read through the kernel's RPC
 * transport. Amounts are the router's own `getAmountsOut`; the pools' reserves (factory `getPair`,
 * pair `getReserves`) give the price impact. Routes: the direct pool, or through the wrapped
 * native token when neither side is it.
 */
import type { CaipNetwork } from 'latchkey';
import {
  AbiDecodeError,
  SELECTORS,
  decodeAddress,
  decodeReserves,
  decodeUint,
  decodeUintArray,
  encodeAllowance,
  encodeApprove,
  encodeGetAmountsOut,
  encodeGetPair,
  encodeSwapExactETHForTokens,
  encodeSwapExactTokensFor,
} from '../abi';
import { QUOTE_TTL_MS } from '../constants';
import { NoRouteError, QuoteFailedError } from '../errors';
import { gasForHops, minimumReceived, priceImpact } from '../math';
import type { ChainReader } from '../rpc';
import { isNative, nativeToken, plainAddress } from '../tokens';
import type { SwapExchange, SwapQuote, SwapToken, SwapTransaction } from '../types';
import type { QuoteRequest, QuoteSource, SwapTransactionRequest } from './source';

const MAX_UINT256 = 2n ** 256n - 1n;
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

export interface OnChainSourceDeps {
  /** The network's exchange, or undefined when it has none. */
  exchange(network: CaipNetwork): SwapExchange | undefined;
  reader(network: CaipNetwork): ChainReader;
  now?(): number;
}

/** A revert (the node ran the call and it failed), as opposed to a node that did not answer. */
export function isRevert(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 8; e = (e as { cause?: unknown }).cause, i++) {
    const msg = String((e as { message?: unknown }).message ?? '') + String((e as { details?: unknown }).details ?? '');
    const code = (e as { code?: unknown }).code;
    if (/revert/i.test(msg) || code === 3 || code === -32015) return true;
  }
  return false;
}

export class OnChainQuoteSource implements QuoteSource {
  readonly kind = 'onchain' as const;

  constructor(private readonly deps: OnChainSourceDeps) {}

  private exchange(network: CaipNetwork): SwapExchange {
    const ex = this.deps.exchange(network);
    if (!ex) throw new NoRouteError({ details: `No exchange is configured for ${network.name}.` });
    return ex;
  }

  /** The token's address in the pools (the wrapped token for the native currency). */
  private poolAddress(token: SwapToken, ex: SwapExchange): string {
    return (isNative(token) ? ex.weth : plainAddress(token.address)).toLowerCase();
  }

  async tokens(network: CaipNetwork): Promise<readonly SwapToken[]> {
    return [nativeToken(network)];
  }

  async quote({ network, from, to, amountIn }: QuoteRequest): Promise<SwapQuote> {
    const ex = this.exchange(network);
    const reader = this.deps.reader(network);
    const a = this.poolAddress(from, ex);
    const b = this.poolAddress(to, ex);
    const weth = ex.weth.toLowerCase();
    if (a === b) throw new NoRouteError({ details: 'Wrapping and unwrapping are not swaps.' });
    const paths = [[a, b]];
    if (a !== weth && b !== weth) paths.push([a, weth, b]);
    const answers = await Promise.allSettled(paths.map((p) => reader.call(ex.router, encodeGetAmountsOut(amountIn, p))));
    let best: { path: string[]; out: bigint } | undefined;
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 'rejected') {
        if (isRevert(answer.reason)) continue; // no pool on this path, or too little liquidity
        throw new QuoteFailedError({ cause: answer.reason });
      }
      let amounts: bigint[];
      try {
        amounts = decodeUintArray(answer.value);
      } catch (err) {
        if (err instanceof AbiDecodeError) continue; // no router there (empty answer)
        throw err;
      }
      const out = amounts[amounts.length - 1] ?? 0n;
      if (amounts.length === paths[i]!.length && out > 0n && (!best || out > best.out)) best = { path: paths[i]!, out };
    }
    if (!best) throw new NoRouteError();
    const path = best.path;
    let impact: number | undefined;
    let gasPrice: bigint;
    try {
      const hops = path.slice(1).map((y, i) => [path[i]!, y] as const);
      const pairs = await Promise.all(hops.map(([x, y]) => reader.call(ex.factory, encodeGetPair(x, y)).then(decodeAddress)));
      const [reserves, price] = await Promise.all([
        Promise.all(
          pairs.map(async (pair, i) => {
            if (pair === ZERO_ADDRESS) throw new NoRouteError();
            const [r0, r1] = decodeReserves(await reader.call(pair, SELECTORS.getReserves));
            // a pair's token0 is the lower address
            return hops[i]![0] < hops[i]![1] ? ([r0, r1] as const) : ([r1, r0] as const);
          }),
        ),
        reader.gasPrice(),
      ]);
      impact = priceImpact(amountIn, best.out, reserves);
      gasPrice = price;
    } catch (err) {
      if (err instanceof NoRouteError) throw err;
      throw new QuoteFailedError({ cause: err });
    }
    const now = this.deps.now?.() ?? Date.now();
    const caip = (addr: string, i: number) => (i === 0 ? from.address : i === path.length - 1 ? to.address : `${network.caipNetworkId}:${addr}`);
    return {
      source: 'onchain',
      network: network.caipNetworkId,
      from,
      to,
      amountIn,
      amountOut: best.out,
      route: path.map(caip),
      priceImpact: impact,
      gas: gasForHops(path.length - 1),
      gasPrice,
      quotedAt: now,
      expiresAt: now + QUOTE_TTL_MS,
    };
  }

  async allowance({ network, token, owner }: { network: CaipNetwork; token: SwapToken; owner: string }): Promise<bigint> {
    if (isNative(token)) return MAX_UINT256;
    const ex = this.exchange(network);
    try {
      return decodeUint(await this.deps.reader(network).call(plainAddress(token.address), encodeAllowance(owner, ex.router)));
    } catch (err) {
      throw new QuoteFailedError({ details: `${token.symbol} did not answer allowance()`, cause: err });
    }
  }

  async approveTransaction({ network, token, amount }: { network: CaipNetwork; token: SwapToken; amount: bigint }): Promise<SwapTransaction> {
    const ex = this.exchange(network);
    return { to: plainAddress(token.address) as `0x${string}`, data: encodeApprove(ex.router, amount), value: 0n };
  }

  async swapTransaction({ network, quote, slippage, user, deadline }: SwapTransactionRequest): Promise<SwapTransaction & { amountOutMin: bigint }> {
    const ex = this.exchange(network);
    const path = quote.route.map((r, i) => (i === 0 ? this.poolAddress(quote.from, ex) : i === quote.route.length - 1 ? this.poolAddress(quote.to, ex) : plainAddress(r)));
    const amountOutMin = minimumReceived(quote.amountOut, slippage);
    const router = ex.router as `0x${string}`;
    if (isNative(quote.from)) {
      return { to: router, data: encodeSwapExactETHForTokens(amountOutMin, path, user, BigInt(deadline)), value: quote.amountIn, amountOutMin };
    }
    return { to: router, data: encodeSwapExactTokensFor(isNative(quote.to), quote.amountIn, amountOutMin, path, user, BigInt(deadline)), value: 0n, amountOutMin };
  }
}
