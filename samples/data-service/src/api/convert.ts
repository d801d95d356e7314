/**
 * Swaps ("convert"), over a Uniswap V2 exchange per chain (config `exchanges`, env DATA_EXCHANGES).
 * Paths and shapes are those of the hosted blockchain API that AppKit's swap view calls:
 *
 * GET  /v1/convert/tokens?chainId                                → { tokens: SwapToken[] }
 * GET  /v1/convert/quotes?amount&from&to&userAddress&gasPrice     → { quotes: [Quote] }
 * GET  /v1/convert/allowance?tokenAddress&userAddress             → { allowance }
 * GET  /v1/convert/gas-price?chainId                              → { standard, fast, instant }
 * GET  /v1/convert/build-approve?userAddress&from&to&amount       → { tx }
 * POST /v1/convert/build-transaction { amount, from, to, userAddress, eip155: { slippage }, … } → { tx, … }
 *
 * Tokens are CAIP-10 (`eip155:31337:0x…`), the native currency as the placeholder
 * 0xeeee…eeee. Amounts are integers in the token's smallest unit, as decimal strings. Every amount
 * comes from the router's own getAmountsOut at the node's latest block; nothing is cached but the
 * token list (30 s).
 *
 * Just over 400 lines: the routes of one API family (the request parsing already lives in
 * ./convertParams.ts); splitting the routes would scatter one contract over several files.
 */
import { createHash } from 'node:crypto';
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import type { ChainConfig, ExchangeConfig } from '../config';
import { ApiError, RpcError, badRequest, unavailable } from '../errors';
import { projectGet, type Route } from '../http';
import { hexToBigInt, type RpcCall } from '../rpc';
import { KIND_ERC20, caip2, tokenIconUrl } from '../shapes';
import {
  ERC20_ABI,
  FACTORY_ABI,
  GAS_APPROVE,
  MAX_UINT256,
  PAIR_ABI,
  decodeAmounts,
  encodeGetAmountsOut,
  encodeSwap,
  gasForHops,
  lpFee,
  minimumOut,
  parseSlippageBps,
  priceImpactPercent,
} from '../uniswapV2';
import { parseChainId } from '../validation';
import { caip10, chainOfQuery, parseAccount, parseAmount, parseAsset, revertText, type Address, type Asset } from './convertParams';
import { num, type ApiDeps } from './deps';

