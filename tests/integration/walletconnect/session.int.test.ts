/**
 * The plugin's session service (through the connector's lazy EIP-1193 provider) against
 * the real local relay and a real wallet on @reown/walletkit, in Node. The scenario
 * (sessionScenario.ts) is bundled with esbuild and run in a child process because
 * the WalletConnect clients keep a process alive after cleanup; every check is made here.
 */
import { runScenario } from '../../support/runScenario';
import { join } from 'node:path';
import { verifyMessage } from 'viem';
import { EVM_SESSION_METHODS } from '../../../plugins/walletconnect/sessionNamespaces';

const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

interface Result {
  error?: string;
  steps: string[];
  uri?: string;
  expiryInMs?: number;
  proposal?: Record<string, { chains: string[]; methods: string[]; events: string[] }>;
  accounts?: string[];
  chainId?: string;
  connectMs?: number;
  uriToSessionMs?: number;
  signature?: `0x${string}`;
  message?: string;
  signMs?: number;
  rejection?: { code?: number; message: string };
  switch?: string;
  chainIdAfterSwitch?: string;
  facadeEvents?: string[];
  accountsAfter?: string[];
  states?: string[];
}

let r: Result;
let output: string;

beforeAll(async () => {
  ({ result: r, output } = await runScenario<Result>(join(__dirname, 'sessionScenario.ts'), 'WC_SESSION_RESULT'));
  console.log(`WalletConnect session service through the local relay: connect ${r.connectMs} ms (link to session ${r.uriToSessionMs} ms), personal_sign ${r.signMs} ms`);
}, 90_000);

it('pairs: eth_requestAccounts publishes a 4-minute link, the wallet approves, the facade returns its account', () => {
  expect({ error: r.error, steps: r.error ? r.steps : [] }).toEqual({ error: undefined, steps: [] });
  expect(r.uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=[0-9a-f]{64}/);
  expect(r.expiryInMs).toBeGreaterThan(4 * 60_000 - 5_000);
  expect(r.expiryInMs).toBeLessThanOrEqual(4 * 60_000);
  expect(r.steps.slice(0, 4)).toEqual(['dapp: wcUri', 'wallet: proposal', 'wallet: approved', 'dapp: connected']);
  expect(r.proposal?.['eip155']).toMatchObject({ chains: ['eip155:31337', 'eip155:1'], methods: [...EVM_SESSION_METHODS], events: ['accountsChanged', 'chainChanged'] });
  expect(r.accounts).toEqual([ANVIL_ACCOUNT_0]);
  expect(r.chainId).toBe('0x7a69');
  expect(r.states).toEqual(expect.arrayContaining(['pairing', 'connected']));
});

it('personal_sign goes to the wallet and its signature verifies; a wallet rejection keeps its code', async () => {
  expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: r.message!, signature: r.signature! })).toBe(true);
  expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: `${r.message}!`, signature: r.signature! })).toBe(false);
  expect(r.steps).toContain('wallet: personal_sign');
  expect(r.rejection?.code).toBe(4001);
  // the wallet was asked to switch and refused: the dapp stays on its chain
  expect(r.steps).toContain('wallet: wallet_switchEthereumChain');
  expect(r.switch).toBe('rejected 4001');
  expect(r.chainIdAfterSwitch).toBe('0x7a69');
});

it('a wallet-side disconnect reaches the facade as one EIP-1193 disconnect (4900), and the account is gone', () => {
  expect(r.facadeEvents).toEqual(['disconnect 4900']);
  expect(r.accountsAfter).toEqual([]);
});
