#!/usr/bin/env node
// A WalletConnect wallet we did not write (@reown/walletkit) in its own process, driven over stdio
// by tests/e2e/walletconnect.e2e.test.ts. The WalletConnect clients keep a process alive after
// cleanup, so they never run inside jest.
//   node tests/e2e/support/wcWallet.mjs '{"relayUrl":"ws://127.0.0.1:PORT","rpc":{"31337":"http://…","1":"http://…"}}'
// stdin, one JSON command a line: {"cmd":"pair","uri":"wc:…"} | {"cmd":"disconnect"} | {"cmd":"rejectNext"} |
//   {"cmd":"rejectNextProposal"} | {"cmd":"rejectNextAuth"} | {"cmd":"exit"}
// stdout, one event a line: `WALLET {"type":…}` — ready, proposal, approved, proposalRejected, authenticate,
//   authApproved, authRejected, request, response, session_delete, disconnected, error.
// It approves every proposed eip155 chain with anvil's first account (or the account of the config's
// `key`), signs personal_sign with its key, signs eth_sendTransaction and sends it to the chain's anvil over HTTP, and answers
// wallet_switchEthereumChain for chains it knows. After `rejectNext`, it declines the next request
// with 4001 (the visitor saying no in the wallet); after `rejectNextProposal`, the next pairing.
// One-click auth (a proposal carrying sign-in requests, CAIP-222: the dapp's `connect({ authentication })`):
// it signs each request for the first requested chain it knows (samples/shared/walletAuth.mjs: the sign
// client's formatting, a personal_sign with its key) and approves with those cacaos (events
// `authenticate`, `authApproved`); after `rejectNextAuth`, it refuses the next such proposal (5100,
// unsupported chains), after `rejectNextProposal` it declines it as the visitor would (5000).
// The wallet itself is the kit's test wallet (samples/shared/testing/walletKitWallet.mjs).
import { createInterface } from 'node:readline';
import { getSdkError } from '@walletconnect/utils';
import { privateKeyToAccount } from 'viem/accounts';
import { proposalSignIns } from '../../../samples/shared/walletAuth.mjs';
import { ANVIL_KEY, answerRequest, approveEip155, closeWalletKit, disconnectSessions, proposedEip155, signSignIns, startWalletKit } from '../../../samples/shared/testing/walletKitWallet.mjs';

const config = JSON.parse(process.argv[2] ?? '{}');
const account = privateKeyToAccount(config.key ?? ANVIL_KEY);
const rpc = /** @type {Record<string,string>} */ (config.rpc ?? {});

/** @param {Record<string, unknown>} event */
const report = (event) => process.stdout.write(`WALLET ${JSON.stringify({ at: Date.now(), ...event })}\n`);

/** @type {import('@reown/walletkit').IWalletKit | undefined} */
let started;
/** Closes the wallet's relay connection (waiting at most 1 s for it), then exits. @param {number} code */
function exit(code) {
  const closed = started ? Promise.race([closeWalletKit(started), new Promise((r) => setTimeout(r, 1000))]) : Promise.resolve();
  void closed.then(() => process.stdout.write('', () => process.exit(code)));
}
// Never outlive the test run.
setTimeout(() => exit(2), Number(config.maxLifetimeMs ?? 170_000)).unref();
process.stdin.on('end', () => exit(0));

const wallet = await startWalletKit({
  relayUrl: config.relayUrl,
  projectId: 'latchkey-e2e',
  storagePrefix: `e2e-wallet-${process.pid}`,
  metadata: { name: 'E2E walletkit wallet', description: 'walletkit in Node', url: 'http://127.0.0.1/e2e-wallet', icons: [] },
});
started = wallet;

