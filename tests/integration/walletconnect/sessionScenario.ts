/**
 * The plugin's session service against the real local relay and a real wallet
 * (@reown/walletkit), in Node. Bundled with esbuild and run in a child process by
 * ../walletconnect.int.test.ts (the WalletConnect clients keep a process alive
 * after cleanup). Prints one line `WC_SESSION_RESULT {json}` with raw observations.
 */
import { Core } from '@walletconnect/core';
import { WalletKit } from '@reown/walletkit';
import { getSdkError } from '@walletconnect/utils';
import { privateKeyToAccount } from 'viem/accounts';
import { stringToHex } from 'viem';
import { startRelay } from '../../../samples/relay/server.mjs';
import { createKernel, defineNetwork, type Eip1193Provider } from '../../../kernel/index';
import { walletConnectPlugin } from '../../../plugins/walletconnect/index';
import { WalletConnectSession } from '../../../plugins/walletconnect/types';

const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const account = privateKeyToAccount(ANVIL_KEY);
const result: Record<string, unknown> = { address: account.address, steps: [] as string[] };
const mark = (s: string) => (result['steps'] as string[]).push(s);

function finish(code: number): void {
  process.stdout.write(`WC_SESSION_RESULT ${JSON.stringify(result)}\n`, () => process.exit(code));
}
setTimeout(() => {
  result['error'] ??= 'scenario timed out after 40 s';
  finish(1);
}, 40_000).unref();

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let t: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([p, new Promise<T>((_, rej) => (t = setTimeout(() => rej(new Error(`timed out after ${ms} ms: ${what}`)), ms)))]).finally(() => clearTimeout(t));
}

async function main() {
  const relay = await startRelay({ port: 0, log: false });
  const relayUrl: string = relay.url;
  result['relayUrl'] = relayUrl;

  // ---- the wallet
  const core = new Core({ projectId: 'latchkey-int', relayUrl, customStoragePrefix: `int-wallet-${process.pid}`, logger: 'error' });
  const wallet = await WalletKit.init({ core, metadata: { name: 'Int wallet', description: 'walletkit', url: 'http://127.0.0.1/w', icons: [] } });
  wallet.on('session_proposal', async (proposal) => {
    mark('wallet: proposal');
    result['proposal'] = proposal.params.optionalNamespaces;
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
  const kernel = createKernel({
    options: {
      projectId: 'latchkey-int',
      metadata: { name: 'Int dapp', description: 'kernel + walletconnect plugin', url: 'http://127.0.0.1/dapp', icons: [] },
      networks: [
        defineNetwork({ id: 31337, name: 'Anvil', caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/31337'] } } }),
        defineNetwork({ id: 1, name: 'Ethereum', caipNetworkId: 'eip155:1', chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/1'] } } }),
      ],
      features: { analytics: false },
    },
    plugins: [walletConnectPlugin({ relayUrl, customStoragePrefix: `int-dapp-${process.pid}` })],
  });
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
      while (!facadeEvents.some((e) => e.startsWith('disconnect'))) await new Promise((r) => setTimeout(r, 20));
    })(),
    10_000,
    'disconnect on the facade',
  );
  result['facadeEvents'] = facadeEvents;
  result['accountsAfter'] = await provider.request({ method: 'eth_accounts' });
  result['states'] = [...new Set(states)];
  await relay.stop();
  finish(0);
}

main().catch((err) => {
  result['error'] = String((err as Error)?.stack ?? err);
  finish(1);
});
