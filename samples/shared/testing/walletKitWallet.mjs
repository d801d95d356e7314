// The test wallet every WalletConnect test uses: a wallet we did not write (@reown/walletkit on its
// own Core) against a relay URL, answering with a viem account. It starts the client with storage
// that does not leak between tests (memory, a prefix of its own), approves a proposal with the eip155
// namespace built for the chains it serves (and the cacaos of one-click sign-in when asked), answers
// the requests the tests send (personal_sign, eth_sendTransaction sent to the chain's RPC,
// wallet_switchEthereumChain for chains it knows), refuses on demand (4001, as the visitor saying
// no), disconnects and closes. The callers: tests/integration/walletconnect/harness.ts,
// tests/e2e/support/wcWallet.mjs (a child process the e2e tests drive), samples/relay/testing/wc-scenario.mjs.
import { Core } from '@walletconnect/core';
import { WalletKit } from '@reown/walletkit';
import { getSdkError } from '@walletconnect/utils';
import { createWalletClient, defineChain, http } from 'viem';
import { signAuthentication } from '../walletAuth.mjs';

/** anvil's first default account (its well-known, public test key; address 0xf39F…2266). */
export const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

let started = 0;

/**
 * Starts a WalletKit wallet on the relay at `relayUrl`: its own Core (logger `error`), its storage in
 * memory under `storagePrefix` (by default one no other wallet of this process has).
 * @param {{ relayUrl: string, projectId?: string, storagePrefix?: string, metadata?: { name: string, description: string, url: string, icons: string[] } }} options
 */
export async function startWalletKit({ relayUrl, projectId = 'latchkey-test', storagePrefix, metadata }) {
  const core = new Core({
    projectId,
    relayUrl,
    customStoragePrefix: storagePrefix ?? `walletkit-${process.pid}-${++started}`,
    storageOptions: { database: ':memory:' },
    logger: 'error',
  });
  return WalletKit.init({
    core,
    metadata: metadata ?? { name: 'Test wallet', description: 'walletkit in Node', url: 'http://127.0.0.1/wallet', icons: [] },
  });
}

/**
 * The eip155 chains, methods and events a proposal asks for (its required namespace over its optional one).
 * @param {{ requiredNamespaces?: Record<string, any>, optionalNamespaces?: Record<string, any> }} params the proposal's params
 * @returns {{ chains: string[], methods: string[], events: string[] }}
 */
export function proposedEip155(params) {
  const proposed = { ...params.optionalNamespaces?.eip155, ...params.requiredNamespaces?.eip155 };
  return { chains: proposed.chains ?? [], methods: proposed.methods ?? [], events: proposed.events ?? [] };
}

/**
 * Approves `proposal` with `address` on each of `chains` and the methods and events given (by
 * default what it proposes), with `proposalRequestsResponses` when given (one-click sign-in).
 * @param {import('@reown/walletkit').IWalletKit} kit
 * @param {{ id: number, params: any }} proposal
 * @param {{ address: string, chains?: readonly string[], methods?: readonly string[], events?: readonly string[], proposalRequestsResponses?: { authentication?: readonly unknown[] } }} options
 */
export function approveEip155(kit, proposal, { address, chains, methods, events, proposalRequestsResponses }) {
  const proposed = proposedEip155(proposal.params);
  const served = [...(chains ?? proposed.chains)];
  return kit.approveSession({
    id: proposal.id,
    namespaces: {
      eip155: {
        chains: served,
        accounts: served.map((c) => `${c}:${address}`),
        methods: [...(methods ?? proposed.methods)],
        events: [...(events ?? proposed.events)],
      },
    },
    ...(proposalRequestsResponses ? { proposalRequestsResponses: /** @type {any} */ (proposalRequestsResponses) } : {}),
  });
}

/**
 * Signs the sign-in requests of a proposal (samples/shared/walletAuth.mjs) with `account`, each for
 * the first of its chains in `chains`, in the text the sign client formats.
 * @param {import('@reown/walletkit').IWalletKit} kit
 * @param {readonly Record<string, any>[]} signIns
 * @param {import('viem').LocalAccount} account
 * @param {readonly string[]} chains
 */