wallet.on('session_proposal', async (proposal) => {
  const { requiredNamespaces = {}, optionalNamespaces = {} } = proposal.params;
  const signIns = proposalSignIns(proposal.params);
  report({ type: 'proposal', id: proposal.id, requiredNamespaces, optionalNamespaces, signIns: signIns.length, verifyContext: proposal.verifyContext?.verified?.validation });
  if (signIns.length) report({ type: 'authenticate', id: proposal.id, chains: signIns[0].chains, statement: signIns[0].statement, nonce: signIns[0].nonce });
  if (rejectNextProposal || (rejectNextAuth && signIns.length)) {
    const reason = getSdkError(rejectNextProposal ? 'USER_REJECTED' : 'UNSUPPORTED_CHAINS');
    if (rejectNextProposal) rejectNextProposal = false;
    else rejectNextAuth = false;
    try {
      await wallet.rejectSession({ id: proposal.id, reason });
      report({ type: signIns.length && reason.code !== 5000 ? 'authRejected' : 'proposalRejected', id: proposal.id, code: reason.code });
    } catch (err) {
      report({ type: 'error', where: 'rejectSession', message: String(err?.message ?? err) });
    }
    return;
  }
  try {
    const chains = proposedEip155(proposal.params).chains.filter((c) => rpc[c.split(':')[1]]);
    const signed = await signSignIns(wallet, signIns, account, chains);
    const session = await approveEip155(wallet, proposal, {
      address: account.address,
      chains,
      ...(signed.length ? { proposalRequestsResponses: { authentication: signed.map((a) => a.cacao) } } : {}),
    });
    report({ type: 'approved', topic: session.topic, chains, accounts: session.namespaces.eip155?.accounts });
    for (const a of signed) report({ type: 'authApproved', id: proposal.id, iss: a.cacao.p.iss, message: a.message, signature: a.cacao.s.s, topic: session.topic, accounts: session.namespaces.eip155?.accounts });
  } catch (err) {
    report({ type: 'error', where: 'approveSession', message: String(err?.message ?? err) });
  }
});

let rejectNext = false;
let rejectNextProposal = false;
let rejectNextAuth = false;
wallet.on('session_request', async (event) => {
  const { params } = event;
  const { method, params: args } = params.request;
  report({ type: 'request', method, params: args, chainId: params.chainId });
  const reject = rejectNext;
  rejectNext = false;
  const { outcome, ...response } = await answerRequest(wallet, event, {
    account,
    rpc,
    reject,
    onError: (err) => report({ type: 'error', where: method, message: String(err?.message ?? err) }),
  });
  // A chain it does not know is refused without a `response` event, as a failure (told by `error`) is.
  if (outcome !== 'unknownChain' && outcome !== 'failed') report({ type: 'response', ...response });
});

wallet.on('session_delete', (event) => report({ type: 'session_delete', topic: event.topic }));

const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  let cmd;
  try {
    cmd = JSON.parse(line);
  } catch {
    return;
  }
  try {
    if (cmd.cmd === 'pair') {
      report({ type: 'pairing', uri: cmd.uri });
      await wallet.pair({ uri: cmd.uri });
    } else if (cmd.cmd === 'disconnect') {
      report({ type: 'disconnected', topics: await disconnectSessions(wallet) });
    } else if (cmd.cmd === 'rejectNext') {
      rejectNext = true;
      report({ type: 'rejectNext' });
    } else if (cmd.cmd === 'rejectNextAuth') {
      rejectNextAuth = true;
      report({ type: 'rejectNextAuth' });
    } else if (cmd.cmd === 'rejectNextProposal') {
      rejectNextProposal = true;
      report({ type: 'rejectNextProposal' });
    } else if (cmd.cmd === 'sessions') {
      report({ type: 'sessions', topics: Object.values(wallet.getActiveSessions()).map((s) => s.topic) });
    } else if (cmd.cmd === 'exit') {
      exit(0);
    }
  } catch (err) {
    report({ type: 'error', where: cmd.cmd, message: String(err?.message ?? err) });
  }
});

report({ type: 'ready', address: account.address });
