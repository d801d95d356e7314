/**
 * The indexer against a real anvil node on PGlite: reorgs made with evm_snapshot / evm_revert
 * (a shorter chain, and a different block at the same height) leave no phantom history,
 * balances or NFT owners; a restarted chain (a fresh anvil on the same port) is detected and
 * indexed again. A fresh index of the same chain agrees with the live one; on the full workload
 * (`npm run bench:servers`) that test prints the indexing speed and the lag of live following.
 */
import { parseEther, parseUnits, type Address } from 'viem';
import type { DevContracts } from '../contracts/deploy';
import type { CompiledContracts } from '../contracts/compile';
import type { DataService } from './src/index';
import { call, chainClients, deployDev, startAnvilNode, startDevChain, startTestService, type AnvilNode } from './testing/harness';

const CHAIN = 31337;
/**
 * The figures' workload: full size under `npm run bench:servers` (LATCHKEY_BENCH=1), a small chain in
 * `npm test`, which checks what the figures rest on (a fresh index agrees with the live one).
 */
const BENCH = process.env.LATCHKEY_BENCH === '1';

let node: AnvilNode;
let service: DataService;
let contracts: CompiledContracts;
let dev: DevContracts;
let clients: ReturnType<typeof chainClients>;
let a: Address[];

beforeAll(async () => {
  ({ node, service, dev, contracts, clients } = await startDevChain({ chainId: CHAIN }));
  a = [...dev.accounts];
}, 90_000);

// `node` is replaced when the chain restarts
afterAll(async () => {
  await service?.stop();
  await node?.stop();
});

const history = async (address: Address) => (await call(service.url, `/v1/account/${address}/history?limit=100`)).body.data as any[];
const lkdOf = async (address: Address) =>
  (await call(service.url, `/v1/account/${address}/balance?chainId=eip155:${CHAIN}`)).body.balances.find((b: any) => b.symbol === 'LKD')?.quantity.numeric;
const nftsOf = async (address: Address) => (await call(service.url, `/v1/account/${address}/nfts`)).body.data.map((n: any) => n.tokenId);
const health = async () => (await call(service.url, '/health', { raw: true })).body.indexer.chains[0];
const headNumber = async () => Number.parseInt(await node.rpc('eth_blockNumber'), 16);

/** Rows of the chain above `n` in every indexed table (must be none after a rollback to n). */
async function rowsAbove(n: number): Promise<number> {
  let total = 0;
  for (const [table, column] of [
    ['blocks', 'number'],
    ['txs', 'block_number'],
    ['transfers', 'block_number'],
    ['account_txs', 'block_number'],
    ['nft_tokens', 'minted_block'],
    ['tokens', 'first_block'],
  ] as const) {
    const [row] = await service.db.query<{ n: unknown }>(`select count(*) as n from ${table} where chain_id = $1 and ${column} > $2`, [CHAIN, n]);
    total += Number(row!.n);
  }
  return total;
}

/** Activity of account 1 towards account 8: LKD, an NFT and ETH. */
async function activity(): Promise<void> {
  await clients.write(a[1]!, dev.token.address, contracts.LatchkeyDevToken!.abi, 'transfer', [a[8]!, parseUnits('10', 18)]);
  await clients.write(a[1]!, dev.nft.address, contracts.LatchkeyDevKeys!.abi, 'transferFrom', [a[1]!, a[8]!, 4n]);
  await clients.sendEth(a[1]!, a[8]!, parseEther('1'));
}

describe('reorgs (anvil evm_snapshot / evm_revert)', () => {
  it('rolls back to a shorter chain: no phantom history, balances or NFT owners remain', async () => {
    const before = await headNumber();
    const historyBefore = await history(a[8]!);
    expect(await lkdOf(a[8]!)).toBe('1000');
    const snapshot = await node.rpc('evm_snapshot');
    await activity();
    await service.waitForSync(CHAIN);
    expect((await history(a[8]!)).length).toBe(historyBefore.length + 3);
    expect(await lkdOf(a[8]!)).toBe('1010');
    expect(await nftsOf(a[8]!)).toEqual(['4']);
    expect(await rowsAbove(before)).toBeGreaterThan(0);

    expect(await node.rpc('evm_revert', [snapshot])).toBe(true);
    expect(await headNumber()).toBe(before);
    await service.waitForSync(CHAIN);
    expect(await rowsAbove(before)).toBe(0);
    expect(await history(a[8]!)).toEqual(historyBefore);
    expect(await lkdOf(a[8]!)).toBe('1000');
    expect(await nftsOf(a[8]!)).toEqual([]);
    expect(await nftsOf(a[1]!)).toEqual(['4', '5']);
    expect((await health()).reorgs).toBeGreaterThanOrEqual(1);
  });

  it('replaces a block with another at the same height', async () => {
    const before = await headNumber();
    const reorgs = (await health()).reorgs;
    const snapshot = await node.rpc('evm_snapshot');
    const lost = await clients.write(a[2]!, dev.token.address, contracts.LatchkeyDevToken!.abi, 'transfer', [a[8]!, parseUnits('5', 18)]);
    await service.waitForSync(CHAIN);
    expect(await lkdOf(a[8]!)).toBe('1005');
    await node.rpc('evm_revert', [snapshot]);
    // the same height, another transaction: a different block hash
    const kept = await clients.write(a[3]!, dev.token.address, contracts.LatchkeyDevToken!.abi, 'transfer', [a[8]!, parseUnits('7', 18)]);
    expect(Number(kept.blockNumber)).toBe(before + 1);
    expect(kept.blockHash).not.toBe(lost.blockHash);
    await service.waitForSync(CHAIN);
    expect(await lkdOf(a[8]!)).toBe('1007');
    expect(await lkdOf(a[2]!)).toBe('1000');
    const hashes = (await history(a[8]!)).map((t) => t.metadata.hash);
    expect(hashes).toContain(kept.transactionHash);
    expect(hashes).not.toContain(lost.transactionHash);
    expect((await history(a[2]!)).map((t) => t.metadata.hash)).not.toContain(lost.transactionHash);
    expect((await health()).reorgs).toBe(reorgs + 1);
  });
});

