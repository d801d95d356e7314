/**
 * The aggregator quote source: a client of the hosted blockchain API's swap endpoints (the paths
 * and shapes AppKit's swap view uses; samples/data-service serves the same over a local Uniswap V2):
 *
 *   GET  /v1/convert/tokens?chainId                          → { tokens: [{ name, symbol, address (CAIP-10), decimals, logoUri }] }
 *   GET  /v1/convert/gas-price?chainId                       → { standard, fast, instant }
 *   GET  /v1/convert/quotes?amount&from&to&userAddress&gasPrice → { quotes: [{ fromAmount, toAmount, … }] }
 *   GET  /v1/convert/allowance?tokenAddress&userAddress      → { allowance }
 *   GET  /v1/convert/build-approve?userAddress&from&to&amount → { tx: { from, to, data, value, eip155 } }
 *   POST /v1/convert/build-transaction { amount, from, to, userAddress, eip155: { slippage }, … } → { tx }
 *
 * Every request carries projectId, st and sv. Answers are checked before use: a token of another
 * network, an approval that is not an `approve` of this token, a spender or swap target that is not on
 * the host's allowedContracts, a swap that accepts less than the slippage allows, are refused.
 */
import type { CaipNetwork, HttpClient } from 'latchkey';
import { displayText } from 'latchkey/encoding';
import { HttpRequestError } from 'latchkey/errors';
import { SELECTORS } from '../abi';
import { MAX_TOKENS, QUOTE_TTL_MS } from '../constants';
import { NoRouteError, QuoteFailedError, SlippageExceededError, UntrustedContractError } from '../errors';
import { gasForHops, minimumReceived } from '../math';
import { isNative, networkOf, plainAddress } from '../tokens';
import type { SwapQuote, SwapToken, SwapTransaction } from '../types';
import type { QuoteRequest, QuoteSource, SwapTransactionRequest } from './source';

export interface AggregatorDeps {
  readonly http: HttpClient;
  /** The contracts the host allows as approval spender or swap target on a network (SwapsConfig.allowedContracts). */
  allowed(network: CaipNetwork): readonly string[] | undefined;
  /** Base URL, projectId, sdk type and version, read at each request (options may change). */
  settings(): { readonly baseUrl: string; readonly projectId: string; readonly st: string; readonly sv: string };
  now?(): number;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const intString = (v: unknown): bigint | undefined => (typeof v === 'string' && /^[0-9]{1,78}$/.test(v) ? BigInt(v) : typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : undefined);
const CAIP10 = /^eip155:[1-9][0-9]{0,15}:0x[0-9a-fA-F]{40}$/;
// eslint-disable-next-line no-control-regex
const clean = displayText;

/** The provider's first reason (the blockchain API's error shape), if the body has one. */
function reasonOf(err: unknown): { field?: string; description?: string } {
  if (!(err instanceof HttpRequestError)) return {};
  try {
    const body = JSON.parse(err.body) as { reasons?: { field?: unknown; description?: unknown }[] };
    const r = body.reasons?.[0];
    return { field: typeof r?.field === 'string' ? r.field : undefined, description: clean(r?.description, 200) };
  } catch {
    return {};
  }
}

function fail(err: unknown): never {
  const { field, description } = reasonOf(err);
  if (field === 'route') throw new NoRouteError({ cause: err });
  throw new QuoteFailedError({ ...(description ? { details: description } : {}), cause: err });
}

export class AggregatorQuoteSource implements QuoteSource {
  readonly kind = 'api' as const;

  constructor(private readonly deps: AggregatorDeps) {}

  /** Refuses a contract the host did not allow on `network` (security review L10). */
  private checkAllowed(network: CaipNetwork, address: string): void {
    const allowed = this.deps.allowed(network) ?? [];
    if (!allowed.some((a) => a.toLowerCase() === address.toLowerCase())) throw new UntrustedContractError(address, network.name);
  }

