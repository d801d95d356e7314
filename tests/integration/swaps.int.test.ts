/**
 * The swaps plugin's quote sources against the real parts: a Uniswap V2 exchange deployed on anvil
 * from the published artifacts (samples/contracts/exchange.ts), read through the kernel's HTTP
 * transport, and the data service's /v1/convert endpoints over the same exchange.
 * - quote maths (plugins/swaps/math.ts) equals the router's own getAmountsOut, one hop and two;
 * - the on-chain source and the aggregator source give the same quote and price impact;
 * - allowance, approve and swap transactions of both sources execute on the chain as quoted;
 * - no route, and a price moved past the slippage.
 */
import { encodeFunctionData, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { createKernel, httpTransport, HttpClient, type CaipNetwork } from 'latchkey';
import type { DevContracts } from '../../samples/contracts/deploy';
import { deployExchange, loadUniswapArtifacts, type DevExchange } from '../../samples/contracts/exchange';
import type { DataService } from '../../samples/data-service/src/index';
import { chainClients, deployDev, startAnvilNode, startTestService, PROJECT_ID, type AnvilNode } from '../../samples/data-service/testing/harness';
import { NoRouteError } from '../../plugins/swaps/errors';
import { minimumReceived, priceImpact } from '../../plugins/swaps/math';
import { getAmountOut, getAmountsOut } from '../../plugins/swaps/testing/v2';
import { ChainReader } from '../../plugins/swaps/rpc';
import { AggregatorQuoteSource } from '../../plugins/swaps/sources/aggregator';
import { OnChainQuoteSource } from '../../plugins/swaps/sources/onchain';
import type { QuoteSource } from '../../plugins/swaps/sources/source';
import { nativeToken } from '../../plugins/swaps/tokens';
import type { SwapToken } from '../../plugins/swaps/types';
import { evmNetwork } from '../../kernel/testing/networks';

const CHAIN = 31337;
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
]);
const ERC20 = parseAbi(['function balanceOf(address) view returns (uint256)', 'function approve(address, uint256) returns (bool)']);

let node: AnvilNode;
let service: DataService;
let dev: DevContracts;
let ex: DevExchange;
let network: CaipNetwork;
let clients: ReturnType<typeof chainClients>;
let onchain: QuoteSource;
let api: QuoteSource;
let ETH: SwapToken;
let LKD: SwapToken;
let TK2: SwapToken; // a second token with its own ETH pool
let LONE: SwapToken; // a token without a pool
let tk2: Address;

const reserves = async (token: Address): Promise<[bigint, bigint]> => {
  const artifacts = loadUniswapArtifacts();
  const pair = (await clients.client.readContract({ address: ex.factory, abi: artifacts.factory.abi, functionName: 'getPair', args: [ex.weth, token] })) as Address;
  const [r0, r1] = (await clients.client.readContract({ address: pair, abi: artifacts.pair.abi, functionName: 'getReserves' })) as [bigint, bigint];
  return ex.weth.toLowerCase() < token.toLowerCase() ? [r0, r1] : [r1, r0]; // [eth, token]
};
const routerOut = async (amountIn: bigint, path: Address[]) =>
  (await clients.client.readContract({ address: ex.router, abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] })) as bigint[];
const balanceOf = (token: Address, owner: Address) => clients.client.readContract({ address: token, abi: ERC20, functionName: 'balanceOf', args: [owner] }) as Promise<bigint>;

