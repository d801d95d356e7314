/**
 * Solana, Bitcoin and multi-chain wallets in Debian's Chromium on the demo stack (the local
 * Solana chain over litesvm, the dev wallets that register only through wallet-standard):
 * - the Solana dev wallet connects through the modal, signs the demo message (verified here
 *   with node:crypto's ed25519, and by the page) and sends 0.01 SOL on the local chain (seen
 *   on the chain and in the balance the page shows);
 * - the Bitcoin dev wallet connects, signs a message (BIP-322, verified here) and a PSBT
 *   (verified against @scure/btc-signer's sighashes);
 * - "Latchkey Dev Wallet" (EIP-6963 for EVM, wallet-standard for Solana, one name) is one
 *   multi-chain entry that connects both namespaces; switching EVM ↔ Solana keeps both
 *   accounts without a prompt; a reload restores both.
 * One stack and one browser for the file; a fresh browser context per test.
 */
import { createPublicKey, verify } from 'node:crypto';
import { base58, hex } from '@scure/base';
import { SigHash, TEST_NETWORK, Transaction as BtcTransaction, p2wpkh } from '@scure/btc-signer';
import type { Page } from 'playwright-core';
import { formatUnits } from '../../kernel/units';
import accounts from '../../samples/dev-wallet/accounts.json';
import { decodeSegwitAddress, verifyBip322Simple, verifyEcdsa } from '../../samples/dev-wallet/testing/btcVerify';
import { eventually } from '../support/eventually';
import { connectWalletButton, gotoReady, jsonRpc, useStackAndBrowser } from './support/stackBrowser';

jest.setTimeout(30_000);

const DEMO_MESSAGE = 'Hello from the Latchkey demo';
const BITCOIN_TESTNET_ID = '000000000933ea01ad0ee984209779ba';
const SOL_0 = accounts.solana[0]!.address; // Latchkey Dev Wallet
const SOL_1 = accounts.solana[1]!.address; // Solana Dev Wallet
const BTC_PAYMENT = accounts.bitcoin.testnet.payment.address;

let page: Page;
let solanaId: string;
const e2e = useStackAndBrowser(({ stack }) => {
  solanaId = stack.solana.caipNetworkId.slice('solana:'.length);
});

async function openDemo(reuse = false): Promise<Page> {
  if (!reuse) page = await e2e.newPage();
  await gotoReady(page, e2e.stack.demoUrl, ['__devWallets', '__latchkey']);
  return page;
}

const dialog = () => page.getByRole('dialog');
const textOf = async (testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').trim();
const attrOf = async (testId: string, name: string) => page.getByTestId(testId).getAttribute(name);
const kernelAccount = (ns: string) => page.evaluate((n) => (window as any).__latchkey.account.get(n), ns);

const solanaRpc = (method: string, params: unknown[] = []): Promise<any> => jsonRpc(e2e.stack.solana.rpcUrl, method, params);

/** What the page shows for a lamport amount (the kernel's formatUnits, 9 decimals). */
const sol = (n: number) => `${formatUnits(BigInt(n), 9)} SOL`;
const lamports = async (address: string): Promise<number> => (await solanaRpc('getBalance', [address, { commitment: 'confirmed' }])).value;

function ed25519Verify(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey)]);
  return verify(null, message, createPublicKey({ key: spki, format: 'der', type: 'spki' }), signature);
}

/** Connect Wallet → the wallet's entry in the modal; waits until the demo shows `address`. */
async function connectThroughModal(walletName: string, address: string): Promise<void> {
  await connectWalletButton(page).click();
  await dialog().getByRole('button', { name: walletName }).click();
  await eventually(async () => expect(await textOf('account-address')).toBe(address));
  await dialog().waitFor({ state: 'detached' });
}

it('Solana: connects the Solana dev wallet through the modal, signs the demo message (ed25519) and sends 0.01 SOL on the local chain', async () => {
  await openDemo();
  await connectThroughModal('Solana Dev Wallet', SOL_1);
  expect(await textOf('account-status')).toBe('connected');
  expect(await textOf('network-name')).toBe('Solana Local');
  const before = await lamports(SOL_1);
  await eventually(async () => expect(await textOf('account-balance')).toBe(sol(before)));

  await page.getByRole('button', { name: 'Sign message' }).click();
  await eventually(async () => expect(await attrOf('sign-result', 'data-status')).toBe('done'));
  const signature = (await attrOf('sign-result', 'data-signature'))!;
  expect(await attrOf('sign-result', 'data-verified')).toBe('true');
  expect(ed25519Verify(new TextEncoder().encode(DEMO_MESSAGE), base58.decode(signature), base58.decode(SOL_1))).toBe(true);

  const receiverBefore = await lamports(SOL_0);
  await page.getByRole('button', { name: 'Send 0.01 SOL' }).click();
  await eventually(async () => expect(await attrOf('send-result', 'data-status')).toBe('done'));
  const txSignature = (await attrOf('send-result', 'data-hash'))!;
  const status = (await solanaRpc('getSignatureStatuses', [[txSignature]])).value[0];
  expect(status).toMatchObject({ err: null });
  expect(await lamports(SOL_0)).toBe(receiverBefore + 10_000_000);
  const after = await lamports(SOL_1);
  expect(after).toBe(before - 10_000_000 - 5000);
  await eventually(async () => expect(await textOf('account-balance')).toBe(sol(after)));
});

