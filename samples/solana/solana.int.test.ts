/**
 * The local Solana chain (samples/solana/server.mjs, a child process) against the real client
 * library, @solana/web3.js 1.x: airdrop, transfer, confirmation through the WebSocket
 * subscription, simulation, history, and the errors a malformed request gets.
 */
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SolanaJSONRPCError,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
  type SignatureResult,
} from '@solana/web3.js';
import { base58 } from '@scure/base';
import WebSocket from 'ws';
import { startSolanaProcess, type SolanaProcess } from './testing/solanaProcess';

let chain: SolanaProcess;
let conn: Connection;
// A short slot so that blockhash expiry (150 slots) and finality (32 slots) happen within the test.
const SLOT_MS = 25;

beforeAll(async () => {
  chain = await startSolanaProcess({ slotMs: SLOT_MS });
  conn = new Connection(chain.rpcUrl, 'confirmed');
}, 30_000);

afterAll(async () => {
  // web3.js keeps its WebSocket (and reconnects) on its own; close it before the server goes.
  (conn as unknown as { _rpcWebSocket?: { close(): void } })._rpcWebSocket?.close();
  await chain?.stop();
});

async function rpc(method: string, params?: unknown): Promise<{ result?: any; error?: { code: number; message: string; data?: any } }> {
  const res = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  expect(res.status).toBe(200);
  return res.json();
}

async function funded(sol = 10): Promise<Keypair> {
  const kp = Keypair.generate();
  const sig = await conn.requestAirdrop(kp.publicKey, sol * LAMPORTS_PER_SOL);
  const latest = await conn.getLatestBlockhash();
  const res = await conn.confirmTransaction({ signature: sig, ...latest }, 'confirmed');
  expect(res.value.err).toBeNull();
  return kp;
}

function transfer(from: Keypair, to: PublicKey, lamports: number, blockhash: string): Transaction {
  const tx = new Transaction({ feePayer: from.publicKey, blockhash, lastValidBlockHeight: 0 });
  tx.add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }));
  tx.sign(from);
  return tx;
}

const waitFor = async <T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, SLOT_MS));
  }
};

