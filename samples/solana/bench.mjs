#!/usr/bin/env node
// Figures for the local Solana chain, measured with @solana/web3.js against a node started in
// this process with the `npm start` settings (400 ms slots, 5000 transactions of history):
//   - airdrop -> confirmed and transfer -> confirmed latency (p50 / p95 / max),
//   - raw throughput of sendTransaction (with preflight) and the process RSS as the history fills
//     and then stays bounded.
//   node --expose-gc samples/solana/bench.mjs [--rounds 30] [--transactions 8000]
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { ed25519 } from '@noble/curves/ed25519';
import { startSolana } from './server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('--rounds', 30);
const TRANSACTIONS = arg('--transactions', 8000);

const pct = (list, p) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const fmt = (list) => `p50 ${pct(list, 50).toFixed(1)} ms, p95 ${pct(list, 95).toFixed(1)} ms, max ${Math.max(...list).toFixed(1)} ms`;
const mib = (n) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

const rssStart = process.memoryUsage().rss;
let t = performance.now();
const solana = await startSolana({ port: 0, wsPort: 0 });
const startMs = performance.now() - t;
const conn = new Connection(solana.rpcUrl, { commitment: 'confirmed', wsEndpoint: solana.wsUrl });

const airdrops = [];
const payers = [];
for (let i = 0; i < ROUNDS; i++) {
  const kp = Keypair.generate();
  t = performance.now();
  const signature = await conn.requestAirdrop(kp.publicKey, 10 * LAMPORTS_PER_SOL);
  const latest = await conn.getLatestBlockhash();
  const res = await conn.confirmTransaction({ signature, ...latest }, 'confirmed');
  if (res.value.err) throw new Error(`airdrop failed: ${JSON.stringify(res.value.err)}`);
  airdrops.push(performance.now() - t);
  payers.push(kp);
}

const transfers = [];
for (const payer of payers) {
  t = performance.now();
  const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS_PER_SOL / 100 }));
  await sendAndConfirmTransaction(conn, tx, [payer]);
  transfers.push(performance.now() - t);
}

// Throughput and memory: many different transfers from one payer, signed ahead of time in chunks
// (client-side signing is not the node's cost), then sent one after another over HTTP.
const payer = payers[0];
const sink = Keypair.generate().publicKey;
await conn.requestAirdrop(payer.publicKey, 1000 * LAMPORTS_PER_SOL);
const rss = [];
let sendMs = 0;
const CHUNK = 1000;
for (let done = 0; done < TRANSACTIONS; done += CHUNK) {
  const { blockhash } = await conn.getLatestBlockhash();
  const wire = [];
  for (let i = done; i < Math.min(done + CHUNK, TRANSACTIONS); i++) {
    const tx = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight: 0 }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: sink, lamports: 1_000_000 + i }),
    );
    tx.addSignature(payer.publicKey, Buffer.from(ed25519.sign(tx.serializeMessage(), payer.secretKey.subarray(0, 32))));
    wire.push(tx.serialize({ verifySignatures: false }));
  }
  t = performance.now();
  for (const bytes of wire) await conn.sendRawTransaction(bytes);
  sendMs += performance.now() - t;
  globalThis.gc?.();
  rss.push(`${done + wire.length}: ${mib(process.memoryUsage().rss)}`);
}
const perSecond = TRANSACTIONS / (sendMs / 1000);

console.log(`Local Solana chain (litesvm ${solana.stats().litesvm}), web3.js client in the same process, ${ROUNDS} rounds`);
console.log(`  start (listening, chain ready)   ${startMs.toFixed(1)} ms`);
console.log(`  airdrop -> confirmed             ${fmt(airdrops)}`);
console.log(`  transfer -> confirmed            ${fmt(transfers)}`);
console.log(`  sendTransaction (preflight on)   ${perSecond.toFixed(0)} tx/s over ${TRANSACTIONS} transfers (HTTP round trip included)`);
console.log(`  RSS before start                 ${mib(rssStart)}`);
console.log(`  RSS after N transactions         ${rss.join(', ')} (history capped at 5000)`);
console.log(`  stats                            ${JSON.stringify(solana.stats())}`);
(conn)._rpcWebSocket?.close();
await solana.stop();
// litesvm 0.8 aborts at a natural exit once an SBF program has run; exit explicitly.
process.exit(0);
