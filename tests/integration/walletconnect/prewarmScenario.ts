/**
 * The pairing's prewarm against the real local relay, the real universal provider and a real
 * wallet (@reown/walletkit), in Node. Bundled with esbuild and run in a child process by
 * ./prewarm.int.test.ts (the WalletConnect clients keep a process alive after cleanup).
 * Prints one line `WC_PREWARM_RESULT {json}` with raw observations: a desktop opening prepares
 * a link; closing unused drops it (and its relay subscription); a second opening prepares a new
 * one, which the connect adopts and the wallet pairs with.
 */
import { Core } from '@walletconnect/core';
import { WalletKit } from '@reown/walletkit';
import { privateKeyToAccount } from 'viem/accounts';
import { startRelay } from '../../../samples/relay/server.mjs';
import { createKernel, defineNetwork } from '../../../kernel/index';
import { evmPlugin } from '../../../plugins/evm/index';
import { walletConnectPlugin } from '../../../plugins/walletconnect/index';
import { WalletConnectSession } from '../../../plugins/walletconnect/types';

const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const account = privateKeyToAccount(ANVIL_KEY);
const result: Record<string, unknown> = { steps: [] as string[] };
const mark = (s: string) => (result['steps'] as string[]).push(s);

function finish(code: number): void {
  process.stdout.write(`WC_PREWARM_RESULT ${JSON.stringify(result)}\n`, () => process.exit(code));
}
setTimeout(() => {
  result['error'] ??= 'scenario timed out after 40 s';
  finish(1);
}, 40_000).unref();

async function until(test: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function main() {
  const relay = await startRelay({ port: 0, log: false });
  const relayUrl: string = relay.url;

  const core = new Core({ projectId: 'latchkey-int', relayUrl, customStoragePrefix: `int-prewarm-wallet-${process.pid}`, logger: 'error' });
  const wallet = await WalletKit.init({ core, metadata: { name: 'Int wallet', description: 'walletkit', url: 'http://127.0.0.1/w', icons: [] } });
  wallet.on('session_proposal', async (proposal) => {
    mark('wallet: proposal');
    const chains: string[] = proposal.params.optionalNamespaces['eip155']?.chains ?? [];
    await wallet.approveSession({
      id: proposal.id,
      namespaces: {
        eip155: {
          chains,
          accounts: chains.map((c) => `${c}:${account.address}`),
          methods: proposal.params.optionalNamespaces['eip155']!.methods,
          events: proposal.params.optionalNamespaces['eip155']!.events,
        },
      },
    });
    mark('wallet: approved');
  });

  // With the EVM plugin the modal opens on the Connect view, and connects go through its adapter as the view's do.
  const kernel = createKernel({
    options: {
      projectId: 'latchkey-int',
      metadata: { name: 'Int dapp', description: 'prewarm', url: 'http://127.0.0.1/dapp', icons: [] },
      networks: [defineNetwork({ id: 31337, name: 'Anvil', caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/31337'] } } })],
      features: { analytics: false },
    },
    plugins: [walletConnectPlugin({ relayUrl, customStoragePrefix: `int-prewarm-dapp-${process.pid}` }), evmPlugin()],
  });
  await kernel.start();
  const before = await relay.stats();
  result['subscriptionsBefore'] = before.subscriptions;

  // 1. A desktop opening prepares a link (Node: no window, so not a phone).
  const t0 = performance.now();
  await kernel.modal.open();
  result['view'] = kernel.router.state.view;
  await kernel.plugins.load('walletconnect');
  const session = kernel.get<WalletConnectSession>(WalletConnectSession);
  await until(() => session.state.wcUri !== undefined, 15_000, 'the prepared link');
  result['firstUri'] = session.state.wcUri;
  result['prepareMs'] = Math.round(performance.now() - t0);
  result['statusPrepared'] = session.state.status;
  mark('dapp: prepared');
  await new Promise((r) => setTimeout(r, 300)); // the pairing topic's subscription reaches the relay
  result['subscriptionsPrepared'] = (await relay.stats()).subscriptions;

  // 2. Closed unused: dropped, its relay subscription gone.
  kernel.modal.close();
  result['afterClose'] = { status: session.state.status, wcUri: session.state.wcUri ?? null };
  const dropDeadline = Date.now() + 10_000;
  let subs = (await relay.stats()).subscriptions;
  while (subs >= (result['subscriptionsPrepared'] as number) && Date.now() < dropDeadline) {
    await new Promise((r) => setTimeout(r, 100));
    subs = (await relay.stats()).subscriptions;
  }
  result['subscriptionsAfterClose'] = subs;
  mark('dapp: closed');

  // 3. Opened again: a new link, which the pairing view's connect (the EVM adapter over the
  // WalletConnect connector) adopts; the wallet pairs with it.
  await kernel.modal.open();
  await until(() => session.state.wcUri !== undefined, 15_000, 'the second prepared link');
  const second = session.state.wcUri!;
  result['secondUri'] = second;
  const connected = kernel.connection.connect({ connectorId: 'walletConnect' });
  await new Promise((r) => setTimeout(r, 50));
  result['uriAfterConnect'] = session.state.wcUri;
  mark('dapp: connect');
  await wallet.pair({ uri: second });
  await connected;
  result['accounts'] = [kernel.account.get('eip155').address];
  result['status'] = session.state.status;
  mark('dapp: connected');
  await relay.stop();
  finish(0);
}

main().catch((err) => {
  result['error'] = String((err as Error)?.stack ?? err);
  finish(1);
});
