/**
 * The wallet-standard dev wallets inside the served demo page, in Chromium, against the real
 * local Solana chain: found through the wallet-standard register protocol (what
 * @wallet-standard/app's getWallets() does), connect, sign (verified here in Node with
 * node:crypto's ed25519 and a hand-written Bitcoin verifier), send 0.01 SOL, sign a PSBT.
 */
import { createPublicKey, verify } from 'node:crypto';
import { base58 } from '@scure/base';
import { Transaction as BtcTransaction } from '@scure/btc-signer';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/support/chromium';
import { startTestStack, type TestStack } from '../../tests/support/stack';
import accounts from './accounts.json';
import { bip143Sighash, bip341Sighash, verifyBip322Simple, verifyEcdsa, verifySchnorr } from './testing/btcVerify';
import { twoAccountPsbt } from './testing/twoAccountPsbt';

let stack: TestStack;
let browser: Browser;
let page: Page;
let conn: Connection;

beforeAll(async () => {
  // Works on the fallback page too: both install the dev wallets.
  [stack, browser] = await Promise.all([startTestStack({ requireDemoBuild: false }), launchBrowser()]);
  conn = new Connection(stack.solana.rpcUrl, 'confirmed');
}, 120_000);

afterAll(async () => {
  (conn as unknown as { _rpcWebSocket?: { close(): void } } | undefined)?._rpcWebSocket?.close();
  await browser?.close();
  await stack?.stop();
}, 30_000);

beforeEach(async () => {
  page = await browser.newPage();
  // The app side of the wallet-standard protocol, as @wallet-standard/app does it: announce
  // "app ready" with a register function; each installed wallet registers itself through it.
  await page.addInitScript(() => {
    (window as any).__findWallets = () => {
      const found: any[] = [];
      window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: { register: (w: any) => (found.push(w), () => {}) } }));
      return found;
    };
  });
  await page.goto(stack.demoUrl);
  await page.waitForFunction(() => Boolean((window as any).__devWallets && (window as any).__devWallet));
});

afterEach(async () => {
  await page.context().close();
});

function ed25519Verify(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey)]);
  return verify(null, message, createPublicKey({ key: spki, format: 'der', type: 'spki' }), signature);
}

/** Bytes for callWallet (page.evaluate arguments are JSON): `{ __bytes: [...] }` becomes a Uint8Array in the page. */
const bytes = (b: Uint8Array) => ({ __bytes: Array.from(b) });

/** Calls a feature method of the wallet named `name` in the page; Uint8Arrays come back as number arrays. */
function callWallet(name: string, feature: string, method: string, input: unknown): Promise<any> {
  return page.evaluate(
    async ({ name, feature, method, input }) => {
      const toBytes = (v: any): any =>
        v && Array.isArray(v.__bytes)
          ? new Uint8Array(v.__bytes)
          : Array.isArray(v)
            ? v.map(toBytes)
            : v && typeof v === 'object'
              ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toBytes(x)]))
              : v;
      const fromBytes = (v: any): any =>
        v instanceof Uint8Array ? Array.from(v) : Array.isArray(v) ? v.map(fromBytes) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fromBytes(x)])) : v;
      const wallet = (window as any).__findWallets().find((w: any) => w.name === name && w.features[feature]);
      if (!wallet) throw new Error(`no wallet ${name} with ${feature}`);
      const args = (Array.isArray(input) ? input : [input]).map((i) => {
        const converted = toBytes(i);
        // the account objects must be the wallet's own
        if (converted && converted.account === '__first') converted.account = wallet.accounts[0];
        if (converted && typeof converted.account === 'number') converted.account = wallet.accounts[converted.account];
        if (converted?.inputsToSign) for (const x of converted.inputsToSign) x.account = wallet.accounts[x.account];
        return converted;
      });
      try {
        return { ok: true, result: fromBytes(await wallet.features[feature][method](...args)) };
      } catch (err: any) {
        return { ok: false, code: err.code, message: err.message };
      }
    },
    { name, feature, method, input },
  );
}