describe('a restarted chain', () => {
  it('is detected (different blocks from the genesis on) and indexed again from scratch', async () => {
    const port = node.port;
    const oldHistory = await history(a[0]!);
    expect(oldHistory.length).toBeGreaterThan(0);
    await node.stop();
    // while the node is down the indexer reports it and keeps its data
    await waitUntil(async () => (await health()).lastError !== null, 10_000);
    expect((await history(a[0]!)).length).toBe(oldHistory.length);

    node = await startAnvilNode({ chainId: CHAIN, port });
    clients = chainClients(node);
    const tx = await clients.sendEth(a[2]!, a[0]!, parseEther('0.01'));
    await service.waitForSync(CHAIN, 20_000);
    expect((await health()).restarts).toBeGreaterThanOrEqual(1);
    const fresh = await history(a[0]!);
    expect(fresh.map((t) => t.metadata.hash)).toEqual([tx.transactionHash]);
    expect(await nftsOf(a[0]!)).toEqual([]);
    expect(await lkdOf(a[0]!)).toBeUndefined();
    const [genesis] = await service.db.query<{ hash: string }>('select hash from blocks where chain_id = $1 and number = 0', [CHAIN]);
    expect(genesis!.hash).toBe((await node.rpc('eth_getBlockByNumber', ['0x0', false])).hash);
  }, 40_000);

  it('a fresh index of the chain agrees with the live one; prints the indexing speed and the lag of live following (figures)', async () => {
    dev = await deployDev(node, service.url);
    a = [...dev.accounts];
    // blocks full of transfers: automine off, 40 transactions per block, sent as one RPC batch
    await node.rpc('evm_setAutomine', [false]);
    const transferData = (to: Address) => `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${(10n ** 18n).toString(16).padStart(64, '0')}`;
    const BLOCKS_WITH_TXS = BENCH ? 20 : 3;
    const PER_BLOCK = BENCH ? 50 : 20;
    const EMPTY_BLOCKS = BENCH ? 1000 : 100;
    const SENDS = BENCH ? 10 : 2;
    const senders = [a[1]!, a[2]!, a[3]!];
    const nonces = new Map<Address, number>();
    for (const s of senders) nonces.set(s, Number.parseInt(await node.rpc('eth_getTransactionCount', [s, 'pending']), 16));
    for (let b = 0; b < BLOCKS_WITH_TXS; b++) {
      const calls = Array.from({ length: PER_BLOCK }, (_, i) => {
        const from = senders[i % 3]!;
        const nonce = nonces.get(from)!;
        nonces.set(from, nonce + 1);
        const common = { from, nonce: `0x${nonce.toString(16)}`, gas: '0x186a0' };
        const tx = i % 2 ? { ...common, to: a[4 + (i % 4)]!, value: '0x1' } : { ...common, to: dev.token.address, data: transferData(a[4 + (i % 4)]!) };
        return { jsonrpc: '2.0', id: i, method: 'eth_sendTransaction', params: [tx] };
      });
      const res = await fetch(node.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(calls) });
      const answers = (await res.json()) as { error?: unknown }[];
      expect(answers.filter((x) => x.error)).toEqual([]);
      await node.rpc('evm_mine');
    }
    await node.rpc('evm_setAutomine', [true]);
    const tMine = performance.now();
    await node.rpc('anvil_mine', [`0x${EMPTY_BLOCKS.toString(16)}`]);
    const mineMs = performance.now() - tMine;
    const head = await headNumber();
    await service.waitForSync(CHAIN, 60_000);

    // a second service, fresh database, same chain: time to index everything from block 0
    const fresh = await startTestService({ chains: [{ chainId: CHAIN, rpcUrl: node.url }] });
    try {
      const t0 = performance.now();
      await fresh.waitForSync(CHAIN, 120_000);
      const ms = performance.now() - t0;
      const [txs] = await fresh.db.query<{ n: unknown }>('select count(*) as n from txs where chain_id = $1', [CHAIN]);
      const [transfers] = await fresh.db.query<{ n: unknown }>('select count(*) as n from transfers where chain_id = $1', [CHAIN]);
      const [withTxs] = await fresh.db.query<{ n: unknown }>('select count(distinct block_number) as n from txs where chain_id = $1', [CHAIN]);
      expect(Number(txs!.n)).toBeGreaterThanOrEqual(BLOCKS_WITH_TXS * PER_BLOCK);
      // both indexes agree on what account 4 did
      const seenBy = async (s: DataService) => JSON.stringify((await call(s.url, `/v1/account/${a[4]}/history?limit=100`)).body).split(s.url).join('<base>');
      expect(await seenBy(fresh)).toBe(await seenBy(service));

      // live following: from a mined transaction to its appearance in the history
      const lags: number[] = [];
      for (let i = 0; i < SENDS; i++) {
        const r = await clients.sendEth(a[2]!, a[9]!, 1n);
        const t = performance.now();
        await waitUntil(async () => (await call(fresh.url, `/v1/account/${a[9]}/history?limit=1`)).body.data[0]?.metadata.hash === r.transactionHash, 5_000, 5);
        lags.push(performance.now() - t);
      }
      lags.sort((x, y) => x - y);
      console.log(
        [
          `indexing a fresh PGlite index from block 0: ${head + 1} blocks (${Number(withTxs!.n)} with ${Number(txs!.n)} transactions and ${Number(transfers!.n)} transfers, the rest empty) in ${ms.toFixed(0)} ms = ${((head + 1) / (ms / 1000)).toFixed(0)} blocks/s, ${(Number(txs!.n) / (ms / 1000)).toFixed(0)} tx/s`,
          `(anvil itself mined the ${EMPTY_BLOCKS} empty blocks in ${mineMs.toFixed(0)} ms)${BENCH ? '' : ' [a small chain: `npm run bench:servers` for the figures]'}`,
          `live following (poll 25 ms): mined -> in history p50 ${lags[Math.floor(SENDS / 2)]!.toFixed(0)} ms, max ${lags[SENDS - 1]!.toFixed(0)} ms`,
        ].join('\n'),
      );
    } finally {
      await fresh.stop();
    }
  }, 180_000);
});

