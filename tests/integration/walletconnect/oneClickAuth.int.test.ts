/**
 * One-click sign-in's fallbacks (docs/account-features.md#sign-in-with-a-wallet-message) against
 * the real local relay and a real wallet on @reown/walletkit, in Node: a wallet that does not know
 * one-click auth, and one that refuses the sign-in request, both end connected and signed in by a
 * separate signature, with no error on the pairing. The scenario (oneClickAuthScenario.ts) runs in
 * a child process; every check is made here, the signatures with viem. The one-click path itself
 * runs end to end in Chromium: tests/e2e/walletconnect-signin.e2e.test.ts.
 */
import { join } from 'node:path';
import { verifyMessage, type Hex } from 'viem';
import { runScenario } from '../../support/runScenario';

const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

interface Round {
  name: string;
  steps: string[];
  links: number;
  oneClickLinks: boolean[];
  status: string;
  session?: { data: { accountAddress: string; chainId: string }; message: string; signature: Hex; cacao?: unknown };
  wcState: { wcError: boolean; error?: string };
}
interface Result {
  error?: string;
  steps: string[];
  rounds: Round[];
}

let r: Result;
let output: string;

beforeAll(async () => {
  ({ result: r, output } = await runScenario<Result>(join(__dirname, 'oneClickAuthScenario.ts'), 'WC_ONECLICK_RESULT'));
}, 90_000);

it('runs both pairings', () => {
  expect({ error: r.error, output: r.error ? output.slice(-3000) : '' }).toEqual({ error: undefined, output: '' });
  expect(r.rounds.map((x) => x.name)).toEqual(['no one-click auth in the wallet', 'the wallet refuses the sign-in request']);
});

it.each([
  // the one-click link, answered by the fallback proposal
  ['no one-click auth in the wallet', ['dapp: link', 'wallet: proposal', 'dapp: connected', 'wallet: personal_sign'], [true]],
  // the one-click link refused, then a fresh plain link
  ['the wallet refuses the sign-in request', ['dapp: link', 'wallet: session_authenticate', 'wallet: refused', 'dapp: link', 'wallet: proposal', 'dapp: connected', 'wallet: personal_sign'], [true, false]],
])('%s: connect, then the sign-in view asks for one signature; no pairing error', async (name, steps, oneClickLinks) => {
  const round = r.rounds.find((x) => x.name === name)!;
  expect(round.steps).toEqual(steps);
  expect(round.oneClickLinks).toEqual(oneClickLinks);
  expect(round.wcState).toEqual({ wcError: false });
  expect(round.status).toBe('signed');
  expect(round.session!.data).toMatchObject({ accountAddress: ANVIL_ACCOUNT_0, chainId: 'eip155:31337' });
  expect(round.session!.cacao).toBeUndefined();
  expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: round.session!.message, signature: round.session!.signature })).toBe(true);
});
