/**
 * Swaps end to end, in Debian's Chromium on the demo stack: the dev wallet (anvil's account 0)
 * swaps ETH for the dev token LKD on the stack's Uniswap V2 and back, from the modal, and every
 * figure is checked on the chain.
 * - "Swap 0.1 ETH for LKD" (the demo's host button) opens the Swap view with swap arguments; the
 *   quote comes from the data service (the aggregator source); a declined signature, then the swap;
 * - LKD → ETH from the Account view's "Swap" button, through the Approve step;
 * - with the on-chain source (`?swapSource=onchain`): the pool moves between the quote and the
 *   click, and the swap is refused with the slippage message before the wallet is asked; a new
 *   quote then swaps.
 * Balances are asserted on the chain, and in the Account view's Tokens tab (portfolio plugin, over
 * the data service) before and after each swap: the tab shows the new balances at once, not
 * those its 30 s cache held from before the swap.
 *
 * The worker's shared stack and one browser for the file; each test a fresh browser context.
 */
import type { Page } from 'playwright-core';
import { encodeFunctionData, formatEther, formatUnits, getAddress, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import { DEV_WALLET_NAME } from '../../samples/dev-wallet/eip6963';
import { formatBalance } from '../../ui/formatting';
import { saveArtifact } from '../support/artifacts';
import type { TestStack } from '../support/stack';
import { eventually } from '../support/eventually';
import { connectWalletButton, gotoReady, jsonRpc, useStackAndBrowser } from './support/stackBrowser';
import { instrumentWallets, walletCallsOf } from './support/walletCalls';

jest.setTimeout(60_000);

const AXE_PATH = require.resolve('axe-core/axe.min.js');
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
]);
const ERC20 = parseAbi(['function balanceOf(address) view returns (uint256)']);

let stack: TestStack;
let page: Page;
let rpcUrl: string;
let lkd: Address;
let user: Address;

// declared before useStackAndBrowser's hooks so that it runs before the test's context is closed
afterEach(async () => {
  if (page && expect.getState().currentTestName) {
    // a picture of where each test ended, for failures
    await page.screenshot().then((png) => saveArtifact(`e2e/swaps-${expect.getState().currentTestName!.slice(0, 40).replace(/\W+/g, '-')}.png`, png)).catch(() => undefined);
  }
});

const e2e = useStackAndBrowser(async (ready) => {
  stack = ready.stack;
  rpcUrl = stack.chains[0]!.rpcUrl;
  lkd = stack.tokens[0]!.address;
  [user] = ((await rpc('eth_accounts')) as Address[]).map((a) => getAddress(a));
});

// ---------------------------------------------------------------- helpers

const rpc = (method: string, params: unknown[] = []): Promise<any> => jsonRpc(rpcUrl, method, params);

async function ethCall(to: Address, data: string): Promise<string> {
  return rpc('eth_call', [{ to, data }, 'latest']);
}

const lkdBalance = async (a: Address) => BigInt(await ethCall(lkd, encodeFunctionData({ abi: ERC20, functionName: 'balanceOf', args: [a] })));
const ethBalance = async (a: Address) => BigInt(await rpc('eth_getBalance', [a, 'latest']));

/** What the router gives now for `amountIn` along `path` (its own getAmountsOut). */
async function routerOut(amountIn: bigint, path: Address[]): Promise<bigint> {
  const data = await ethCall(stack.exchange.router, encodeFunctionData({ abi: ROUTER, functionName: 'getAmountsOut', args: [amountIn, path] }));
  return BigInt(`0x${data.slice(-64)}`);
}


const dialog = () => page.getByRole('dialog');
const swapDialog = () => page.getByRole('dialog', { name: 'Swap' });
const received = () => swapDialog().getByLabel('Amount received');
const walletCalls = (): Promise<string[]> => walletCallsOf(page);

const accountDialog = () => page.getByRole('dialog', { name: 'Account' });