it('registers three wallets through wallet-standard only; the Solana "Latchkey Dev Wallet" shares the EVM one\'s name and icon', async () => {
  const seen = await page.evaluate(() => {
    const wallets = (window as any).__findWallets().map((w: any) => ({ name: w.name, icon: w.icon, chains: w.chains, features: Object.keys(w.features) }));
    const eip6963: any[] = [];
    window.addEventListener('eip6963:announceProvider', (e) => eip6963.push((e as CustomEvent).detail.info));
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    const w = window as any;
    return { wallets, eip6963, globals: [typeof w.solana, typeof w.phantom, typeof w.ethereum, typeof w.bitcoin, typeof w.XverseProviders] };
  });
  expect(seen.globals).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
  expect(seen.wallets.map((w: any) => w.name).sort()).toEqual(['Bitcoin Dev Wallet', 'Latchkey Dev Wallet', 'Solana Dev Wallet']);
  const latchkey = seen.wallets.find((w: any) => w.name === 'Latchkey Dev Wallet');
  const evm = seen.eip6963.find((i: any) => i.rdns === 'dev.latchkey.wallet');
  expect(latchkey.icon).toBe(evm.icon);
  expect(latchkey.icon).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(latchkey.chains).toContain(stack.solana.caipNetworkId);
  expect(latchkey.chains).toEqual(expect.arrayContaining(['solana:mainnet', 'solana:devnet', 'solana:testnet']));
  expect(latchkey.features).toEqual(expect.arrayContaining(['standard:connect', 'standard:events', 'solana:signAndSendTransaction']));
  const btc = seen.wallets.find((w: any) => w.name === 'Bitcoin Dev Wallet');
  expect(btc.features).toEqual(expect.arrayContaining(['bitcoin:connect', 'bitcoin:signMessage', 'bitcoin:signTransaction', 'bitcoin:signAndSendTransaction']));
});

it('Solana: connects, signs a message that verifies, and sends 0.01 SOL on the local chain', async () => {
  const connected = await callWallet('Solana Dev Wallet', 'standard:connect', 'connect', {});
  expect(connected.ok).toBe(true);
  const address: string = connected.result.accounts[0].address;
  expect(address).toBe(accounts.solana[1]!.address);

  const message = new TextEncoder().encode('Latchkey demo: sign this message');
  const signed = await callWallet('Solana Dev Wallet', 'solana:signMessage', 'signMessage', { account: '__first', message: bytes(message) });
  expect(signed.ok).toBe(true);
  const signature = Uint8Array.from(signed.result[0].signature);
  expect(ed25519Verify(message, signature, base58.decode(address))).toBe(true);
  expect(ed25519Verify(new TextEncoder().encode('something else'), signature, base58.decode(address))).toBe(false);

  // the app builds the transaction; the wallet signs it in the page and sends it to the chain
  const from = new PublicKey(address);
  const to = Keypair.generate().publicKey;
  const before = await conn.getBalance(from);
  const { blockhash, lastValidBlockHeight } = await conn.getLatestBlockhash();
  const tx = new Transaction({ feePayer: from, blockhash, lastValidBlockHeight }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: LAMPORTS_PER_SOL / 100 }));
  const sent = await callWallet('Solana Dev Wallet', 'solana:signAndSendTransaction', 'signAndSendTransaction', {
    account: '__first',
    transaction: bytes(tx.serialize({ requireAllSignatures: false, verifySignatures: false })),
    chain: stack.solana.caipNetworkId,
    options: { commitment: 'confirmed', preflightCommitment: 'confirmed' },
  });
  expect(sent.ok).toBe(true);
  const sig = base58.encode(Uint8Array.from(sent.result[0].signature));
  expect((await conn.getSignatureStatus(sig)).value?.err).toBeNull();
  expect(await conn.getBalance(to)).toBe(LAMPORTS_PER_SOL / 100);
  expect(await conn.getBalance(from)).toBe(before - LAMPORTS_PER_SOL / 100 - 5000);
});

