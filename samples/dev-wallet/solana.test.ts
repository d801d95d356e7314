/**
 * The Solana dev wallet (wallet-standard only) in Node with a fake window and a scripted RPC.
 * Signatures are checked with node:crypto's ed25519 and @solana/web3.js, not with the code
 * that made them. samples/dev-wallet/solanaWallet.int.test.ts runs it against the real chain.
 */
import { createPublicKey, verify } from 'node:crypto';
import { base58, base64 } from '@scure/base';
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import type { WalletAccount } from '@wallet-standard/base';
import type { FetchLike } from './index';
import type { StorageLike } from './host';
import { solanaKey } from './keys';
import { SOLANA_DEVNET, SOLANA_LOCALNET, SOLANA_MAINNET, SOLANA_TESTNET, installSolanaDevWallet } from './solana';
import { svgIcon, type WalletHost } from './standard';
import { memoryStorage, rejection } from './testing/support';

const LOCAL = { caipNetworkId: 'solana:BnAZyDyPdEZzajeAKFyfJg6h4CW6WGvu' as const, rpcUrl: 'http://127.0.0.1:1/rpc' };
const ICON = svgIcon('<svg xmlns="http://www.w3.org/2000/svg"/>');
const KEY = solanaKey(1);
const BLOCKHASH = Keypair.generate().publicKey.toBase58();

function ed25519Verify(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey)]);
  return verify(null, message, createPublicKey({ key: spki, format: 'der', type: 'spki' }), signature);
}

/** A scripted RPC: sendTransaction answers the first signature; statuses come from `statuses`. */
function fakeRpc(statuses: unknown[] = []) {
  const calls: { method: string; params: any[] }[] = [];
  let error: { code: number; message: string; data?: unknown } | undefined;
  const fetch: FetchLike = async (url, init) => {
    expect(url).toBe(LOCAL.rpcUrl);
    const { id, method, params } = JSON.parse(init.body);
    calls.push({ method, params });
    const reply = (body: object) => ({ ok: true, status: 200, json: async () => ({ jsonrpc: '2.0', id, ...body }) });
    if (error) return reply({ error });
    if (method === 'sendTransaction') {
      const tx = VersionedTransaction.deserialize(base64.decode(params[0]));
      return reply({ result: base58.encode(tx.signatures[0]!) });
    }
    if (method === 'getSignatureStatuses') return reply({ result: { context: { slot: 1 }, value: [statuses.length > 1 ? statuses.shift() : statuses[0] ?? null] } });
    return reply({ error: { code: -32601, message: 'Method not found' } });
  };
  return { fetch, calls, fail: (e: typeof error) => (error = e) };
}

function setup(opts: { storage?: StorageLike; rpc?: ReturnType<typeof fakeRpc> } = {}) {
  const host = new EventTarget() as unknown as WalletHost & { location: { host: string } };
  host.location = { host: 'dapp.example', search: '' } as any;
  const rpc = opts.rpc ?? fakeRpc();
  const storage = opts.storage ?? memoryStorage();
  const control = installSolanaDevWallet({ name: 'Test Solana', icon: ICON, accountIndex: 1, localChain: LOCAL, host, storage, fetch: rpc.fetch, confirmTimeoutMs: 2000 });
  const feature = (name: string) => (control.wallet.features as Record<string, any>)[name];
  const changes: unknown[] = [];
  feature('standard:events').on('change', (p: unknown) => changes.push(p));
  return { host, control, feature, changes, rpc, storage };
}

async function connected(s = setup()): Promise<ReturnType<typeof setup> & { account: WalletAccount }> {
  const { accounts } = await s.feature('standard:connect').connect();
  return { ...s, account: accounts[0] };
}

function legacyTransfer(feePayer: PublicKey, signers: PublicKey[] = [feePayer]): Transaction {
  const tx = new Transaction({ feePayer, blockhash: BLOCKHASH, lastValidBlockHeight: 0 });
  for (const s of signers) tx.add(SystemProgram.transfer({ fromPubkey: s, toPubkey: Keypair.generate().publicKey, lamports: 1000 }));
  return tx;
}

