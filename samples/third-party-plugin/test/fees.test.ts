import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FeeHistoryError, formatGwei, tiersFromFeeHistory, tiersFromGasPrice } from '../src/fees.js';
import { gasPlugin, GasPluginConfigError, validateGasOptions } from '../src/index.js';

const gwei = (n: number) => `0x${BigInt(Math.round(n * 1e9)).toString(16)}`;

test('tiers: median reward per percentile; fee cap = 2 × next base fee + tip', () => {
  const r = tiersFromFeeHistory({
    oldestBlock: '0x10',
    baseFeePerGas: [gwei(10), gwei(11), gwei(12), gwei(20)],
    reward: [
      [gwei(1), gwei(2), gwei(5)],
      [gwei(1), gwei(3), gwei(9)],
      [gwei(2), gwei(4), gwei(6)],
    ],
  });
  assert.ok(r);
  assert.equal(r.nextBaseFee, 20_000_000_000n);
  assert.deepEqual(r.tiers.map((t) => t.maxPriorityFeePerGas), [1_000_000_000n, 3_000_000_000n, 6_000_000_000n]);
  assert.equal(r.tiers[1].maxFeePerGas, 43_000_000_000n);
  assert.equal(r.tiers[2].transferCost, 26_000_000_000n * 21_000n);
});

test('tiers: a chain without base fees gives none (legacy path)', () => {
  assert.equal(tiersFromFeeHistory({ oldestBlock: '0x1', baseFeePerGas: ['0x0', '0x0'], reward: [] }), undefined);
  assert.equal(tiersFromFeeHistory({ oldestBlock: '0x1' }), undefined);
  assert.deepEqual(tiersFromGasPrice(100n).map((t) => t.maxFeePerGas), [90n, 100n, 125n]);
});

test('a hostile or broken fee history is a typed error, never NaN or a throw of another kind', () => {
  for (const history of [
    { oldestBlock: '0x1', baseFeePerGas: ['12'] },
    { oldestBlock: '0x1', baseFeePerGas: ['0x1'], reward: [['0x1']] },
    { oldestBlock: '0x1', baseFeePerGas: ['0x1'], reward: [['0x1', '0x2', 'NaN']] },
    { oldestBlock: '0x1', baseFeePerGas: [`0x${'f'.repeat(65)}`] },
  ]) {
    assert.throws(() => tiersFromFeeHistory(history), FeeHistoryError);
  }
});

test('gwei for people', () => {
  assert.equal(formatGwei(0n), '0');
  assert.equal(formatGwei(1_500_000_000n), '1.5');
  assert.equal(formatGwei(1_000_000n), '0.001');
  assert.equal(formatGwei(1n), '<0.001');
  assert.equal(formatGwei(20_000_000_000n), '20');
});

test('options: gasRefreshMs and refreshMs are whole milliseconds from 2,000 to 600,000', () => {
  assert.deepEqual(validateGasOptions({}), []);
  assert.deepEqual(validateGasOptions({ gasRefreshMs: 5000 }), []);
  assert.match(validateGasOptions({ gasRefreshMs: '5000' })[0]!.message, /Expected number, received string/);
  assert.equal(validateGasOptions({ gasRefreshMs: 1999 }).length, 1);
  assert.throws(() => gasPlugin({ refreshMs: 10 }), GasPluginConfigError);
  assert.equal(gasPlugin().id, 'gas');
});