it('Solana: "Latchkey Dev Wallet" connects with the funded account 0; a reload reconnects silently', async () => {
  const connected = await callWallet('Latchkey Dev Wallet', 'standard:connect', 'connect', {});
  expect(connected.result.accounts[0].address).toBe(accounts.solana[0]!.address);
  expect(await conn.getBalance(new PublicKey(accounts.solana[0]!.address))).toBeGreaterThanOrEqual(99 * LAMPORTS_PER_SOL);
  await page.reload();
  await page.waitForFunction(() => Boolean((window as any).__devWallets));
  // no prompt after the reload: every approval would be refused
  await page.evaluate(() => ((window as any).__devWallets.latchkeySolana.rejectAll = true));
  const again = await callWallet('Latchkey Dev Wallet', 'standard:connect', 'connect', { silent: true });
  expect(again.result.accounts.map((a: any) => a.address)).toEqual([accounts.solana[0]!.address]);
  const fresh = await callWallet('Solana Dev Wallet', 'standard:connect', 'connect', { silent: true });
  expect(fresh.result.accounts).toEqual([]);
});

it('Bitcoin: connects payment and ordinals, signs a message (BIP-322) and a PSBT; both verify independently', async () => {
  const connected = await callWallet('Bitcoin Dev Wallet', 'bitcoin:connect', 'connect', { purposes: ['payment', 'ordinals'] });
  expect({ ok: connected.ok, message: connected.message }).toEqual({ ok: true, message: undefined });
  const [payment, ordinals] = connected.result.accounts;
  expect(payment.address).toBe(accounts.bitcoin.testnet.payment.address);
  expect(ordinals.address).toBe(accounts.bitcoin.testnet.ordinals.address);

  const message = new TextEncoder().encode('Latchkey demo: sign this message');
  const signed = await callWallet('Bitcoin Dev Wallet', 'bitcoin:signMessage', 'signMessage', { account: 0, message: bytes(message) });
  expect(signed.ok).toBe(true);
  expect(verifyBip322Simple(payment.address, message, Uint8Array.from(signed.result[0].signature))).toBe(true);
  expect(verifyBip322Simple(payment.address, new TextEncoder().encode('x'), Uint8Array.from(signed.result[0].signature))).toBe(false);

  // a PSBT spending one output of each address
  const { pay, ord, psbt, plain, scriptCode } = twoAccountPsbt(Uint8Array.from(payment.publicKey), Uint8Array.from(ordinals.publicKey));
  const out = await callWallet('Bitcoin Dev Wallet', 'bitcoin:signTransaction', 'signTransaction', {
    psbt: bytes(psbt.toPSBT()),
    chain: 'bitcoin:testnet',
    inputsToSign: [
      { account: 0, signingIndexes: [0] },
      { account: 1, signingIndexes: [1] },
    ],
  });
  expect(out.ok).toBe(true);
  const signedPsbt = BtcTransaction.fromPSBT(Uint8Array.from(out.result[0].signedPsbt));
  const [pub, sig] = signedPsbt.getInput(0).partialSig![0]!;
  expect(verifyEcdsa(sig, pub, bip143Sighash(plain, 0, scriptCode, 120_000n))).toBe(true);
  const prevouts = [
    { amount: 120_000n, script: pay.script },
    { amount: 10_000n, script: ord.script },
  ];
  expect(verifySchnorr(signedPsbt.getInput(1).tapKeySig!, ord.script.subarray(2), (t) => bip341Sighash(plain, 1, prevouts, t))).toBe(true);

  // nothing relays Bitcoin transactions here: sending says so
  const send = await callWallet('Bitcoin Dev Wallet', 'bitcoin:signAndSendTransaction', 'signAndSendTransaction', {
    psbt: bytes(psbt.toPSBT()),
    chain: 'bitcoin:testnet',
    inputsToSign: [{ account: 0, signingIndexes: [0] }],
  });
  expect(send).toMatchObject({ ok: false, message: expect.stringMatching(/^no Bitcoin node configured/) });
});
