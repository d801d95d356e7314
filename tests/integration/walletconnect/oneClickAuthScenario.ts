/**
 * One-click sign-in against the real local relay and a real wallet (@reown/walletkit), in Node: a
 * kernel with the WalletConnect and sign-in plugins (sessions kept by localSiwx) pairs four times
 * with sign-in required; every pairing's proposal carries the sign-in request (`connect({ authentication })`).
 * 1. The wallet signs it while approving (samples/shared/walletAuth.mjs): signed in, no sign-in view.
 * 2. The wallet does not know the request: it approves a plain session, and the sign-in view then
 *    asks for a personal_sign.
 * 3. The wallet refuses the request (5100, unsupported chains): the dapp shows a fresh link for a
 *    plain pairing, the wallet pairs it, and the sign-in view asks for a personal_sign.
 * 4. The visitor says no in the wallet (5000): the connect fails with the wallet's code, no fresh link.
 * Bundled with esbuild and run in a child process by ./oneClickAuth.int.test.ts; prints one line
 * `WC_ONECLICK_RESULT {json}` with raw observations, the test makes every check.
 */
import { getSdkError } from '@walletconnect/utils';
import { privateKeyToAccount } from 'viem/accounts';
import { startRelay } from '../../../samples/relay/server.mjs';
import { proposalSignIns, signAuthentication } from '../../../samples/shared/walletAuth.mjs';
import { walletConnectPlugin } from '../../../plugins/walletconnect/index';
import { WalletConnectSession } from '../../../plugins/walletconnect/types';
import { localSiwx, siwxPlugin, SignIn } from '../../../plugins/siwx/index';
import { ANVIL_KEY, anvilNetwork, approveEvmProposals, createDappKernel, runScenarioMain, startWallet, stepRecorder, until, type ProposalAnswer } from './harness';

const account = privateKeyToAccount(ANVIL_KEY);
const result: Record<string, unknown> = { address: account.address, steps: [] as string[], rounds: [] as unknown[] };
const mark = stepRecorder(result);

type Mode = 'sign' | 'ignore' | 'refuse' | 'decline';

async function main() {
  const relay = await startRelay({ port: 0, log: false });
  const relayUrl: string = relay.url;
  const wallet = await startWallet(relayUrl, `int-oneclick-wallet-${process.pid}`);
  let mode: Mode = 'sign';
  approveEvmProposals(wallet, account.address, {
    before: (p) => mark(proposalSignIns(p.params).length ? 'wallet: proposal + sign-in' : 'wallet: proposal'),
    async answer(p, chains): Promise<ProposalAnswer | undefined> {
      const signIns = proposalSignIns(p.params);
      if (!signIns.length || mode === 'ignore') return undefined;
      if (mode === 'refuse' || mode === 'decline') {
        mark(mode === 'refuse' ? 'wallet: refused' : 'wallet: declined');
        return { reject: getSdkError(mode === 'refuse' ? 'UNSUPPORTED_CHAINS' : 'USER_REJECTED') };
      }
      const signed = await signAuthentication(signIns, {
        address: account.address,
        chains,
        format: (q) => wallet.formatAuthMessage(q),
        signMessage: (message) => account.signMessage({ message }),
      });
      mark('wallet: signed in');
      return { proposalRequestsResponses: { authentication: signed.map((s) => s.cacao) } };
    },
  });
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
  const warnings: string[] = [];
  for (const level of ['warn', 'error'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      warnings.push(`${level}: ${args.map(String).join(' ')}`);
      original(...args);
    };
  }

  /** One pairing with sign-in required: the link, what the wallet did, the sign-in view when it opens, the signature. */
  const round = async (name: string, m: Mode) => {
    mode = m;
    const from = (result['steps'] as string[]).length;
    const warningsFrom = warnings.length;
    const linksBefore = links.length;
    let connectError: { code?: unknown; message?: unknown } | undefined;
    try {
      await kernel.connection.connect({ connectorId: 'walletConnect' });
      mark('dapp: connected');
    } catch (err) {
      connectError = { code: (err as { code?: unknown }).code, message: (err as Error).message };
      mark('dapp: connect failed');
    }
    let sawSignView = false;
    // the sign-in plugin's service is bound once its module loads (with the first connection)
    const signIn = kernel.get<SignIn>(SignIn);
    if (!connectError) {
      await until(() => signIn.state.status === 'signed' || (kernel.modal.state.open && kernel.router.state.view === 'SIWXSignMessage'), 10_000, `${name}: signed in or the sign-in view`);
      if (signIn.state.status !== 'signed') {
        sawSignView = true;
        await signIn.requestSignMessage();
        await until(() => signIn.state.status === 'signed', 10_000, `${name}: signed in`);
      }
    }
    (result['rounds'] as unknown[]).push({
      name,
      steps: (result['steps'] as string[]).slice(from),
      links: links.length - linksBefore,
      sawSignView,
      connectError,
      status: signIn.state.status,
      session: signIn.state.session,
      wcState: { wcError: session.state.wcError, error: session.state.error?.message },
      warnings: warnings.slice(warningsFrom),
    });
    if (!connectError) await kernel.connection.disconnect();
  };

  await round('the wallet signs in while approving', 'sign');
  await round('no one-click auth in the wallet', 'ignore');
  await round('the wallet refuses the sign-in request', 'refuse');
  await round('the visitor declines in the wallet', 'decline');
  await relay.stop();
}

runScenarioMain('WC_ONECLICK_RESULT', result, main);