/** How long a quote is good for (the answer's `expiresAt`); clients ask again after it. */
export const QUOTE_TTL_MS = 30_000;
/** Default and longest transaction deadline, seconds from now. */
export const DEFAULT_DEADLINE_S = 1200;
export const MAX_DEADLINE_S = 86_400;
/** At most this many tokens are checked for a pool and listed per chain. */
export const MAX_SWAP_TOKENS = 200;
const TOKENS_TTL_MS = 30_000;
const PROVIDER = 'uniswap-v2';

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * The gas handed out for a swap: the node's estimate plus 25 %. A V2 pair writes its price
 * accumulators only in a block of a later second than its last update, so an estimate made
 * within that second (anvil estimates on the latest block's time) comes out ~40 000 gas short.
 */
export const withHeadroom = (gas: bigint): bigint => (gas * 5n) / 4n;

/** A node error that is not a revert (unreachable, HTTP error, bad answer): 503. */
const isTransport = (err: unknown) => err instanceof RpcError && err.code === undefined && !/revert/i.test(err.message);

export function convertRoutes(deps: ApiDeps): Route[] {
  const tokenCache = new Map<number, { at: number; tokens: unknown[] }>();

  const chainOf = (chainId: number): ChainConfig => {
    const chain = deps.chain(chainId);
    if (!chain) throw badRequest('chainId', `We don't support the chainId you provided: ${caip2(chainId)}`);
    return chain;
  };
  const exchangeOf = (chainId: number, field = 'chainId'): ExchangeConfig => {
    chainOf(chainId);
    const ex = deps.config.exchanges.get(chainId);
    if (!ex) throw badRequest(field, `Swaps are not supported on ${caip2(chainId)}`);
    return ex;
  };

  /** Runs node calls; a transport failure becomes 503, anything else goes on. */
  const node = async <T>(chainId: number, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ApiError) throw err;
      if (isTransport(err)) throw unavailable('chainId', `Failed to reach the node of ${caip2(chainId)}`);
      throw err;
    }
  };
  const call = (chainId: number, to: Address, data: Hex): RpcCall => ({ method: 'eth_call', params: [{ to, data }, 'latest'] });
  const gasPrice = async (chainId: number) => hexToBigInt(await deps.rpc(chainId).call('eth_gasPrice'), 'gas price');

  /** The best route for `amountIn` from `from` to `to` (direct or through the wrapped native token). */
  async function quote(ex: ExchangeConfig, from: Asset, to: Asset, amountIn: bigint) {
    if (from.address === to.address) throw badRequest('to', 'from and to must be different tokens');
    const a = from.address === 'native' ? ex.weth : from.address;
    const b = to.address === 'native' ? ex.weth : to.address;
    if (a === b) throw new ApiError(400, 'route', 'No route for this swap: wrapping and unwrapping are not swaps');
    const paths: Address[][] = [[a, b]];
    if (a !== ex.weth && b !== ex.weth) paths.push([a, ex.weth, b]);
    const rpc = deps.rpc(ex.chainId);
    const [block, ...results] = await node(ex.chainId, () =>
      rpc.batchSettled<string>([{ method: 'eth_blockNumber', params: [] }, ...paths.map((p) => call(ex.chainId, ex.router, encodeGetAmountsOut(amountIn, p)))]),
    );
    if (!block || 'error' in block) throw unavailable('chainId', `Failed to reach the node of ${caip2(ex.chainId)}`);
    let best: { path: Address[]; amountOut: bigint } | undefined;
    let lastRevert = '';
    for (const [i, r] of results.entries()) {
      if ('error' in r) {
        if (isTransport(r.error)) throw unavailable('chainId', `Failed to reach the node of ${caip2(ex.chainId)}`);
        lastRevert = r.error.message;
        continue;
      }
      let amounts: readonly bigint[];
      try {
        amounts = decodeAmounts(r.result as Hex);
      } catch {
        continue; // no router at that address (empty answer)
      }
      const out = amounts[amounts.length - 1] ?? 0n;
      if (amounts.length === paths[i]!.length && out > 0n && (!best || out > best.amountOut)) best = { path: paths[i]!, amountOut: out };
    }
    if (!best) {
      deps.config.log(`convert: no route on ${caip2(ex.chainId)}${lastRevert ? ` (${lastRevert.slice(0, 120)})` : ''}`);
      throw new ApiError(400, 'route', 'No route for this swap');
    }
    // reserves of each hop, for the price impact
    const hops = best.path.slice(1).map((out, i) => [best!.path[i]!, out] as const);
    const pairs = await node(ex.chainId, () =>
      rpc.batch<string>(hops.map(([x, y]) => call(ex.chainId, ex.factory, encodeFunctionData({ abi: FACTORY_ABI, functionName: 'getPair', args: [x, y] })))),
    );
    const pairAddresses = pairs.map((p) => decodeFunctionResult({ abi: FACTORY_ABI, functionName: 'getPair', data: p as Hex }).toLowerCase() as Address);
    const reservesRaw = await node(ex.chainId, () =>
      rpc.batch<string>(pairAddresses.map((p) => call(ex.chainId, p, encodeFunctionData({ abi: PAIR_ABI, functionName: 'getReserves' })))),
    );
    const reserves = reservesRaw.map((raw, i) => {
      const [r0, r1] = decodeFunctionResult({ abi: PAIR_ABI, functionName: 'getReserves', data: raw as Hex });
      const [x] = hops[i]!;
      // a pair's token0 is the lower address
      return x < hops[i]![1] ? ([r0, r1] as const) : ([r1, r0] as const);
    });
    return {
      path: best.path,
      amountOut: best.amountOut,
      blockNumber: Number(hexToBigInt(block.result, 'block number')),
      priceImpact: priceImpactPercent(amountIn, best.amountOut, reserves),
      fee: lpFee(amountIn, hops.length),
      gas: gasForHops(hops.length),
    };
  }

  const routeCaip = (chainId: number, path: readonly Address[], from: Asset, to: Asset) =>
    path.map((p, i) => caip10(chainId, (i === 0 && from.address === 'native') || (i === path.length - 1 && to.address === 'native') ? 'native' : p));

  return [
    projectGet('/v1/convert/tokens', async (ctx) => {
      const chainId = parseChainId(ctx.query.get('chainId') ?? '', 'chainId');
      const ex = exchangeOf(chainId);
      const chain = chainOf(chainId);
      const cached = tokenCache.get(chainId);
      if (cached && Date.now() - cached.at < TOKENS_TTL_MS) return { json: { tokens: cached.tokens } };
      const rows = await deps.db.query<{ address: string; name: string | null; symbol: string | null; decimals: unknown }>(
        `select address, name, symbol, decimals from tokens
          where chain_id = $1 and kind = ${KIND_ERC20} and symbol is not null and decimals > 0 and address <> $2
          order by first_block, address limit ${MAX_SWAP_TOKENS}`,
        [chainId, ex.weth],
      );
      const rpc = deps.rpc(chainId);
      const pairs = rows.length
        ? await node(chainId, () =>
            rpc.batchSettled<string>(rows.map((r) => call(chainId, ex.factory, encodeFunctionData({ abi: FACTORY_ABI, functionName: 'getPair', args: [ex.weth, r.address as Address] })))),
          )
        : [];
      const listed = rows.filter((_, i) => {
        const p = pairs[i];
        if (!p || 'error' in p) return false;
        try {
          return decodeFunctionResult({ abi: FACTORY_ABI, functionName: 'getPair', data: p.result as Hex }).toLowerCase() !== ZERO;
        } catch {
          return false;
        }
      });
      const tokens = [
        {
          name: chain.nativeName,
          symbol: chain.nativeSymbol,
          address: caip10(chainId, 'native'),
          decimals: chain.nativeDecimals,
          logoUri: tokenIconUrl(deps.shape, chainId, null),
        },
        ...listed
          .map((r) => ({
            name: r.name ?? r.symbol!,
            symbol: r.symbol!,
            address: caip10(chainId, r.address as Address),
            decimals: num(r.decimals),
            logoUri: tokenIconUrl(deps.shape, chainId, r.address),
          }))
          .sort((x, y) => x.symbol.localeCompare(y.symbol)),
      ];
      tokenCache.set(chainId, { at: Date.now(), tokens });
      return { json: { tokens } };
    }),
    projectGet('/v1/convert/quotes', async (ctx) => {
      const q = ctx.query;
      const hint = chainOfQuery(q);
      const from = parseAsset(q.get('from'), 'from', hint);
      const to = parseAsset(q.get('to'), 'to', hint ?? from.chainId);
      if (to.chainId !== from.chainId || (hint !== undefined && hint !== from.chainId)) throw badRequest('to', 'from and to must be on the same chain');
      const amountIn = parseAmount(q.get('amount'));
      if (q.get('userAddress')) parseAccount(q.get('userAddress'), 'userAddress', from.chainId);
      const givenGasPrice = q.get('gasPrice');
      if (givenGasPrice !== null && givenGasPrice !== '' && !/^[0-9]{1,30}$/.test(givenGasPrice)) throw badRequest('gasPrice', 'gasPrice must be an integer in wei');
      const ex = exchangeOf(from.chainId, 'from');
      const found = await quote(ex, from, to, amountIn);
      const price = givenGasPrice ? BigInt(givenGasPrice) : await node(from.chainId, () => gasPrice(from.chainId));
      const id = createHash('sha256').update(`${from.chainId}|${from.address}|${to.address}|${amountIn}|${found.blockNumber}|${found.path.join(',')}`).digest('hex').slice(0, 32);
      return {
        json: {
          quotes: [
            {
              id,
              provider: PROVIDER,
              fromAmount: amountIn.toString(),
              fromAccount: caip10(from.chainId, from.address),
              toAmount: found.amountOut.toString(),
              toAccount: caip10(to.chainId, to.address),
              route: routeCaip(from.chainId, found.path, from, to),
              priceImpact: found.priceImpact,
              fee: found.fee.toString(),
              gas: found.gas.toString(),
              gasPrice: price.toString(),
              blockNumber: found.blockNumber,
              expiresAt: Date.now() + QUOTE_TTL_MS,
            },
          ],
        },
      };
    }),
    projectGet('/v1/convert/allowance', async (ctx) => {
      const hint = chainOfQuery(ctx.query);
      const token = parseAsset(ctx.query.get('tokenAddress'), 'tokenAddress', hint);
      const owner = parseAccount(ctx.query.get('userAddress'), 'userAddress', token.chainId);
      const ex = exchangeOf(token.chainId, 'tokenAddress');
      if (token.address === 'native') return { json: { allowance: MAX_UINT256.toString(), spender: caip10(ex.chainId, ex.router) } };
      const raw = await node(token.chainId, () =>
        deps.rpc(token.chainId).call<string>('eth_call', [{ to: token.address, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'allowance', args: [owner, ex.router] }) }, 'latest']),
      ).catch((err) => {
        if (err instanceof ApiError) throw err;
        throw badRequest('tokenAddress', 'The token did not answer allowance()');
      });
      let allowance: bigint;
      try {
        allowance = decodeFunctionResult({ abi: ERC20_ABI, functionName: 'allowance', data: raw as Hex });
      } catch {
        throw badRequest('tokenAddress', 'The token did not answer allowance()');
      }
      return { json: { allowance: allowance.toString(), spender: caip10(ex.chainId, ex.router) } };
    }),
    projectGet('/v1/convert/gas-price', async (ctx) => {
      const chainId = parseChainId(ctx.query.get('chainId') ?? '', 'chainId');
      exchangeOf(chainId);
      const price = await node(chainId, () => gasPrice(chainId));
      return { json: { standard: price.toString(), fast: ((price * 5n) / 4n).toString(), instant: ((price * 3n) / 2n).toString() } };
    }),
    projectGet('/v1/convert/build-approve', async (ctx) => {
      const q = ctx.query;
      const hint = chainOfQuery(q);
      const from = parseAsset(q.get('from'), 'from', hint);
      if (q.get('to')) {
        const to = parseAsset(q.get('to'), 'to', from.chainId);
        if (to.chainId !== from.chainId) throw badRequest('to', 'from and to must be on the same chain');
      }
      if (from.address === 'native') throw badRequest('from', 'The native currency needs no approval');
      const owner = parseAccount(q.get('userAddress'), 'userAddress', from.chainId);
      const amount = q.get('amount') ? parseAmount(q.get('amount')) : MAX_UINT256;
      const ex = exchangeOf(from.chainId, 'from');
      const data = encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [ex.router, amount] });
      const rpc = deps.rpc(from.chainId);
      const [price, estimate] = await node(from.chainId, () =>
        rpc.batchSettled<string>([
          { method: 'eth_gasPrice', params: [] },
          { method: 'eth_estimateGas', params: [{ from: owner, to: from.address, data }] },
        ]),
      );
      if (!price || 'error' in price) throw unavailable('chainId', `Failed to reach the node of ${caip2(from.chainId)}`);
      const gas = estimate && !('error' in estimate) ? hexToBigInt(estimate.result, 'gas') : GAS_APPROVE;
      return {
        json: {
          // As the hosted API answers: `from` is the token contract the approval is sent to, `to` the spender.
          tx: {
            from: caip10(from.chainId, from.address),
            to: caip10(from.chainId, ex.router),
            data,
            value: '0',
            eip155: { gas: Number(gas), gasPrice: hexToBigInt(price.result, 'gas price').toString() },
          },
          spender: caip10(from.chainId, ex.router),
          amount: amount.toString(),
        },
      };
    }),
    {
      method: 'POST',
      path: '/v1/convert/build-transaction',
      auth: 'project',
      async handler(ctx) {
        const body = ctx.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('body', 'Expected a JSON object');
        const b = body as Record<string, unknown>;
        const hint = b.chainId !== undefined ? parseChainId(b.chainId, 'chainId') : undefined;
        const from = parseAsset(b.from, 'from', hint);
        const to = parseAsset(b.to, 'to', from.chainId);
        if (to.chainId !== from.chainId) throw badRequest('to', 'from and to must be on the same chain');
        const amountIn = parseAmount(b.amount);
        const user = parseAccount(b.userAddress, 'userAddress', from.chainId);
        const opts = b.eip155 === undefined ? {} : b.eip155;
        if (typeof opts !== 'object' || opts === null || Array.isArray(opts)) throw badRequest('eip155', 'eip155 must be an object');
        const o = opts as Record<string, unknown>;
        const slippageBps = o.slippage === undefined ? 100 : parseSlippageBps(o.slippage);
        const now = Math.floor(Date.now() / 1000);
        let deadline = now + DEFAULT_DEADLINE_S;
        if (o.deadline !== undefined) {
          if (typeof o.deadline !== 'number' || !Number.isInteger(o.deadline) || o.deadline <= now || o.deadline > now + MAX_DEADLINE_S) {
            throw badRequest('eip155.deadline', `eip155.deadline must be a unix time in seconds within the next ${MAX_DEADLINE_S} seconds`);
          }
          deadline = o.deadline;
        }
        if (b.disableEstimate !== undefined && typeof b.disableEstimate !== 'boolean') throw badRequest('disableEstimate', 'disableEstimate must be a boolean');
        const quoted = b.toAmount === undefined ? undefined : parseAmount(b.toAmount, 'toAmount');
        const ex = exchangeOf(from.chainId, 'from');
        const found = await quote(ex, from, to, amountIn);
        // the least accepted: the slippage below what the client was quoted (or, without it, below the price now)
        const amountOutMin = minimumOut(quoted ?? found.amountOut, slippageBps);
        const { data, value } = encodeSwap({
          nativeIn: from.address === 'native',
          nativeOut: to.address === 'native',
          amountIn,
          amountOutMin,
          path: found.path,
          to: user,
          deadline: BigInt(deadline),
        });
        const rpc = deps.rpc(from.chainId);
        const tx = { from: user, to: ex.router, data, value: `0x${value.toString(16)}` };
        const [price, estimate] = await node(from.chainId, () =>
          rpc.batchSettled<string>([{ method: 'eth_gasPrice', params: [] }, ...(b.disableEstimate === true ? [] : [{ method: 'eth_estimateGas', params: [tx] }])]),
        );
        if (!price || 'error' in price) throw unavailable('chainId', `Failed to reach the node of ${caip2(from.chainId)}`);
        let gas = found.gas;
        if (estimate) {
          if ('error' in estimate) {
            if (isTransport(estimate.error)) throw unavailable('chainId', `Failed to reach the node of ${caip2(from.chainId)}`);
            const { field, description } = revertText(estimate.error.message);
            throw badRequest(field, description);
          }
          gas = withHeadroom(hexToBigInt(estimate.result, 'gas'));
        }
        return {
          json: {
            tx: {
              from: caip10(from.chainId, user),
              to: caip10(from.chainId, ex.router),
              data,
              amount: amountIn.toString(),
              value: value.toString(),
              eip155: { gas: gas.toString(), gasPrice: hexToBigInt(price.result, 'gas price').toString() },
            },
            toAmount: found.amountOut.toString(),
            amountOutMin: amountOutMin.toString(),
            slippage: (slippageBps / 100).toString(),
            deadline,
            route: routeCaip(from.chainId, found.path, from, to),
          },
        };
      },
    },
  ];
}
