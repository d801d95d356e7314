/**
 * The real WalletConnect clients through the local relay: a dapp on
 * @walletconnect/universal-provider and a wallet on @reown/walletkit (testing/wc-scenario.mjs),
 * run in a child process because the clients keep a process alive for ~15 s after cleanup.
 * The child reports raw observations; every check, signatures included, is made here.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { verifyMessage } from 'viem';
import { saveArtifact } from '../../tests/support/artifacts';

const REPO_ROOT = resolve(__dirname, '../..');
const SCENARIO = join(REPO_ROOT, 'samples/relay/testing/wc-scenario.mjs');
const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

interface Signed {
  message: string;
  signature: `0x${string}`;
}
interface ScenarioResult {
  error?: string;
  steps: string[];
  address: string;
  uri?: string;
  relayUrl: string;
  connectMs?: number;
  uriToSessionMs?: number;
  signMs?: number;
  sessionAccounts?: string[] | null;
  sessionMethods?: string[] | null;
  sessionTopic?: string;
  walletSessions?: string[];
  sign1?: Signed;
  reconnectMs?: number;
  restartError?: string;
  statsAfterReconnect?: Record<string, number>;
  signAfterRestartMs?: number;
  sign2?: Signed;
  dappDisconnectEvent?: string;
  disconnectError?: string;
  disconnectMs?: number;
  dappEvents?: string[];
  dappSessionAfterDisconnect?: string | null;
  walletRequests?: string[];
  relayLog?: string[];
}

function runScenario(timeoutMs: number): Promise<{ result: ScenarioResult | undefined; output: string; code: number | null }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [SCENARIO], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const line = output.split('\n').find((l) => l.startsWith('WC_RESULT '));
      res({ result: line ? JSON.parse(line.slice('WC_RESULT '.length)) : undefined, output, code });
    });
  });
}

describe('WalletConnect clients through the local relay', () => {
  let r: ScenarioResult;
  let output = '';

  beforeAll(async () => {
    const run = await runScenario(55_000);
    output = run.output;
    if (!run.result) throw new Error(`the scenario printed no result (exit ${run.code}):\n${run.output.slice(-4000)}`);
    r = run.result;
    saveArtifact('relay/walletconnect-scenario.json', JSON.stringify(r, null, 2));
    // The measured times, for the note.
    console.log(
      `WalletConnect through the local relay: connect ${r.connectMs} ms (link to session ${r.uriToSessionMs} ms), ` +
        `personal_sign ${r.signMs} ms, reconnect after relay restart ${r.reconnectMs} ms, ` +
        `personal_sign after restart ${r.signAfterRestartMs} ms, wallet disconnect reaches dapp in ${r.disconnectMs} ms`,
    );
  }, 60_000);

  const context = () => `steps: ${JSON.stringify(r?.steps)}\nrelay log:\n${r?.relayLog?.join('\n')}\n${output.slice(-2000)}`;

  it('pairs through the display_uri link; the wallet approves an anvil account and the dapp sees the session', () => {
    expect({ error: r.error, context: r.error ? context() : '' }).toEqual({ error: undefined, context: '' });
    expect(r.uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*relay-protocol=irn.*symKey=[0-9a-f]{64}/);
    expect(r.sessionAccounts).toEqual([`eip155:1:${ANVIL_ACCOUNT_0}`]);
    expect(r.sessionMethods).toEqual(['personal_sign', 'eth_sendTransaction']);
    expect(r.walletSessions).toEqual([r.sessionTopic]);
    expect(r.steps.slice(0, 4)).toEqual(['dapp: display_uri', 'wallet: session_proposal', 'wallet: approved', 'dapp: session']);
    expect(r.connectMs).toEqual(expect.any(Number));
    // the protocol path WalletConnect 2.25 takes: implicit subscriptions of propose/approve
    expect(r.relayLog!.some((l) => / wc_proposeSession /.test(l))).toBe(true);
    expect(r.relayLog!.some((l) => / wc_approveSession /.test(l))).toBe(true);
  });

  it('a personal_sign request reaches the wallet and its signature comes back and verifies', async () => {
    expect(r.sign1).toBeDefined();
    expect(r.walletRequests?.[0]).toBe('personal_sign');
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: r.sign1!.message, signature: r.sign1!.signature })).toBe(true);
    // and not just any signature: it is over this message
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: `${r.sign1!.message}!`, signature: r.sign1!.signature })).toBe(false);
  });

  it('after a relay restart on the same port, the clients resubscribe and the next personal_sign succeeds', async () => {
    expect({ restartError: r.restartError, context: r.restartError ? context() : '' }).toEqual({ restartError: undefined, context: '' });
    expect(r.steps).toEqual(expect.arrayContaining(['relay: stopped', 'relay: restarted', 'dapp: signature 2']));
    // both clients came back to the new relay and resent their subscriptions
    expect(r.statsAfterReconnect?.clients).toBe(2);
    const afterRestart = r.relayLog!.slice(r.relayLog!.findIndex((l) => / stopped$/.test(l)));
    expect(afterRestart.filter((l) => / irn_batchSubscribe /.test(l)).length).toBeGreaterThanOrEqual(2);
    expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: r.sign2!.message, signature: r.sign2!.signature })).toBe(true);
    expect(r.sign2!.message).not.toBe(r.sign1!.message);
  });

  it('a disconnect from the wallet side reaches the dapp', () => {
    expect({ disconnectError: r.disconnectError, context: r.disconnectError ? context() : '' }).toEqual({ disconnectError: undefined, context: '' });
    expect(r.dappEvents).toContain('session_delete');
    expect(r.dappSessionAfterDisconnect).toBeNull();
  });
});
