/**
 * The Account view's plugins in Debian's Chromium on the demo stack (anvil with the dev ERC-20
 * and ERC-721, the data service, the demo with the EVM dev wallet announced through EIP-6963):
 * Tokens (the funded account's ETH and LKD), NFTs, Activity paged as it scrolls, Receive (the
 * QR's rendered pixels read back to the address by an independent reader), a name registered
 * and then shown on the account button, and balances read from the chain without the API (EVM:
 * ETH and the tokens option's LKD; Solana: SOL from the local Solana chain).
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { encodeFunctionData, formatEther, formatUnits, getAddress, hexToBigInt, parseAbi, parseUnits, type Address, type Hex } from 'viem';
import devAccounts from '../../samples/dev-wallet/accounts.json';
import { formatBalance, formatTokenValue, truncateAddress } from '../../ui/formatting';
import { launchBrowser } from '../support/chromium';
import { saveArtifact } from '../support/artifacts';
import { startTestStack, type TestStack } from '../support/stack';
import { readQr } from '../support/qr';
import { eventually } from '../support/eventually';

jest.setTimeout(45_000);

const WALLET_NAME = 'Latchkey Dev Wallet';
const AXE_PATH = require.resolve('axe-core/axe.min.js');
/** Transfers added to the account's history so that Activity has more than one page (20). */
const EXTRA_TRANSFERS = 25;
/** The anvil account this file's dev wallet uses (no other file uses it). */
const ACCOUNT_INDEX = 6;
/** What the seeding below calls on the dev ERC-20 and ERC-721. */
const DEV_ABI = parseAbi(['function transfer(address to, uint256 value) returns (bool)', 'function totalSupply() view returns (uint256)', 'function mint(address to) returns (uint256)']);
/** The NFT ids minted to the account in beforeAll. */
let nftIds: bigint[] = [];

let stack: TestStack;
let browser: Browser;
let context: BrowserContext | undefined;
let page: Page;
let account: Address;
let rpcUrl: string;