describe('Solana dev wallet', () => {
  it('is a wallet-standard wallet with the local chain and the public clusters', () => {
    const { control } = setup();
    const w = control.wallet;
    expect(w.version).toBe('1.0.0');
    expect(w.name).toBe('Test Solana');
    expect(w.icon).toBe(ICON);
    expect(w.chains).toEqual([LOCAL.caipNetworkId, SOLANA_LOCALNET, SOLANA_MAINNET, SOLANA_DEVNET, SOLANA_TESTNET]);
    expect(Object.keys(w.features).sort()).toEqual(
      ['solana:signAndSendTransaction', 'solana:signIn', 'solana:signMessage', 'solana:signTransaction', 'standard:connect', 'standard:disconnect', 'standard:events'],
    );
    expect((w.features as any)['solana:signTransaction'].supportedTransactionVersions).toEqual(['legacy', 0]);
    expect(w.accounts).toEqual([]);
    expect(control.address).toBe(KEY.address);
    expect((globalThis as any).solana).toBeUndefined();
  });

  it('connects (emitting change), answers a silent connect without a prompt, and remembers the authorisation', async () => {
    const storage = memoryStorage();
    const first = setup({ storage });
    expect(await first.feature('standard:connect').connect({ silent: true })).toEqual({ accounts: [] });
    expect(first.changes).toEqual([]);
    const { accounts } = await first.feature('standard:connect').connect();
    expect(accounts).toHaveLength(1);
    expect(accounts[0].address).toBe(KEY.address);
    expect(Array.from(accounts[0].publicKey)).toEqual(Array.from(KEY.publicKey));
    expect(accounts[0].chains).toContain(LOCAL.caipNetworkId);
    expect(accounts[0].features).toEqual(['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage', 'solana:signIn']);
    expect(first.changes).toEqual([{ accounts }]);
    await first.feature('standard:connect').connect();
    expect(first.changes).toHaveLength(1);
    first.control.uninstall();

    // a reload: the silent connect restores the account, no prompt (rejectAll would refuse one)
    const second = setup({ storage });
    second.control.rejectAll = true;
    expect((await second.feature('standard:connect').connect({ silent: true })).accounts[0].address).toBe(KEY.address);
    await second.feature('standard:disconnect').disconnect();
    expect(second.changes).toEqual([{ accounts: [] }]);
    expect(second.control.wallet.accounts).toEqual([]);

    const third = setup({ storage });
    expect(await third.feature('standard:connect').connect({ silent: true })).toEqual({ accounts: [] });
  });

  it('rejectNext declines the next approval with 4001; the wallet-side disconnect emits change', async () => {
    const s = setup();
    s.control.rejectNext = true;
    const err = await rejection(s.feature('standard:connect').connect());
    expect(err).toMatchObject({ code: 4001, message: 'User rejected the request.' });
    expect(s.control.connected).toBe(false);
    await s.feature('standard:connect').connect();
    s.control.disconnect();
    expect(s.changes.at(-1)).toEqual({ accounts: [] });
  });

  it('signs messages with ed25519 (node:crypto verifies them), only for its authorised account', async () => {
    const s = setup();
    const message = new TextEncoder().encode('Hello from Latchkey');
    const before = await rejection(s.feature('solana:signMessage').signMessage({ account: { address: KEY.address, publicKey: KEY.publicKey }, message }));
    expect(before.code).toBe(4100);
    const { account, feature } = await connected(s);
    const [out, out2] = await feature('solana:signMessage').signMessage({ account, message }, { account, message: new Uint8Array([1]) });
    expect(Array.from(out.signedMessage)).toEqual(Array.from(message));
    expect(out.signatureType).toBe('ed25519');
    expect(ed25519Verify(message, out.signature, KEY.publicKey)).toBe(true);
    expect(ed25519Verify(new TextEncoder().encode('Hello from Latchkey!'), out.signature, KEY.publicKey)).toBe(false);
    expect(ed25519Verify(new Uint8Array([1]), out2.signature, KEY.publicKey)).toBe(true);
    const other = solanaKey(0);
    expect((await rejection(feature('solana:signMessage').signMessage({ account: { ...account, address: other.address, publicKey: other.publicKey }, message }))).code).toBe(4100);
    expect((await rejection(feature('solana:signMessage').signMessage({ account, message: 'text' }))).code).toBe(-32602);
  });

  it('signs legacy and v0 transactions in its own signer slot', async () => {
    const { account, feature } = await connected();
    const me = new PublicKey(KEY.publicKey);

    const legacy = legacyTransfer(me);
    const [signed] = await feature('solana:signTransaction').signTransaction({
      account,
      transaction: legacy.serialize({ requireAllSignatures: false, verifySignatures: false }),
      chain: LOCAL.caipNetworkId,
      options: { preflightCommitment: 'confirmed', minContextSlot: 3 },
    });
    const back = Transaction.from(signed.signedTransaction);
    expect(back.verifySignatures()).toBe(true);

    // a second signer: the wallet fills slot 1 and leaves the fee payer's slot alone
    const payer = Keypair.generate();
    const shared = legacyTransfer(payer.publicKey, [payer.publicKey, me]);
    const [partly] = await feature('solana:signTransaction').signTransaction({ account, transaction: shared.serialize({ requireAllSignatures: false, verifySignatures: false }) });
    const got = Transaction.from(partly.signedTransaction);
    expect(got.signatures.map((s) => s.publicKey.toBase58())).toEqual([payer.publicKey.toBase58(), me.toBase58()]);
    expect(got.signatures[0]!.signature).toBeNull();
    got.partialSign(payer);
    expect(got.verifySignatures()).toBe(true);

    const v0 = new VersionedTransaction(
      new TransactionMessage({ payerKey: me, recentBlockhash: BLOCKHASH, instructions: [SystemProgram.transfer({ fromPubkey: me, toPubkey: payer.publicKey, lamports: 5 })] }).compileToV0Message(),
    );
    const [signedV0] = await feature('solana:signTransaction').signTransaction({ account, transaction: v0.serialize() });
    const backV0 = VersionedTransaction.deserialize(signedV0.signedTransaction);
    expect(backV0.version).toBe(0);
    expect(ed25519Verify(backV0.message.serialize(), backV0.signatures[0]!, KEY.publicKey)).toBe(true);
  });

  it('refuses transactions it cannot sign, and unknown chains', async () => {
    const { account, feature } = await connected();
    const stranger = legacyTransfer(Keypair.generate().publicKey).serialize({ requireAllSignatures: false, verifySignatures: false });
    const notMine = await rejection(feature('solana:signTransaction').signTransaction({ account, transaction: stranger }));
    expect(notMine).toMatchObject({ code: -32602, message: expect.stringMatching(/does not ask this account/) });
    const garbage = await rejection(feature('solana:signTransaction').signTransaction({ account, transaction: new Uint8Array([1, 2, 3]) }));
    expect(garbage.code).toBe(-32602);
    const tooBig = await rejection(feature('solana:signTransaction').signTransaction({ account, transaction: new Uint8Array(2000) }));
    expect(tooBig.message).toMatch(/too large/);
    const mine = legacyTransfer(new PublicKey(KEY.publicKey)).serialize({ requireAllSignatures: false, verifySignatures: false });
    const chain = await rejection(feature('solana:signTransaction').signTransaction({ account, transaction: mine, chain: 'solana:nowhere' }));
    expect(chain.code).toBe(-32602);
    const opts = await rejection(feature('solana:signTransaction').signTransaction({ account, transaction: mine, options: { minContextSlot: -1 } }));
    expect(opts.code).toBe(-32602);
  });

  it('signs and sends to the local chain with the options it was given, waiting for the commitment', async () => {
    const rpc = fakeRpc([null, { slot: 5, confirmations: 0, err: null, confirmationStatus: 'confirmed' }]);
    const { account, feature } = await connected(setup({ rpc }));
    const tx = legacyTransfer(new PublicKey(KEY.publicKey)).serialize({ requireAllSignatures: false, verifySignatures: false });
    const [out] = await feature('solana:signAndSendTransaction').signAndSendTransaction({
      account,
      transaction: tx,
      chain: LOCAL.caipNetworkId,
      options: { skipPreflight: true, preflightCommitment: 'processed', maxRetries: 2, minContextSlot: 7, commitment: 'confirmed' },
    });
    const send = rpc.calls.find((c) => c.method === 'sendTransaction')!;
    expect(send.params[1]).toEqual({ encoding: 'base64', skipPreflight: true, preflightCommitment: 'processed', maxRetries: 2, minContextSlot: 7 });
    const sent = Transaction.from(base64.decode(send.params[0]));
    expect(sent.verifySignatures()).toBe(true);
    expect(base58.encode(out.signature)).toBe(base58.encode(sent.signature!));
    expect(rpc.calls.filter((c) => c.method === 'getSignatureStatuses')).toHaveLength(2);

    // solana:localnet is the local chain too; no commitment: no waiting
    rpc.calls.length = 0;
    await feature('solana:signAndSendTransaction').signAndSendTransaction({ account, transaction: legacyTransfer(new PublicKey(KEY.publicKey)).serialize({ requireAllSignatures: false, verifySignatures: false }), chain: SOLANA_LOCALNET });
    expect(rpc.calls.map((c) => c.method)).toEqual(['sendTransaction']);
    expect(rpc.calls[0]!.params[1]).toEqual({ encoding: 'base64' });
  });

  it('refuses to send on a public cluster, and passes the node\'s errors through', async () => {
    const rpc = fakeRpc();
    const { account, feature } = await connected(setup({ rpc }));
    const tx = legacyTransfer(new PublicKey(KEY.publicKey)).serialize({ requireAllSignatures: false, verifySignatures: false });
    const devnet = await rejection(feature('solana:signAndSendTransaction').signAndSendTransaction({ account, transaction: tx, chain: SOLANA_DEVNET }));
    expect(devnet.code).toBe(4901);
    expect((await rejection(feature('solana:signAndSendTransaction').signAndSendTransaction({ account, transaction: tx }))).code).toBe(-32602);
    expect(rpc.calls).toEqual([]);
    rpc.fail({ code: -32002, message: 'Transaction simulation failed: Blockhash not found', data: { err: 'BlockhashNotFound' } });
    const failed = await rejection(feature('solana:signAndSendTransaction').signAndSendTransaction({ account, transaction: tx, chain: LOCAL.caipNetworkId }));
    expect(failed).toMatchObject({ code: -32002, message: 'Transaction simulation failed: Blockhash not found', data: { err: 'BlockhashNotFound' } });
  });

  it('signs in (SIWS): builds the message from the input, signs it and authorises', async () => {
    const s = setup();
    const [out] = await s.feature('solana:signIn').signIn({
      statement: 'Sign in to the demo',
      uri: 'https://dapp.example/login',
      version: '1',
      chainId: 'localnet',
      nonce: 'abc12345',
      issuedAt: '2026-01-01T00:00:00.000Z',
      resources: ['https://dapp.example/terms'],
    });
    const text = new TextDecoder().decode(out.signedMessage);
    expect(text).toBe(
      [
        'dapp.example wants you to sign in with your Solana account:',
        KEY.address,
        '',
        'Sign in to the demo',
        '',
        'URI: https://dapp.example/login',
        'Version: 1',
        'Chain ID: localnet',
        'Nonce: abc12345',
        'Issued At: 2026-01-01T00:00:00.000Z',
        'Resources:',
        '- https://dapp.example/terms',
      ].join('\n'),
    );
    expect(ed25519Verify(out.signedMessage, out.signature, KEY.publicKey)).toBe(true);
    expect(out.account.address).toBe(KEY.address);
    expect(s.control.connected).toBe(true);
    expect(s.changes).toHaveLength(1);
    expect((await rejection(s.feature('solana:signIn').signIn({ statement: 'two\nlines' }))).code).toBe(-32602);
    expect((await rejection(s.feature('solana:signIn').signIn({ address: solanaKey(0).address }))).code).toBe(-32602);
  });
});
