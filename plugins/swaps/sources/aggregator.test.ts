import { getAddress } from 'viem';
import type { HttpClient } from 'latchkey';
import { HttpRequestError } from 'latchkey/errors';
import { encodeApprove } from '../abi';
import { NoRouteError, QuoteFailedError, SlippageExceededError, UntrustedContractError } from '../errors';
import { nativeToken, plainAddress } from '../tokens';
import type { SwapQuote, SwapToken } from '../types';
import { AggregatorQuoteSource } from './aggregator';
import { evmNetwork } from '../../../kernel/testing/networks';

const network = evmNetwork(31337, 'Anvil', 'http://127.0.0.1:1');
const ETH = nativeToken(network);
const LKD: SwapToken = { address: 'eip155:31337:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', symbol: 'LKD', name: 'Latchkey Dev Token', decimals: 18 };
const ROUTER = '0x2B574555158337Cd46d47c2Ca57E4698A1f04e70';
const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

type Req = { path: string; baseUrl?: string; params?: Record<string, unknown>; body?: unknown };

function setup(answers: Record<string, unknown | ((req: Req) => unknown)>, allowed: Record<string, readonly string[]> = { 'eip155:31337': [ROUTER.toLowerCase()] }) {
  const calls: (Req & { method: string })[] = [];
  const answer = (method: string) => async (req: Req) => {
    calls.push({ method, ...req });
    const a = answers[req.path];
    if (a === undefined) throw new Error(`unexpected ${req.path}`);
    const v = typeof a === 'function' ? (a as (r: Req) => unknown)(req) : a;
    if (v instanceof Error) throw v;
    return v;
  };
  const http = { get: answer('GET'), post: answer('POST') } as unknown as HttpClient;
  const source = new AggregatorQuoteSource({
    http,
    allowed: (n) => allowed[n.caipNetworkId],
    settings: () => ({ baseUrl: 'http://api.test', projectId: 'p1', st: 'latchkey', sv: '0.1.0' }),
    now: () => 1_000,
  });
  return { source, calls };
}

const reason = (status: number, field: string, description: string) =>
  new HttpRequestError({ status, url: 'http://api.test/x', body: JSON.stringify({ status: 'FAILED', reasons: [{ field, description }] }) });

const quote: SwapQuote = { source: 'api', network: 'eip155:31337', from: ETH, to: LKD, amountIn: 10n ** 17n, amountOut: 239n * 10n ** 18n, route: [ETH.address, LKD.address], priceImpact: 0.1, gas: 150_000n, gasPrice: 1n, quotedAt: 0, expiresAt: 30_000 };

