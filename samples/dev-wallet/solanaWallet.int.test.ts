/**
 * The Solana dev wallet against the real local chain (samples/solana in a child process):
 * signAndSendTransaction lands transfers, honours skipPreflight / minContextSlot / commitment,
 * and passes the node's errors through. Transactions are built with @solana/web3.js.
 */
import { base58 } from '@scure/base';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import type { WalletAccount } from '@wallet-standard/base';
import { startSolanaProcess, type SolanaProcess } from '../solana/testing/solanaProcess';
import { installSolanaDevWallet, type SolanaDevWallet } from './solana';
import { svgIcon, type WalletHost } from './standard';
import { rejection } from './testing/support';

let chain: SolanaProcess;
let conn: Connection;
let control: SolanaDevWallet;
let account: WalletAccount;
const feature = (name: string) => (control.wallet.features as Record<string, any>)[name];

beforeAll(async () => {
  chain = await startSolanaProcess({ slotMs: 50 });
  conn = new Connection(chain.rpcUrl, 'confirmed');
  control = installSolanaDevWallet({
    name: 'Int Solana',
    icon: svgIcon('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    accountIndex: 3,
    localChain: { caipNetworkId: chain.caipNetworkId as `solana:${string}`, rpcUrl: chain.rpcUrl },
    host: new EventTarget() as unknown as WalletHost,
  });
  account = (await feature('standard:connect').connect()).accounts[0];
  const sig = await conn.requestAirdrop(new PublicKey(account.address), 5 * LAMPORTS_PER_SOL);
  await conn.confirmTransaction({ signature: sig, ...(await conn.getLatestBlockhash()) }, 'confirmed');
}, 30_000);

afterAll(async () => {
  control?.uninstall();
  // web3.js keeps its WebSocket (and reconnects forever) on its own; close it before the server goes.
  (conn as unknown as { _rpcWebSocket?: { close(): void } } | undefined)?._rpcWebSocket?.close();
  await chain?.stop();
});

async function transfer(lamports: number, to = Keypair.generate().publicKey): Promise<{ bytes: Uint8Array; to: PublicKey }> {
  const from = new PublicKey(account.address);
  const { blockhash, lastValidBlockHeight } = await conn.getLatestBlockhash();
  const tx = new Transaction({ feePayer: from, blockhash, lastValidBlockHeight }).add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports }));
  return { bytes: tx.serialize({ requireAllSignatures: false, verifySignatures: false }), to };
}

it('signs and sends a transfer to the local chain and waits for the commitment', async () => {
  const before = await conn.getBalance(new PublicKey(account.address));
  const { bytes, to } = await transfer(LAMPORTS_PER_SOL / 100);
  const [out] = await feature('solana:signAndSendTransaction').signAndSendTransaction({
    account,
    transaction: bytes,
    chain: chain.caipNetworkId,
    options: { commitment: 'confirmed', preflightCommitment: 'confirmed', maxRetries: 1 },
  });
  const sig = base58.encode(out.signature);
  // confirmed before the call returned
  expect((await conn.getSignatureStatus(sig)).value?.confirmationStatus).toMatch(/confirmed|finalized/);
  expect(await conn.getBalance(to)).toBe(LAMPORTS_PER_SOL / 100);
  expect(await conn.getBalance(new PublicKey(account.address))).toBe(before - LAMPORTS_PER_SOL / 100 - 5000);
  const tx = await conn.getTransaction(sig, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  expect(tx?.transaction.message.staticAccountKeys[0]!.toBase58()).toBe(account.address);
});

it('sends a v0 transaction through solana:localnet', async () => {
  const from = new PublicKey(account.address);
  const to = Keypair.generate().publicKey;
  const { blockhash } = await conn.getLatestBlockhash();
  const v0 = new VersionedTransaction(
    new TransactionMessage({ payerKey: from, recentBlockhash: blockhash, instructions: [SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: LAMPORTS_PER_SOL / 50 })] }).compileToV0Message(),
  );
  await feature('solana:signAndSendTransaction').signAndSendTransaction({ account, transaction: v0.serialize(), chain: 'solana:localnet', options: { commitment: 'processed' } });
  expect(await conn.getBalance(to)).toBe(LAMPORTS_PER_SOL / 50);
});

it('skipPreflight lets a failing transfer land (fee charged, error in the status); with preflight it is refused', async () => {
  const tooMuch = 100 * LAMPORTS_PER_SOL;
  const refused = await rejection(
    feature('solana:signAndSendTransaction').signAndSendTransaction({ account, transaction: (await transfer(tooMuch)).bytes, chain: chain.caipNetworkId }),
  );
  expect(refused.code).toBe(-32002);
  expect(refused.message).toMatch(/custom program error: 0x1/);

  const before = await conn.getBalance(new PublicKey(account.address));
  const [out] = await feature('solana:signAndSendTransaction').signAndSendTransaction({
    account,
    transaction: (await transfer(tooMuch)).bytes,
    chain: chain.caipNetworkId,
    options: { skipPreflight: true },
  });
  const status = (await conn.getSignatureStatus(base58.encode(out.signature))).value;
  expect(status?.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
  expect(await conn.getBalance(new PublicKey(account.address))).toBe(before - 5000);
});

it('passes minContextSlot to the node (-32016 when the node is behind it)', async () => {
  const err = await rejection(
    feature('solana:signAndSendTransaction').signAndSendTransaction({
      account,
      transaction: (await transfer(1_000_000)).bytes,
      chain: chain.caipNetworkId,
      options: { minContextSlot: 10_000_000 },
    }),
  );
  expect(err.code).toBe(-32016);
  const ok = await feature('solana:signAndSendTransaction').signAndSendTransaction({
    account,
    transaction: (await transfer(1_000_000)).bytes,
    chain: chain.caipNetworkId,
    options: { minContextSlot: 0 },
  });
  expect(ok[0].signature).toHaveLength(64);
});
