/**
 * The Bitcoin dev wallet (wallet-standard only) in Node with a fake window. Every signature is
 * checked by testing/btcVerify.ts: hand-written transaction serialization and BIP-143 / BIP-341
 * sighashes, verified with @noble/curves — no code shared with the wallet's signer.
 */
import { base64, hex } from '@scure/base';
import { NETWORK, SigHash, TEST_NETWORK, Transaction, WIF, p2tr, p2wpkh } from '@scure/btc-signer';
import type { WalletAccount } from '@wallet-standard/base';
import { pubECDSA, signBip322, toSign, toSpend, scriptFor } from './bip322';
import { BITCOIN_REGTEST, BITCOIN_TESTNET, NO_BITCOIN_NODE, installBitcoinDevWallet, type BroadcastFetch } from './bitcoin';
import type { StorageLike } from './host';
import { bitcoinKey, bitcoinOrdinalsPath, bitcoinPaymentPath } from './keys';
import { svgIcon, type WalletHost } from './standard';
import { bip143Sighash, bip341Sighash, decodeSegwitAddress, hash160, verifyBip322Simple, verifyEcdsa, verifySchnorr, type Tx } from './testing/btcVerify';
import { memoryStorage, rejection } from './testing/support';

const ICON = svgIcon('<svg xmlns="http://www.w3.org/2000/svg"/>');
const utf8 = (s: string) => new TextEncoder().encode(s);

function setup(opts: { storage?: StorageLike; broadcastUrl?: string; fetch?: BroadcastFetch } = {}) {
  const host = new EventTarget() as unknown as WalletHost;
  const control = installBitcoinDevWallet({ name: 'Test Bitcoin', icon: ICON, host, storage: opts.storage ?? memoryStorage(), broadcastUrl: opts.broadcastUrl, fetch: opts.fetch });
  const feature = (name: string) => (control.wallet.features as Record<string, any>)[name];
  const changes: any[] = [];
  feature('standard:events').on('change', (p: unknown) => changes.push(p));
  return { control, feature, changes };
}

