/**
 * What you see is what you sign, in Chromium, as a malicious dapp page would try it: the page posts the
 * frame protocol's messages itself (testing/pages.ts) to the real frame, service and anvil (with the
 * dev stack's LKD token). A hidden unlimited approve, as wallet_sendCalls and as eth_sendTransaction,
 * is shown decoded with its warning (the approval's text is asserted); the `input` alias that used to
 * carry it unseen is refused; an absurd page fee is refused before anything is shown; invisible and
 * direction-changing characters in a message are shown as code points.
 */
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, encodeFunctionData, http, maxUint256, parseGwei, type Address, type Hex } from 'viem';
import { launchBrowser } from '../../tests/support/chromium';
import { getFreePorts } from '../../tests/support/ports';
import { startAnvil, type Anvil } from './testing/anvil';
import { approvalText as readApproval, approve, openApproval, reject, type Approval } from './testing/frame-driver';
import { startTestPages, type TestPages } from './testing/pages';
import { latestCode, startServiceProcess, type ServiceProcess } from './testing/service';
import { deployTestToken, TOKEN_ABI, type TestToken } from './testing/token';

const PROJECT_ID = 'wysiwys-e2e';
const ATTACKER: Address = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0';
const DEAD: Address = '0x000000000000000000000000000000000000dEaD';

// one step = prepare (simulation, estimates, token reads) + the approval's visibility guard + sign, in a
// browser on a 2-core machine shared with other test runs
jest.setTimeout(20_000);

let anvil: Anvil;
let service: ServiceProcess;
let pages: TestPages;
let browser: Browser;
let token: TestToken;
let page: Page;
let dapp: string;
let me: Address;

interface Reply {
  type: string;
  payload?: any;
}

const request = (name: string, payload?: unknown): Promise<Reply> => page.evaluate(([n, p]) => (window as any).request(n, p), [name, payload] as const);
const rpc = (method: string, params: unknown[]) => request('RPC_REQUEST', { method, params, chainId: 31337, chainNamespace: 'eip155' });
const frame = () => page.frameLocator('#w');
const hiddenApprove = () => encodeFunctionData({ abi: TOKEN_ABI, functionName: 'approve', args: [ATTACKER, maxUint256] });
const nonce = () => createPublicClient({ transport: http(anvil.url) }).getTransactionCount({ address: me, blockTag: 'pending' });

let current: Approval | undefined;

/**
 * The approval's text as the visitor reads it (in the frame, or in the wallet window where the frame
 * sends transactions by default), its folded parts opened.
 */
async function approvalText(unfold = true): Promise<string> {
  current ??= await openApproval(frame(), page.context());
  return readApproval(current, unfold);
}

/** The frame's answer to a request it must refuse, or 'an approval was shown' when it asks the visitor instead. */
function refusedOutright(pending: Promise<Reply>): Promise<Reply | 'an approval was shown'> {
  const shown = frame().getByRole('dialog').waitFor({ timeout: 15_000 }).then(() => 'an approval was shown' as const, () => new Promise<never>(() => undefined));
  return Promise.race([pending, shown]);
}

async function decide(button: 'Approve' | 'Reject', pending: Promise<Reply>): Promise<Reply> {
  await (button === 'Approve' ? approve : reject)(current!);
  current = undefined;
  const reply = await pending;
  await frame().getByRole('dialog').waitFor({ state: 'detached' });
  return reply;
}

