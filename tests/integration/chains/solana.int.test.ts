/**
 * The solana plugin against the real parts: the local Solana chain (samples/solana, litesvm
 * behind a JSON-RPC front, in a child process) and the Solana dev wallet object (a
 * wallet-standard wallet the plugin has never seen, registered on its own window), driven
 * through a real kernel: discovery, connect, balance, sign message (checked with node:crypto's
 * ed25519), sign transaction(s) (checked by web3.js), sign and send with the send options,
 * SOL transfers, silent reconnect, wallet-side disconnect. A second, sign-only view of the
 * same wallet makes the plugin send through the node.
 */
import { createPublicKey, verify } from 'node:crypto';
import { base58 } from '@scure/base';
import { Connection as SolanaConnection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import { createKernel, formatUnits, type CaipNetwork, type Kernel } from 'latchkey';
import { UserRejectedRequestError } from 'latchkey/errors';
import { solanaPlugin, solanaConnectorId } from 'latchkey/plugins/solana';
import { MemoryStorage } from '../../../kernel/testing/fakeAdapter';
import { installSolanaDevWallet, type SolanaDevWallet } from '../../../samples/dev-wallet/solana';
import { svgIcon, type WalletHost } from '../../../samples/dev-wallet/standard';
import { startSolanaProcess, type SolanaProcess } from '../../../samples/solana/testing/solanaProcess';
import { solanaNetwork } from '../../../kernel/testing/networks';

let chain: SolanaProcess;
let conn: SolanaConnection;
let local: CaipNetwork;
const ICON = svgIcon('<svg xmlns="http://www.w3.org/2000/svg"/>');

beforeAll(async () => {
  chain = await startSolanaProcess({ slotMs: 50 });
  conn = new SolanaConnection(chain.rpcUrl, 'confirmed');
  local = solanaNetwork(chain.caipNetworkId.slice('solana:'.length), chain.rpcUrl);
}, 30_000);

afterAll(async () => {
  (conn as unknown as { _rpcWebSocket?: { close(): void } } | undefined)?._rpcWebSocket?.close();
  await chain?.stop();
});

interface Page {
  readonly kernel: Kernel;
  readonly wallet: SolanaDevWallet;
  readonly walletStorage: MemoryStorage;
  readonly storage: MemoryStorage;
}

/** A "page": a window (EventTarget), the dev wallet on it, a kernel with the solana plugin. */
function page(accountIndex: number, storages: { wallet?: MemoryStorage; kernel?: MemoryStorage } = {}, name = 'Int Solana Wallet'): Page {
  const host = new EventTarget();
  const walletStorage = storages.wallet ?? new MemoryStorage();
  const storage = storages.kernel ?? new MemoryStorage();
  const wallet = installSolanaDevWallet({
    name,
    icon: ICON,
    accountIndex,
    localChain: { caipNetworkId: chain.caipNetworkId as `solana:${string}`, rpcUrl: chain.rpcUrl },
    host: host as unknown as WalletHost,
    storage: walletStorage,
    confirmTimeoutMs: 20_000,
  });
  const kernel = createKernel({
    options: { projectId: 'int', networks: [local], features: { analytics: false } },
    plugins: [solanaPlugin()],
    environment: { window: host as never, document: undefined, localStorage: storage, fetch: (u, i) => fetch(u, i) },
  });
  return { kernel, wallet, walletStorage, storage };
}

async function fund(address: string, sol: number): Promise<void> {
  const sig = await conn.requestAirdrop(new PublicKey(address), sol * LAMPORTS_PER_SOL);
  await conn.confirmTransaction({ signature: sig, ...(await conn.getLatestBlockhash()) }, 'confirmed');
}

function ed25519Verify(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey)]);
  return verify(null, message, createPublicKey({ key: spki, format: 'der', type: 'spki' }), signature);
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function transferBytes(from: string, lamports: number): Promise<{ bytes: Uint8Array; to: PublicKey }> {
  const fromKey = new PublicKey(from);
  const to = Keypair.generate().publicKey;
  const { blockhash, lastValidBlockHeight } = await conn.getLatestBlockhash();
  const tx = new Transaction({ feePayer: fromKey, blockhash, lastValidBlockHeight }).add(SystemProgram.transfer({ fromPubkey: fromKey, toPubkey: to, lamports }));
  return { bytes: new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false })), to };
}