/** Waits until the Account view's Tokens tab (portfolio plugin) shows `eth` and `lkdAmount` (3 decimals, as the tab rounds). */
async function tokensTabShows(eth: bigint, lkdAmount: bigint): Promise<void> {
  const list = accountDialog().getByRole('list', { name: 'Token balances' });
  const amount = (symbol: string) => list.locator(`[data-testid="token-balance"][data-symbol="${symbol}"] [data-testid="token-amount"]`).textContent();
  const symbol = stack.tokens[0]!.symbol;
  // well inside the 30 s the tab's balances are cached
  await eventually(async () => {
    expect(await amount('ETH')).toBe(`${formatBalance(formatEther(eth), 3)} ETH`);
    expect(await amount(symbol)).toBe(`${formatBalance(formatUnits(lkdAmount, 18), 3)} ${symbol}`);
  }, 5_000);
}

/** Opens the Account view from the account button (the Tokens tab first). */
async function openAccount(): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`${user.slice(0, 4)}`) }).first().click();
  await accountDialog().waitFor();
}

async function openDemo(query = ''): Promise<void> {
  page = await e2e.newPage({ viewport: { width: 1024, height: 900 } });
  await page.addInitScript(instrumentWallets, { record: true });
  await gotoReady(page, `${stack.demoUrl}${query}`, ['__devWallet', '__latchkey']);
  await connectWalletButton(page).click();
  await dialog().getByRole('button', { name: DEV_WALLET_NAME }).click();
  await eventually(async () => expect((await page.getByTestId('account-address').textContent())?.trim()).toBe(user));
  await dialog().waitFor({ state: 'detached' });
}

/** Waits until the view shows a quote (the details list) and returns the amount it shows. */
async function quoteShown(): Promise<string> {
  await swapDialog().getByText('Minimum received').waitFor({ timeout: 15_000 });
  return ((await received().textContent()) ?? '').trim();
}

