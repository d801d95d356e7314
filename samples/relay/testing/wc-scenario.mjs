#!/usr/bin/env node
// The real WalletConnect clients through the local relay, in Node:
//   a dapp on @walletconnect/universal-provider and a wallet on @reown/walletkit pair through the
//   `display_uri` link, the wallet approves an anvil account, a personal_sign request goes to the
//   wallet and back, the relay is restarted on the same port and a second personal_sign must still
//   succeed, then the wallet disconnects and the dapp must hear it.
// Run by samples/relay/walletconnect.int.test.ts in a child process (the clients keep a process
// alive for ~15 s after cleanup, so this script ends with process.exit). It prints one line
// `WC_RESULT {json}` with raw observations; the test does the checking (signatures included).
//   node samples/relay/testing/wc-scenario.mjs [--no-restart]
import { UniversalProvider } from '@walletconnect/universal-provider';
import { privateKeyToAccount } from 'viem/accounts';
import { toHex } from 'viem';
import { startRelay } from '../server.mjs';
import { ANVIL_KEY, answerRequest, approveEip155, disconnectSessions, startWalletKit } from '../../shared/testing/walletKitWallet.mjs';

// anvil's first default account (address 0xf39F…2266)
const account = privateKeyToAccount(/** @type {`0x${string}`} */ (ANVIL_KEY));
const CHAIN = 'eip155:1';
const METHODS = ['personal_sign', 'eth_sendTransaction'];
const EVENTS = ['accountsChanged', 'chainChanged'];
const withRestart = !process.argv.includes('--no-restart');

/** @type {Record<string, unknown>} */
const result = { address: account.address, steps: [] };
/** @param {string} step */
const mark = (step) => /** @type {string[]} */ (result.steps).push(step);
const relayLog = /** @type {string[]} */ ([]);

/**
 * @template T
 * @param {Promise<T>} p @param {number} ms @param {string} what
 * @returns {Promise<T>}
 */
