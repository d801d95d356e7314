/**
 * The pairing's prewarm against the real local relay, the real universal provider and a real
 * wallet (@reown/walletkit), in Node. Bundled with esbuild and run in a child process by
 * ./prewarm.int.test.ts (the WalletConnect clients keep a process alive after cleanup).
 * Prints one line `WC_PREWARM_RESULT {json}` with raw observations: a desktop opening prepares
 * a link; closing unused drops it (and its relay subscription); a second opening prepares a new
 * one, which the connect adopts and the wallet pairs with.
 */
import { privateKeyToAccount } from 'viem/accounts';
import { startRelay } from '../../../samples/relay/server.mjs';
import { evmPlugin } from '../../../plugins/evm/index';
import { walletConnectPlugin } from '../../../plugins/walletconnect/index';
import { WalletConnectSession } from '../../../plugins/walletconnect/types';
import { ANVIL_KEY, anvilNetwork, approveEvmProposals, createDappKernel, runScenarioMain, sleep, startWallet, stepRecorder, until } from './harness';

const account = privateKeyToAccount(ANVIL_KEY);
const result: Record<string, unknown> = { steps: [] as string[] };
const mark = stepRecorder(result);

async function main() {
  const relay = await startRelay({ port: 0, log: false });
  const relayUrl: string = relay.url;

  const wallet = await startWallet(relayUrl, `int-prewarm-wallet-${process.pid}`);
  approveEvmProposals(wallet, account.address, { before: () => mark('wallet: proposal'), after: () => mark('wallet: approved') });

  // With the EVM plugin the modal opens on the Connect view, and connects go through its adapter as the view's do.
  const kernel = createDappKernel('prewarm', [anvilNetwork], [walletConnectPlugin({ relayUrl, customStoragePrefix: `int-prewarm-dapp-${process.pid}` }), evmPlugin()]);
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
  await sleep(300); // the pairing topic's subscription reaches the relay
  result['subscriptionsPrepared'] = (await relay.stats()).subscriptions;

  // 2. Closed unused: dropped, its relay subscription gone.
  kernel.modal.close();
  result['afterClose'] = { status: session.state.status, wcUri: session.state.wcUri ?? null };
  const dropDeadline = Date.now() + 10_000;
  let subs = (await relay.stats()).subscriptions;
  while (subs >= (result['subscriptionsPrepared'] as number) && Date.now() < dropDeadline) {
    await sleep(100);
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
  await sleep(50);
  result['uriAfterConnect'] = session.state.wcUri;
  mark('dapp: connect');
  await wallet.pair({ uri: second });
  await connected;
  result['accounts'] = [kernel.account.get('eip155').address];
  result['status'] = session.state.status;
  mark('dapp: connected');
  await relay.stop();
}

runScenarioMain('WC_PREWARM_RESULT', result, main);
