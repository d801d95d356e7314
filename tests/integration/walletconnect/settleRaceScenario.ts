/**
 * A wallet that approves in the provider's first second, in Node: the real local relay, the real
 * universal provider and a real wallet (@reown/walletkit). Bundled with esbuild and run in a child
 * process by ./settleRace.int.test.ts. Prints one line `WC_SETTLE_RACE_RESULT {json}`.
 *
 * The dapp reaches the relay through a proxy that holds the relay's answer to the dapp's reply to
 * the wallet's settle request (tag 1103) until the sign client's start-up replay has taken its list
 * of unacknowledged messages (plugins/walletconnect/startupReplay.ts): a settle still being handled
 * when the replay runs is what a loaded machine produces by chance; here it is made certain
 * whenever the link is answered before the replay. Recorded: what the page logged at error level,
 * when the replay took its list and when the link was shown.
 */
import { createServer } from 'node:http';
import { privateKeyToAccount } from 'viem/accounts';
import { WebSocket, WebSocketServer } from 'ws';
import { startRelay } from '../../../samples/relay/server.mjs';
import { evmPlugin } from '../../../plugins/evm/index';
import { walletConnectPlugin } from '../../../plugins/walletconnect/index';
import { WalletConnectSession } from '../../../plugins/walletconnect/types';
import { ANVIL_KEY, anvilNetwork, approveEvmProposals, createDappKernel, runScenarioMain, sleep, startWallet, until } from './harness';

const TAG_SETTLE_RESPONSE = 1103;
const PREFIX = `int-settle-race-dapp-${process.pid}`;
const account = privateKeyToAccount(ANVIL_KEY);
const t0 = performance.now();
const now = () => Math.round(performance.now() - t0);
const result: Record<string, unknown> = { errors: [] as string[] };

// What the page would show at error level (the plugin's WalletConnect log writes through console.error).
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  (result['errors'] as string[]).push(args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  consoleError(...args);
};

// The sign client's start-up replay reads `relayer.messages.getWithoutAck` once: its first call is the replay taking its list.
let replayed!: () => void;
const replay = new Promise<void>((resolve) => (replayed = resolve));
let core: any;
Object.defineProperty(globalThis, `_walletConnectCore_${PREFIX}`, {
  configurable: true,
  get: () => core,
  set: (value) => {
    core = value;
    const messages = core.relayer.messages;
    const original = messages.getWithoutAck.bind(messages);
    messages.getWithoutAck = (topics: string[]) => {
      result['replayAt'] ??= now();
      replayed();
      return original(topics);
    };
  },
});

/** A WebSocket proxy to the relay that holds its answers to the dapp's settle replies until the replay has run. */
async function startProxy(relayUrl: string): Promise<{ url: string; close(): void }> {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  wss.on('connection', (client, req) => {
    const upstream = new WebSocket(`${relayUrl}${req.url ?? '/'}`);
    const toRelay: string[] = [];
    const held = new Set<unknown>();
    upstream.on('open', () => toRelay.splice(0).forEach((d) => upstream.send(d)));
    client.on('message', (data) => {
      const text = data.toString();
      const frame = JSON.parse(text) as { id?: unknown; method?: string; params?: { tag?: number } };
      if (frame.method === 'irn_publish' && frame.params?.tag === TAG_SETTLE_RESPONSE) held.add(frame.id);
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else toRelay.push(text);
    });
    upstream.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { id?: unknown; method?: string };
      if (frame.method === undefined && held.delete(frame.id)) {
        result['heldSettleReplyAt'] = now();
        void replay.then(() => client.readyState === WebSocket.OPEN && client.send(data.toString()));
      } else if (client.readyState === WebSocket.OPEN) client.send(data.toString());
    });
    client.on('close', () => upstream.close());
    upstream.on('close', () => client.close());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}`, close: () => (wss.close(), server.close()) };
}

async function main() {
  const relay = await startRelay({ port: 0, log: false });
  const proxy = await startProxy(relay.url);

  const wallet = await startWallet(relay.url, `int-settle-race-wallet-${process.pid}`);
  approveEvmProposals(wallet, account.address, { after: () => (result['approvedAt'] = now()) });

  const kernel = createDappKernel('settle race', [anvilNetwork], [walletConnectPlugin({ relayUrl: proxy.url, customStoragePrefix: PREFIX, prewarm: false }), evmPlugin()]);
  await kernel.start();
  await kernel.plugins.load('walletconnect');
  const session = kernel.get<WalletConnectSession>(WalletConnectSession);
  // The visitor picks WalletConnect (the provider starts now) and the wallet answers the link at once.
  const connected = kernel.connection.connect({ connectorId: 'walletConnect' });
  await until(() => session.state.wcUri !== undefined, 15_000, 'the pairing link', 5);
  result['linkShownAt'] = now();
  await wallet.pair({ uri: session.state.wcUri! });
  await connected;
  result['connectedAt'] = now();
  result['address'] = kernel.account.get('eip155').address;
  // Whatever the replay does with the settle happens by now (its reply was held until the replay).
  await replay;
  await sleep(500);
  result['status'] = session.state.status;
  proxy.close();
  await relay.stop();
}

runScenarioMain('WC_SETTLE_RACE_RESULT', result, main);
