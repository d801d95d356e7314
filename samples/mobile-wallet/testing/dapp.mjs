#!/usr/bin/env node
// A dapp on @walletconnect/universal-provider in Node, driven line by line, for pairing the sample
// mobile wallet through a relay (mobileWallet.e2e.test.ts runs it in a child process: the client
// keeps a process alive for ~15 s after cleanup, so this script ends with process.exit).
//   node samples/mobile-wallet/testing/dapp.mjs --relay ws://127.0.0.1:<port> [--rpc31337 URL] [--rpc1 URL] [--sign-in]
// (each default: the stack's port of ../../shared/ports.mjs; `--sign-in`: the proposal also asks the
// wallet to sign in, one-click sign-in's `connect({ authentication })`)
// stdout: one JSON object per line, `{"event": …}`:
//   uri {uri}                       the pairing link (paste it into the wallet page)
//   session {topic, accounts, chains, methods, connectMs, signIns: [{iss, message, signature}]}
//   result {id, ok, result | error:{code,message}, ms}   the answer to a command
//   chainChanged {chainId}, accountsChanged {accounts}, deleted {via, msSinceCommand}
//   error {message}
// stdin: one JSON command per line: {id, cmd: 'request', method, params, chainId} (through the
// provider), {id, cmd: 'rawRequest', method, params, chainId} (straight through the sign client,
// e.g. wallet_switchEthereumChain, which the provider would handle locally), {id, cmd: 'disconnect'},
// {cmd: 'exit'}.
import { createInterface } from 'node:readline';
import { UniversalProvider } from '@walletconnect/universal-provider';
import { localUrl, PORTS } from '../../shared/ports.mjs';

const args = process.argv.slice(2);
const arg = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const relayUrl = arg('relay') ?? process.env.RELAY_URL ?? localUrl(PORTS.relay, 'ws');
const rpcMap = { 31337: arg('rpc31337') ?? localUrl(PORTS.anvil31337), 1: arg('rpc1') ?? localUrl(PORTS.anvil1) };
const METHODS = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain'];
const EVENTS = ['accountsChanged', 'chainChanged'];

const emit = (event, data = {}) => process.stdout.write(`${JSON.stringify({ event, ...data })}\n`);
let lastCommandAt = performance.now();

// Hard stop: never outlive the test.
setTimeout(() => {
  emit('error', { message: 'dapp: timed out after 120 s' });
  process.exit(1);
}, 120_000).unref();

const provider = await UniversalProvider.init({
  projectId: 'latchkey-e2e-dapp',
  relayUrl,
  telemetryEnabled: false,
  customStoragePrefix: `e2e-dapp-${process.pid}`,
  logger: 'error',
  metadata: {
    name: 'Node test dapp',
    description: 'universal-provider in Node, pairing with the sample wallet',
    url: 'http://127.0.0.1/node-test-dapp',
    icons: [],
  },
});

let deleted = false;
const onDeleted = (via) => {
  if (deleted) return;
  deleted = true;
  emit('deleted', { via, msSinceCommand: Math.round(performance.now() - lastCommandAt) });
};
provider.on('session_delete', () => onDeleted('session_delete'));
provider.on('disconnect', () => onDeleted('disconnect'));
provider.on('chainChanged', (chainId) => emit('chainChanged', { chainId: String(chainId) }));
provider.on('accountsChanged', (accounts) => emit('accountsChanged', { accounts }));
provider.on('display_uri', (uri) => emit('uri', { uri }));

const rl = createInterface({ input: process.stdin });
rl.on('line', async (line) => {
  if (!line.trim()) return;
  let cmd;
  try {
    cmd = JSON.parse(line);
  } catch {
    emit('error', { message: `bad command: ${line}` });
    return;
  }
  lastCommandAt = performance.now();
  if (cmd.cmd === 'exit') process.exit(0);
  const t0 = performance.now();
  try {
    let result;
    if (cmd.cmd === 'request') {
      result = await provider.request({ method: cmd.method, params: cmd.params ?? [] }, cmd.chainId);
    } else if (cmd.cmd === 'rawRequest') {
      const topic = provider.session?.topic;
      if (!topic) throw new Error('no session');
      result = await provider.client.request({ topic, chainId: cmd.chainId, request: { method: cmd.method, params: cmd.params ?? [] } });
    } else if (cmd.cmd === 'disconnect') {
      await provider.disconnect();
      result = null;
    } else {
      throw new Error(`unknown command ${cmd.cmd}`);
    }
    emit('result', { id: cmd.id, ok: true, result: result ?? null, ms: Math.round(performance.now() - t0) });
  } catch (err) {
    emit('result', { id: cmd.id, ok: false, error: { code: err?.code, message: err?.message ?? String(err) }, ms: Math.round(performance.now() - t0) });
  }
});
rl.on('close', () => process.exit(0));

try {
  const t0 = performance.now();
  const signIn = args.includes('--sign-in')
    ? { authentication: [{ domain: '127.0.0.1', uri: 'http://127.0.0.1/node-test-dapp', chains: ['eip155:31337', 'eip155:1'], nonce: `n${Date.now()}`, statement: 'Sign in to the node test dapp' }] }
    : {};
  const session = await provider.connect({
    optionalNamespaces: {
      eip155: { chains: ['eip155:31337', 'eip155:1'], methods: METHODS, events: EVENTS, rpcMap },
    },
    ...signIn,
  });
  const ns = session?.namespaces?.eip155;
  emit('session', {
    topic: session?.topic,
    accounts: ns?.accounts ?? [],
    chains: ns?.chains ?? [],
    methods: ns?.methods ?? [],
    peer: session?.peer?.metadata?.name,
    connectMs: Math.round(performance.now() - t0),
    // what the wallet signed while approving: each cacao's issuer, the text (the sign client's formatting) and signature
    signIns: (session?.authentication ?? []).map((c) => ({ iss: c.p.iss, message: provider.client.formatAuthMessage({ request: c.p, iss: c.p.iss }), signature: c.s.s })),
  });
} catch (err) {
  emit('error', { message: `connect failed: ${err?.message ?? err}` });
}