it('Bitcoin: connects the Bitcoin dev wallet, signs a message (BIP-322) and a PSBT that verify; a payment says no node is configured', async () => {
  await openDemo();
  await connectThroughModal('Bitcoin Dev Wallet', BTC_PAYMENT);
  expect(await textOf('network-name')).toBe('Bitcoin Testnet');
  expect(await textOf('account-balance')).toBe('—'); // no balance source here

  await page.getByRole('button', { name: 'Sign message' }).click();
  await eventually(async () => expect(await attrOf('sign-result', 'data-status')).toBe('done'));
  const signature = Buffer.from((await attrOf('sign-result', 'data-signature'))!, 'base64');
  expect(verifyBip322Simple(BTC_PAYMENT, new TextEncoder().encode(DEMO_MESSAGE), signature)).toBe(true);
  expect(await attrOf('sign-result', 'data-verified')).toBe('true');

  // a PSBT spending a (made-up) output of the payment address, signed through the kernel in the page
  const allAccounts = (await kernelAccount('bip122')).allAccounts as { address: string; publicKey: string; type: string }[];
  const payment = allAccounts.find((a) => a.type === 'payment')!;
  const pay = p2wpkh(hex.decode(payment.publicKey), TEST_NETWORK);
  const dest = decodeSegwitAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
  const psbt = new BtcTransaction();
  psbt.addInput({ txid: '44'.repeat(32), index: 1, witnessUtxo: { script: pay.script, amount: 80_000n } });
  psbt.addOutput({ script: dest.script, amount: 70_000n });
  const signedBase64: string = await page.evaluate(
    async ({ psbt, address }) => {
      const k = (window as any).__latchkey;
      const s = await k.connection.session('bip122', 'signPsbt');
      return (await s.adapter.signPsbt({ ...s, request: { psbt, signInputs: { [address]: [0] } } })).psbt;
    },
    { psbt: Buffer.from(psbt.toPSBT()).toString('base64'), address: BTC_PAYMENT },
  );
  const signed = BtcTransaction.fromPSBT(Buffer.from(signedBase64, 'base64'));
  const scriptCode = hex.decode(`76a914${hex.encode(pay.script.subarray(2))}88ac`);
  const [pub, sig] = signed.getInput(0).partialSig![0]!;
  expect(hex.encode(pub)).toBe(payment.publicKey);
  expect(verifyEcdsa(sig, pub, signed.preimageWitnessV0(0, scriptCode, SigHash.ALL, 80_000n))).toBe(true);

  await page.getByRole('button', { name: 'Send 0.0001 BTC' }).click();
  await eventually(async () => expect(await attrOf('send-result', 'data-status')).toBe('error'));
  expect(await textOf('send-result')).toBe('Bitcoin transfer unavailable');
});

it('multi-chain: "Latchkey Dev Wallet" is one entry that connects EVM and Solana; switching keeps both accounts without a prompt; a reload restores both', async () => {
  await openDemo();
  const [evmAddress] = (await jsonRpc(e2e.stack.chains[0]!.rpcUrl, 'eth_accounts')) as string[];
  await connectWalletButton(page).click();
  // one entry for both chains, read once the list has taken in the wallet's announcements (count() does not wait)
  await eventually(async () => expect(await dialog().getByRole('button', { name: 'Latchkey Dev Wallet' }).count()).toBe(1));
  await dialog().getByRole('button', { name: 'Latchkey Dev Wallet' }).click();
  await eventually(async () => expect((await textOf('account-address')).toLowerCase()).toBe(evmAddress!.toLowerCase()));
  await dialog().waitFor({ state: 'detached' });
  await eventually(async () => expect(await kernelAccount('solana')).toMatchObject({ status: 'connected', address: SOL_0 }));
  expect(await textOf('network-name')).toBe(e2e.stack.chains[0]!.name);

  // From now on any wallet prompt would fail: switching must not need one.
  await page.evaluate(() => {
    (window as any).__devWallet.rejectAll = true;
    (window as any).__devWallets.latchkeySolana.rejectAll = true;
  });
  await page.getByTestId(`switch-${solanaId}`).click();
  await eventually(async () => expect(await textOf('network-name')).toBe('Solana Local'));
  expect(await textOf('account-address')).toBe(SOL_0);
  await eventually(async () => expect(await textOf('account-balance')).toMatch(/ SOL$/));
  expect((await kernelAccount('eip155')).address.toLowerCase()).toBe(evmAddress!.toLowerCase());

  await page.getByTestId(`switch-${e2e.stack.chains[0]!.chainId}`).click();
  await eventually(async () => expect(await textOf('network-name')).toBe(e2e.stack.chains[0]!.name));
  expect((await textOf('account-address')).toLowerCase()).toBe(evmAddress!.toLowerCase());
  expect(await textOf('account-balance')).toMatch(/ ETH$/);
  expect(await kernelAccount('solana')).toMatchObject({ status: 'connected', address: SOL_0 });
  expect(await page.getByTestId('switch-result').count()).toBe(0); // no switch failed

  // Back on Solana, then a reload: both come back, Solana still the one shown.
  await page.getByTestId(`switch-${solanaId}`).click();
  await eventually(async () => expect(await textOf('account-address')).toBe(SOL_0));
  await openDemo(true);
  await eventually(async () => {
    expect(await kernelAccount('eip155')).toMatchObject({ status: 'connected' });
    expect(await kernelAccount('solana')).toMatchObject({ status: 'connected', address: SOL_0 });
    expect(await textOf('account-address')).toBe(SOL_0);
    expect(await textOf('network-name')).toBe('Solana Local');
  });
  expect(await page.getByTestId(`switch-${BITCOIN_TESTNET_ID}`).count()).toBe(1); // one network list across namespaces
});