beforeAll(async () => {
  const [port] = await getFreePorts(1);
  dapp = `http://127.0.0.1:${port}`;
  [anvil, pages, browser] = await Promise.all([startAnvil(31337), startTestPages([port!]), launchBrowser()]);
  [service, token] = await Promise.all([
    startServiceProcess({
      WALLET_DEV: '1',
      WALLET_DATA_DIR: ':memory:',
      WALLET_PROJECTS: JSON.stringify([{ projectId: PROJECT_ID, origins: [dapp] }]),
      WALLET_CHAINS: JSON.stringify([{ chainId: 31337, name: 'Anvil', rpcUrl: anvil.url }]),
      WALLET_LOG: '0',
    }),
    deployTestToken(anvil.url),
  ]);
  page = await (await browser.newContext()).newPage();
  page.on('pageerror', (err) => console.warn(`page error: ${err.message}`));
  const frameUrl = `${service.url}/frame?projectId=${PROJECT_ID}&chainId=31337`;
  await page.goto(`${dapp}/parent.html?frame=${encodeURIComponent(frameUrl)}`);
  await page.evaluate(() => (window as any).waitFor('@w3m-frame/READY'));
  const email = 'victim@example.com';
  expect((await request('CONNECT_EMAIL', { email })).type).toBe('@w3m-frame/CONNECT_EMAIL_SUCCESS');
  expect((await request('CONNECT_OTP', { otp: await latestCode(service.url, email) })).type).toBe('@w3m-frame/CONNECT_OTP_SUCCESS');
  me = (await request('GET_USER', { chainId: 31337 })).payload.address;
  await page.evaluate(() => (window as any).showFrame(true));
}, 120_000);

afterEach(async () => {
  current = undefined;
  // a test that ended mid-approval (a failed assertion) leaves no approval open for the next one
  await page.evaluate(() => (window as any).post({ type: '@w3m-app/RPC_ABORT' }));
  await frame().getByRole('dialog').waitFor({ state: 'detached' });
});

afterAll(async () => {
  await browser?.close();
  await Promise.allSettled([service?.stop(), anvil?.stop(), pages?.stop()]);
}, 30_000);

describe('a hidden unlimited approve', () => {
  it('sent as wallet_sendCalls with `input` (the old blind spot) is refused; with `data` it is shown decoded with its warning', async () => {
    const viaInput = await refusedOutright(rpc('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: me, calls: [{ to: DEAD, value: '0x0' }, { to: token.address, value: '0x0', input: hiddenApprove() }] }]));
    expect(viaInput).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'wallet_sendCalls: call 2: "input" is not accepted: send the calldata as "data" (and only there)' } });
    expect(await frame().getByRole('dialog').count()).toBe(0);

    const pending = rpc('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: me, calls: [{ to: DEAD, value: '0x0' }, { to: token.address, value: '0x0', data: hiddenApprove() }] }]);
    const text = await approvalText();
    console.log(`approval of a hidden unlimited approve (wallet_sendCalls):\n${text}`);
    expect(text).toContain(`Call 2: Unlimited approval: ${ATTACKER} can spend all your LKD (${token.address}), now and later.`);
    expect(text).toMatch(new RegExp(`Call 2 of 2: Allow spending of LKD\\s+TO\\s+${token.address}`, 'i'));
    expect(text).toMatch(new RegExp(`SPENDER\\s+${ATTACKER}\\s+ALLOWANCE\\s+Unlimited LKD`, 'i'));
    expect(text).toMatch(/MAX NETWORK FEE\s+0\.\d+ ETH/i);
    expect(text).toMatch(/RESULT\s+Succeeds/i);
    expect(await decide('Reject', pending)).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR', payload: { message: 'User rejected the request.' } });
    expect(await token.allowance(me, ATTACKER)).toBe(0n);
  });

  it('sent as eth_sendTransaction is shown decoded with its warning, and what is approved is exactly what lands on the chain', async () => {
    const pending = rpc('eth_sendTransaction', [{ from: me, to: token.address, value: '0x0', data: hiddenApprove() }]);
    // compact: the decoded call's calldata is folded behind "Raw data"; opened, it is there in full
    const folded = await approvalText(false);
    expect(current!.in).toBe('window'); // a transaction is approved in the wallet window by default
    expect(folded).toContain('Raw data (68 bytes)');
    expect(folded).not.toContain(hiddenApprove());
    const text = await approvalText();
    console.log(`approval of a hidden unlimited approve (eth_sendTransaction):\n${text}`);
    expect(text).toContain(hiddenApprove());
    expect(text.split('\n')[0]).toBe('Send transaction');
    expect(text).toContain(`Unlimited approval: ${ATTACKER} can spend all your LKD (${token.address}), now and later.`);
    expect(text).toMatch(new RegExp(`SPENDER\\s+${ATTACKER}\\s+ALLOWANCE\\s+Unlimited LKD`, 'i'));
    const reply = await decide('Approve', pending);
    expect(reply.type).toBe('@w3m-frame/RPC_REQUEST_SUCCESS');
    const sent = await createPublicClient({ transport: http(anvil.url) }).waitForTransactionReceipt({ hash: reply.payload as Hex, pollingInterval: 50 });
    expect(sent.status).toBe('success');
    expect(await token.allowance(me, ATTACKER)).toBe(maxUint256);
  });
});

