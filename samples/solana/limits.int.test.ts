/**
 * The local Solana chain's memory bounds, on a node started with a tiny history
 * (SOLANA_MAX_TRANSACTIONS=3) and a stopped slot clock (SOLANA_SLOT_MS=0).
 */
import { Keypair } from '@solana/web3.js';
import { startSolanaProcess, type SolanaProcess } from './testing/solanaProcess';

let chain: SolanaProcess;

beforeAll(async () => {
  chain = await startSolanaProcess({ slotMs: 0, maxTransactions: 3 });
}, 30_000);

afterAll(async () => {
  await chain?.stop();
});

async function rpc(method: string, params?: unknown): Promise<any> {
  const res = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return res.json();
}

it('keeps at most SOLANA_MAX_TRANSACTIONS transactions; older statuses are forgotten', async () => {
  const to = Keypair.generate().publicKey.toBase58();
  const sigs: string[] = [];
  for (let i = 0; i < 5; i++) sigs.push((await rpc('requestAirdrop', [to, 1_000_000_000 + i])).result);
  expect(new Set(sigs).size).toBe(5);
  const statuses = (await rpc('getSignatureStatuses', [sigs])).result.value;
  expect(statuses.map((s: unknown) => s !== null)).toEqual([false, false, true, true, true]);
  const history = (await rpc('getSignaturesForAddress', [to, { commitment: 'confirmed' }])).result;
  expect(history.map((h: { signature: string }) => h.signature)).toEqual(sigs.slice(2).reverse());
  const stats = await chain.stats();
  expect(stats.stored).toBe(3);
  expect(stats.transactions).toBe(5);
  expect(await rpc('getBalance', [to])).toMatchObject({ result: { value: 5_000_000_010 } });
});

it('with the clock stopped, the slot and the blockhash stay put', async () => {
  const a = (await rpc('getLatestBlockhash')).result;
  await new Promise((r) => setTimeout(r, 500));
  const b = (await rpc('getLatestBlockhash')).result;
  expect(b.value).toEqual(a.value);
  expect(b.context.slot).toBe(0);
});
