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
import { createInterface } from 'node:readline';
import { Core } from '@walletconnect/core';
import { WalletKit } from '@reown/walletkit';
import { getSdkError } from '@walletconnect/utils';
import { createWalletClient, defineChain, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { proposalSignIns, signAuthentication } from '../../../samples/shared/walletAuth.mjs';

// anvil's first default account (its well-known public test key; address 0xf39F…2266)
const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const config = JSON.parse(process.argv[2] ?? '{}');
const account = privateKeyToAccount(config.key ?? ANVIL_KEY);
const rpc = /** @type {Record<string,string>} */ (config.rpc ?? {});

/** @param {Record<string, unknown>} event */
const report = (event) => process.stdout.write(`WALLET ${JSON.stringify({ at: Date.now(), ...event })}\n`);

/** @param {number} code */
function exit(code) {
  process.stdout.write('', () => process.exit(code));
}
// Never outlive the test run.
setTimeout(() => exit(2), Number(config.maxLifetimeMs ?? 170_000)).unref();
process.stdin.on('end', () => exit(0));

const core = new Core({
  projectId: 'latchkey-e2e',
  relayUrl: config.relayUrl,
  customStoragePrefix: `e2e-wallet-${process.pid}`,
  logger: 'error',
});
const wallet = await WalletKit.init({
  core,
  metadata: { name: 'E2E walletkit wallet', description: 'walletkit in Node', url: 'http://127.0.0.1/e2e-wallet', icons: [] },
});

wallet.on('session_proposal', async (proposal) => {
  const { requiredNamespaces = {}, optionalNamespaces = {} } = proposal.params;
  const proposed = { ...optionalNamespaces.eip155, ...requiredNamespaces.eip155 };
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
    const chains = (proposed.chains ?? []).filter((c) => rpc[c.split(':')[1]]);
    const signed = await signAuthentication(signIns, {
      address: account.address,
      chains,
      format: (p) => wallet.formatAuthMessage(p),
      signMessage: (message) => account.signMessage({ message }),
    });
    const session = await wallet.approveSession({
      id: proposal.id,
      namespaces: {
        eip155: {
          chains,
          accounts: chains.map((c) => `${c}:${account.address}`),
          methods: proposed.methods ?? [],
          events: proposed.events ?? [],
        },
      },
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
  const { topic, id, params } = event;
  const { method, params: args } = params.request;
  report({ type: 'request', method, params: args, chainId: params.chainId });
  /** @param {unknown} result */
  const respond = (result) => wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } });
  /** @param {number} code @param {string} message */
  const fail = (code, message) => wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } });
  try {
    if (rejectNext) {
      rejectNext = false;
      await fail(4001, 'User rejected the request.');
      report({ type: 'response', method, error: 4001 });
    } else if (method === 'personal_sign') {
      const [message] = args;
      const signature = await account.signMessage({ message: { raw: message } });
      await respond(signature);
      report({ type: 'response', method, result: signature });
    } else if (method === 'eth_sendTransaction') {
      const ref = params.chainId.split(':')[1];
      const url = rpc[ref];
      if (!url) return await fail(4901, `No RPC for ${params.chainId}`);
      const chain = defineChain({ id: Number(ref), name: `chain ${ref}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } });
      const client = createWalletClient({ account, chain, transport: http(url) });
      const tx = args[0];
      const hash = await client.sendTransaction({
        to: tx.to,
        ...(tx.value ? { value: BigInt(tx.value) } : {}),
        ...(tx.data ? { data: tx.data } : {}),
        ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
      });
      await respond(hash);
      report({ type: 'response', method, result: hash, chainId: params.chainId });
    } else if (method === 'wallet_switchEthereumChain') {
      const ref = String(Number(args[0].chainId));
      if (!rpc[ref]) return await fail(4902, `Unrecognized chain ${args[0].chainId}`);
      await respond(null);
      report({ type: 'response', method, result: null, chainId: `eip155:${ref}` });
    } else {
      await fail(4200, `${method} is not supported by this test wallet`);
      report({ type: 'response', method, error: 4200 });
    }
  } catch (err) {
    report({ type: 'error', where: method, message: String(err?.message ?? err) });
    await fail(-32603, String(err?.message ?? err)).catch(() => undefined);
  }
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
      const sessions = Object.values(wallet.getActiveSessions());
      for (const s of sessions) await wallet.disconnectSession({ topic: s.topic, reason: getSdkError('USER_DISCONNECTED') });
      report({ type: 'disconnected', topics: sessions.map((s) => s.topic) });
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