describe('fees and text', () => {
  it('refuses an absurd page fee before anything is shown; the nonce and balance stay', async () => {
    const chain = createPublicClient({ transport: http(anvil.url) });
    const [balance, before] = await Promise.all([chain.getBalance({ address: me }), nonce()]);
    const absurd = await refusedOutright(rpc('eth_sendTransaction', [{ from: me, to: DEAD, value: '0x0', gas: '0x5208', gasPrice: `0x${parseGwei('4000000').toString(16)}` }]));
    expect(absurd).toMatchObject({ type: '@w3m-frame/RPC_REQUEST_ERROR' });
    expect((absurd as Reply).payload.message).toMatch(/^eth_sendTransaction: gasPrice \(4000000 gwei\) is more than 3 times the network's current fee \([\d.]+ gwei\): refused$/);
    expect(await frame().getByRole('dialog').count()).toBe(0);
    expect([await chain.getBalance({ address: me }), await nonce()]).toEqual([balance, before]);
  });

  it('shows the network fee the service priced, and the page\'s when it is within the bound', async () => {
    const pending = rpc('eth_sendTransaction', [{ from: me, to: DEAD, value: '0x0', maxFeePerGas: `0x${parseGwei('1').toString(16)}`, maxPriorityFeePerGas: '0x1' }]);
    const text = await approvalText();
    expect(text).toMatch(/MAX NETWORK FEE\s+0\.000021 ETH/i);
    expect(text).toMatch(/MAX FEE PER GAS\s+1 gwei \(priority 0\.000000001 gwei\)/i);
    expect(await decide('Reject', pending)).toMatchObject({ payload: { message: 'User rejected the request.' } });
  });

  it('shows bidi and zero-width characters in a message as code points, with a warning', async () => {
    const message = 'Sign in to \u202eelgoog\u202c.com\u200b';
    const pending = rpc('personal_sign', [`0x${Buffer.from(message).toString('hex')}`, me]);
    const text = await approvalText();
    expect(current!.in).toBe('frame'); // personal_sign stays in the frame where IntersectionObserver v2 proves it visible
    expect(text).toContain('Some text contains invisible or direction-changing characters: they are shown as ⟨U+…⟩.');
    expect(text).toContain('Sign in to ⟨U+202E⟩elgoog⟨U+202C⟩.com⟨U+200B⟩');
    expect(text).not.toMatch(/[\u202e\u202c\u200b]/);
    expect(await decide('Reject', pending)).toMatchObject({ payload: { message: 'User rejected the request.' } });
  });

  it('refuses a sign-in message (EIP-4361) for another site before anything is shown, and shows one for this app', async () => {
    const siwe = (domain: string, uri: string) =>
      `${domain} wants you to sign in with your Ethereum account:\n${me}\n\nSign in.\n\nURI: ${uri}\nVersion: 1\nChain ID: 31337\nNonce: 32891756\nIssued At: 2026-11-27T09:00:00Z`;
    const hex = (text: string) => `0x${Buffer.from(text).toString('hex')}`;
    const foreign = await refusedOutright(rpc('personal_sign', [hex(siwe('bank.example', 'https://bank.example/login')), me]));
    expect(foreign).toMatchObject({
      type: '@w3m-frame/RPC_REQUEST_ERROR',
      payload: { message: `personal_sign: refused: this sign-in message (EIP-4361) is for "bank.example", not for this app (${dapp})` },
    });
    expect(await frame().getByRole('dialog').count()).toBe(0);
    const own = rpc('personal_sign', [hex(siwe(new URL(dapp).host, `${dapp}/login`)), me]);
    expect(await approvalText()).toContain(`${new URL(dapp).host} wants you to sign in with your Ethereum account:`);
    expect(await decide('Reject', own)).toMatchObject({ payload: { message: 'User rejected the request.' } });
  });
});
