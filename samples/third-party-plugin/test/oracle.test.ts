// Against a real EVM node: GAS_TEST_RPC_URL (an anvil, for example) is required.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createKernel, defineNetwork, type Kernel } from 'latchkey';
import { GasOracle, gasPlugin, type GasOracleState } from '../src/index.js';

const url = process.env['GAS_TEST_RPC_URL'];
const chainId = Number(process.env['GAS_TEST_CHAIN_ID'] ?? 31337);
let kernel: Kernel;

before(async () => {
  if (!url) throw new Error('GAS_TEST_RPC_URL is not set: these tests need a real EVM node (e.g. anvil)');
  const devnet = defineNetwork({
    id: chainId,
    name: 'Dev chain',
    chainNamespace: 'eip155',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  kernel = createKernel({ options: { projectId: 'gas-plugin-test', networks: [devnet], gasRefreshMs: 2000, features: { analytics: false } }, plugins: [gasPlugin()] });
  await kernel.start();
  await kernel.plugins.load('gas');
});

after(async () => {
  await kernel?.stop();
});

test('reads the fee tiers of the active network from the node', async () => {
  const oracle = kernel.get<GasOracle>(GasOracle);
  await oracle.refresh();
  const state: GasOracleState = oracle.state;
  assert.equal(state.status, 'ready', JSON.stringify(state, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
  if (state.status !== 'ready') return;
  const block = BigInt(await (await fetch(url!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] }) })).json().then((r: { result: { number: string; baseFeePerGas: string } }) => r.result.number));
  assert.equal(state.estimate.blockNumber, block);
  assert.ok(state.estimate.nextBaseFee !== undefined && state.estimate.nextBaseFee > 0n, 'anvil reports EIP-1559 base fees');
  const [slow, normal, fast] = state.estimate.tiers;
  assert.ok(slow.maxPriorityFeePerGas <= normal.maxPriorityFeePerGas && normal.maxPriorityFeePerGas <= fast.maxPriorityFeePerGas);
  assert.equal(normal.maxFeePerGas, state.estimate.nextBaseFee * 2n + normal.maxPriorityFeePerGas);
});

test('a node that does not answer gives the error state, not a throw', async () => {
  const dead = defineNetwork({
    id: chainId,
    name: 'Dead chain',
    chainNamespace: 'eip155',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } },
  });
  const other = createKernel({ options: { projectId: 'gas-plugin-test', networks: [dead], features: { analytics: false } }, plugins: [gasPlugin()] });
  try {
    await other.start();
    await other.plugins.load('gas');
    const oracle = other.get<GasOracle>(GasOracle);
    await oracle.refresh();
    assert.deepEqual(oracle.state, { status: 'error', caipNetworkId: `eip155:${chainId}`, message: 'Network fees are unavailable right now', estimate: undefined });
  } finally {
    await other.stop();
  }
});

test('watch refreshes while watched and stops when the last watcher leaves', async () => {
  const oracle = kernel.get<GasOracle>(GasOracle);
  const seen: string[] = [];
  const sub = oracle.state$.subscribe((s) => seen.push(s.status));
  const stopA = oracle.watch();
  const stopB = oracle.watch();
  await new Promise((r) => setTimeout(r, 2600));
  stopA();
  stopB();
  const count = seen.filter((s) => s === 'loading').length;
  assert.ok(count >= 2, `two refreshes in 2.6 s at 2 s intervals (saw ${seen.join(',')})`);
  await new Promise((r) => setTimeout(r, 2200));
  assert.equal(seen.filter((s) => s === 'loading').length, count, 'no refresh after the last watcher left');
  sub.unsubscribe();
});
