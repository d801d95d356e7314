/**
 * The dev wallet inside the served demo page, in Chromium, against the real anvil
 * chains: EIP-6963 discovery, real signing by anvil, add-chain to the second chain.
 */
import type { Page } from 'playwright-core';
import { verifyMessage, type Address, type Hex } from 'viem';
import { gotoReady, useStackAndBrowser } from '../../tests/e2e/support/stackBrowser';

// Works on the fallback page too: both install the dev wallet.
const e2e = useStackAndBrowser(undefined, { stack: { requireDemoBuild: false } });
let page: Page;

beforeEach(async () => {
  page = await e2e.newPage();
  await gotoReady(page, e2e.stack.demoUrl, ['__devWallet']);
});

/** Runs `method` on the provider found through EIP-6963 in the page. */
function request(method: string, params?: unknown): Promise<any> {
  return page.evaluate(
    async ({ method, params }) => {
      const found: any[] = [];
      const onAnnounce = (e: Event) => found.push((e as CustomEvent).detail);
      window.addEventListener('eip6963:announceProvider', onAnnounce);
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      window.removeEventListener('eip6963:announceProvider', onAnnounce);
      const provider = found.find((d) => d.info.rdns === 'dev.latchkey.wallet')?.provider;
      if (!provider) throw new Error('dev wallet not announced');
      try {
        return { ok: true, result: await provider.request({ method, params }) };
      } catch (err: any) {
        return { ok: false, code: err.code, message: err.message };
      }
    },
    { method, params },
  );
}

it('is announced only through EIP-6963 with its info', async () => {
  const infos = await page.evaluate(() => {
    const found: any[] = [];
    window.addEventListener('eip6963:announceProvider', (e) => found.push((e as CustomEvent).detail.info));
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    return { found, ethereum: typeof (window as any).ethereum };
  });
  expect(infos.ethereum).toBe('undefined');
  const dev = infos.found.filter((i: any) => i.rdns === 'dev.latchkey.wallet');
  expect(dev).toHaveLength(1);
  expect(dev[0].name).toBe('Latchkey Dev Wallet');
  expect(dev[0].icon).toMatch(/^data:image\/svg\+xml;base64,/);
});

it('connects, signs with anvil (the signature verifies) and sends a transaction', async () => {
  const accounts = await request('eth_requestAccounts');
  expect(accounts.ok).toBe(true);
  const [address] = accounts.result as Address[];
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect((await request('eth_chainId')).result).toBe('0x7a69');

  const message = 'Latchkey dev wallet e2e';
  const hexMessage = `0x${Buffer.from(message).toString('hex')}`;
  const signed = await request('personal_sign', [hexMessage, address]);
  expect(signed.ok).toBe(true);
  expect(await verifyMessage({ address: address!, message, signature: signed.result as Hex })).toBe(true);
  expect(await verifyMessage({ address: address!, message: `${message}!`, signature: signed.result as Hex })).toBe(false);

  const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const before = BigInt((await request('eth_getBalance', [to, 'latest'])).result);
  const sent = await request('eth_sendTransaction', [{ from: address, to, value: '0x2386f26fc10000' }]);
  expect(sent.ok).toBe(true);
  expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/);
  // anvil mines on send, but may answer the send before the receipt is readable: poll briefly.
  let receipt = await request('eth_getTransactionReceipt', [sent.result]);
  for (let i = 0; i < 50 && receipt.result === null; i++) {
    await new Promise((r) => setTimeout(r, 20));
    receipt = await request('eth_getTransactionReceipt', [sent.result]);
  }
  expect(receipt.result.status).toBe('0x1');
  expect(BigInt((await request('eth_getBalance', [to, 'latest'])).result) - before).toBe(10n ** 16n);
});

it('fails with 4902 for chain 1 until it is added, then switches to the second anvil', async () => {
  await request('eth_requestAccounts');
  const unknown = await request('wallet_switchEthereumChain', [{ chainId: '0x1' }]);
  expect(unknown).toMatchObject({ ok: false, code: 4902, message: 'Unrecognized chain ID' });
  await page.evaluate(() => {
    (window as any).__chainEvents = [];
    // the same provider object the EIP-6963 announcement carries
    (window as any).__devWallet.provider.on('chainChanged', (id: string) => (window as any).__chainEvents.push(id));
  });
  const added = await request('wallet_addEthereumChain', [
    { chainId: '0x1', chainName: 'Ethereum (local)', rpcUrls: [e2e.stack.chains[1]!.rpcUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
  ]);
  expect(added.ok).toBe(true);
  expect(await page.evaluate(() => (window as any).__chainEvents)).toEqual(['0x1']);
  expect((await request('eth_chainId')).result).toBe('0x1');
  // reads now reach the chain-1 node
  expect((await request('net_version')).result).toBe('1');
  const block = await request('eth_blockNumber');
  expect(block.ok).toBe(true);
});

it('rejectNext declines with 4001; authorisation survives a reload until revoked', async () => {
  await page.evaluate(() => ((window as any).__devWallet.rejectNext = true));
  expect(await request('eth_requestAccounts')).toMatchObject({ ok: false, code: 4001, message: 'User rejected the request.' });
  const accounts = (await request('eth_requestAccounts')).result;
  await page.reload();
  await page.waitForFunction(() => Boolean((window as any).__devWallet));
  expect((await request('eth_accounts')).result).toEqual(accounts);
  await request('wallet_revokePermissions', [{ eth_accounts: {} }]);
  await page.reload();
  await page.waitForFunction(() => Boolean((window as any).__devWallet));
  expect((await request('eth_accounts')).result).toEqual([]);
});

it('?devWalletReject=1 declines the first approval', async () => {
  await page.goto(`${e2e.stack.demoUrl}?devWalletReject=1`);
  await page.waitForFunction(() => Boolean((window as any).__devWallet));
  expect((await request('eth_requestAccounts')).code).toBe(4001);
  expect((await request('eth_requestAccounts')).ok).toBe(true);
});
