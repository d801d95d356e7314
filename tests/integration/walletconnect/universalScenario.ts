/**
 * Basic mode against the real local relay and a real wallet (@reown/walletkit), in Node:
 * a kernel with ONLY the WalletConnect plugin (no chain plugin) pairs once and connects
 * eip155 and solana through the universal adapters. Bundled with esbuild and run in a child
 * process by ../universal.int.test.ts (WalletConnect clients keep a process alive after
 * cleanup). Prints one line `WC_UNIVERSAL_RESULT {json}` with raw observations; the test
 * makes every check.
 *
 * The wallet approves eip155 with anvil's first account and solana with a fresh ed25519 key
 * (node:crypto), signs personal_sign with viem and solana_signMessage with that key.
 */
import { generateKeyPairSync, sign as edSign } from 'node:crypto';
import { Core } from '@walletconnect/core';
import { WalletKit } from '@reown/walletkit';
import { getSdkError } from '@walletconnect/utils';
import { base58 } from '@scure/base';
import { privateKeyToAccount } from 'viem/accounts';
import { startRelay } from '../../../samples/relay/server.mjs';
import { createKernel, defineNetwork } from '../../../kernel/index';
import { walletConnectPlugin } from '../../../plugins/walletconnect/index';
import { resolveWalletConnectConnectorId } from '../../../plugins/walletconnect/resolveConnector';
import { WalletConnectSession } from '../../../plugins/walletconnect/types';

const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const SOLANA_REF = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const evmAccount = privateKeyToAccount(ANVIL_KEY);
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const solanaAddress = base58.encode(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));

const result: Record<string, unknown> = { evmAddress: evmAccount.address, solanaAddress, steps: [] as string[], walletRequests: [] as unknown[] };
const mark = (s: string) => (result['steps'] as string[]).push(s);

