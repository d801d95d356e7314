/**
 * One-click sign-in's fallbacks against the real local relay and a real wallet (@reown/walletkit),
 * in Node: a kernel with the WalletConnect and sign-in plugins (sessions kept by localSiwx) pairs
 * twice with sign-in required.
 * 1. The wallet does not know one-click auth (no `session_authenticate` handler): it gets the
 *    fallback proposal, approves it, and the sign-in view then asks for a personal_sign.
 * 2. The wallet refuses the sign-in request: the dapp shows a fresh link for a plain pairing, the
 *    wallet pairs it, and the sign-in view asks for a personal_sign.
 * Bundled with esbuild and run in a child process by ./oneClickAuth.int.test.ts; prints one line
 * `WC_ONECLICK_RESULT {json}` with raw observations, the test makes every check.
 */
import { getSdkError } from '@walletconnect/utils';
import { privateKeyToAccount } from 'viem/accounts';
import { startRelay } from '../../../samples/relay/server.mjs';
import { walletConnectPlugin } from '../../../plugins/walletconnect/index';
import { WalletConnectSession } from '../../../plugins/walletconnect/types';
import { localSiwx, siwxPlugin, SignIn } from '../../../plugins/siwx/index';
import { ANVIL_KEY, anvilNetwork, approveEvmProposals, createDappKernel, runScenarioMain, startWallet, stepRecorder, until } from './harness';

const account = privateKeyToAccount(ANVIL_KEY);
const result: Record<string, unknown> = { address: account.address, steps: [] as string[], rounds: [] as unknown[] };
const mark = stepRecorder(result);

async function main() {
  const relay = await startRelay({ port: 0, log: false });
  const relayUrl: string = relay.url;
  const wallet = await startWallet(relayUrl, `int-oneclick-wallet-${process.pid}`);
  approveEvmProposals(wallet, account.address, { before: () => mark('wallet: proposal') });
  wallet.on('session_request', async ({ topic, id, params }) => {
    mark(`wallet: ${params.request.method}`);
    const [message] = params.request.params as [`0x${string}`];
    await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: await account.signMessage({ message: { raw: message } }) } });
  });

  const kernel = createDappKernel('walletconnect + sign-in', [anvilNetwork], [
    walletConnectPlugin({ relayUrl, customStoragePrefix: `int-oneclick-dapp-${process.pid}` }),
    siwxPlugin({ siwx: localSiwx({ domain: '127.0.0.1', uri: 'http://127.0.0.1/dapp', statement: 'Sign in to the int dapp' }) }),
  ]);
  await kernel.start();
  await kernel.plugins.load('walletconnect');
  const session = kernel.get<WalletConnectSession>(WalletConnectSession);
  const links: string[] = [];
  session.state$.subscribe((s) => {
    if (s.wcUri && !links.includes(s.wcUri)) {
      links.push(s.wcUri);
      mark('dapp: link');
      wallet.pair({ uri: s.wcUri }).catch((err: Error) => (result['error'] = `pair: ${err.message}`));
    }
  });

  /** One pairing with sign-in required: the link, what the wallet did, the sign-in view, the signature. */
  const round = async (name: string) => {
    const from = (result['steps'] as string[]).length;
    const linksBefore = links.length;
    await kernel.connection.connect({ connectorId: 'walletConnect' });
    mark('dapp: connected');
    const signIn = kernel.get<SignIn>(SignIn);
    await until(() => kernel.modal.state.open && kernel.router.state.view === 'SIWXSignMessage', 10_000, `${name}: the sign-in view`);
    await signIn.requestSignMessage();
    await until(() => signIn.state.status === 'signed', 10_000, `${name}: signed in`);
    (result['rounds'] as unknown[]).push({
      name,
      steps: (result['steps'] as string[]).slice(from),
      links: links.length - linksBefore,
      // which links asked for a sign-in (a one-click pairing's link names wc_sessionAuthenticate)
      oneClickLinks: links.slice(linksBefore).map((l) => l.includes('wc_sessionAuthenticate')),
      status: signIn.state.status,
      session: signIn.state.session,
      wcState: { wcError: session.state.wcError, error: session.state.error?.message },
    });
    await kernel.connection.disconnect();
  };

  await round('no one-click auth in the wallet');

  // The wallet now handles session_authenticate, and refuses it.
  wallet.on('session_authenticate', async (event) => {
    mark('wallet: session_authenticate');
    await wallet.rejectSessionAuthenticate({ id: event.id, reason: getSdkError('UNSUPPORTED_CHAINS') });
    mark('wallet: refused');
  });
  await round('the wallet refuses the sign-in request');
  await relay.stop();
}

runScenarioMain('WC_ONECLICK_RESULT', result, main);
