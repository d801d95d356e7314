/**
 * The bitcoin plugin against a real wallet it has never seen: the Bitcoin dev wallet
 * (wallet-standard only, keys from the public dev mnemonic, BIP-322 and PSBT signing over
 * @scure/btc-signer), on its own window, through a real kernel. Signatures are checked
 * independently: BIP-322 with samples/dev-wallet/testing/btcVerify.ts; PSBT signatures against
 * the sighashes @scure/btc-signer computes (BIP-143 / BIP-341), cross-checked with btcVerify's.
 * No Bitcoin node runs here: sending and balances say so with typed errors.
 */
import { hex } from '@scure/base';
import { SigHash, TEST_NETWORK, Transaction as BtcTransaction, p2tr, p2wpkh } from '@scure/btc-signer';
import { createKernel, type Kernel } from 'latchkey';
import { bitcoinTestnet, bitcoin } from 'latchkey/networks';
import { bitcoinConnectorId, bitcoinPlugin, bitcoinRegtest } from 'latchkey/plugins/bitcoin';
import { MemoryStorage } from '../../../kernel/testing/fakeAdapter';
import accounts from '../../../samples/dev-wallet/accounts.json';
import { installBitcoinDevWallet, type BitcoinDevWallet } from '../../../samples/dev-wallet/bitcoin';
import { svgIcon, type WalletHost } from '../../../samples/dev-wallet/standard';
import { bip143Sighash, bip341Sighash, verifyBip322Simple, verifyEcdsa, verifySchnorr } from '../../../samples/dev-wallet/testing/btcVerify';
import { twoAccountPsbt } from '../../../samples/dev-wallet/testing/twoAccountPsbt';

const PAYMENT = accounts.bitcoin.testnet.payment;
const ORDINALS = accounts.bitcoin.testnet.ordinals;

function page(storages: { wallet?: MemoryStorage; kernel?: MemoryStorage } = {}): { kernel: Kernel; wallet: BitcoinDevWallet } {
  const host = new EventTarget();
  const wallet = installBitcoinDevWallet({ name: 'Int Bitcoin Wallet', icon: svgIcon('<svg xmlns="http://www.w3.org/2000/svg"/>'), host: host as unknown as WalletHost, storage: storages.wallet ?? new MemoryStorage() });
  const kernel = createKernel({
    options: { projectId: 'int', networks: [bitcoinTestnet, bitcoin, bitcoinRegtest], features: { analytics: false } },
    plugins: [bitcoinPlugin()],
    environment: { window: host as never, document: undefined, localStorage: storages.kernel ?? new MemoryStorage(), fetch: () => Promise.reject(new Error('offline')) },
  });
  return { kernel, wallet };
}

let p: ReturnType<typeof page>;

beforeAll(async () => {
  p = page();
  await p.kernel.start();
  await p.kernel.connection.connect({ connectorId: bitcoinConnectorId('Int Bitcoin Wallet') });
}, 30_000);

afterAll(() => {
  p.kernel.stop();
  p.wallet.uninstall();
});

it('connects with account records: payment (the default type, the address) and ordinals, with their public keys', () => {
  const acc = p.kernel.account.get('bip122');
  expect(acc).toMatchObject({ status: 'connected', address: PAYMENT.address, caipAddress: `${bitcoinTestnet.caipNetworkId}:${PAYMENT.address}` });
  const keys = p.wallet.accounts.map((a) => hex.encode(Uint8Array.from(a.account.publicKey)));
  expect(acc.allAccounts).toEqual([
    { namespace: 'bip122', address: PAYMENT.address, type: 'payment', publicKey: keys[0] },
    { namespace: 'bip122', address: ORDINALS.address, type: 'ordinals', publicKey: keys[1] },
  ]);
  expect(p.kernel.network.state.activeNetwork?.caipNetworkId).toBe(bitcoinTestnet.caipNetworkId);
});

it('signs a message with a BIP-322 simple signature that verifies for the payment address', async () => {
  const message = 'Hello from the Latchkey demo';
  const signature = Buffer.from(await p.kernel.connection.signMessage(message), 'base64');
  expect(verifyBip322Simple(PAYMENT.address, new TextEncoder().encode(message), signature)).toBe(true);
  expect(verifyBip322Simple(PAYMENT.address, new TextEncoder().encode('another message'), signature)).toBe(false);
  expect(verifyBip322Simple(ORDINALS.address, new TextEncoder().encode(message), signature)).toBe(false);
});