async function axeScan(label: string): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const results = await page.evaluate(async () => {
    const r = await (window as any).axe.run(document.querySelector('[role=dialog]'));
    return r.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n: any) => `${n.target.join(' ')}: ${n.failureSummary}`) }));
  });
  const others = results.filter((v: any) => v.impact !== 'serious' && v.impact !== 'critical');
  if (others.length) console.log(`axe (${label}): minor/moderate findings:\n${JSON.stringify(others, null, 2)}`);
  expect(results.filter((v: any) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
}

/**
 * Waits for the swap's outcome: the "Swapped …" snackbar. A refusal (the Swap view's alert or an
 * error snackbar) fails at once with what the visitor reads, and a wait that ends with neither
 * says where the view stood (its status line, the wallet's calls), not only that a text was missing.
 */
async function swapped(text: string | RegExp): Promise<void> {
  const done = page.getByText(text, typeof text === 'string' ? { exact: true } : undefined);
  const refused = swapDialog().getByRole('alert').or(page.locator('.lk-snackbar[data-open][data-variant="error"]'));
  try {
    await done.or(refused).first().waitFor();
  } catch (err) {
    const seen = await swapDialog().innerText({ timeout: 1_000 }).catch(() => '(no Swap view)');
    throw new Error(`no swap outcome: ${(err as Error).message.split('\n')[0]}\nSwap view: ${seen.replace(/\s+/g, ' ')}\nwallet calls: ${(await walletCalls().catch(() => [])).join(', ')}`);
  }
  if (!(await done.isVisible())) throw new Error(`the swap was refused: ${(await refused.first().innerText()).trim()}`);
}

// ---------------------------------------------------------------- tests

describe('swaps on the local Uniswap V2, from the modal', () => {
  it('"Swap 0.1 ETH for LKD" opens the Swap view with the arguments; a declined signature, then the swap; balances change on the chain as quoted and in the Tokens tab at once', async () => {
    await openDemo();
    const symbol = stack.tokens[0]!.symbol;
    // the Tokens tab before: its balances are now in the 30 s cache
    await openAccount();
    await tokensTabShows(await ethBalance(user), await lkdBalance(user));
    await page.keyboard.press('Escape');
    await accountDialog().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Swap 0.1 ETH for ${symbol}` }).click();
    const view = swapDialog();
    await view.waitFor();
    const amount = view.getByRole('textbox', { name: /Amount/ });
    expect(await amount.inputValue()).toBe('0.1');
    await view.getByRole('button', { name: symbol, exact: true }).waitFor();
    expect(await view.getByRole('button', { name: 'ETH', exact: true }).count()).toBe(1);
    const expected = await routerOut(parseEther('0.1'), [stack.exchange.weth, lkd]);
    expect(await quoteShown()).toBe(formatBalance(formatUnits(expected, 18), 6));
    expect(await view.getByText('Price impact').locator('xpath=following-sibling::*').textContent()).toBe('0.10%');
    expect(await view.getByText('Minimum received').locator('xpath=following-sibling::*').textContent()).toBe(`${formatBalance(formatUnits((expected * 99n) / 100n, 18), 6)} ${symbol}`);
    expect(await view.getByText(/^Slippage: 1%/).count()).toBe(1);
    expect(await view.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await axeScan('Swap view with a quote');
    // and in the dark theme (the secondary button's contrast failed there)
    await page.evaluate(() => (window as any).__latchkey.theme.setThemeMode('dark'));
    await axeScan('Swap view with a quote, dark');
    await page.evaluate(() => (window as any).__latchkey.theme.setThemeMode('light'));
    saveArtifact('e2e/swaps-quote.png', await page.screenshot());

    const [lkd0, eth0] = await Promise.all([lkdBalance(user), ethBalance(user)]);
    // the wallet says no first
    await page.evaluate(() => ((window as any).__devWallet.rejectNext = true));
    await view.getByRole('button', { name: 'Swap', exact: true }).click();
    await view.getByRole('alert').getByText('Signature declined').waitFor();
    expect(await lkdBalance(user)).toBe(lkd0);

    await view.getByRole('button', { name: 'Swap', exact: true }).click();
    const shown = formatUnits(expected, 18).slice(0, 12);
    await swapped(`Swapped ETH to ${shown} ${symbol}`);
    await page.getByRole('dialog', { name: 'Account' }).waitFor();
    expect((await lkdBalance(user)) - lkd0).toBe(expected);
    const spent = eth0 - (await ethBalance(user));
    expect(spent).toBeGreaterThan(parseEther('0.1'));
    expect(spent).toBeLessThan(parseEther('0.101')); // 0.1 and the network fee
    // the Account view shows the new native balance, and its Tokens tab both new balances
    await accountDialog().getByText(`${formatBalance(formatEther(await ethBalance(user)), 3)} ETH`, { exact: true }).first().waitFor();
    await tokensTabShows(await ethBalance(user), lkd0 + expected);
    const calls = await walletCalls();
    expect(calls.filter((m) => m === 'eth_sendTransaction')).toHaveLength(2); // declined, then sent
  });

  it('LKD → ETH from the Account view: the Approve step, then Swap; LKD down by the amount, ETH up by the quote, on the chain and in the Tokens tab', async () => {
    await openDemo();
    await openAccount();
    await tokensTabShows(await ethBalance(user), await lkdBalance(user));
    await accountDialog().getByRole('button', { name: 'Swap', exact: true }).click();
    const view = swapDialog();
    await view.waitFor();
    // pay LKD, receive ETH
    // the direction switch is an icon button of the set, named
    // (the view's form renders once its tokens are read: wait for the button before counting its icons)
    const flip = view.getByRole('button', { name: 'Switch tokens', exact: true });
    await flip.waitFor();
    expect(await flip.locator('svg.lk-icon').count()).toBe(1);
    await view.getByRole('button', { name: 'ETH', exact: true }).click();
    // the modal's token chooser (shared with Send): each row with its mark and, for a held token, the balance in its name
    const chooser = view.getByRole('dialog', { name: 'Select a token' });
    await chooser.getByRole('button', { name: /^ETH\b.*\d$/ }).first().waitFor();
    expect(await chooser.getByRole('list', { name: 'Tokens' }).locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).src.length > 0))).toBe(true);
    await view.getByRole('textbox', { name: 'Search tokens' }).fill('LKD');
    await view.getByRole('button', { name: /^LKD / }).click();
    await view.getByRole('button', { name: 'Select token' }).click();
    await view.getByRole('group', { name: 'Suggested tokens' }).getByRole('button', { name: 'ETH', exact: true }).click();
    await view.getByRole('textbox', { name: /Amount/ }).fill('100');
    const amountIn = parseUnits('100', 18);
    const expected = await routerOut(amountIn, [lkd, stack.exchange.weth]);
    expect(await quoteShown()).toBe(formatBalance(formatUnits(expected, 18), 6));
    const approve = view.getByRole('button', { name: 'Approve', exact: true });
    await approve.waitFor();
    expect(await view.getByRole('button', { name: 'Swap', exact: true }).isDisabled()).toBe(true);
    const [lkd0, eth0] = await Promise.all([lkdBalance(user), ethBalance(user)]);
    await approve.click();
    await approve.waitFor({ state: 'detached', timeout: 15_000 });
    await eventually(async () => expect(await view.getByRole('button', { name: 'Swap', exact: true }).isEnabled()).toBe(true));
    const allowance = BigInt(await ethCall(lkd, `0xdd62ed3e${user.slice(2).toLowerCase().padStart(64, '0')}${stack.exchange.router.slice(2).toLowerCase().padStart(64, '0')}`));
    expect(allowance).toBe(amountIn); // the exact amount, not unlimited
    await view.getByRole('button', { name: 'Swap', exact: true }).click();
    await swapped(/^Swapped LKD to /);
    expect(lkd0 - (await lkdBalance(user))).toBe(amountIn);
    await tokensTabShows(await ethBalance(user), lkd0 - amountIn);
    const gained = (await ethBalance(user)) - eth0;
    // the output less the gas of two transactions
    expect(gained).toBeLessThan(expected);
    expect(gained).toBeGreaterThan(expected - parseEther('0.002'));
  });

  it('on-chain quotes: the pool moves past the slippage between the quote and the click: refused with the clear message, nothing sent; a new quote swaps', async () => {
    await openDemo('?swapSource=onchain');
    await page.getByRole('button', { name: `Swap 0.1 ETH for ${stack.tokens[0]!.symbol}` }).click();
    const view = swapDialog();
    const before = await quoteShown();
    const lkd0 = await lkdBalance(user);
    // someone else (anvil's account 3) buys 20 ETH of LKD: the price moves ~35 %
    const [, , , mover] = (await rpc('eth_accounts')) as Address[];
    const out = await routerOut(parseEther('20'), [stack.exchange.weth, lkd]);
    const hash = await rpc('eth_sendTransaction', [
      {
        from: mover,
        to: stack.exchange.router,
        value: `0x${parseEther('20').toString(16)}`,
        gas: '0x493e0',
        data: encodeFunctionData({ abi: ROUTER, functionName: 'swapExactETHForTokens', args: [out, [stack.exchange.weth, lkd], mover!, BigInt(Math.floor(Date.now() / 1000) + 600)] }),
      },
    ]);
    await eventually(async () => expect((await rpc('eth_getTransactionReceipt', [hash]))?.status).toBe('0x1'));
    const sends = (await walletCalls()).filter((m) => m === 'eth_sendTransaction').length;

    await view.getByRole('button', { name: 'Swap', exact: true }).click();
    const alert = view.getByRole('alert');
    await alert.getByText('The price moved more than your slippage tolerance').waitFor();
    expect(await alert.textContent()).toContain('less than the minimum allowed by 1% slippage');
    expect(await view.getByRole('button', { name: 'Swap', exact: true }).isDisabled()).toBe(true);
    expect((await walletCalls()).filter((m) => m === 'eth_sendTransaction').length).toBe(sends);
    expect(await lkdBalance(user)).toBe(lkd0);
    saveArtifact('e2e/swaps-slippage.png', await page.screenshot());

    await alert.getByRole('button', { name: 'Get a new quote' }).click();
    await alert.waitFor({ state: 'detached' });
    const after = ((await received().textContent()) ?? '').trim();
    expect(Number(after)).toBeLessThan(Number(before) * 0.8);
    const expected = await routerOut(parseEther('0.1'), [stack.exchange.weth, lkd]);
    expect(after).toBe(formatBalance(formatUnits(expected, 18), 6));
    await view.getByRole('button', { name: 'Swap', exact: true }).click();
    await swapped(/^Swapped ETH to /);
    expect((await lkdBalance(user)) - lkd0).toBe(expected);
  });
});