  private base() {
    const s = this.deps.settings();
    return { baseUrl: s.baseUrl, params: { projectId: s.projectId, st: s.st, sv: s.sv } };
  }

  private async get(path: string, params: Record<string, string | undefined>): Promise<unknown> {
    const b = this.base();
    try {
      return await this.deps.http.get<unknown>({ baseUrl: b.baseUrl, path, params: { ...b.params, ...params } });
    } catch (err) {
      fail(err);
    }
  }

  async tokens(network: CaipNetwork): Promise<readonly SwapToken[]> {
    const body = await this.get('/v1/convert/tokens', { chainId: network.caipNetworkId });
    if (!isObject(body) || !Array.isArray(body['tokens'])) throw new QuoteFailedError({ details: 'The swap API answered an unexpected token list.' });
    const out: SwapToken[] = [];
    for (const t of body['tokens'].slice(0, MAX_TOKENS)) {
      if (!isObject(t)) continue;
      const address = typeof t['address'] === 'string' && CAIP10.test(t['address']) ? t['address'] : undefined;
      const symbol = clean(t['symbol'], 16);
      const decimals = t['decimals'];
      if (!address || networkOf(address) !== network.caipNetworkId || !symbol || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 36) continue;
      const logo = typeof t['logoUri'] === 'string' && /^https?:\/\//.test(t['logoUri']) && t['logoUri'].length <= 512 ? t['logoUri'] : undefined;
      out.push({ address, symbol, name: clean(t['name'], 64) || symbol, decimals, ...(logo ? { logoUri: logo } : {}) });
    }
    return out;
  }

  async quote({ network, from, to, amountIn, user }: QuoteRequest): Promise<SwapQuote> {
    const gas = await this.get('/v1/convert/gas-price', { chainId: network.caipNetworkId });
    const gasPrice = isObject(gas) ? intString(gas['standard']) : undefined;
    const body = await this.get('/v1/convert/quotes', {
      amount: amountIn.toString(),
      userAddress: user,
      from: from.address,
      to: to.address,
      gasPrice: gasPrice?.toString(),
    });
    const q = isObject(body) && Array.isArray(body['quotes']) ? body['quotes'][0] : undefined;
    const amountOut = isObject(q) ? intString(q['toAmount']) : undefined;
    // AppKit reads a quote without toAmount as no quote for that amount
    if (!isObject(q) || amountOut === undefined || amountOut === 0n) throw new NoRouteError();
    if (intString(q['fromAmount']) !== undefined && intString(q['fromAmount']) !== amountIn) throw new QuoteFailedError({ details: 'The swap API quoted another amount.' });
    const route =
      Array.isArray(q['route']) && q['route'].length >= 2 && q['route'].length <= 8 && q['route'].every((r) => typeof r === 'string' && CAIP10.test(r))
        ? (q['route'] as string[])
        : [from.address, to.address];
    const impact = typeof q['priceImpact'] === 'string' || typeof q['priceImpact'] === 'number' ? Number(q['priceImpact']) : NaN;
    const now = this.deps.now?.() ?? Date.now();
    const expires = typeof q['expiresAt'] === 'number' && Number.isFinite(q['expiresAt']) ? Math.min(q['expiresAt'], now + QUOTE_TTL_MS) : now + QUOTE_TTL_MS;
    return {
      source: 'api',
      network: network.caipNetworkId,
      from,
      to,
      amountIn,
      amountOut,
      route,
      priceImpact: Number.isFinite(impact) && impact >= 0 && impact <= 100 ? impact : undefined,
      gas: intString(q['gas']) ?? gasForHops(route.length - 1),
      gasPrice: intString(q['gasPrice']) ?? gasPrice ?? 0n,
      quotedAt: now,
      expiresAt: expires,
    };
  }