describe('identity of the chain', () => {
  it('answers getVersion, getHealth and getGenesisHash; the CAIP-2 id is the genesis hash prefix', async () => {
    const version = await conn.getVersion();
    expect(version['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    const genesis = await conn.getGenesisHash();
    expect(genesis).toBe(chain.genesisHash);
    expect(new PublicKey(genesis).toBytes()).toHaveLength(32);
    expect(chain.caipNetworkId).toBe(`solana:${genesis.slice(0, 32)}`);
    expect((await rpc('getHealth')).result).toBe('ok');
    expect(await (await fetch(`${chain.rpcUrl}/health`)).text()).toBe('ok');
  });

  it('advances slots and blockhashes; block height follows the slot', async () => {
    const { context, value: first } = await conn.getLatestBlockhashAndContext();
    const { context: laterContext, value: later } = await waitFor('a new blockhash', async () => {
      const b = await conn.getLatestBlockhashAndContext();
      return b.value.blockhash !== first.blockhash ? b : undefined;
    });
    expect(later.lastValidBlockHeight).toBeGreaterThan(first.lastValidBlockHeight);
    expect(laterContext.slot).toBeGreaterThan(context.slot);
    expect(later.lastValidBlockHeight - laterContext.slot).toBe(150);
    const epoch = await conn.getEpochInfo();
    expect(epoch.blockHeight).toBe(epoch.absoluteSlot);
    expect(later.lastValidBlockHeight - (await conn.getBlockHeight())).toBeLessThanOrEqual(150);
    // the older blockhash is still valid
    expect((await conn.isBlockhashValid(first.blockhash)).value).toBe(true);
  });
});

describe('airdrop and transfer with web3.js', () => {
  it('requestAirdrop + confirmTransaction credits the account', async () => {
    const kp = Keypair.generate();
    expect(await conn.getBalance(kp.publicKey)).toBe(0);
    const sig = await conn.requestAirdrop(kp.publicKey, 2 * LAMPORTS_PER_SOL);
    const latest = await conn.getLatestBlockhash();
    const res = await conn.confirmTransaction({ signature: sig, ...latest }, 'confirmed');
    expect(res.value.err).toBeNull();
    expect(await conn.getBalance(kp.publicKey)).toBe(2 * LAMPORTS_PER_SOL);
    const status = (await conn.getSignatureStatus(sig)).value;
    // confirmed, or already finalized when 32 slots went by before this question (a loaded machine)
    expect(['confirmed', 'finalized']).toContain(status?.confirmationStatus);
    expect(status?.err).toBeNull();
  });

  it('sendAndConfirmTransaction of a SystemProgram transfer moves the lamports and charges the fee', async () => {
    const alice = await funded(5);
    const bob = Keypair.generate().publicKey;
    const before = await conn.getBalance(alice.publicKey);
    const amount = LAMPORTS_PER_SOL / 100;
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob, lamports: amount }));
    const sig = await sendAndConfirmTransaction(conn, tx, [alice]);
    expect(await conn.getBalance(bob)).toBe(amount);
    expect(await conn.getBalance(alice.publicKey)).toBe(before - amount - 5000);

    // history: getTransaction (confirmed) and getSignaturesForAddress
    const got = await conn.getTransaction(sig, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(got?.meta?.err).toBeNull();
    expect(got?.meta?.fee).toBe(5000);
    expect(got?.meta?.preBalances[0]).toBe(before);
    expect(got?.meta?.postBalances[1]).toBe(amount);
    expect(got?.version).toBe('legacy');
    expect(got?.transaction.message.staticAccountKeys.map((k) => k.toBase58())).toEqual([
      alice.publicKey.toBase58(),
      bob.toBase58(),
      SystemProgram.programId.toBase58(),
    ]);
    const parsed = await conn.getParsedTransaction(sig, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(parsed?.transaction.message.instructions[0]).toMatchObject({
      program: 'system',
      parsed: { type: 'transfer', info: { source: alice.publicKey.toBase58(), destination: bob.toBase58(), lamports: amount } },
    });
    const history = await conn.getSignaturesForAddress(bob, {}, 'confirmed');
    expect(history.map((h) => h.signature)).toEqual([sig]);
    // finalized after 32 slots
    const final = await waitFor('finality', async () => (await conn.getTransaction(sig, { commitment: 'finalized', maxSupportedTransactionVersion: 0 })) ?? undefined, 15_000);
    expect(final.slot).toBe(got!.slot);
    expect((await conn.getSignatureStatus(sig)).value?.confirmationStatus).toBe('finalized');
  }, 30_000);

  it('a v0 transaction lands; getTransaction without maxSupportedTransactionVersion is refused with -32015', async () => {
    const alice = await funded(1);
    const { blockhash } = await conn.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: alice.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL / 10 })],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([alice]);
    const sig = await conn.sendTransaction(tx);
    await waitFor('the v0 status', async () => ((await conn.getSignatureStatus(sig)).value ? true : undefined));
    const got = await conn.getTransaction(sig, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(got?.version).toBe(0);
    const refused = await rpc('getTransaction', [sig, { commitment: 'confirmed' }]);
    expect(refused.error?.code).toBe(-32015);
  });
});

