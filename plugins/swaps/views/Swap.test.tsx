/**
 * The Swap view in the modal (jsdom) over a fake node with one Uniswap V2 pool
 * (testing/fakeChain.ts) and a wallet whose sends run on it: the view opened with swap
 * arguments, the quote and its details, the swap, the Approve step, token choosers, slippage,
 * and the states for no route, insufficient balance, quote expired, price moved and declined.
 */
import '../testing/jsdomGlobals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { decodeFunctionData, formatUnits, getAddress, parseAbi } from 'viem';
import { BlockchainApi, createKernel, type CaipNetwork, type Connector, type EvmTransactionRequest, type Kernel, type PluginManifest } from 'latchkey';
import { LatchkeyProvider } from 'latchkey/react';
import { MemoryStorage } from '../../../kernel/testing/fakeAdapter';
import { CHAIN_ICONS, monogram, tokenMark } from 'latchkey/ui/icons';
import { swapsPlugin, Swaps, type SwapsConfig } from '../index';
import { FAKE, FakeV2Chain, jsonResponse } from '../testing/fakeChain';
import { FakeAdapter } from '../../../kernel/testing/fakeAdapter';
import { evmNetwork } from '../../../kernel/testing/networks';

const E18 = 10n ** 18n;
const anvil = evmNetwork(31337, 'Anvil', 'http://fake.chain/');
const goerli = evmNetwork(5, 'Goerli', 'http://fake.chain/');
const ROUTER_ABI = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function approve(address spender, uint256 amount)',
]);

let chain: FakeV2Chain;

/** An eip155 wallet adapter whose transactions run on the fake chain; `rejectNext` declines once (4001). */
export class FakeChainWallet extends FakeAdapter {
  rejectNext = false;
  readonly sent: EvmTransactionRequest[] = [];

  constructor(private readonly chain: FakeV2Chain) {
    super('eip155', { address: FAKE.user, chainId: 31337 });
  }

  override async sendTransaction(args: { connector: Connector; network: CaipNetwork; address: string; request: EvmTransactionRequest }) {
    this.sent.push(args.request);
    if (this.rejectNext) {
      this.rejectNext = false;
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    }
    return this.chain.send({ from: args.address, to: args.request.to, data: args.request.data ?? '0x', value: args.request.value ?? 0n });
  }
}

let wallet: FakeChainWallet;
/** A stand-in for the blockchain API's balance endpoint (GET /v1/account/{address}/balance), when a test sets one. */
let balanceApi: (() => unknown) | undefined;