  async allowance({ network, token, owner }: { network: CaipNetwork; token: SwapToken; owner: string }): Promise<bigint> {
    if (isNative(token)) return 2n ** 256n - 1n;
    const body = await this.get('/v1/convert/allowance', { tokenAddress: token.address, userAddress: `${network.caipNetworkId}:${owner}` });
    const allowance = isObject(body) ? intString(body['allowance']) : undefined;
    if (allowance === undefined) throw new QuoteFailedError({ details: 'The swap API answered an unexpected allowance.' });
    return allowance;
  }

  async approveTransaction({ network, token, to, owner, amount }: { network: CaipNetwork; token: SwapToken; to: SwapToken; owner: string; amount: bigint }): Promise<SwapTransaction> {
    const body = await this.get('/v1/convert/build-approve', {
      userAddress: `${network.caipNetworkId}:${owner}`,
      from: token.address,
      to: to.address,
      amount: amount.toString(),
    });
    const tx = isObject(body) && isObject(body['tx']) ? body['tx'] : undefined;
    const data = typeof tx?.['data'] === 'string' ? tx['data'] : '';
    // the hosted API names the token contract in `tx.from` (AppKit sends the approval there); accept `to` too
    const tokenAddress = plainAddress(token.address).toLowerCase();
    const target = [tx?.['from'], tx?.['to']].find((a) => typeof a === 'string' && plainAddress(a).toLowerCase() === tokenAddress);
    const approved = /^0x[0-9a-fA-F]{136}$/.test(data) && data.toLowerCase().startsWith(SELECTORS.approve) ? BigInt(`0x${data.slice(74)}`) : undefined;
    if (!target || approved === undefined || approved < amount) throw new QuoteFailedError({ details: 'The swap API answered an approval that is not one of this token.' });
    // approve(spender, amount): the spender is the first argument
    this.checkAllowed(network, `0x${data.slice(34, 74)}`);
    return { to: plainAddress(target as string) as `0x${string}`, data: data as `0x${string}`, value: 0n };
  }

  async swapTransaction({ network, quote, slippage, user }: SwapTransactionRequest): Promise<SwapTransaction & { amountOutMin: bigint }> {
    const s = this.deps.settings();
    const floor = minimumReceived(quote.amountOut, slippage);
    let body: unknown;
    try {
      body = await this.deps.http.post<unknown>({
        baseUrl: s.baseUrl,
        path: '/v1/convert/build-transaction',
        params: { st: s.st, sv: s.sv },
        body: {
          projectId: s.projectId,
          amount: quote.amountIn.toString(),
          from: quote.from.address,
          to: quote.to.address,
          userAddress: `${network.caipNetworkId}:${user}`,
          eip155: { slippage },
          // the wallet estimates; the quote the person accepted bounds the minimum (the data service's extension)
          disableEstimate: true,
          toAmount: quote.amountOut.toString(),
        },
      });
    } catch (err) {
      if (reasonOf(err).field === 'slippage') throw new SlippageExceededError(slippage, { cause: err });
      fail(err);
    }
    const tx = isObject(body) && isObject(body['tx']) ? body['tx'] : undefined;
    const to = typeof tx?.['to'] === 'string' ? plainAddress(tx['to']) : '';
    const data = typeof tx?.['data'] === 'string' ? tx['data'] : '';
    if (!/^0x[0-9a-fA-F]{40}$/.test(to) || !/^0x(?:[0-9a-fA-F]{2}){4,}$/.test(data) || data.length > 20_000) {
      throw new QuoteFailedError({ details: 'The swap API answered an unexpected transaction.' });
    }
    this.checkAllowed(network, to);
    const given = isObject(body) ? intString(body['amountOutMin']) : undefined;
    if (given !== undefined && given < floor) throw new QuoteFailedError({ details: 'The swap API built a swap that accepts less than your slippage allows.' });
    return { to: to as `0x${string}`, data: data as `0x${string}`, value: isNative(quote.from) ? quote.amountIn : 0n, amountOutMin: given ?? floor };
  }
}