describe('subscriptions over the WebSocket (web3.js looks at the HTTP port + 1)', () => {
  it('confirms through signatureSubscribe and reports the account change through accountSubscribe', async () => {
    expect(chain.wsUrl).toBe(`ws://127.0.0.1:${chain.port + 1}`);
    const alice = await funded(3);
    const bob = Keypair.generate().publicKey;
    const { blockhash } = await conn.getLatestBlockhash();
    const tx = transfer(alice, bob, LAMPORTS_PER_SOL, blockhash);
    const sig = base58.encode(tx.signatures[0]!.signature!);

    const accountChange = new Promise<number>((resolve) => {
      const id = conn.onAccountChange(bob, (info) => {
        void conn.removeAccountChangeListener(id);
        resolve(info.lamports);
      }, { commitment: 'confirmed' });
    });
    const notified = new Promise<SignatureResult>((resolve) => {
      conn.onSignature(sig, (result) => resolve(result), 'confirmed');
    });
    // let both subscriptions reach the server before sending
    await waitFor('the subscriptions', async () => (Number((await chain.stats()).subscriptions) >= 2 ? true : undefined));
    const sent = await conn.sendRawTransaction(tx.serialize(), { skipPreflight: true, maxRetries: 0, preflightCommitment: 'confirmed' });
    expect(sent).toBe(sig);
    expect((await notified).err).toBeNull();
    expect(await accountChange).toBe(LAMPORTS_PER_SOL);
  });

  it('notifies slots in order', async () => {
    const slots: number[] = [];
    const id = conn.onSlotChange((s) => slots.push(s.slot));
    await waitFor('three slots', async () => (slots.length >= 3 ? true : undefined));
    await conn.removeSlotChangeListener(id);
    for (let i = 1; i < slots.length; i++) expect(slots[i]).toBeGreaterThan(slots[i - 1]!);
  });

  it('answers raw pubsub requests and refuses unknown subscriptions', async () => {
    const ws = new WebSocket(chain.wsUrl);
    await new Promise((r, j) => ws.once('open', r).once('error', j));
    const ask = (id: number, method: string, params: unknown) =>
      new Promise<any>((resolve) => {
        const onMessage = (data: WebSocket.RawData) => {
          const msg = JSON.parse(String(data));
          if (msg.id === id) {
            ws.off('message', onMessage);
            resolve(msg);
          }
        };
        ws.on('message', onMessage);
        ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
      });
    expect((await ask(1, 'signatureUnsubscribe', [987654])).error).toEqual({ code: -32602, message: 'Invalid subscription id.' });
    expect((await ask(2, 'accountSubscribe', ['not-a-key'])).error.code).toBe(-32602);
    expect((await ask(3, 'programSubscribe', [SystemProgram.programId.toBase58()])).error.code).toBe(-32601);
    expect((await ask(6, 'constructor', [])).error.code).toBe(-32601);
    const sub = await ask(4, 'slotSubscribe', []);
    expect(typeof sub.result).toBe('number');
    expect((await ask(5, 'slotUnsubscribe', [sub.result])).result).toBe(true);

    // an account subscription without an encoding gets the legacy bare base58 data
    const key = Keypair.generate().publicKey.toBase58();
    const accountSub = await ask(7, 'accountSubscribe', [key, { commitment: 'confirmed' }]);
    const notified = new Promise<any>((resolve) =>
      ws.on('message', (data) => {
        const msg = JSON.parse(String(data));
        if (msg.method === 'accountNotification' && msg.params.subscription === accountSub.result) resolve(msg.params.result);
      }),
    );
    expect((await rpc('requestAirdrop', [key, LAMPORTS_PER_SOL])).result).toEqual(expect.any(String));
    expect((await notified).value).toMatchObject({ lamports: LAMPORTS_PER_SOL, owner: SystemProgram.programId.toBase58(), data: '', executable: false, space: 0 });
    ws.close();
  });
});