async function setup(options: Record<string, unknown> = {}, chainId = 31337, source?: 'onchain', config: Partial<SwapsConfig> = {}) {
  balanceApi = undefined;
  chain = new FakeV2Chain();
  wallet = new FakeChainWallet(chain);
  wallet.script.chainId = chainId;
  const walletPlugin: PluginManifest = { id: 'wallet', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [wallet] }) };
  const kernel = createKernel({
    options: {
      projectId: 'p',
      networks: [anvil, goerli],
      features: { analytics: false },
      tokens: { 'eip155:31337': { address: FAKE.lkd } },
      ...options,
    },
    plugins: [walletPlugin, swapsPlugin({ exchanges: { 'eip155:31337': { router: FAKE.router, factory: FAKE.factory, weth: FAKE.weth } }, ...(source ? { source } : {}), ...config })],
    environment: {
      window: undefined,
      document: undefined,
      localStorage: new MemoryStorage(),
      isMobile: () => false,
      fetch: async (url: string, init?: RequestInit) => (balanceApi && /\/v1\/account\/[^/]+\/balance\?/.test(url) ? jsonResponse(JSON.stringify(balanceApi())) : chain.fetch(url, init)),
    },
  });
  kernel.connectors.add({ id: 'io.test', name: 'Test Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: {}, installed: true, info: { rdns: 'io.test' } });
  render(<LatchkeyProvider kernel={kernel}>{null}</LatchkeyProvider>);
  await act(async () => kernel.connection.connect({ connectorId: 'io.test' }));
  return kernel;
}

async function openSwap(kernel: Kernel, data?: { fromToken?: string; toToken?: string; amount?: string }) {
  await act(async () => kernel.modal.open({ view: 'Swap', data }));
  await screen.findByRole('heading', { name: 'Swap' });
}

/** Waits (past the 300 ms debounce) until the quote shows. */
const quoted = () => screen.findByText('Minimum received', {}, { timeout: 3000 });
const received = () => within(screen.getByRole('group', { name: 'You receive' })).getByLabelText('Amount received').textContent;

describe('the Swap view', () => {
  it('opens with swap arguments, quotes with the router formula, shows impact, minimum and fee, and swaps through the wallet', async () => {
    const kernel = await setup();
    await openSwap(kernel, { fromToken: 'ETH', toToken: 'LKD', amount: '0.1' });
    expect((screen.getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('0.1');
    expect(await screen.findByRole('button', { name: 'LKD' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ETH' })).toBeTruthy();
    await quoted();
    const out = FakeV2Chain.out(E18 / 10n, 100n * E18, 240_000n * E18);
    expect(out).toBe(239_041_675_449_576_771_958n);
    expect(received()).toBe('239.041675'); // six decimals, cut
    expect(screen.getByText('Minimum received').nextElementSibling!.textContent).toBe('236.651258 LKD'); // 1 % below, rounded down
    expect(screen.getByText('Price impact').nextElementSibling!.textContent).toBe('0.10%');
    expect(screen.getByText('Network fee').nextElementSibling!.textContent).toBe('≈ 0.00015 ETH'); // 150 000 gas at 1 gwei
    expect(screen.getByText('Rate').nextElementSibling!.textContent).toBe('1 ETH = 2390.416754 LKD');
    expect(screen.getByText('Slippage: 1% (default)')).toBeTruthy();
    expect(screen.getByText('Balance: 10000 ETH')).toBeTruthy();
    expect(screen.getByText('Balance: 1025 LKD')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Swap' }));
    expect(await screen.findByText('Swapped ETH to 239.04167544 LKD')).toBeTruthy();
    const [tx] = wallet.sent;
    expect(tx!.to.toLowerCase()).toBe(FAKE.router);
    expect(tx!.value).toBe(E18 / 10n);
    expect(tx!.gas).toBe(150_000n); // the node's estimate (120 000) + 25 %
    const call = decodeFunctionData({ abi: ROUTER_ABI, data: tx!.data as `0x${string}` });
    expect(call.functionName).toBe('swapExactETHForTokens');
    expect(call.args[0]).toBe((out * 99n) / 100n);
    expect(chain.lkd.get(FAKE.user)).toBe(1_025n * E18 + out);
    // done: back to the Account view
    expect(await screen.findByRole('dialog', { name: 'Account' })).toBeTruthy();
  });

  it("with a blockchain API: after the swap its balances are read again until its index shows the chain's LKD, then the Account view; its cache holds them", async () => {
    const kernel = await setup({ blockchainApiUrl: 'http://api.test' }, 31337, 'onchain');
    const before = chain.lkd.get(FAKE.user)!;
    const reads: bigint[] = [];
    let lagging = 2; // the index is two reads behind the chain after the swap
    balanceApi = () => {
      const swapped = chain.lkd.get(FAKE.user)! !== before;
      const lkd = swapped && lagging-- > 0 ? before : chain.lkd.get(FAKE.user)!;
      reads.push(lkd);
      const row = (symbol: string, address: string, amount: bigint) => ({ name: symbol, symbol, chainId: 'eip155:31337', address, price: 0, iconUrl: '', quantity: { decimals: '18', numeric: formatUnits(amount, 18) } });
      return { balances: [row('ETH', 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', chain.eth.get(FAKE.user)!), row('LKD', `eip155:31337:${getAddress(FAKE.lkd)}`, lkd)] };
    };
    await openSwap(kernel, { fromToken: 'ETH', toToken: 'LKD', amount: '0.1' });
    await quoted();
    const readsBefore = reads.length;
    fireEvent.click(screen.getByRole('button', { name: 'Swap' }));
    const account = await screen.findByRole('dialog', { name: 'Account' }, { timeout: 5000 });
    // the outcome goes with the visitor to the Account view (raised before the wait, it showed in the Swap view and went with it)
    expect(await within(account).findByText('Swapped ETH to 239.04167544 LKD')).toBeTruthy();
    const after = chain.lkd.get(FAKE.user)!;
    expect(after).not.toBe(before);
    // two stale answers, then the chain's: the view waited for it
    expect(reads.slice(readsBefore)).toEqual([before, before, after]);
    // what the Tokens tab reads next (not forced) comes from the renewed cache, without a request
    const cached = await kernel.get<BlockchainApi>(BlockchainApi).balances({ address: FAKE.user, caipNetworkId: 'eip155:31337' });
    expect(cached.find((b) => b.symbol === 'LKD')!.quantity.numeric).toBe(formatUnits(after, 18));
    expect(reads.length).toBe(readsBefore + 3);
  }, 15_000); // two real 500 ms settle waits and the Account view's chunk

  it('LKD → ETH: Approve first (the exact amount, sent to the token), then Swap', async () => {
    const kernel = await setup();
    await openSwap(kernel, { fromToken: 'LKD', toToken: 'ETH', amount: '100' });
    await quoted();
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect((screen.getByRole('button', { name: 'Swap' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(approve);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
    const [approval] = wallet.sent;
    expect(approval!.to.toLowerCase()).toBe(FAKE.lkd);
    expect(decodeFunctionData({ abi: ROUTER_ABI, data: approval!.data as `0x${string}` }).args).toEqual([expect.stringMatching(new RegExp(FAKE.router, 'i')), 100n * E18]);
    expect(chain.allowances.get(FAKE.user)).toBe(100n * E18);
    const swap = screen.getByRole('button', { name: 'Swap' }) as HTMLButtonElement;
    expect(swap.disabled).toBe(false);
    fireEvent.click(swap);
    await screen.findByText(/^Swapped LKD to 0\.0415244/);
    expect(chain.lkd.get(FAKE.user)).toBe(925n * E18);
    expect(decodeFunctionData({ abi: ROUTER_ABI, data: wallet.sent[1]!.data as `0x${string}` }).functionName).toBe('swapExactTokensForETH');
  });

  it('a price move past the slippage is refused before the wallet is asked, with the clear message and a way to a new quote', async () => {
    const kernel = await setup();
    await openSwap(kernel, { fromToken: 'ETH', toToken: 'LKD', amount: '1' });
    await quoted();
    chain.movePrice(20n * E18);
    fireEvent.click(screen.getByRole('button', { name: 'Swap' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The price moved more than your slippage tolerance');
    expect(alert.textContent).toContain('less than the minimum allowed by 1% slippage');
    expect(wallet.sent).toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Swap' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(alert).getByRole('button', { name: 'Get a new quote' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(Number(received())).toBeLessThan(1700); // the new price
  });

  it('a declined signature shows "Signature declined" and the swap can be tried again', async () => {
    const kernel = await setup();
    await openSwap(kernel, { fromToken: 'ETH', toToken: 'LKD', amount: '0.5' });
    await quoted();
    wallet.rejectNext = true;
    fireEvent.click(screen.getByRole('button', { name: 'Swap' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Signature declined');
    expect(chain.lkd.get(FAKE.user)).toBe(1_025n * E18);
    const swap = screen.getByRole('button', { name: 'Swap' }) as HTMLButtonElement;
    expect(swap.disabled).toBe(false);
    fireEvent.click(swap);
    await screen.findByText(/^Swapped ETH to/);
  });

  it('insufficient balance, no route, and an amount that is not a number', async () => {
    const kernel = await setup();
    await openSwap(kernel, { fromToken: 'ETH', toToken: 'LKD', amount: '20000' });
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain('Insufficient balance');
    expect((screen.getByRole('button', { name: 'Swap' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '1,5' } });
    expect(screen.getByRole('alert').textContent).toContain('Incorrect amount');

    // a token found by its pasted address, with no pool
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'LKD' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Search tokens' }), { target: { value: FAKE.lonely } });
    fireEvent.click(await screen.findByRole('button', { name: 'LONE Lonely Token' }));
    expect(screen.getByRole('button', { name: 'LONE' })).toBeTruthy();
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain('No route for this swap');
  });

  it('a quote older than 30 s is expired at Swap: nothing is sent', async () => {
    const kernel = await setup();
    await openSwap(kernel, { fromToken: 'ETH', toToken: 'LKD', amount: '0.1' });
    await quoted();
    const now = Date.now();
    const spy = jest.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Swap' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Quote expired');
      expect(wallet.sent).toHaveLength(0);
    } finally {
      spy.mockRestore();
    }
  });

  it.each([
    ['javascript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['https://tokens.test/lkd.png', 'https://tokens.test/lkd.png'],
  ] as const)("puts a token's logo on its button only through the image filter: %s", async (logoUri, shown) => {
    const kernel = await setup({}, 31337, undefined, { tokens: { 'eip155:31337': [{ address: `eip155:31337:${getAddress(FAKE.lkd)}`, symbol: 'LKD', name: 'Latchkey Dev Token', decimals: 18, logoUri }] } });
    await openSwap(kernel, { fromToken: 'ETH', toToken: 'LKD' });
    const button = await screen.findByRole('button', { name: 'LKD' });
    expect(button.querySelector('img')?.getAttribute('src') ?? null).toBe(shown);
  });

  it("a token that calls itself USDC (a host's or a pasted one, no logo) shows its monogram, never USDC's mark; the native currency its network's", async () => {
    const kernel = await setup({}, 31337, undefined, { tokens: { 'eip155:31337': [{ address: `eip155:31337:${getAddress(FAKE.lkd)}`, symbol: 'USDC', name: 'USD Coin', decimals: 18 }] } });
    await openSwap(kernel, { fromToken: 'ETH', toToken: 'USDC' });
    const usdc = await screen.findByRole('button', { name: 'USDC' });
    expect(usdc.querySelector('img')?.getAttribute('src')).toBe(monogram('USDC'));
    expect(usdc.querySelector('img')?.getAttribute('src')).not.toBe(tokenMark({ symbol: 'USDC', chainId: 'eip155:1', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }));
    expect(screen.getByRole('button', { name: 'ETH' }).querySelector('img')?.getAttribute('src')).toBe(CHAIN_ICONS.local);
  });

  it('token choosers: suggested picks (the host token first), search, picking the other side flips; focus back on the side\'s button after a pick or Cancel', async () => {
    const kernel = await setup();
    await openSwap(kernel, {});
    const chooserButton = await screen.findByRole('button', { name: 'Select token' });
    fireEvent.click(chooserButton);
    // the button says what it opens: its aria-haspopup is the role of the chooser's panel
    expect(screen.getByRole('dialog', { name: 'Select a token' }).getAttribute('role')).toBe(chooserButton.getAttribute('aria-haspopup'));
    const suggested = screen.getByRole('group', { name: 'Suggested tokens' });
    expect(within(suggested).getAllByRole('button').map((b) => b.textContent)).toEqual(['LKD', 'ETH']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search tokens' }), { target: { value: 'latch' } });
    fireEvent.click(await screen.findByRole('button', { name: 'LKD Latchkey Dev Token' }));
    expect(screen.getByRole('button', { name: 'ETH' })).toBeTruthy();
    // focus is back on the button that opened the chooser (a keyboard user goes on from there)
    expect(document.activeElement).toBe(within(screen.getByRole('group', { name: 'You receive' })).getByRole('button', { name: 'LKD' }));
    // choosing ETH as what is received swaps the two sides
    fireEvent.click(screen.getByRole('button', { name: 'LKD' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Suggested tokens' })).getByRole('button', { name: 'ETH' }));
    expect(within(screen.getByRole('group', { name: 'You pay' })).getByRole('button', { name: 'LKD' })).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'You receive' })).getByRole('button', { name: 'ETH' })).toBeTruthy();
    expect(document.activeElement).toBe(within(screen.getByRole('group', { name: 'You receive' })).getByRole('button', { name: 'ETH' }));
    // Cancel returns focus to the side it was opened from too
    fireEvent.click(within(screen.getByRole('group', { name: 'You pay' })).getByRole('button', { name: 'LKD' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(screen.getByRole('group', { name: 'You pay' })).getByRole('button', { name: 'LKD' }));
    fireEvent.click(screen.getByRole('button', { name: 'Switch tokens' }));
    expect(within(screen.getByRole('group', { name: 'You pay' })).getByRole('button', { name: 'ETH' })).toBeTruthy();
  });

  it('slippage setting: 0.5 % raises the minimum received; an out-of-range custom value is refused', async () => {
    const kernel = await setup();
    await openSwap(kernel, { fromToken: 'ETH', toToken: 'LKD', amount: '0.1' });
    await quoted();
    fireEvent.click(screen.getByRole('button', { name: 'Slippage settings' }));
    fireEvent.click(screen.getByRole('button', { name: '0.5%' }));
    expect(screen.getByText('Slippage: 0.5%')).toBeTruthy();
    expect(screen.getByText('Minimum received').nextElementSibling!.textContent).toBe('237.846467 LKD');
    fireEvent.change(screen.getByRole('textbox', { name: 'Custom slippage (%)' }), { target: { value: '75' } });
    expect(screen.getByText('Slippage must be above 0% and at most 50%')).toBeTruthy();
    expect(screen.getByText('Slippage: 0.5%')).toBeTruthy();
  });

  it('the Account view has a "Swap" button (wallet features); features.swaps false hides it; other networks say swaps are not available', async () => {
    const kernel = await setup();
    await act(async () => kernel.modal.open());
    const dialog = await screen.findByRole('dialog', { name: 'Account' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Swap' }));
    expect(await screen.findByRole('heading', { name: 'Swap' })).toBeTruthy();
    await act(async () => kernel.modal.close());

    document.body.innerHTML = '';
    const off = await setup({ features: { analytics: false, swaps: false } });
    await act(async () => off.modal.open());
    const account = await screen.findByRole('dialog', { name: 'Account' });
    expect(within(account).queryByRole('button', { name: 'Swap' })).toBeNull();
    await act(async () => off.modal.close());

    document.body.innerHTML = '';
    const elsewhere = await setup({}, 5);
    await openSwap(elsewhere, { fromToken: 'ETH', toToken: 'LKD', amount: '1' });
    expect((await screen.findByRole('alert')).textContent).toContain('Swaps are not available on Goerli');
  });
});

describe("the Swap view in the visitor's language", () => {
  it('quotes in Spanish: its title, groups, details, slippage and buttons', async () => {
    const kernel = await setup({ locale: 'es' });
    await act(async () => kernel.modal.open({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'LKD', amount: '0.1' } }));
    await screen.findByRole('heading', { name: 'Intercambiar' });
    await screen.findByText('Mínimo recibido', {}, { timeout: 3000 });
    expect(within(screen.getByRole('group', { name: 'Recibes' })).getByLabelText('Cantidad recibida').textContent).toBe('239.041675');
    expect(screen.getByRole('textbox', { name: 'Cantidad de ETH' })).toBeTruthy();
    expect(screen.getByText('Impacto en el precio').nextElementSibling!.textContent).toBe('0.10%');
    expect(screen.getByText('Deslizamiento: 1% (predeterminado)')).toBeTruthy();
    expect(screen.getByText('Saldo: 10000 ETH')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Intercambiar' })).toBeTruthy();
    // the service's snackbar, raised as a catalogue entry, reads Spanish in the modal (English in its state)
    fireEvent.click(screen.getByRole('button', { name: 'Intercambiar' }));
    expect(await screen.findByText('ETH intercambiado por 239.04167544 LKD')).toBeTruthy();
    expect(kernel.snackbar.state.message).toBe('Swapped ETH to 239.04167544 LKD');
  });

  it('the token chooser in Spanish', async () => {
    const kernel = await setup({ locale: 'es' });
    await act(async () => kernel.modal.open({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'LKD', amount: '0.1' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'LKD' }));
    expect((await screen.findByRole('textbox', { name: 'Buscar tokens' })).getAttribute('placeholder')).toBe('Busca un nombre o pega una dirección');
  });

  it("shows the typed errors' texts in Spanish (their spec texts stay English in the error objects)", async () => {
    const kernel = await setup({ locale: 'es' });
    await act(async () => kernel.modal.open({ view: 'Swap', data: { fromToken: 'ETH', toToken: 'LKD', amount: '20000' } }));
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    await waitFor(() => expect(alert.textContent).toBe('Saldo insuficienteNo hay suficiente ETH para esta cantidad y la comisión de red.'));
    expect(kernel.get<Swaps>(Swaps).state.error?.shortMessage).toBe('Insufficient balance');
    fireEvent.change(screen.getByRole('textbox', { name: 'Cantidad de ETH' }), { target: { value: '1,5' } });
    expect(screen.getByRole('alert').textContent).toBe('Cantidad incorrectaIntroduce una cantidad positiva.');
  });

  it('asks to connect in Arabic when no wallet is connected', async () => {
    const kernel = await setup({ locale: 'ar' });
    await act(async () => kernel.connection.disconnect());
    await act(async () => kernel.modal.open({ view: 'Swap' }));
    expect(await screen.findByText('اربط محفظة للمبادلة.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ربط محفظة' })).toBeTruthy();
  });
});