describe('with the node\'s WebSocket endpoint (wsUrl)', () => {
  it('steps on each new head instead of waiting out the poll interval, and the figure is printed', async () => {
    // a poll of 60 s: only the newHeads notification can bring the transactions below in time
    const watched = await startTestService({ chains: [{ chainId: CHAIN, rpcUrl: node.url, wsUrl: node.url.replace(/^http/, 'ws') }], indexer: { pollMs: 60_000 } });
    try {
      await watched.waitForSync(CHAIN, 60_000);
      const lags: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await clients.sendEth(a[3]!, a[9]!, 1n);
        const t = performance.now();
        await waitUntil(async () => (await call(watched.url, `/v1/account/${a[9]}/history?limit=1`)).body.data[0]?.metadata.hash === r.transactionHash, 10_000, 5);
        lags.push(performance.now() - t);
      }
      lags.sort((x, y) => x - y);
      console.log(`live following on newHeads (poll 60 s as the fallback): mined -> in history p50 ${lags[2]!.toFixed(0)} ms, max ${lags[4]!.toFixed(0)} ms`);
    } finally {
      await watched.stop();
    }
  }, 90_000);

  it('while the subscription is live, a short poll interval does not make a caught-up indexer step: it waits for the next head (at most LIVE_HEADS_FALLBACK_MS)', async () => {
    const watched = await startTestService({ chains: [{ chainId: CHAIN, rpcUrl: node.url, wsUrl: node.url.replace(/^http/, 'ws') }], indexer: { pollMs: 50 } });
    try {
      await watched.waitForSync(CHAIN, 60_000);
      const steps = () => watched.indexerStatus()!.chains.find((c) => c.chainId === CHAIN)!.steps;
      // the subscription is confirmed within a step or two of the sync; from then on, nothing mined: no step
      await waitUntil(async () => {
        const before = steps();
        await new Promise((r) => setTimeout(r, 300));
        return steps() === before;
      }, 10_000, 0);
      const idle = steps();
      await new Promise((r) => setTimeout(r, 1_500));
      expect(steps() - idle).toBe(0); // a 50 ms poll would have stepped ~30 times
      // a mined block is still indexed at once
      const r = await clients.sendEth(a[3]!, a[9]!, 1n);
      await waitUntil(async () => (await call(watched.url, `/v1/account/${a[9]}/history?limit=1`)).body.data[0]?.metadata.hash === r.transactionHash, 5_000, 5);
      expect(steps()).toBeGreaterThan(idle);
    } finally {
      await watched.stop();
    }
  }, 90_000);
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

