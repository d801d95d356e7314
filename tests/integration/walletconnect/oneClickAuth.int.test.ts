/**
 * One-click sign-in (docs/account-features.md#sign-in-with-a-wallet-message) against the real local
 * relay and a real wallet on @reown/walletkit, in Node, through the sign client's non-deprecated API
 * (the session proposal carries the sign-in request): a wallet that signs while approving ends signed
 * in with no sign-in view; a wallet that does not know the request, and one that refuses it, both
 * end connected and signed in by a separate signature, with no error on the pairing; a visitor's "no"
 * fails the connect with the wallet's code (5000: "Connection declined"). Nothing at warning level
 * (the deprecated `authenticate` printed one). The scenario (oneClickAuthScenario.ts) runs in a child
 * process; every check is made here, the signatures with viem. In Chromium:
 * tests/e2e/walletconnect-signin.e2e.test.ts.
 */
import { join } from 'node:path';
import { verifyMessage, type Hex } from 'viem';
import { isUserRejection } from '../../../kernel/index';
import { runScenario } from '../../support/runScenario';

const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

interface Round {
  name: string;
  steps: string[];
  links: number;
  sawSignView: boolean;
  connectError?: { code?: number; message?: string };
  status: string;
  session?: { data: { accountAddress: string; chainId: string }; message: string; signature: Hex; cacao?: { p: { iss: string } } };
  wcState: { wcError: boolean; error?: string };
  warnings: string[];
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

const named = (name: string) => r.rounds.find((x) => x.name === name)!;

it('runs the four pairings, with nothing logged at warning or error level', () => {
  expect({ error: r.error, output: r.error ? output.slice(-3000) : '' }).toEqual({ error: undefined, output: '' });
  expect(r.rounds.map((x) => x.name)).toEqual(['the wallet signs in while approving', 'no one-click auth in the wallet', 'the wallet refuses the sign-in request', 'the visitor declines in the wallet']);
  expect(r.rounds.map((x) => x.warnings)).toEqual([[], [], [], []]);
});

it('the wallet signs in while approving: one proposal, signed in from its cacao, no sign-in view, no personal_sign', async () => {
  const round = named('the wallet signs in while approving');
  expect(round.steps).toEqual(['dapp: link', 'wallet: proposal + sign-in', 'wallet: signed in', 'dapp: connected']);
  expect(round.sawSignView).toBe(false);
  expect(round.status).toBe('signed');
  expect(round.session!.data).toMatchObject({ accountAddress: ANVIL_ACCOUNT_0, chainId: 'eip155:31337' });
  expect(round.session!.cacao!.p.iss).toBe(`did:pkh:eip155:31337:${ANVIL_ACCOUNT_0}`);
  expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: round.session!.message, signature: round.session!.signature })).toBe(true);
});

it.each([
  // the one-click proposal, approved without the sign-in
  ['no one-click auth in the wallet', ['dapp: link', 'wallet: proposal + sign-in', 'dapp: connected', 'wallet: personal_sign'], 1],
  // the one-click proposal refused, then a fresh plain link
  ['the wallet refuses the sign-in request', ['dapp: link', 'wallet: proposal + sign-in', 'wallet: refused', 'dapp: link', 'wallet: proposal', 'dapp: connected', 'wallet: personal_sign'], 2],
])('%s: connect, then the sign-in view asks for one signature; no pairing error', async (name, steps, links) => {
  const round = named(name);
  expect(round.steps).toEqual(steps);
  expect(round.links).toBe(links);
  expect(round.sawSignView).toBe(true);
  expect(round.wcState).toEqual({ wcError: false });
  expect(round.status).toBe('signed');
  expect(round.session!.data).toMatchObject({ accountAddress: ANVIL_ACCOUNT_0, chainId: 'eip155:31337' });
  expect(round.session!.cacao).toBeUndefined();
  expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: round.session!.message, signature: round.session!.signature })).toBe(true);
});

it('the visitor declines in the wallet: the connect fails with the wallet’s 5000 (a user rejection), no fresh link, not signed in', () => {
  const round = named('the visitor declines in the wallet');
  expect(round.steps).toEqual(['dapp: link', 'wallet: proposal + sign-in', 'wallet: declined', 'dapp: connect failed']);
  expect(round.links).toBe(1);
  expect(round.connectError!.code).toBe(5000);
  expect(isUserRejection(round.connectError)).toBe(true);
  expect(round.wcState.wcError).toBe(true);
  expect(round.status).not.toBe('signed');
});