export function signSignIns(kit, signIns, account, chains) {
  return signAuthentication(signIns, {
    address: account.address,
    chains,
    format: (p) => kit.formatAuthMessage(/** @type {any} */ (p)),
    signMessage: (message) => account.signMessage({ message }),
  });
}

/**
 * Answers one session request with `account` and says how. `reject`: refused with 4001 (the visitor
 * saying no). `rpc`: the RPC URL of each chain it knows, by chain reference (eth_sendTransaction is
 * sent there; wallet_switchEthereumChain to another chain is refused with 4902, a transaction on one
 * with 4901). `methods`: the methods it answers (default all it can); any other is refused with 4200
 * and `unsupported(method)`. When answering throws, `onError(err)` hears it and the request is
 * answered with -32603.
 * @param {import('@reown/walletkit').IWalletKit} kit
 * @param {{ topic: string, id: number, params: { chainId: string, request: { method: string, params: any } } }} event
 * @param {{ account: import('viem').LocalAccount, rpc?: Record<string, string>, reject?: boolean, methods?: readonly string[], unsupported?(method: string): string, onError?(err: unknown): void }} options
 */
export async function answerRequest(kit, event, { account, rpc = {}, reject = false, methods, unsupported, onError }) {
  const { topic, id, params } = event;
  const { method, params: args } = params.request;
  /** @param {unknown} result */
  const respond = (result) => kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } });
  /** @param {number} code @param {string} message */
  const fail = (code, message) => kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } });
  try {
    if (reject) {
      await fail(4001, 'User rejected the request.');
      return { outcome: 'rejected', method, error: 4001 };
    }
    if (methods && !methods.includes(method)) {
      await fail(4200, unsupported?.(method) ?? `${method} is not supported by this test wallet`);
      return { outcome: 'unsupported', method, error: 4200 };
    }
    if (method === 'personal_sign') {
      const signature = await account.signMessage({ message: { raw: args[0] } });
      await respond(signature);
      return { outcome: 'result', method, result: signature };
    }
    if (method === 'eth_sendTransaction') {
      const ref = params.chainId.split(':')[1];
      const url = rpc[ref];
      if (!url) {
        await fail(4901, `No RPC for ${params.chainId}`);
        return { outcome: 'unknownChain', method, error: 4901 };
      }
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
      return { outcome: 'result', method, result: hash, chainId: params.chainId };
    }
    if (method === 'wallet_switchEthereumChain') {
      const ref = String(Number(args[0].chainId));
      if (!rpc[ref]) {
        await fail(4902, `Unrecognized chain ${args[0].chainId}`);
        return { outcome: 'unknownChain', method, error: 4902 };
      }
      await respond(null);
      return { outcome: 'result', method, result: null, chainId: `eip155:${ref}` };
    }
    await fail(4200, unsupported?.(method) ?? `${method} is not supported by this test wallet`);
    return { outcome: 'unsupported', method, error: 4200 };
  } catch (err) {
    onError?.(err);
    await fail(-32603, String(/** @type {Error} */ (err)?.message ?? err)).catch(() => undefined);
    return { outcome: 'failed', method, error: -32603 };
  }
}

/**
 * Disconnects the sessions of `topics` (by default every active one) as the visitor would
 * (USER_DISCONNECTED); resolves with the topics.
 * @param {import('@reown/walletkit').IWalletKit} kit
 * @param {readonly string[]} [topics]
 */
export async function disconnectSessions(kit, topics) {
  const list = topics ? [...topics] : Object.values(kit.getActiveSessions()).map((s) => s.topic);
  for (const topic of list) await kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') });
  return list;
}

/**
 * Closes the wallet's connection to the relay and stops its heartbeat; its sessions stay (disconnect
 * them first to end them). The WalletConnect clients may still hold the process a while after: the
 * tests run them in child processes that end with process.exit.
 * @param {import('@reown/walletkit').IWalletKit} kit
 */
export async function closeWalletKit(kit) {
  kit.core.heartbeat?.stop?.();
  await kit.core.relayer.transportClose().catch(() => undefined);
}