async function rpc<T = any>(method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

const ethBalance = async () => formatEther(BigInt(await rpc<string>('eth_getBalance', [account, 'latest'])));

beforeAll(async () => {
  // The worker's shared stack, and an account of this file's own there (ACCOUNT_INDEX: the other files
  // use account 0 and send to accounts 1-3): the tests read its state exactly, so it gets here what
  // account 0 gets on a fresh stack beside its 1000 LKD grant: 25 LKD from account 1 and NFTs
  // minted to it (three), then the transfers below.
  [stack, browser] = await Promise.all([startTestStack(), launchBrowser()]);
  rpcUrl = stack.chains.find((c) => c.chainId === 31337)!.rpcUrl;
  const accounts = await rpc<Address[]>('eth_accounts');
  account = getAddress(accounts[ACCOUNT_INDEX]!);
  const [token, nft] = [stack.tokens[0]!, stack.nfts[0]!];
  const minter = accounts[accounts.length - 1]!; // the deployer (samples/contracts/deploy.ts)
  const hashes: Hex[] = [];
  const send = async (tx: { from: Address; to: Address; data?: Hex; value?: Hex }) => void hashes.push(await rpc<Hex>('eth_sendTransaction', [tx]));
  await send({ from: accounts[1]!, to: token.address, data: encodeFunctionData({ abi: DEV_ABI, functionName: 'transfer', args: [account, parseUnits('25', token.decimals)] }) });
  const supply = hexToBigInt(await rpc<Hex>('eth_call', [{ to: nft.address, data: encodeFunctionData({ abi: DEV_ABI, functionName: 'totalSupply' }) }, 'latest']));
  nftIds = [1n, 2n, 3n].map((i) => supply + i);
  for (let i = 0; i < 3; i++) await send({ from: minter, to: nft.address, data: encodeFunctionData({ abi: DEV_ABI, functionName: 'mint', args: [account] }) });
  // 0.01 ETH each
  for (let i = 0; i < EXTRA_TRANSFERS; i++) await send({ from: accounts[5]!, to: account, value: '0x2386f26fc10000' });
  // until the data service has indexed the blocks that hold them: anvil answers eth_sendTransaction with
  // the hash before it has mined the block (the CI run of ec672cb read a head two blocks short and the
  // history had 28 of its 30 transactions), so the target is the highest block of their receipts
  let head = 0;
  await eventually(async () => {
    const receipts = await Promise.all(hashes.map((h) => rpc<{ blockNumber: Hex } | null>('eth_getTransactionReceipt', [h])));
    expect(receipts.every((r) => r !== null)).toBe(true);
    head = Math.max(...receipts.map((r) => Number.parseInt(r!.blockNumber, 16)));
  }, 20_000);
  await eventually(async () => {
    const health = (await (await fetch(`${stack.dataServiceUrl}/health`)).json()) as { indexer: { chains: { chainId: string; indexed: number }[] } };
    expect(health.indexer.chains.find((c) => c.chainId === 'eip155:31337')!.indexed).toBeGreaterThanOrEqual(head);
  }, 20_000);
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
}, 30_000);

afterEach(async () => {
  // What the page showed at the end of each test (artifacts/, for a failure's post-mortem).
  const name = (expect.getState().currentTestName ?? 'test').replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  const shot = await page?.screenshot().catch(() => undefined);
  if (shot) saveArtifact(`e2e/account-plugins/${name}.png`, shot);
  await context?.close();
  context = undefined;
});

const dialog = () => page.getByRole('dialog');

/** The demo, connected with the dev wallet; the Account view open. */
async function openAccount(query = '', viewport = { width: 1024, height: 800 }): Promise<Locator> {
  context = await browser.newContext({ reducedMotion: 'reduce', viewport });
  page = await context.newPage();
  await page.goto(`${stack.demoUrl}${query}`);
  await page.waitForFunction(() => Boolean((window as any).__devWallet && (window as any).__latchkey));
  await page.evaluate((i) => (window as any).__devWallet.selectAccount(i), ACCOUNT_INDEX);
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
  await dialog().getByRole('button', { name: WALLET_NAME }).click();
  await eventually(async () => expect((await page.getByTestId('account-address').textContent())?.trim()).toBe(account));
  await dialog().waitFor({ state: 'detached' });
  // The account button shows the address, or the account's name once the name test has registered one and its
  // lookup has answered (which, on a loaded machine, may come before this click).
  const shown = new RegExp(`${truncateAddress(account).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|\\.latchkey\\.id`);
  await page.getByRole('button', { name: shown }).click();
  const modal = page.getByRole('dialog', { name: 'Account' });
  await modal.waitFor();
  return modal;
}

/** axe-core on the open dialog: no serious or critical violation. */
async function axeScan(): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const r = await (window as any).axe.run(document.querySelector('[role=dialog]'));
    return r.violations.filter((v: any) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => `${v.id}: ${v.nodes.map((n: any) => `${n.target.join(' ')} (${n.failureSummary})`).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

const rows = async (list: Locator) => (await list.getByRole('listitem').allTextContents()).map((t) => t.trim());

describe('the Account view plugins on the demo stack', () => {
  it("Tokens: the funded account's ETH and the dev ERC-20 (LKD), balances to 3 decimals and values to 2", async () => {
    const modal = await openAccount();
    const tabs = await modal.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Tokens', 'NFTs', 'Activity']);
    expect(await modal.getByRole('tab', { name: 'Tokens' }).getAttribute('aria-selected')).toBe('true');
    const list = modal.getByRole('list', { name: 'Token balances' });
    await list.waitFor();
    const eth = await ethBalance();
    const lkd = stack.tokens[0]!;
    expect(eth).toBe('10000.25');
    expect(await rows(list)).toEqual([
      `Ether${formatBalance(eth, 3)} ETH$${formatTokenValue(Number(eth) * 3000, 2)}`,
      `${lkd.name}1025 ${lkd.symbol}$${formatTokenValue(1025 * 1.25, 2)}`,
    ]);
    // icons come from the data service and load
    await eventually(async () => expect(await list.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0))).toEqual([true, true]));
    await axeScan();
  });

  it('NFTs: the dev ERC-721 holdings with their images', async () => {
    const modal = await openAccount();
    await modal.getByRole('tab', { name: 'NFTs' }).click();
    const grid = modal.getByRole('list', { name: 'NFTs' });
    await grid.waitFor();
    const nft = stack.nfts[0]!;
    await eventually(async () => {
      const images = await grid.locator('img').evaluateAll((imgs) => imgs.map((i) => [(i as HTMLImageElement).alt, (i as HTMLImageElement).naturalWidth > 0]));
      expect(images).toEqual(nftIds.map((id) => [`${nft.name} #${id}`, true]));
    });
    await axeScan();
  });

  it("Activity: the account's transactions on the connected chain, the next page loading as the list scrolls", async () => {
    const modal = await openAccount();
    await modal.getByRole('tab', { name: 'Activity' }).click();
    const list = modal.getByRole('list', { name: 'Transactions' });
    await list.waitFor();
    await eventually(async () => expect(await list.getByRole('listitem').count()).toBe(20));
    const history = (await (await fetch(`${stack.dataServiceUrl}/v1/account/${account}/history?projectId=e2e&chainId=eip155:31337&limit=100`)).json()) as { data: { id: string }[] };
    expect(await list.getByRole('listitem').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-id')))).toEqual(history.data.slice(0, 20).map((t) => t.id));
    // scroll the list to its end: the next page comes
    await modal.getByTestId('activity-more').scrollIntoViewIfNeeded();
    await eventually(async () => expect(await list.getByRole('listitem').count()).toBe(history.data.length));
    expect(history.data.length).toBe(EXTRA_TRANSFERS + 5); // + the stack's 1000 LKD grant, 25 LKD from account 1, three LKEY minted
    expect(await modal.getByTestId('activity-more').count()).toBe(0);
    expect((await rows(list))[0]).toMatch(/^Received\+0\.01 ETH/);
    await axeScan();
  });

  it('on a 390 px phone: the features in one even row of icon-and-label buttons inside the card; copy, explorer and Disconnect are 44 px icon buttons', async () => {
    const modal = await openAccount('', { width: 390, height: 844 });
    const group = modal.getByRole('group', { name: 'Wallet features' });
    await group.waitFor();
    const layout = await group.evaluate((g) => {
      const card = g.closest('.lk-card')!.getBoundingClientRect();
      const buttons = [...g.querySelectorAll(':scope > button, :scope > .lk-more > button')].map((b) => {
        const r = b.getBoundingClientRect();
        const label = b.querySelector('.lk-feature-label') as HTMLElement;
        return {
          top: Math.round(r.top),
          width: Math.round(r.width),
          inside: r.left >= card.left && r.right <= card.right,
          icon: b.querySelector('svg.lk-icon') !== null,
          // no clipped text: the label fits its button
          fits: label.scrollWidth <= label.clientWidth + 1 && r.width >= label.getBoundingClientRect().width,
        };
      });
      return { buttons, left: Math.round(g.getBoundingClientRect().left - card.left), right: Math.round(card.right - g.getBoundingClientRect().right) };
    });
    expect(layout.buttons).toHaveLength(5);
    expect(new Set(layout.buttons.map((b) => b.top)).size).toBe(1); // one row
    expect(Math.max(...layout.buttons.map((b) => b.width)) - Math.min(...layout.buttons.map((b) => b.width))).toBeLessThanOrEqual(1); // even
    expect(layout.buttons.every((b) => b.inside && b.icon && b.fits)).toBe(true);
    expect(Math.abs(layout.left - layout.right)).toBeLessThanOrEqual(1); // equal side margins
    for (const name of ['Copy address', 'Disconnect']) {
      const box = (await modal.getByRole('button', { name, exact: true }).boundingBox())!;
      expect([Math.round(box.width), Math.round(box.height)]).toEqual([44, 44]);
    }
    // the tabs carry the set's icons before their names
    expect(await modal.getByRole('tab').evaluateAll((tabs) => tabs.map((t) => t.querySelector('svg.lk-icon')?.getAttribute('aria-hidden')))).toEqual(['true', 'true', 'true']);
    await axeScan();
  });

  it('Receive: the address and a QR code whose rendered pixels read back to it', async () => {
    const modal = await openAccount();
    // the Account view's feature buttons in the default order of docs/modal.md#account-view (onramp, swaps, receive, send), then the names plugin's
    const features = await modal.getByRole('group', { name: 'Wallet features' }).getByRole('button').allTextContents();
    expect(features.map((t) => t.trim())).toEqual(['Buy', 'Swap', 'Receive', 'Send', 'Choose name']);
    await modal.getByRole('button', { name: 'Receive' }).click();
    const view = page.getByRole('dialog', { name: 'Receive' }); // the dialog is named by its view
    await view.waitFor();
    expect((await view.getByTestId('receive-address').textContent())?.trim()).toBe(account);
    const qr = view.getByRole('img', { name: /QR code/ });
    const png = await qr.screenshot();
    // The browser decodes its own screenshot into pixels (sent back as one dark/light character
    // each: a 160,000-number array takes seconds to cross the protocol); the test's reader does the rest.
    const shot = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const { width, height, data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let dark = '';
      for (let i = 0; i < data.length; i += 4) dark += (data[i]! + data[i + 1]! + data[i + 2]!) / 3 < 128 ? '1' : '0';
      return { width, height, dark };
    }, png.toString('base64'));
    const data = new Uint8Array(shot.dark.length * 4).fill(255);
    for (let i = 0; i < shot.dark.length; i++) if (shot.dark[i] === '1') data.fill(0, i * 4, i * 4 + 3);
    const pixels = { width: shot.width, height: shot.height, data };
    expect(readQr(pixels)).toBe(account);
    const networks = await rows(view.getByRole('list', { name: 'Networks for this address' }));
    expect(networks).toEqual(stack.chains.map((c) => c.name));
    await axeScan();
  });

  it('a name is registered (signed by the wallet, verified by the data service) and then shown on the account button, also after a reload', async () => {
    const modal = await openAccount();
    await modal.getByRole('button', { name: 'Choose name' }).click();
    const form = page.getByRole('dialog', { name: 'Choose Name' }); // the dialog is named by its view
    await form.waitFor();
    const label = `e2e-${Date.now().toString(36)}`;
    await form.getByRole('textbox', { name: 'Name' }).fill(label);
    // suggestions from the data service as you type: the name itself first, free
    await form.getByRole('button', { name: `${label}.latchkey.id Available` }).waitFor();
    await axeScan();
    await form.getByRole('button', { name: 'Register' }).click();
    const done = page.getByRole('dialog', { name: 'Name Registered' });
    await done.waitFor();
    const name = `${label}.latchkey.id`;
    await done.getByRole('heading', { name }).waitFor();
    await done.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('heading', { name, level: 3 }).waitFor(); // the Account view shows the name
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: new RegExp(name.replace(/\./g, '\\.')) }).waitFor();
    // The reverse lookup: a reload reconnects and finds the name again.
    await page.reload();
    await page.waitForFunction(() => Boolean((window as any).__latchkey));
    await page.getByRole('button', { name: new RegExp(name.replace(/\./g, '\\.')) }).waitFor({ timeout: 15_000 });
  });

  it('without a blockchain API (?blockchainApi=off): ETH and the tokens option\'s LKD read from the chain', async () => {
    const modal = await openAccount('?blockchainApi=off');
    const list = modal.getByRole('list', { name: 'Token balances' });
    await list.waitFor();
    const lkd = stack.tokens[0]!;
    expect(await rows(list)).toEqual([`Ether${formatBalance(await ethBalance(), 3)} ETH`, `${lkd.name}1025 ${lkd.symbol}`]);
    expect(await modal.getByText('Read from the network; no prices without a blockchain API.').count()).toBe(1);
    await modal.getByRole('tab', { name: 'Activity' }).click();
    await modal.getByText('Activity is shown when a blockchain API is configured.').waitFor();
  });

  it('Solana without a blockchain API: the Tokens tab shows the SOL balance read from the local Solana chain (9 decimals)', async () => {
    context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: 1024, height: 800 } });
    page = await context.newPage();
    await page.goto(`${stack.demoUrl}?blockchainApi=off`);
    await page.waitForFunction(() => Boolean((window as any).__devWallets && (window as any).__latchkey));
    const address = devAccounts.solana[1]!.address; // Solana Dev Wallet
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click();
    await dialog().getByRole('button', { name: 'Solana Dev Wallet' }).click();
    await eventually(async () => expect((await page.getByTestId('account-address').textContent())?.trim()).toBe(address));
    await dialog().waitFor({ state: 'detached' });
    const res = await fetch(stack.solana.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
    });
    const lamports = ((await res.json()) as { result: { value: number } }).result.value;
    expect(lamports).toBeGreaterThan(0);
    await page.getByRole('button', { name: new RegExp(truncateAddress(address).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    const modal = page.getByRole('dialog', { name: 'Account' });
    const list = modal.getByRole('list', { name: 'Token balances' });
    await list.waitFor();
    expect(await rows(list)).toEqual([`Solana${formatBalance(formatUnits(BigInt(lamports), 9), 3)} SOL`]);
    // NFTs need a blockchain API
    await modal.getByRole('tab', { name: 'NFTs' }).click();
    await modal.getByText('NFTs are shown when a blockchain API is configured.').waitFor();
    await axeScan();
  });

  it('a send from the Send view moves the ETH on anvil and then appears at the top of Activity', async () => {
    const modal = await openAccount();
    const to = getAddress((await rpc<Address[]>('eth_accounts'))[3]!);
    const before = BigInt(await rpc<string>('eth_getBalance', [to, 'latest']));
    // Activity listed before the send: showing it again reads it again
    await modal.getByRole('tab', { name: 'Activity' }).click();
    await modal.getByRole('list', { name: 'Transactions' }).waitFor();
    expect((await rows(modal.getByRole('list', { name: 'Transactions' })))[0]).not.toMatch(/^Sent-0\.02 ETH/);
    await modal.getByRole('group', { name: 'Wallet features' }).getByRole('button', { name: 'Send' }).click();
    await dialog().getByRole('textbox', { name: /Amount/ }).fill('0.02');
    await dialog().getByRole('textbox', { name: /Address/ }).fill(to);
    // the filled form, in both themes (the token chooser's contrast failed in dark mode)
    await axeScan();
    await page.evaluate(() => (window as any).__latchkey.theme.setThemeMode('dark'));
    await axeScan();
    await page.evaluate(() => (window as any).__latchkey.theme.setThemeMode('light'));
    await dialog().getByRole('button', { name: 'Preview Send' }).click();
    await dialog().getByTestId('send-fee').waitFor();
    await dialog().getByRole('button', { name: 'Send', exact: true }).click();
    await dialog().getByRole('status').filter({ hasText: 'Transaction started' }).waitFor();
    await eventually(async () => expect(BigInt(await rpc<string>('eth_getBalance', [to, 'latest'])) - before).toBe(20_000_000_000_000_000n));
    // back on the Account view; the data service indexes the block, then Activity lists it first
    const account = page.getByRole('dialog', { name: 'Account' });
    const list = account.getByRole('list', { name: 'Transactions' });
    await eventually(async () => {
      await account.getByRole('tab', { name: 'Tokens' }).click();
      await account.getByRole('tab', { name: 'Activity' }).click();
      await list.waitFor();
      expect((await rows(list))[0]).toMatch(/^Sent-0\.02 ETH/);
    }, 15_000);
  });
});