describe('simulation and fees', () => {
  it('simulates a failing transfer with the program error and logs, without changing state', async () => {
    const alice = await funded(1);
    const bob = Keypair.generate().publicKey;
    const { blockhash } = await conn.getLatestBlockhash();
    const tx = transfer(alice, bob, 50 * LAMPORTS_PER_SOL, blockhash);
    const sim = await conn.simulateTransaction(tx);
    expect(sim.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(sim.value.logs?.some((l) => l.includes('insufficient lamports'))).toBe(true);
    expect(await conn.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL);

    const ok = transfer(alice, bob, LAMPORTS_PER_SOL / 2, blockhash);
    const res = await conn.simulateTransaction(VersionedTransaction.deserialize(ok.serialize()), {
      sigVerify: true,
      accounts: { encoding: 'base64', addresses: [bob.toBase58()] },
    });
    expect(res.value.err).toBeNull();
    expect(res.value.unitsConsumed).toBeGreaterThan(0);
    expect(res.value.accounts?.[0]?.lamports).toBe(LAMPORTS_PER_SOL / 2);
    expect(await conn.getBalance(bob)).toBe(0);
  });

  it('getFeeForMessage matches the fee actually charged, priority fee included', async () => {
    const alice = await funded(1);
    const { blockhash } = await conn.getLatestBlockhash();
    const tx = new Transaction({ feePayer: alice.publicKey, blockhash, lastValidBlockHeight: 0 }).add(
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 250_000 }),
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: alice.publicKey, lamports: 1 }),
    );
    const fee = (await conn.getFeeForMessage(tx.compileMessage())).value;
    expect(fee).toBe(5000 + Math.ceil((250_000 * 6000) / 1e6)); // two builtin instructions: 2 × 3000 CU
    const before = await conn.getBalance(alice.publicKey);
    // a blockhash lives 150 slots (3.75 s here): take a fresh one for the send (the fee does not depend on it)
    tx.recentBlockhash = (await conn.getLatestBlockhash()).blockhash;
    await sendAndConfirmTransaction(conn, tx, [alice]);
    expect(before - (await conn.getBalance(alice.publicKey))).toBe(fee);
    const recent = await conn.getRecentPrioritizationFees({ lockedWritableAccounts: [alice.publicKey] });
    expect(recent.some((f) => f.prioritizationFee === 250_000)).toBe(true);
  });
});