function finish(code: number): void {
  process.stdout.write(`WC_UNIVERSAL_RESULT ${JSON.stringify(result)}\n`, () => process.exit(code));
}
setTimeout(() => {
  result['error'] ??= 'scenario timed out after 40 s';
  finish(1);
}, 40_000).unref();

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out after ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function main() {
  const relay = await startRelay({ port: 0, log: false });
  const relayUrl: string = relay.url;

  // ---- the wallet (a WalletConnect wallet we did not write)
  const core = new Core({ projectId: 'latchkey-int', relayUrl, customStoragePrefix: `int-uwallet-${process.pid}`, logger: 'error' });
  const wallet = await WalletKit.init({ core, metadata: { name: 'Int wallet', description: 'walletkit', url: 'http://127.0.0.1/w', icons: [] } });
  wallet.on('session_proposal', async (proposal) => {
    const optional = proposal.params.optionalNamespaces as Record<string, { chains?: string[]; methods: string[]; events: string[] }>;
    result['proposal'] = optional;
    mark('wallet: proposal');
    const evm = optional['eip155']!;
    const sol = optional['solana']!;
    await wallet.approveSession({
      id: proposal.id,
      namespaces: {
        eip155: { chains: evm.chains!, accounts: evm.chains!.map((c) => `${c}:${evmAccount.address}`), methods: evm.methods, events: evm.events },
        solana: { chains: sol.chains!, accounts: sol.chains!.map((c) => `${c}:${solanaAddress}`), methods: sol.methods, events: sol.events },
      },
    });
    mark('wallet: approved');
  });
  wallet.on('session_request', async ({ topic, id, params }) => {
    const { method, params: args } = params.request as { method: string; params: any };
    (result['walletRequests'] as unknown[]).push({ method, params: args, chainId: params.chainId });
    const respond = (value: unknown) => wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: value } });
    if (method === 'personal_sign') {
      await respond(await evmAccount.signMessage({ message: { raw: args[0] } }));
    } else if (method === 'solana_signMessage') {
      const bytes = base58.decode(args.message);
      const signature = edSign(null, Buffer.from(bytes), privateKey);
      await respond({ signature: base58.encode(signature) });
    } else {
      await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code: 4200, message: `${method} unsupported` } } });
    }
  });

  // ---- the dapp: only the WalletConnect plugin
  const kernel = createKernel({
    options: {
      projectId: 'latchkey-int',
      metadata: { name: 'Int dapp', description: 'basic mode', url: 'http://127.0.0.1/dapp', icons: [] },
      networks: [
        defineNetwork({ id: 31337, name: 'Anvil', caipNetworkId: 'eip155:31337', chainNamespace: 'eip155', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/31337'] } } }),
        defineNetwork({ id: SOLANA_REF, name: 'Solana', caipNetworkId: `solana:${SOLANA_REF}`, chainNamespace: 'solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/solana'] } } }),
      ],
      features: { analytics: false },
    },
    plugins: [walletConnectPlugin({ relayUrl, customStoragePrefix: `int-udapp-${process.pid}` })],
  });
  await kernel.start();
  result['chainPluginNamespaces'] = kernel.plugins.namespaces();
  await kernel.modal.open();
  result['openedView'] = kernel.router.state.view;
  result['connectors'] = kernel.connectors.state.connectors.map((c) => [c.id, c.type, c.chain]);
  result['group'] = kernel.connectors.grouped().map((c) => c.id);
  const disconnected: string[] = [];
  kernel.connection.onDidDisconnect$.subscribe((e) => disconnected.push(e.namespace));

  // What ConnectingWalletConnectBasic does on mount (no connector id given).
  const connectorId = resolveWalletConnectConnectorId(kernel.connectors, kernel.network.state.activeNamespace);
  result['connectorId'] = connectorId;
  const t0 = performance.now();
  const connecting = kernel.connection.connect({ connectorId });
  await kernel.plugins.load('walletconnect');
  const session = kernel.get<WalletConnectSession>(WalletConnectSession);
  session.state$.subscribe((s) => {
    if (s.wcUri && !result['uri']) {
      result['uri'] = s.wcUri;
      mark('dapp: wcUri');
      wallet.pair({ uri: s.wcUri }).catch((err: Error) => (result['error'] = `pair: ${err.message}`));
    }
  });
  await connecting;
  await until(() => kernel.account.get('solana').status === 'connected', 10_000, 'solana connected');
  result['connectMs'] = Math.round(performance.now() - t0);
  mark('dapp: connected');
  result['adapters'] = { eip155: kernel.plugins.loadedAdapter('eip155')?.constructor.name, solana: kernel.plugins.loadedAdapter('solana')?.constructor.name };
  result['accounts'] = {
    eip155: kernel.account.get('eip155'),
    solana: kernel.account.get('solana'),
  };
  result['activeNamespace'] = kernel.network.state.activeNamespace;
  result['pairings'] = (result['steps'] as string[]).filter((s) => s === 'wallet: proposal').length;

  const message = `Latchkey universal ${Date.now()}`;
  result['message'] = message;
  result['evmSignature'] = await kernel.connection.signMessage(message, 'eip155');
  result['solanaSignature'] = await kernel.connection.signMessage(message, 'solana');
  try {
    await kernel.connection.sendTransaction({ transaction: new Uint8Array([1]) }, 'solana');
  } catch (err) {
    result['solanaSend'] = { name: (err as Error).name, message: (err as Error).message };
  }

  // the wallet ends the session: every namespace resets
  const topic = Object.values(wallet.getActiveSessions())[0]!.topic;
  await wallet.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') });
  await until(() => kernel.account.get('eip155').status === 'disconnected' && kernel.account.get('solana').status === 'disconnected', 10_000, 'both namespaces disconnected');
  await new Promise((r) => setTimeout(r, 50));
  result['disconnected'] = disconnected;
  result['after'] = { eip155: kernel.account.get('eip155').status, solana: kernel.account.get('solana').status, session: session.state.status };
  await relay.stop();
  finish(0);
}

main().catch((err) => {
  result['error'] = String((err as Error)?.stack ?? err);
  finish(1);
});
