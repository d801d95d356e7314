/**
 * The plugin's session service against the real local relay and a real wallet
 * (@reown/walletkit), in Node. Bundled with esbuild and run in a child process by
 * ../walletconnect.int.test.ts (the WalletConnect clients keep a process alive
 * after cleanup). Prints one line `WC_SESSION_RESULT {json}` with raw observations.
 */
import { getSdkError } from '@walletconnect/utils';
import { privateKeyToAccount } from 'viem/accounts';
import { stringToHex } from 'viem';
import { startRelay } from '../../../samples/relay/server.mjs';
import type { Eip1193Provider } from '../../../kernel/index';
import { walletConnectPlugin } from '../../../plugins/walletconnect/index';
import { WalletConnectSession } from '../../../plugins/walletconnect/types';
import { ANVIL_KEY, anvilNetwork, approveEvmProposals, createDappKernel, runScenarioMain, sleep, startWallet, stepRecorder, within } from './harness';
import { evmNetwork } from '../../../kernel/testing/networks';

const account = privateKeyToAccount(ANVIL_KEY);
const result: Record<string, unknown> = { address: account.address, steps: [] as string[] };
const mark = stepRecorder(result);

async function main() {
  const relay = await startRelay({ port: 0, log: false });
  const relayUrl: string = relay.url;
  result['relayUrl'] = relayUrl;

  // ---- the wallet
  const wallet = await startWallet(relayUrl, `int-wallet-${process.pid}`);
  approveEvmProposals(wallet, account.address, {
    before: (proposal) => {
      mark('wallet: proposal');
      result['proposal'] = proposal.params.optionalNamespaces;
    },
    after: () => mark('wallet: approved'),
  });
  wallet.on('session_request', async ({ topic, id, params }) => {
    mark(`wallet: ${params.request.method}`);
    if (params.request.method === 'personal_sign') {
      const [message] = params.request.params as [`0x${string}`];
      const signature = await account.signMessage({ message: { raw: message } });
      await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: signature } });
    } else {
      await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code: 4001, message: 'User rejected.' } } });
    }
  });

  // ---- the dapp: a kernel with the WalletConnect plugin; its connector's provider is the facade
  const kernel = createDappKernel(
    'kernel + walletconnect plugin',
    [
      anvilNetwork,
      evmNetwork(1, 'Ethereum', 'http://127.0.0.1:9/1'),
    ],
    [walletConnectPlugin({ relayUrl, customStoragePrefix: `int-dapp-${process.pid}` })],
  );
  await kernel.start();
  const provider = kernel.connectors.get('walletConnect')!.provider as Eip1193Provider & { on(e: string, f: (...a: any[]) => void): void };
  const facadeEvents: string[] = [];
  provider.on('disconnect', (e: { code: number }) => facadeEvents.push(`disconnect ${e.code}`));
  provider.on('chainChanged', (c: string) => facadeEvents.push(`chainChanged ${c}`));

  let uriAt = 0;
  const t0 = performance.now();
  const accountsP = provider.request({ method: 'eth_requestAccounts' });
  await kernel.plugins.load('walletconnect');
  const session = kernel.get<WalletConnectSession>(WalletConnectSession);
  const states: string[] = [];
  session.state$.subscribe((s) => {
    states.push(s.status);
    if (s.wcUri && !result['uri']) {
      uriAt = performance.now();
      result['uri'] = s.wcUri;
      result['expiryInMs'] = (s.wcPairingExpiry ?? 0) - Date.now();
      mark('dapp: wcUri');
      wallet.pair({ uri: s.wcUri }).catch((err: Error) => (result['error'] = `pair: ${err.message}`));
    }
  });
  const accounts = await within(accountsP, 15_000, 'eth_requestAccounts');
  result['connectMs'] = Math.round(performance.now() - t0);
  result['uriToSessionMs'] = Math.round(performance.now() - uriAt);
  result['accounts'] = accounts;
  result['chainId'] = await provider.request({ method: 'eth_chainId' });
  mark('dapp: connected');

  const message = `Latchkey int ${Date.now()}`;
  const s0 = performance.now();
  result['signature'] = await within(provider.request({ method: 'personal_sign', params: [stringToHex(message), account.address] }), 10_000, 'personal_sign');
  result['signMs'] = Math.round(performance.now() - s0);
  result['message'] = message;

  try {
    await provider.request({ method: 'eth_signTypedData_v4', params: [account.address, '{}'] });
  } catch (err) {
    result['rejection'] = { code: (err as { code?: number }).code, message: (err as Error).message };
  }

  // chain switch through the session (the wallet has no handler: it rejects → the switch fails)
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    result['switch'] = 'ok';
  } catch (err) {
    result['switch'] = `rejected ${(err as { code?: number }).code}`;
  }
  result['chainIdAfterSwitch'] = await provider.request({ method: 'eth_chainId' });

  // wallet-side disconnect reaches the facade
  const topic = Object.values(wallet.getActiveSessions())[0]!.topic;
  await wallet.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') });
  await within(
    (async () => {
      while (!facadeEvents.some((e) => e.startsWith('disconnect'))) await sleep(20);
    })(),
    10_000,
    'disconnect on the facade',
  );
  result['facadeEvents'] = facadeEvents;
  result['accountsAfter'] = await provider.request({ method: 'eth_accounts' });
  result['states'] = [...new Set(states)];
  await relay.stop();
}

runScenarioMain('WC_SESSION_RESULT', result, main);