it('signs a PSBT spending from both accounts; each signature verifies against the sighash @scure/btc-signer computes', async () => {
  const [payment, ordinals] = p.wallet.accounts.map((a) => a.account);
  const { pay, ord, psbt, plain, scriptCode } = twoAccountPsbt(Uint8Array.from(payment!.publicKey), Uint8Array.from(ordinals!.publicKey));

  const session = await p.kernel.connection.session('bip122', 'signPsbt');
  const out = await session.adapter.signPsbt!({
    ...session,
    request: { psbt: Buffer.from(psbt.toPSBT()).toString('base64'), signInputs: { [PAYMENT.address]: [0], [ORDINALS.address]: [1] } },
  });
  expect(out.txid).toBeUndefined();
  const signed = BtcTransaction.fromPSBT(Buffer.from(out.psbt, 'base64'));

  // P2WPKH input: BIP-143 sighash from btc-signer, the same as btcVerify's, and the ECDSA signature over it
  const fromSigner = signed.preimageWitnessV0(0, scriptCode, SigHash.ALL, 120_000n);
  expect(hex.encode(fromSigner)).toBe(hex.encode(bip143Sighash(plain, 0, scriptCode, 120_000n)));
  const [pub, sig] = signed.getInput(0).partialSig![0]!;
  expect(hex.encode(pub)).toBe(hex.encode(Uint8Array.from(payment!.publicKey)));
  expect(verifyEcdsa(sig, pub, fromSigner)).toBe(true);

  // P2TR key-path input: BIP-341 sighash from btc-signer, the Schnorr signature over it
  const prevouts = [pay.script, ord.script];
  const amounts = [120_000n, 10_000n];
  const taproot = signed.preimageWitnessV1(1, prevouts, SigHash.DEFAULT, amounts);
  expect(hex.encode(taproot)).toBe(hex.encode(bip341Sighash(plain, 1, prevouts.map((script, i) => ({ script, amount: amounts[i]! })), 0)));
  expect(verifySchnorr(signed.getInput(1).tapKeySig!, ord.script.subarray(2), () => taproot)).toBe(true);

  // and the PSBT finalizes into a complete transaction
  signed.finalize();
  expect(signed.isFinal).toBe(true);
});

it('no Bitcoin node here: a payment, a broadcast and the balance each fail with a typed error that says why', async () => {
  await expect(p.kernel.connection.transfer({ to: ORDINALS.address, amount: 10_000n })).rejects.toMatchObject({ name: 'BitcoinTransferUnavailableError' });
  const session = await p.kernel.connection.session('bip122', 'signPsbt');
  const psbt = new BtcTransaction();
  const pay = p2wpkh(Uint8Array.from(p.wallet.accounts[0]!.account.publicKey), TEST_NETWORK);
  psbt.addInput({ txid: '33'.repeat(32), index: 0, witnessUtxo: { script: pay.script, amount: 50_000n } });
  psbt.addOutput({ script: pay.script, amount: 40_000n });
  const broadcast = await session.adapter
    .signPsbt!({ ...session, request: { psbt: Buffer.from(psbt.toPSBT()).toString('base64'), signInputs: { [PAYMENT.address]: [0] }, broadcast: true } })
    .catch((e) => e);
  expect(String(broadcast.details ?? broadcast.message)).toMatch(/no Bitcoin node configured/);
  await expect(session.adapter.getBalance({ address: PAYMENT.address, network: bitcoinTestnet })).rejects.toMatchObject({ name: 'BitcoinBalanceUnavailableError' });
  expect(p.kernel.account.get('bip122').balance).toBeUndefined();
});

it('the wallet moving to regtest moves the connection (new addresses, regtest network); a reload restores it silently', async () => {
  const walletStorage = new MemoryStorage();
  const kernelStorage = new MemoryStorage();
  const first = page({ wallet: walletStorage, kernel: kernelStorage });
  await first.kernel.start();
  await first.kernel.connection.connect({ connectorId: bitcoinConnectorId('Int Bitcoin Wallet') });
  first.wallet.setChain('bitcoin:regtest');
  const regtestPayment = first.wallet.accounts[0]!.account.address;
  expect(regtestPayment.startsWith('bcrt1q')).toBe(true);
  expect(first.kernel.account.get('bip122')).toMatchObject({ address: regtestPayment, caipAddress: `${bitcoinRegtest.caipNetworkId}:${regtestPayment}` });
  expect(first.kernel.network.state.activeNetwork?.caipNetworkId).toBe(bitcoinRegtest.caipNetworkId);
  first.kernel.stop();
  first.wallet.uninstall();

  const second = page({ wallet: walletStorage, kernel: kernelStorage });
  second.wallet.rejectAll = true; // a prompt would fail
  await second.kernel.start();
  expect(second.kernel.account.get('bip122')).toMatchObject({ status: 'connected', address: regtestPayment });
  await second.kernel.connection.disconnect();
  expect(second.wallet.connected).toBe(false);
  second.kernel.stop();
  second.wallet.uninstall();
});
