/**
 * A wallet that approves within the provider's first second (plugins/walletconnect/startupReplay.ts):
 * the settle has one owner, so nothing is logged at error level. The scenario (settleRaceScenario.ts,
 * in a child process) makes the race certain: the dapp's answer to the settle stays unacknowledged
 * until the sign client's start-up replay has run.
 */
import { join } from 'node:path';
import { runScenario } from '../../support/runScenario';

const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

interface Result {
  error?: string;
  errors: string[];
  replayAt?: number;
  linkShownAt?: number;
  approvedAt?: number;
  connectedAt?: number;
  address?: string;
  status?: string;
}

let r: Result;

beforeAll(async () => {
  ({ result: r } = await runScenario<Result>(join(__dirname, 'settleRaceScenario.ts'), 'WC_SETTLE_RACE_RESULT'));
}, 90_000);

it('a wallet approving at once connects the dapp', () => {
  expect(r.error).toBeUndefined();
  expect({ address: r.address, status: r.status }).toEqual({ address: ANVIL_ACCOUNT_0, status: 'connected' });
});

it('the link is shown only after the sign client has run its start-up replay', () => {
  expect(r.replayAt).toEqual(expect.any(Number));
  expect(r.linkShownAt).toBeGreaterThanOrEqual(r.replayAt!);
});

it('nothing is logged at error level (no "Pending session not found")', () => {
  expect(r.errors).toEqual([]);
});