describe('transactions that cannot land, and malformed requests', () => {
  it('refuses a transaction with an unknown blockhash, a duplicate, and a bad signature', async () => {
    const alice = await funded(1);
    const bob = Keypair.generate().publicKey;
    const stale = transfer(alice, bob, 1_000_000, Keypair.generate().publicKey.toBase58());
    await expect(conn.sendRawTransaction(stale.serialize())).rejects.toThrow(/Blockhash not found/);

    const { blockhash } = await conn.getLatestBlockhash();
    const tx = transfer(alice, bob, 1_000_000, blockhash);
    await conn.sendRawTransaction(tx.serialize());
    const dup = await rpc('sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64', skipPreflight: true }]);
    expect(dup.error).toMatchObject({ code: -32002, data: { err: 'AlreadyProcessed' } });

    const forged = tx.serialize();
    forged[1] = forged[1]! ^ 0xff; // flip a signature byte
    const bad = await rpc('sendTransaction', [forged.toString('base64'), { encoding: 'base64' }]);
    expect(bad.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' });

    // a base58 transaction (the default encoding) is accepted too
    const fresh = transfer(alice, bob, 2_000_000, blockhash);
    const b58 = await rpc('sendTransaction', [base58.encode(fresh.serialize()), { maxRetries: 3, minContextSlot: 0 }]);
    expect(b58.result).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  });

  it('lands a failing transaction sent with skipPreflight: the fee is charged and the status carries the error', async () => {
    const alice = await funded(1);
    const { blockhash } = await conn.getLatestBlockhash();
    const tx = transfer(alice, Keypair.generate().publicKey, 5 * LAMPORTS_PER_SOL, blockhash);
    const sig = await conn.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    const status = await waitFor('the status', async () => (await conn.getSignatureStatus(sig)).value ?? undefined);
    expect(status.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(await conn.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL - 5000);
    // and without skipPreflight the same mistake is refused before it lands
    const again = transfer(alice, Keypair.generate().publicKey, 5 * LAMPORTS_PER_SOL, blockhash);
    const err = await conn.sendRawTransaction(again.serialize()).catch((e) => e);
    expect(err).toBeInstanceOf(SendTransactionError);
    expect(String(err.message)).toMatch(/custom program error: 0x1/);
  });

  it('refuses a blockhash once it is 150 slots old', async () => {
    const { blockhash } = await conn.getLatestBlockhash();
    await waitFor('expiry', async () => ((await conn.isBlockhashValid(blockhash)).value ? undefined : true), 25_000);
    const alice = await funded(1);
    const tx = transfer(alice, Keypair.generate().publicKey, 1_000_000, blockhash);
    await expect(conn.sendRawTransaction(tx.serialize())).rejects.toThrow(/Blockhash not found/);
    expect((await rpc('getFeeForMessage', [tx.compileMessage().serialize().toString('base64')])).result.value).toBeNull();
  }, 40_000);

  it('answers bad parameters with -32602, unknown methods with -32601, bad JSON with -32700', async () => {
    await expect(conn.getBalance(new PublicKey(new Uint8Array(32))).then(() => 'ok')).resolves.toBe('ok');
    const badKey = await rpc('getBalance', ['not-a-public-key']);
    expect(badKey.error?.code).toBe(-32602);
    expect(badKey.error?.message).toMatch(/public key/);
    expect((await rpc('getBalance', [])).error?.code).toBe(-32602);
    expect((await rpc('getBalance', [SystemProgram.programId.toBase58(), { commitment: 'soon' }])).error?.code).toBe(-32602);
    expect((await rpc('requestAirdrop', [SystemProgram.programId.toBase58(), -1])).error?.code).toBe(-32602);
    expect((await rpc('requestAirdrop', [Keypair.generate().publicKey.toBase58(), 10_000 * LAMPORTS_PER_SOL])).error?.code).toBe(-32602);
    expect((await rpc('getMultipleAccounts', [Array(101).fill(SystemProgram.programId.toBase58())])).error?.code).toBe(-32602);
    expect((await rpc('getSignatureStatuses', [['xyz']])).error?.code).toBe(-32602);
    expect((await rpc('sendTransaction', ['AAAA', { encoding: 'base64' }])).error?.code).toBe(-32602);
    expect((await rpc('sendTransaction', ['AAAA', { encoding: 'hex' }])).error?.code).toBe(-32602);
    expect((await rpc('sendTransaction', ['A'.repeat(5000), { encoding: 'base64' }])).error?.message).toMatch(/too large/);
    expect((await rpc('getSlot', [{ minContextSlot: 2 ** 63 }])).error).toMatchObject({ code: -32016, data: { contextSlot: expect.any(Number) } });
    expect((await rpc('getTransaction', ['1'.repeat(64), { commitment: 'processed' }])).error?.code).toBe(-32602);
    expect((await rpc('eth_chainId')).error?.code).toBe(-32601);
    expect((await rpc('constructor')).error?.code).toBe(-32601);

    // web3.js surfaces the code
    const viaClient = await conn.getSignatureStatuses(['bad' as string]).catch((e) => e);
    expect(viaClient).toBeInstanceOf(Error);
    const accountErr = await (conn as any)._rpcRequest('getAccountInfo', ['zzz']);
    expect(accountErr.error.code).toBe(-32602);
    expect(new SolanaJSONRPCError(accountErr.error, 'x').code).toBe(-32602);

    const raw = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0",' });
    expect((await raw.json()).error.code).toBe(-32700);
    const notRpc = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":1}' });
    expect((await notRpc.json()).error.code).toBe(-32600);
  });

  it('speaks HTTP like an RPC node: CORS, batches, content type and body limits', async () => {
    const pre = await fetch(chain.rpcUrl, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/content-type/);
    const batch = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'getSlot' },
        { jsonrpc: '2.0', id: 'b', method: 'nope' },
      ]),
    });
    const answers = await batch.json();
    expect(answers.map((a: any) => a.id)).toEqual(['a', 'b']);
    expect(typeof answers[0].result).toBe('number');
    expect(answers[1].error.code).toBe(-32601);
    const text = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    // a body past the bound: 413 (not a reset connection), then the connection closes
    const big = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(60 * 1024) });
    expect(big.status).toBe(413);
    expect(big.headers.get('connection')).toBe('close');
    expect(await big.text()).toBe('Request body larger than 51200 bytes\n');
    expect((await fetch(chain.rpcUrl)).status).toBe(405);
  });
});
