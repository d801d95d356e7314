/**
 * The pairing's prewarm (plugins/walletconnect/prewarm.ts) against the real local relay, the real
 * universal provider and a real wallet on @reown/walletkit, in Node (prewarmScenario.ts, run in a
 * child process); every check is made here.
 */
import { join } from 'node:path';
import { runScenario } from '../../support/runScenario';

const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

interface Result {
  error?: string;
  steps: string[];
  view?: string;
  firstUri?: string;
  secondUri?: string;
  uriAfterConnect?: string;
  prepareMs?: number;
  statusPrepared?: string;
  subscriptionsBefore?: number;
  subscriptionsPrepared?: number;
  subscriptionsAfterClose?: number;
  afterClose?: { status: string; wcUri: string | null };
  accounts?: string[];
  status?: string;
}

let r: Result;

beforeAll(async () => {
  ({ result: r } = await runScenario<Result>(join(__dirname, 'prewarmScenario.ts'), 'WC_PREWARM_RESULT'));
  console.log(`WalletConnect prewarm through the local relay: modal open → link ready in ${r.prepareMs} ms`);
}, 90_000);

it('a desktop opening of the Connect view prepares a pairing link through the relay', () => {
  expect({ error: r.error, steps: r.error ? r.steps : [] }).toEqual({ error: undefined, steps: [] });
  expect(r.view).toBe('Connect');
  expect(r.firstUri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=[0-9a-f]{64}/);
  expect(r.statusPrepared).toBe('pairing');
  expect(r.subscriptionsPrepared).toBeGreaterThan(r.subscriptionsBefore!);
});

it('closing the modal unused drops the link and its relay subscription', () => {
  expect(r.afterClose).toEqual({ status: 'idle', wcUri: null });
  expect(r.subscriptionsAfterClose).toBeLessThan(r.subscriptionsPrepared!);
});

it('opening again prepares a new link; the connect adopts it and the wallet pairs with it', () => {
  expect(r.secondUri).toMatch(/^wc:/);
  expect(r.secondUri).not.toBe(r.firstUri);
  expect(r.uriAfterConnect).toBe(r.secondUri);
  expect(r.steps).toEqual(['dapp: prepared', 'dapp: closed', 'dapp: connect', 'wallet: proposal', 'wallet: approved', 'dapp: connected']);
  expect(r.accounts).toEqual([ANVIL_ACCOUNT_0]);
  expect(r.status).toBe('connected');
});