describe('solana plugin × dev wallet × local chain', () => {
  let p: Page;
  let address: string;

  beforeAll(async () => {
    p = page(5);
    await fund(p.wallet.address, 5);
    await p.kernel.start();
    await p.kernel.connection.connect({ connectorId: solanaConnectorId('Int Solana Wallet') });
    address = p.kernel.account.get('solana').address!;
  }, 30_000);

  afterAll(() => {
    p.kernel.stop();
    p.wallet.uninstall();
  });

  it('connects the wallet it discovered and reads the balance in SOL through the node', async () => {
    expect(address).toBe(p.wallet.address);
    expect(p.kernel.account.get('solana').caipAddress).toBe(`${chain.caipNetworkId}:${address}`);
    await until(() => p.kernel.account.get('solana').balance !== undefined);
    expect(p.kernel.account.get('solana')).toMatchObject({ balance: '5', balanceSymbol: 'SOL' });
  });

  it('signs a message that verifies with ed25519 against the address', async () => {
    const signature = base58.decode(await p.kernel.connection.signMessage('Hello from the Latchkey demo'));
    const key = base58.decode(address);
    expect(ed25519Verify(new TextEncoder().encode('Hello from the Latchkey demo'), signature, key)).toBe(true);
    expect(ed25519Verify(new TextEncoder().encode('Hello from somewhere else'), signature, key)).toBe(false);
  });

  it('signs one transaction and several; web3.js verifies the signatures', async () => {
    const session = await p.kernel.connection.session('solana', 'signAllTransactions');
    const a = await transferBytes(address, 1_000_000);
    const b = await transferBytes(address, 2_000_000);
    const one = await session.adapter.signTransaction!({ ...session, request: { transaction: a.bytes } });
    expect(Transaction.from(Buffer.from(one as Uint8Array)).verifySignatures()).toBe(true);
    const both = await session.adapter.signAllTransactions!({ ...session, requests: [{ transaction: a.bytes }, { transaction: b.bytes }] });
    expect(both.map((t) => Transaction.from(Buffer.from(t as Uint8Array)).verifySignatures())).toEqual([true, true]);
  });

  it('signs and sends a prepared transaction with the four send options; the node refuses an unmet minContextSlot', async () => {
    const { bytes, to } = await transferBytes(address, 3_000_000);
    const slot = await conn.getSlot('confirmed');
    const signature = await p.kernel.connection.sendTransaction(
      { transaction: bytes, options: { skipPreflight: false, preflightCommitment: 'confirmed', maxRetries: 2, minContextSlot: slot } },
      'solana',
    );
    expect((await conn.getSignatureStatus(signature)).value?.err).toBeNull();
    expect(await conn.getBalance(to)).toBe(3_000_000);
    const late = await transferBytes(address, 3_000_000);
    const err = await p.kernel.connection.sendTransaction({ transaction: late.bytes, options: { minContextSlot: slot + 1_000_000 } }, 'solana').catch((e) => e);
    expect(err).toMatchObject({ code: -32016 });
  });

  it('sends 0.01 SOL: the receiver gets it, the sender pays it plus the fee, the balance shown follows', async () => {
    const to = Keypair.generate().publicKey.toBase58();
    const before = await conn.getBalance(new PublicKey(address));
    const signature = await p.kernel.connection.transfer({ to, amount: 10_000_000n });
    expect((await conn.getSignatureStatus(signature)).value?.confirmationStatus).toMatch(/confirmed|finalized/);
    expect(await conn.getBalance(new PublicKey(to))).toBe(10_000_000);
    const after = await conn.getBalance(new PublicKey(address));
    expect(after).toBe(before - 10_000_000 - 5000);
    await until(() => p.kernel.account.get('solana').balance === formatUnits(BigInt(after), 9));
  });

  it("a declined send reads 'Failed to send transaction. Please try again.' and is still a user rejection", async () => {
    p.wallet.rejectNext = true;
    const err = await p.kernel.connection.transfer({ to: Keypair.generate().publicKey.toBase58(), amount: 10_000_000n }).catch((e) => e);
    expect(err.message).toBe('Failed to send transaction. Please try again.');
    expect(err.cause).toBeInstanceOf(UserRejectedRequestError);
  });
});

it('a reload reconnects without a prompt; a disconnect in the wallet disconnects the page', async () => {
  const walletStorage = new MemoryStorage();
  const kernelStorage = new MemoryStorage();
  const first = page(6, { wallet: walletStorage, kernel: kernelStorage });
  await first.kernel.start();
  await first.kernel.connection.connect({ connectorId: solanaConnectorId('Int Solana Wallet') });
  first.kernel.stop();
  first.wallet.uninstall();

  const second = page(6, { wallet: walletStorage, kernel: kernelStorage });
  second.wallet.rejectAll = true; // any prompt would fail
  await second.kernel.start();
  expect(second.kernel.account.get('solana')).toMatchObject({ status: 'connected', address: second.wallet.address });
  second.wallet.disconnect();
  expect(second.kernel.account.get('solana').status).toBe('disconnected');
  second.kernel.stop();
  second.wallet.uninstall();
});

it('a wallet that only signs: the plugin sends through the node and waits for confirmation', async () => {
  const p = page(7);
  await fund(p.wallet.address, 1);
  // The same wallet, seen through a wallet-standard object without signAndSendTransaction.
  const host = new EventTarget();
  const { 'solana:signAndSendTransaction': _omit, ...features } = p.wallet.wallet.features as Record<string, unknown>;
  const signOnly = { ...p.wallet.wallet, name: 'Sign Only', features, get accounts() { return p.wallet.wallet.accounts; } };
  host.addEventListener('wallet-standard:app-ready', (e) => (e as CustomEvent).detail.register(signOnly));
  const kernel = createKernel({
    options: { projectId: 'int', networks: [local], features: { analytics: false } },
    plugins: [solanaPlugin()],
    environment: { window: host as never, document: undefined, localStorage: new MemoryStorage(), fetch: (u, i) => fetch(u, i) },
  });
  await kernel.start();
  await kernel.connection.connect({ connectorId: solanaConnectorId('Sign Only') });
  const to = Keypair.generate().publicKey.toBase58();
  const signature = await kernel.connection.transfer({ to, amount: 20_000_000n });
  expect((await conn.getSignatureStatus(signature)).value?.err).toBeNull();
  expect(await conn.getBalance(new PublicKey(to))).toBe(20_000_000);
  kernel.stop();
  p.kernel.stop();
  p.wallet.uninstall();
});