function within(p, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let t;
  return Promise.race([
    p,
    new Promise((_, rej) => (t = setTimeout(() => rej(new Error(`timed out after ${ms} ms: ${what}`)), ms))),
  ]).finally(() => clearTimeout(t));
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function finish(code = 0) {
  result.relayLog = relayLog.slice(-80);
  process.stdout.write(`WC_RESULT ${JSON.stringify(result)}\n`, () => process.exit(code));
}

// Hard stop, whatever happens: the test waits for the result line.
setTimeout(() => {
  result.error = result.error ?? 'scenario timed out after 50 s';
  finish(1);
}, 50_000).unref();

let relay = await startRelay({ port: 0, log: (line) => relayLog.push(`${Date.now()} ${line}`) });
const relayUrl = relay.url;
const projectId = 'latchkey-local';
result.relayUrl = relayUrl;

try {
  // ---- wallet (a wallet we did not write: the kit's @reown/walletkit test wallet)
  const wallet = await startWalletKit({
    relayUrl,
    projectId,
    storagePrefix: `wallet-${process.pid}`,
    metadata: { name: 'Relay test wallet', description: 'walletkit in Node', url: 'http://127.0.0.1/wallet', icons: [] },
  });
  /** @type {Array<{ method: string, params: unknown }>} */
  const walletRequests = [];
  wallet.on('session_proposal', async (proposal) => {
    mark('wallet: session_proposal');
    try {
      await approveEip155(wallet, proposal, { address: account.address, chains: [CHAIN], methods: METHODS, events: EVENTS });
      mark('wallet: approved');
    } catch (err) {
      result.error = `approveSession failed: ${/** @type {Error} */ (err).message}`;
    }
  });
  wallet.on('session_request', async (event) => {
    const { params } = event;
    walletRequests.push({ method: params.request.method, params: params.request.params });
    mark(`wallet: session_request ${params.request.method}`);
    // personal_sign answered, anything else refused (4200)
    await answerRequest(wallet, event, { account, methods: ['personal_sign'], unsupported: () => 'Unsupported in this test' });
  });

  // ---- dapp
  const dapp = await UniversalProvider.init({
    projectId,
    relayUrl,
    telemetryEnabled: false,
    customStoragePrefix: `dapp-${process.pid}`,
    logger: 'error',
    metadata: { name: 'Relay test dapp', description: 'universal-provider in Node', url: 'http://127.0.0.1/dapp', icons: [] },
  });
  /** @type {string[]} */
  const dappEvents = [];
  /** @type {(v: unknown) => void} */
  let onDeleted = () => {};
  const deleted = new Promise((r) => (onDeleted = r));
  dapp.on('session_delete', () => {
    dappEvents.push('session_delete');
    onDeleted('session_delete');
  });
  dapp.on('disconnect', () => {
    dappEvents.push('disconnect');
    onDeleted('disconnect');
  });

  let uriAt = 0;
  dapp.on('display_uri', (/** @type {string} */ uri) => {
    uriAt = performance.now();
    result.uri = uri;
    mark('dapp: display_uri');
    // what a person does with the copied link: paste it into the wallet
    wallet.pair({ uri }).catch((/** @type {Error} */ err) => (result.error = `pair failed: ${err.message}`));
  });

  const t0 = performance.now();
  const session = await within(
    dapp.connect({
      optionalNamespaces: {
        eip155: { methods: METHODS, chains: [CHAIN], events: EVENTS, rpcMap: { 1: 'http://127.0.0.1:9' } },
      },
    }),
    20_000,
    'dapp.connect',
  );
  const t1 = performance.now();
  mark('dapp: session');
  result.connectMs = Math.round(t1 - t0);
  result.uriToSessionMs = Math.round(t1 - uriAt);
  result.sessionAccounts = session?.namespaces?.eip155?.accounts ?? null;
  result.sessionMethods = session?.namespaces?.eip155?.methods ?? null;
  result.walletSessions = Object.values(wallet.getActiveSessions()).map((s) => s.topic);
  result.sessionTopic = session?.topic;

  // ---- personal_sign round trip
  /** The dapp asks the wallet to sign `message` through the session: the signature and how long it took. */
  const signThroughSession = async (message, what) => {
    const t0 = performance.now();
    const signature = await within(dapp.request({ method: 'personal_sign', params: [toHex(message), account.address] }, CHAIN), 15_000, what);
    return { ms: Math.round(performance.now() - t0), sign: { message, signature } };
  };
  const first = await signThroughSession(`Latchkey relay test ${Date.now()}`, 'personal_sign');
  result.signMs = first.ms;
  result.sign1 = first.sign;
  mark('dapp: signature 1');

  // ---- relay restart mid-session
  if (withRestart) {
    const port = relay.port;
    const before = relay.stats();
    await relay.stop();
    mark('relay: stopped');
    relay = await startRelay({ port, log: (line) => relayLog.push(`${Date.now()} ${line}`) });
    const r0 = performance.now();
    mark('relay: restarted');
    // Both clients come back on their own and resend their subscriptions (irn_batchSubscribe).
    try {
      await within(
        (async () => {
          while (relay.stats().clients < 2 || relay.stats().subscriptions < 2) await sleep(25);
        })(),
        20_000,
        'both clients reconnected and resubscribed',
      );
      result.reconnectMs = Math.round(performance.now() - r0);
      result.statsAfterReconnect = relay.stats();
      const second = await signThroughSession(`after restart ${Date.now()}`, 'personal_sign after restart');
      result.signAfterRestartMs = second.ms;
      result.sign2 = second.sign;
      mark('dapp: signature 2');
    } catch (err) {
      result.restartError = /** @type {Error} */ (err).message;
    }
    result.statsBeforeRestart = before;
  }

  // ---- disconnect from the wallet side
  const d0 = performance.now();
  await disconnectSessions(wallet, [/** @type {string} */ (session?.topic)]);
  mark('wallet: disconnected');
  try {
    result.dappDisconnectEvent = await within(deleted, 10_000, 'dapp hears the disconnect');
    result.disconnectMs = Math.round(performance.now() - d0);
    await sleep(50);
  } catch (err) {
    result.disconnectError = /** @type {Error} */ (err).message;
  }
  result.dappEvents = dappEvents;
  result.dappSessionAfterDisconnect = dapp.session ? dapp.session.topic : null;
  result.walletRequests = walletRequests.map((r) => r.method);
  result.stats = relay.stats();
  await relay.stop();
  finish(0);
} catch (err) {
  result.error = `${/** @type {Error} */ (err).message}`;
  try {
    result.stats = relay.stats();
  } catch {}
  finish(1);
}