beforeAll(async () => {
  node = await startAnvilNode({ chainId: CHAIN });
  dev = await deployDev(node, undefined, { skipActivity: true });
  ex = await deployExchange({ rpcUrl: node.url, chainId: CHAIN, token: dev.token.address });
  clients = chainClients(node);
  const artifacts = loadUniswapArtifacts();
  const owner = dev.accounts[6]!;
  // TK2: 1 000 000 minted to account 6, a pool of 50 ETH / 500 000 TK2
  tk2 = await clients.deploy(owner, artifacts.erc20.abi, artifacts.erc20.bytecode, [parseUnits('1000000', 18)]);
  await clients.write(owner, tk2, ERC20, 'approve', [ex.router, parseUnits('500000', 18)]);
  await clients.waitFor(
    await clients.wallet(owner).writeContract({
      address: ex.router,
      abi: ROUTER,
      functionName: 'addLiquidityETH',
      args: [tk2, parseUnits('500000', 18), 0n, 0n, owner, BigInt(Math.floor(Date.now() / 1000) + 600)],
      value: parseEther('50'),
    } as never),
  );
  const lonely = await clients.deploy(owner, artifacts.erc20.abi, artifacts.erc20.bytecode, [parseUnits('1000', 18)]);

  network = evmNetwork(CHAIN, 'Anvil', node.url);
  ETH = nativeToken(network);
  LKD = { address: `eip155:${CHAIN}:${dev.token.address}`, symbol: 'LKD', name: 'Latchkey Dev Token', decimals: 18 };
  TK2 = { address: `eip155:${CHAIN}:${tk2}`, symbol: 'UNI-V2', name: 'Uniswap V2', decimals: 18 };
  LONE = { address: `eip155:${CHAIN}:${lonely}`, symbol: 'UNI-V2', name: 'Uniswap V2', decimals: 18 };

  service = await startTestService({ chains: [{ chainId: CHAIN, rpcUrl: node.url, name: 'Anvil' }], exchanges: [{ chainId: CHAIN, router: ex.router, factory: ex.factory, weth: ex.weth }] });
  const transport = httpTransport(node.url, { retryCount: 0 });
  onchain = new OnChainQuoteSource({ exchange: () => ({ router: ex.router, factory: ex.factory, weth: ex.weth }), reader: () => new ChainReader(transport) });
  // the kernel's own HTTP client, as the plugin's module hands it over
  const kernel = createKernel({ options: { projectId: PROJECT_ID, features: { analytics: false } }, environment: { window: undefined, document: undefined } });
  api = new AggregatorQuoteSource({
    http: kernel.get<HttpClient>(HttpClient),
    // the host allows the local exchange's router (as the demo does from /config.json exchange.router)
    allowed: () => [ex.router],
    settings: () => ({ baseUrl: service.url, projectId: PROJECT_ID, st: 'latchkey', sv: 'test' }),
  });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await node?.stop();
});

const user = () => dev.accounts[4]!;

describe('quote maths against the router', () => {
  it.each([['0.0001'], ['0.1'], ['1'], ['37.5']])('ETH → LKD for %s ETH: on-chain quote = router getAmountsOut = the V2 formula on the reserves', async (eth) => {
    const amountIn = parseEther(eth);
    const [rEth, rLkd] = await reserves(dev.token.address);
    const [, fromRouter] = await routerOut(amountIn, [ex.weth, dev.token.address]);
    const quote = await onchain.quote({ network, from: ETH, to: LKD, amountIn, user: user() });
    expect(quote.amountOut).toBe(fromRouter);
    expect(getAmountOut(amountIn, rEth, rLkd)).toBe(fromRouter);
    expect(quote.priceImpact).toBeCloseTo((Number(amountIn) * 997) / (Number(rEth) * 1000 + Number(amountIn) * 997) * 100, 4);
    expect(quote.route).toEqual([ETH.address, LKD.address]);
  });

  it('LKD → TK2 goes through WETH: two hops, the router’s amounts and the formula agree', async () => {
    const amountIn = parseUnits('1000', 18);
    const [rEth1, rLkd] = await reserves(dev.token.address);
    const [rEth2, rTk2] = await reserves(tk2);
    const amounts = await routerOut(amountIn, [dev.token.address, ex.weth, tk2]);
    expect(getAmountsOut(amountIn, [[rLkd, rEth1], [rEth2, rTk2]])).toEqual(amounts);
    const quote = await onchain.quote({ network, from: LKD, to: TK2, amountIn, user: user() });
    expect(quote.amountOut).toBe(amounts[2]);
    expect(quote.route).toEqual([LKD.address, `eip155:${CHAIN}:${ex.weth.toLowerCase()}`, TK2.address]);
    expect(quote.gas).toBe(220_000n);
    expect(quote.priceImpact).toBeCloseTo(priceImpact(amountIn, amounts[2]!, [[rLkd, rEth1], [rEth2, rTk2]]), 9);
  });

  it('the aggregator (data service) and the on-chain source quote the same, impact included', async () => {
    for (const [from, to, amountIn] of [
      [ETH, LKD, parseEther('2')],
      [LKD, ETH, parseUnits('5000', 18)],
      [LKD, TK2, parseUnits('10', 18)],
    ] as const) {
      const [a, b] = await Promise.all([onchain.quote({ network, from, to, amountIn, user: user() }), api.quote({ network, from, to, amountIn, user: user() })]);
      expect(b.amountOut).toBe(a.amountOut);
      expect(b.route.map((r) => r.toLowerCase())).toEqual(a.route.map((r) => r.toLowerCase()));
      expect(b.priceImpact).toBeCloseTo(a.priceImpact!, 3);
      expect(b.gasPrice).toBeGreaterThan(0n);
    }
  });

  it('no pool: both sources say no route', async () => {
    await expect(onchain.quote({ network, from: ETH, to: LONE, amountIn: 10n ** 15n, user: user() })).rejects.toThrow(NoRouteError);
    await expect(api.quote({ network, from: ETH, to: LONE, amountIn: 10n ** 15n, user: user() })).rejects.toThrow(NoRouteError);
  });
});