describe('BIP-322 (the scheme the wallet signs messages with)', () => {
  const priv = WIF().decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k');
  const address = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';

  it('the independent verifier accepts the BIP\'s own test vectors and refuses a wrong message', () => {
    const vector = base64.decode('AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=');
    expect(verifyBip322Simple(address, utf8('Hello World'), vector)).toBe(true);
    expect(verifyBip322Simple(address, utf8('Hello World!'), vector)).toBe(false);
    const empty = base64.decode('AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=');
    expect(verifyBip322Simple(address, new Uint8Array(), empty)).toBe(true);
  });

  it('builds the BIP\'s to_spend / to_sign transactions and reproduces its deterministic signatures', () => {
    const { script, address: a } = scriptFor('p2wpkh', pubECDSA(priv), NETWORK);
    expect(a).toBe(address);
    expect(toSpend(utf8('Hello World'), script).id).toBe('b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b');
    expect(toSign(utf8('Hello World'), script).id).toBe('88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf');
    expect(toSpend(new Uint8Array(), script).id).toBe('c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7');
    // RFC 6979 nonces: the BIP lists these as the second valid signature of each message
    expect(base64.encode(signBip322(utf8('Hello World'), priv, 'p2wpkh', NETWORK))).toBe(
      'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    );
    expect(base64.encode(signBip322(new Uint8Array(), priv, 'p2wpkh', NETWORK))).toBe(
      'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
    );
  });

  it('signs for Taproot addresses (key path), verified independently', () => {
    const sig = signBip322(utf8('Hello World'), priv, 'p2tr', NETWORK);
    const taproot = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3';
    expect(verifyBip322Simple(taproot, utf8('Hello World'), sig)).toBe(true);
    expect(verifyBip322Simple(taproot, utf8('Hello World?'), sig)).toBe(false);
    expect(verifyBip322Simple(address, utf8('Hello World'), sig)).toBe(false);
  });
});

describe('Bitcoin dev wallet', () => {
  const payKey = bitcoinKey(bitcoinPaymentPath(0));
  const ordKey = bitcoinKey(bitcoinOrdinalsPath(0));

  it('offers the Exodus Bitcoin features and the standard ones, on testnet and regtest only', () => {
    const { control } = setup();
    const w = control.wallet;
    expect(w.chains).toEqual([BITCOIN_TESTNET, BITCOIN_REGTEST]);
    expect(Object.keys(w.features).sort()).toEqual(
      ['bitcoin:connect', 'bitcoin:signAndSendTransaction', 'bitcoin:signMessage', 'bitcoin:signTransaction', 'standard:connect', 'standard:disconnect', 'standard:events'],
    );
    expect(w.accounts).toEqual([]);
  });

  it('bitcoin:connect returns accounts in the order of the purposes asked, payment P2WPKH and ordinals P2TR', async () => {
    const { feature, changes, control } = setup();
    const { accounts } = await feature('bitcoin:connect').connect({ purposes: ['ordinals', 'payment'] });
    expect(accounts.map((a: WalletAccount) => a.label)).toEqual(['ordinals', 'payment']);
    const [ord, pay] = accounts as WalletAccount[];
    expect(pay!.address).toBe(p2wpkh(payKey.publicKey, TEST_NETWORK).address);
    expect(pay!.address).toMatch(/^tb1q/);
    expect(pay!.publicKey).toHaveLength(33);
    expect(ord!.address).toMatch(/^tb1p/);
    expect(ord!.publicKey).toHaveLength(32);
    expect(p2tr(ord!.publicKey as Uint8Array, undefined, TEST_NETWORK).address).toBe(ord!.address);
    expect(pay!.chains).toEqual([BITCOIN_TESTNET]);
    expect(changes).toHaveLength(1);
    expect(control.wallet.accounts.map((a) => a.label)).toEqual(['payment', 'ordinals']);
    for (const bad of [[], ['payment', 'payment'], ['savings'], undefined]) {
      expect((await rejection(feature('bitcoin:connect').connect({ purposes: bad }))).code).toBe(-32602);
    }
  });

  it('asks again only for purposes not yet authorised; rejectNext declines with 4001', async () => {
    const { feature, control, changes } = setup();
    control.rejectNext = true;
    expect((await rejection(feature('bitcoin:connect').connect({ purposes: ['payment'] }))).code).toBe(4001);
    await feature('bitcoin:connect').connect({ purposes: ['payment'] });
    control.rejectAll = true;
    expect((await feature('bitcoin:connect').connect({ purposes: ['payment'] })).accounts).toHaveLength(1);
    expect((await rejection(feature('bitcoin:connect').connect({ purposes: ['ordinals'] }))).code).toBe(4001);
    expect(changes).toHaveLength(1);
  });

  it('standard:connect honours silent and restores the authorisation after a reload', async () => {
    const storage = memoryStorage();
    const first = setup({ storage });
    expect(await first.feature('standard:connect').connect({ silent: true })).toEqual({ accounts: [] });
    expect((await first.feature('standard:connect').connect()).accounts).toHaveLength(2);
    first.control.uninstall();
    const second = setup({ storage });
    second.control.rejectAll = true;
    expect((await second.feature('standard:connect').connect({ silent: true })).accounts).toHaveLength(2);
    await second.feature('standard:disconnect').disconnect();
    expect(second.changes).toEqual([{ accounts: [] }]);
  });

  it('switching to regtest changes the addresses and emits change', async () => {
    const { feature, control, changes } = setup();
    await feature('bitcoin:connect').connect({ purposes: ['payment'] });
    control.setChain(BITCOIN_REGTEST);
    expect(changes.at(-1).accounts[0].address).toMatch(/^bcrt1q/);
    expect(changes.at(-1).accounts[0].chains).toEqual([BITCOIN_REGTEST]);
  });

  it('signs messages with BIP-322 for both accounts; the signatures verify independently', async () => {
    const { feature } = setup();
    const { accounts } = await feature('bitcoin:connect').connect({ purposes: ['payment', 'ordinals'] });
    const message = utf8('Latchkey Bitcoin message');
    const out = await feature('bitcoin:signMessage').signMessage({ account: accounts[0], message }, { account: accounts[1], message });
    expect(Array.from(out[0].signedMessage)).toEqual(Array.from(message));
    expect(verifyBip322Simple(accounts[0].address, message, out[0].signature)).toBe(true);
    expect(verifyBip322Simple(accounts[1].address, message, out[1].signature)).toBe(true);
    expect(verifyBip322Simple(accounts[0].address, utf8('other'), out[0].signature)).toBe(false);
    expect((await rejection(feature('bitcoin:signMessage').signMessage({ account: { ...accounts[0], address: 'tb1qnotmine' }, message }))).code).toBe(4100);
  });

  /** A PSBT spending one P2WPKH and one P2TR output of the wallet, paying elsewhere. */
  function psbtFixture() {
    const pay = p2wpkh(payKey.publicKey, TEST_NETWORK);
    const xOnly = ordKey.publicKey.subarray(1);
    const ord = p2tr(xOnly, undefined, TEST_NETWORK);
    const prevTxid = 'aa'.repeat(32);
    const prevTxid2 = 'bb'.repeat(32);
    const recipient = decodeSegwitAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    const tx = new Transaction();
    tx.addInput({ txid: prevTxid, index: 0, sequence: 0xfffffffd, witnessUtxo: { script: pay.script, amount: 50_000n } });
    tx.addInput({ txid: prevTxid2, index: 1, sequence: 0xfffffffd, witnessUtxo: { script: ord.script, amount: 30_000n }, tapInternalKey: xOnly });
    tx.addOutput({ script: recipient.script, amount: 70_000n });
    const plain: Tx = {
      version: 2,
      inputs: [
        { txid: prevTxid, vout: 0, sequence: 0xfffffffd },
        { txid: prevTxid2, vout: 1, sequence: 0xfffffffd },
      ],
      outputs: [{ amount: 70_000n, script: recipient.script }],
      locktime: 0,
    };
    const prevouts = [
      { amount: 50_000n, script: pay.script },
      { amount: 30_000n, script: ord.script },
    ];
    return { psbt: tx.toPSBT(), plain, prevouts, pay, ord };
  }

  it('signs a PSBT\'s inputs with the accounts asked; the signatures verify against hand-computed sighashes', async () => {
    const { feature } = setup();
    const { accounts } = await feature('bitcoin:connect').connect({ purposes: ['payment', 'ordinals'] });
    const { psbt, plain, prevouts, pay } = psbtFixture();
    const [out] = await feature('bitcoin:signTransaction').signTransaction({
      psbt,
      chain: BITCOIN_TESTNET,
      inputsToSign: [
        { account: accounts[0], signingIndexes: [0] },
        { account: accounts[1], signingIndexes: [1] },
      ],
    });
    const signed = Transaction.fromPSBT(out.signedPsbt);
    const [pub, sig] = signed.getInput(0).partialSig![0]!;
    expect(hex.encode(hash160(pub))).toBe(hex.encode(pay.script.subarray(2)));
    const scriptCode = hex.decode(`76a914${hex.encode(pay.script.subarray(2))}88ac`);
    expect(verifyEcdsa(sig, pub, bip143Sighash(plain, 0, scriptCode, 50_000n))).toBe(true);
    expect(verifyEcdsa(sig, pub, bip143Sighash(plain, 0, scriptCode, 50_001n))).toBe(false);
    const tapSig = signed.getInput(1).tapKeySig!;
    const outputKey = prevouts[1]!.script.subarray(2);
    expect(verifySchnorr(tapSig, outputKey, (t) => bip341Sighash(plain, 1, prevouts, t))).toBe(true);
    // the wallet only signs; finalizing is the app's business
    expect(signed.isFinal).toBe(false);
    signed.finalize();
    expect(signed.isFinal).toBe(true);
  });

  it('honours sigHash, and refuses bad PSBTs, other chains, foreign inputs and unknown accounts', async () => {
    const { feature } = setup();
    const { accounts } = await feature('bitcoin:connect').connect({ purposes: ['payment', 'ordinals'] });
    const { psbt } = psbtFixture();
    const [out] = await feature('bitcoin:signTransaction').signTransaction({
      psbt,
      chain: BITCOIN_TESTNET,
      inputsToSign: [{ account: accounts[0], signingIndexes: [0], sigHash: SigHash.ALL_ANYONECANPAY }],
    });
    const sig = Transaction.fromPSBT(out.signedPsbt).getInput(0).partialSig![0]![1];
    expect(sig[sig.length - 1]).toBe(SigHash.ALL_ANYONECANPAY);

    const call = (input: object) => rejection(feature('bitcoin:signTransaction').signTransaction({ psbt, chain: BITCOIN_TESTNET, inputsToSign: [{ account: accounts[0], signingIndexes: [0] }], ...input }));
    expect((await call({ psbt: new Uint8Array([1, 2, 3]) })).code).toBe(-32602);
    expect((await call({ chain: 'bitcoin:mainnet' })).code).toBe(-32602);
    expect((await call({ chain: BITCOIN_REGTEST })).code).toBe(4901);
    expect((await call({ inputsToSign: [{ account: accounts[0], signingIndexes: [5] }] })).code).toBe(-32602);
    expect((await call({ inputsToSign: [{ account: accounts[0], signingIndexes: [1] }] })).message).toMatch(/Cannot sign input 1/);
    expect((await call({ inputsToSign: [{ account: { ...accounts[0], publicKey: new Uint8Array(33) }, signingIndexes: [0] }] })).code).toBe(4100);
    expect((await call({ inputsToSign: [{ account: accounts[0], signingIndexes: [0], sigHash: 99 }] })).code).toBe(-32602);
  });

  it(`signAndSendTransaction fails with "${NO_BITCOIN_NODE}" when no node is configured, and sends through an Esplora API when one is`, async () => {
    const none = setup();
    const { accounts } = await none.feature('bitcoin:connect').connect({ purposes: ['payment', 'ordinals'] });
    const { psbt } = psbtFixture();
    const input = { psbt, chain: BITCOIN_TESTNET, inputsToSign: [{ account: accounts[0], signingIndexes: [0] }, { account: accounts[1], signingIndexes: [1] }] };
    const err = await rejection(none.feature('bitcoin:signAndSendTransaction').signAndSendTransaction(input));
    expect(err.message).toMatch(new RegExp(`^${NO_BITCOIN_NODE}`));

    const posted: { url: string; body: string }[] = [];
    const fetch: BroadcastFetch = async (url, init) => {
      posted.push({ url, body: init.body });
      const tx = Transaction.fromRaw(hex.decode(init.body));
      return { ok: true, status: 200, text: async () => tx.id };
    };
    const node = setup({ broadcastUrl: 'http://127.0.0.1:3002/api/', fetch });
    const acc = (await node.feature('bitcoin:connect').connect({ purposes: ['payment', 'ordinals'] })).accounts;
    const [out] = await node.feature('bitcoin:signAndSendTransaction').signAndSendTransaction({ ...input, inputsToSign: [{ account: acc[0], signingIndexes: [0] }, { account: acc[1], signingIndexes: [1] }] });
    expect(posted[0]!.url).toBe('http://127.0.0.1:3002/api/tx');
    expect(out.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(Transaction.fromRaw(hex.decode(posted[0]!.body)).id).toBe(out.txId);
    // half-signed: refused before anything is sent
    const half = await rejection(node.feature('bitcoin:signAndSendTransaction').signAndSendTransaction({ ...input, inputsToSign: [{ account: acc[0], signingIndexes: [0] }] }));
    expect(half.message).toMatch(/not fully signed/);
    expect(posted).toHaveLength(1);
  });
});