describe('the aggregator source (the blockchain API /v1/convert endpoints)', () => {
  it('lists tokens of the network only, cleaned and bounded', async () => {
    const { source, calls } = setup({
      '/v1/convert/tokens': {
        tokens: [
          { name: 'Ether', symbol: 'ETH', address: ETH.address, decimals: 18, logoUri: 'http://api.test/eth.svg' },
          { name: 'Latchkey\u202e Dev Token', symbol: 'LKD\u0000', address: LKD.address, decimals: 18, logoUri: 'javascript:alert(1)' },
          { name: 'Other chain', symbol: 'X', address: 'eip155:1:0x0000000000000000000000000000000000000001', decimals: 18 },
          { name: 'Bad decimals', symbol: 'Y', address: 'eip155:31337:0x0000000000000000000000000000000000000002', decimals: 99 },
          { symbol: 'Z', address: 'not an address', decimals: 18 },
          'junk',
        ],
      },
    });
    const tokens = await source.tokens(network);
    expect(tokens).toEqual([
      { name: 'Ether', symbol: 'ETH', address: ETH.address, decimals: 18, logoUri: 'http://api.test/eth.svg' },
      { name: 'Latchkey Dev Token', symbol: 'LKD', address: LKD.address, decimals: 18 },
    ]);
    expect(calls[0]).toMatchObject({ method: 'GET', baseUrl: 'http://api.test', path: '/v1/convert/tokens', params: { chainId: 'eip155:31337', projectId: 'p1', st: 'latchkey', sv: '0.1.0' } });
  });

  it('quotes with the gas price, amounts in the smallest unit; no toAmount or a route reason is no route', async () => {
    const { source, calls } = setup({
      '/v1/convert/gas-price': { standard: '1000000000', fast: '1', instant: '2' },
      '/v1/convert/quotes': { quotes: [{ id: 'q', fromAmount: '100000000000000000', fromAccount: ETH.address, toAmount: '239040000000000000000', toAccount: LKD.address, priceImpact: '0.0997', gas: '150000', expiresAt: 999_999 }] },
    });
    const q = await source.quote({ network, from: ETH, to: LKD, amountIn: 10n ** 17n, user: USER });
    expect(q).toMatchObject({ source: 'api', amountIn: 10n ** 17n, amountOut: 239_040_000_000_000_000_000n, priceImpact: 0.0997, gas: 150_000n, gasPrice: 1_000_000_000n, route: [ETH.address, LKD.address], expiresAt: 31_000 });
    expect(calls[1]!.params).toMatchObject({ amount: '100000000000000000', userAddress: USER, from: ETH.address, to: LKD.address, gasPrice: '1000000000' });

    for (const body of [{ quotes: [] }, { quotes: [{ toAmount: '0' }] }, { quotes: [{ toAmount: 'lots' }] }, {}]) {
      const s = setup({ '/v1/convert/gas-price': {}, '/v1/convert/quotes': body }).source;
      await expect(s.quote({ network, from: ETH, to: LKD, amountIn: 1n, user: USER })).rejects.toThrow(NoRouteError);
    }
    const noRoute = setup({ '/v1/convert/gas-price': {}, '/v1/convert/quotes': reason(400, 'route', 'No route for this swap') }).source;
    await expect(noRoute.quote({ network, from: ETH, to: LKD, amountIn: 1n, user: USER })).rejects.toThrow(NoRouteError);
    const down = setup({ '/v1/convert/gas-price': new HttpRequestError({ status: 503, url: 'x', body: '' }) }).source;
    await expect(down.quote({ network, from: ETH, to: LKD, amountIn: 1n, user: USER })).rejects.toThrow(QuoteFailedError);
    const other = setup({ '/v1/convert/gas-price': {}, '/v1/convert/quotes': { quotes: [{ fromAmount: '5', toAmount: '7' }] } }).source;
    await expect(other.quote({ network, from: ETH, to: LKD, amountIn: 1n, user: USER })).rejects.toThrow('Failed to get a quote');
  });

  it('reads allowances (unbounded for the native currency without asking)', async () => {
    const { source, calls } = setup({ '/v1/convert/allowance': { allowance: '42' } });
    expect(await source.allowance({ network, token: LKD, owner: USER })).toBe(42n);
    expect(calls[0]!.params).toMatchObject({ tokenAddress: LKD.address, userAddress: `eip155:31337:${USER}` });
    expect(await source.allowance({ network, token: ETH, owner: USER })).toBe(2n ** 256n - 1n);
    expect(calls).toHaveLength(1);
    await expect(setup({ '/v1/convert/allowance': { allowance: -1 } }).source.allowance({ network, token: LKD, owner: USER })).rejects.toThrow(QuoteFailedError);
  });

  it('takes an approval only when it is an approve() of this token for at least the amount', async () => {
    const data = encodeApprove(ROUTER, 100n);
    // the hosted API names the token in tx.from
    const hosted = setup({ '/v1/convert/build-approve': { tx: { from: LKD.address, to: `eip155:31337:${ROUTER}`, data, value: '0' } } }).source;
    expect(await hosted.approveTransaction({ network, token: LKD, to: ETH, owner: USER, amount: 100n })).toEqual({ to: '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35', data, value: 0n });
    for (const tx of [
      { from: `eip155:31337:${ROUTER}`, to: `eip155:31337:${ROUTER}`, data }, // not sent to the token
      { from: LKD.address, data: encodeApprove(ROUTER, 99n) }, // less than the amount
      { from: LKD.address, data: `0xa9059cbb${data.slice(10)}` }, // transfer, not approve
    ]) {
      const s = setup({ '/v1/convert/build-approve': { tx } }).source;
      await expect(s.approveTransaction({ network, token: LKD, to: ETH, owner: USER, amount: 100n })).rejects.toThrow(QuoteFailedError);
    }
  });

  it('takes an approval spender and a swap target only from the contracts the host allows on the network', async () => {
    const ATTACKER = '0xBAdbadBADbADbAdbadBaDbadBadbAdBadbAdBAd0';
    const approveTo = (spender: string) => ({ '/v1/convert/build-approve': { tx: { from: LKD.address, data: encodeApprove(spender, 2n ** 256n - 1n) } } });
    const swapTo = (to: string) => ({ '/v1/convert/build-transaction': { tx: { to: `eip155:31337:${to}`, data: '0x7ff36ab5' } } });
    // an unlimited approval to a contract of the API's choosing
    const approval = setup(approveTo(ATTACKER)).source.approveTransaction({ network, token: LKD, to: ETH, owner: USER, amount: 100n });
    await expect(approval).rejects.toThrow(UntrustedContractError);
    await expect(approval).rejects.toMatchObject({
      shortMessage: 'This swap uses a contract the app does not allow',
      details: `The swap provider named 0x${ATTACKER.slice(2).toLowerCase()}, which is not one of the exchanges this app allows on Anvil.`,
    });
    await expect(setup(swapTo(ATTACKER)).source.swapTransaction({ network, quote, slippage: 1, user: USER, deadline: 0 })).rejects.toThrow(UntrustedContractError);
    // the allowed router passes, in any letter case; a network without an entry allows nothing
    expect((await setup(approveTo(ROUTER)).source.approveTransaction({ network, token: LKD, to: ETH, owner: USER, amount: 100n })).to).toBe(getAddress(plainAddress(LKD.address)));
    expect((await setup(swapTo(ROUTER.toUpperCase().replace('0X', '0x'))).source.swapTransaction({ network, quote, slippage: 1, user: USER, deadline: 0 })).data).toBe('0x7ff36ab5');
    await expect(setup(swapTo(ROUTER), {}).source.swapTransaction({ network, quote, slippage: 1, user: USER, deadline: 0 })).rejects.toThrow(UntrustedContractError);
  });

  it('builds the swap with the slippage and the quoted amount; refuses a minimum below the slippage; maps a slippage reason', async () => {
    const ok = setup({
      '/v1/convert/build-transaction': (req: Req) => ({ tx: { from: `eip155:31337:${USER}`, to: `eip155:31337:${ROUTER}`, data: '0x7ff36ab5', amount: '1', eip155: { gas: '1', gasPrice: '1' } }, amountOutMin: ((quote.amountOut * 99n) / 100n).toString(), echo: req.body }),
    });
    const tx = await ok.source.swapTransaction({ network, quote, slippage: 1, user: USER, deadline: 0 });
    expect(tx).toEqual({ to: ROUTER, data: '0x7ff36ab5', value: 10n ** 17n, amountOutMin: (quote.amountOut * 99n) / 100n });
    expect(ok.calls[0]).toMatchObject({ method: 'POST', path: '/v1/convert/build-transaction', body: { projectId: 'p1', amount: '100000000000000000', from: ETH.address, to: LKD.address, userAddress: `eip155:31337:${USER}`, eip155: { slippage: 1 }, disableEstimate: true, toAmount: quote.amountOut.toString() } });

    const greedy = setup({ '/v1/convert/build-transaction': { tx: { to: `eip155:31337:${ROUTER}`, data: '0x7ff36ab5' }, amountOutMin: '1' } }).source;
    await expect(greedy.swapTransaction({ network, quote, slippage: 1, user: USER, deadline: 0 })).rejects.toThrow('Failed to get a quote');
    const junk = setup({ '/v1/convert/build-transaction': { tx: { to: 'nowhere', data: '0x' } } }).source;
    await expect(junk.swapTransaction({ network, quote, slippage: 1, user: USER, deadline: 0 })).rejects.toThrow(QuoteFailedError);
    const moved = setup({ '/v1/convert/build-transaction': reason(400, 'slippage', 'The price moved more than the slippage tolerance allows; get a new quote') }).source;
    await expect(moved.swapTransaction({ network, quote, slippage: 1, user: USER, deadline: 0 })).rejects.toThrow(SlippageExceededError);
  });
});