describe('transactions of both sources, sent on the chain', () => {
  const send = async (from: Address, tx: { to: string; data: string; value: bigint }) => {
    const reader = new ChainReader(httpTransport(node.url, { retryCount: 0 }));
    const gas = ((await reader.estimateGas({ from, ...tx })) * 5n) / 4n;
    const hash = await clients.wallet(from).sendTransaction({ to: tx.to as Address, data: tx.data as Hex, value: tx.value, gas } as never);
    return clients.client.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 10_000 });
  };

  it.each([['onchain'], ['api']] as const)('%s: ETH → LKD gives what was quoted; LKD → ETH after an approval of the exact amount', async (kind) => {
    const source = kind === 'onchain' ? onchain : api;
    const me = kind === 'onchain' ? dev.accounts[4]! : dev.accounts[5]!;
    const deadline = Math.floor(Date.now() / 1000) + 600;
    const q1 = await source.quote({ network, from: ETH, to: LKD, amountIn: parseEther('0.25'), user: me });
    const tx1 = await source.swapTransaction({ network, quote: q1, slippage: 1, user: me, deadline });
    expect(tx1.amountOutMin).toBe(minimumReceived(q1.amountOut, 1));
    expect(tx1.value).toBe(parseEther('0.25'));
    const before = await balanceOf(dev.token.address, me);
    expect((await send(me, tx1)).status).toBe('success');
    expect((await balanceOf(dev.token.address, me)) - before).toBe(q1.amountOut);

    const amount = parseUnits('300', 18);
    const q2 = await source.quote({ network, from: LKD, to: ETH, amountIn: amount, user: me });
    expect(await source.allowance({ network, token: LKD, owner: me })).toBe(0n);
    const approve = await source.approveTransaction({ network, token: LKD, to: ETH, owner: me, amount });
    expect(approve.to.toLowerCase()).toBe(dev.token.address.toLowerCase());
    expect(approve.data).toBe(encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [ex.router, amount] }));
    expect((await send(me, approve)).status).toBe('success');
    expect(await source.allowance({ network, token: LKD, owner: me })).toBe(amount);
    const tx2 = await source.swapTransaction({ network, quote: q2, slippage: 0.5, user: me, deadline });
    expect(tx2.value).toBe(0n);
    const eth0 = await clients.client.getBalance({ address: me });
    const receipt = await send(me, tx2);
    expect(receipt.status).toBe('success');
    expect((await clients.client.getBalance({ address: me })) - eth0 + receipt.gasUsed * receipt.effectiveGasPrice).toBe(q2.amountOut);
  });

  it('a price move past the slippage: the swap of either source, built for the old quote, fails the estimate with INSUFFICIENT_OUTPUT_AMOUNT', async () => {
    const me = dev.accounts[7]!;
    const deadline = Math.floor(Date.now() / 1000) + 600;
    const q = await onchain.quote({ network, from: ETH, to: LKD, amountIn: parseEther('1'), user: me });
    const tx = await onchain.swapTransaction({ network, quote: q, slippage: 1, user: me, deadline });
    const qa = await api.quote({ network, from: ETH, to: LKD, amountIn: parseEther('1'), user: me });
    // someone buys 20 ETH of LKD first
    const [, out] = await routerOut(parseEther('20'), [ex.weth, dev.token.address]);
    const mover = dev.accounts[2]!;
    await clients.waitFor(
      await clients.wallet(mover).writeContract({ address: ex.router, abi: ROUTER, functionName: 'swapExactETHForTokens', args: [out!, [ex.weth, dev.token.address], mover, BigInt(deadline)], value: parseEther('20'), gas: 300_000n } as never),
    );
    const reader = new ChainReader(httpTransport(node.url, { retryCount: 0 }));
    await expect(reader.estimateGas({ from: me, ...tx })).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/);
    // built without estimate (as the client asks) for the quoted amount: the client's estimate, before the wallet, refuses it
    const built = await api.swapTransaction({ network, quote: qa, slippage: 1, user: me, deadline });
    expect(built.amountOutMin).toBe(minimumReceived(qa.amountOut, 1));
    await expect(reader.estimateGas({ from: me, ...built })).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/);
  });
});
