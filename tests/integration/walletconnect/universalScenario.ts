/**
 * Basic mode against the real local relay and a real wallet (@reown/walletkit), in Node:
 * a kernel with ONLY the WalletConnect plugin (no chain plugin) pairs once and connects
 * eip155 and solana through the universal adapters. Bundled with esbuild and run in a child
 * process by ../universal.int.test.ts (WalletConnect clients keep a process alive after
 * cleanup). Prints one line `WC_UNIVERSAL_RESULT {json}` with raw observations; the test
 * makes every check.
 *
 * The wallet approves eip155 with anvil's first account, solana with a fresh ed25519 key
 * (node:crypto) and bip122 with a fresh secp256k1 key (P2WPKH); it signs personal_sign with viem,
 * solana_signMessage and Solana transactions with its ed25519 key (answering
 * solana_signTransaction with the signature alone, so the adapter places it), and PSBTs with
 * @scure/btc-signer. There is no Solana or Bitcoin node here: signAndSend and sendTransfer are
 * answered with the signature / a transaction id the wallet computed, not broadcast.
 */
import { generateKeyPairSync, sign as edSign } from 'node:crypto';
import { getSdkError } from '@walletconnect/utils';
import { base58 } from '@scure/base';
import * as btc from '@scure/btc-signer';
import { secp256k1 } from '@noble/curves/secp256k1';
import { PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { privateKeyToAccount } from 'viem/accounts';
import { startRelay } from '../../../samples/relay/server.mjs';
import { defineNetwork } from '../../../kernel/index';
import { walletConnectPlugin } from '../../../plugins/walletconnect/index';
import { resolveWalletConnectConnectorId } from '../../../plugins/walletconnect/resolveConnector';
import { WalletConnectSession } from '../../../plugins/walletconnect/types';
import { bitcoin } from '../../../kernel/networks';
import { ANVIL_KEY, anvilNetwork, createDappKernel, runScenarioMain, sleep, startWallet, stepRecorder, until } from './harness';

const SOLANA_REF = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
const evmAccount = privateKeyToAccount(ANVIL_KEY);
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const solanaAddress = base58.encode(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
const btcKey = btc.utils.randomPrivateKeyBytes();
const btcPay = btc.p2wpkh(secp256k1.getPublicKey(btcKey, true));
const btcAddress = btcPay.address!;
/** A Solana transaction's message bytes (legacy or v0). */
function solanaMessage(bytes: Uint8Array): Uint8Array {
  return bytes[1 + 64 * bytes[0]!]! & 0x80 ? VersionedTransaction.deserialize(bytes).message.serialize() : Transaction.from(Buffer.from(bytes)).serializeMessage();
}
const solSign = (message: Uint8Array) => edSign(null, Buffer.from(message), privateKey);

const result: Record<string, unknown> = { evmAddress: evmAccount.address, solanaAddress, btcAddress, btcPublicKey: Buffer.from(secp256k1.getPublicKey(btcKey, true)).toString('hex'), steps: [] as string[], walletRequests: [] as unknown[] };
const mark = stepRecorder(result);

async function main() {
  const relay = await startRelay({ port: 0, log: false });
  const relayUrl: string = relay.url;

  // ---- the wallet (a WalletConnect wallet we did not write)
  const wallet = await startWallet(relayUrl, `int-uwallet-${process.pid}`);
  wallet.on('session_proposal', async (proposal) => {
    const optional = proposal.params.optionalNamespaces as Record<string, { chains?: string[]; methods: string[]; events: string[] }>;
    result['proposal'] = optional;
    mark('wallet: proposal');
    const evm = optional['eip155']!;
    const sol = optional['solana']!;
    const bip = optional['bip122']!;
    await wallet.approveSession({
      id: proposal.id,
      namespaces: {
        eip155: { chains: evm.chains!, accounts: evm.chains!.map((c) => `${c}:${evmAccount.address}`), methods: evm.methods, events: evm.events },
        solana: { chains: sol.chains!, accounts: sol.chains!.map((c) => `${c}:${solanaAddress}`), methods: sol.methods, events: sol.events },
        bip122: { chains: bip.chains!, accounts: bip.chains!.map((c) => `${c}:${btcAddress}`), methods: bip.methods, events: bip.events },
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
    } else if (method === 'solana_signTransaction') {
      // Only the signature: the dapp places it.
      await respond({ signature: base58.encode(solSign(solanaMessage(Buffer.from(args.transaction, 'base64')))) });
    } else if (method === 'solana_signAndSendTransaction') {
      await respond({ signature: base58.encode(solSign(solanaMessage(Buffer.from(args.transaction, 'base64')))) });
    } else if (method === 'solana_signAllTransactions') {
      const signed = (args.transactions as string[]).map((b64) => {
        const tx = Transaction.from(Buffer.from(b64, 'base64'));
        tx.addSignature(new PublicKey(solanaAddress), solSign(tx.serializeMessage()));
        return tx.serialize().toString('base64');
      });
      await respond({ transactions: signed });
    } else if (method === 'signPsbt') {
      const tx = btc.Transaction.fromPSBT(Buffer.from(args.psbt, 'base64'));
      for (const input of args.signInputs as { address: string; index: number }[]) if (input.address === btcAddress) tx.signIdx(btcKey, input.index);
      await respond({ psbt: Buffer.from(tx.toPSBT()).toString('base64') });
    } else if (method === 'sendTransfer') {
      const tx = new btc.Transaction();
      tx.addInput({ txid: '11'.repeat(32), index: 0, witnessUtxo: { script: btcPay.script, amount: BigInt(args.amount) + 1000n } });
      tx.addOutputAddress(args.recipientAddress, BigInt(args.amount));
      tx.signIdx(btcKey, 0);
      tx.finalize();
      await respond({ txid: tx.id });
    } else if (method === 'wallet_sendCalls') {
      await respond({ id: `0x${'ee'.repeat(32)}` });
    } else {
      await wallet.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code: 4200, message: `${method} unsupported` } } });
    }
  });

  // ---- the dapp: only the WalletConnect plugin
  const kernel = createDappKernel(
    'basic mode',
    [
      anvilNetwork,
      defineNetwork({ id: SOLANA_REF, name: 'Solana', caipNetworkId: `solana:${SOLANA_REF}`, chainNamespace: 'solana', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: { default: { http: ['http://127.0.0.1:9/solana'] } } }),
      bitcoin,
    ],
    [walletConnectPlugin({ relayUrl, customStoragePrefix: `int-udapp-${process.pid}` })],
  );
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
  await until(() => kernel.account.get('solana').status === 'connected' && kernel.account.get('bip122').status === 'connected', 10_000, 'solana and bip122 connected');
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
  const capture = async (run: () => Promise<unknown>) => {
    try {
      return { ok: await run() };
    } catch (err) {
      return { error: { name: (err as Error).name, message: (err as Error).message, details: (err as { details?: string }).details } };
    }
  };
  const b64 = (bytes: unknown) => Buffer.from(bytes as Uint8Array).toString('base64');

  // Solana: a legacy transfer and a v0 one, built with web3.js as a dapp would.
  const payer = new PublicKey(solanaAddress);
  const transfer = SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(new Uint8Array(32).fill(3)), lamports: 1000 });
  const blockhash = base58.encode(new Uint8Array(32).fill(5));
  const legacy = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(transfer).serialize({ requireAllSignatures: false, verifySignatures: false });
  const v0 = new VersionedTransaction(new TransactionMessage({ payerKey: payer, recentBlockhash: blockhash, instructions: [transfer] }).compileToV0Message()).serialize();
  result['solanaTx'] = { legacy: b64(legacy), v0: b64(v0) };
  const sol = await kernel.connection.session('solana', 'signTransaction');
  result['solanaSignedV0'] = await capture(async () => b64(await sol.adapter.signTransaction!({ ...sol, request: { transaction: v0 } } as never)));
  result['solanaSignedAll'] = await capture(async () => ((await sol.adapter.signAllTransactions!({ ...sol, requests: [{ transaction: legacy }, { transaction: legacy }] } as never)) as Uint8Array[]).map(b64));
  result['solanaSend'] = await capture(() => kernel.connection.sendTransaction({ transaction: legacy, options: { skipPreflight: true } }, 'solana'));

  // Bitcoin: a PSBT spending a (made-up) output of the wallet's address, and a transfer.
  const psbtTx = new btc.Transaction();
  psbtTx.addInput({ txid: 'aa'.repeat(32), index: 0, witnessUtxo: { script: btcPay.script, amount: 100_000n } });
  psbtTx.addOutputAddress(btcAddress, 90_000n);
  result['psbt'] = b64(psbtTx.toPSBT());
  const bip = await kernel.connection.session('bip122', 'signPsbt');
  result['psbtSigned'] = await capture(() => bip.adapter.signPsbt!({ ...bip, request: { psbt: result['psbt'] as string, signInputs: { [btcAddress]: [0] } } } as never));
  result['btcTransfer'] = await capture(() => kernel.connection.sendTransaction({ recipient: btcAddress, amount: 5_000n }, 'bip122'));

  // EIP-5792 through the session: a bad bundle never reaches the wallet; a good one does.
  const evm = await kernel.connection.session('eip155', 'sendCalls');
  result['badCalls'] = await capture(() => evm.adapter.sendCalls!({ ...evm, request: { calls: [{ to: 'not-hex' }] } } as never));
  result['calls'] = await capture(() => evm.adapter.sendCalls!({ ...evm, request: { calls: [{ to: evmAccount.address, data: '0x' }] } } as never));

  // the chains the wallet approved, per namespace; then the wallet adds one (session_update)
  const approval = (ns: 'eip155' | 'solana' | 'bip122') => {
    const { approvedCaipNetworkIds, supportsAllNetworks } = kernel.network.state.namespaces[ns];
    return { approvedCaipNetworkIds, supportsAllNetworks };
  };
  result['approved'] = { eip155: approval('eip155'), solana: approval('solana'), bip122: approval('bip122') };
  const live = Object.values(wallet.getActiveSessions())[0]!;
  const evmNs = live.namespaces['eip155']!;
  await wallet.updateSession({
    topic: live.topic,
    namespaces: { ...live.namespaces, eip155: { ...evmNs, chains: [...(evmNs.chains ?? []), 'eip155:1'], accounts: [...evmNs.accounts, `eip155:1:${evmAccount.address}`] } },
  });
  await until(() => kernel.network.state.namespaces.eip155.approvedCaipNetworkIds.includes('eip155:1'), 10_000, 'the chain the wallet added recorded');
  result['approvedAfterUpdate'] = approval('eip155');

  // the wallet ends the session: every namespace resets
  const topic = Object.values(wallet.getActiveSessions())[0]!.topic;
  await wallet.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') });
  await until(() => ['eip155', 'solana', 'bip122'].every((ns) => kernel.account.get(ns as 'eip155').status === 'disconnected'), 10_000, 'every namespace disconnected');
  await sleep(50);
  result['disconnected'] = disconnected;
  result['approvedAfterEnd'] = approval('eip155');
  result['after'] = { eip155: kernel.account.get('eip155').status, solana: kernel.account.get('solana').status, bip122: kernel.account.get('bip122').status, session: session.state.status };
  await relay.stop();
}

runScenarioMain('WC_UNIVERSAL_RESULT', result, main);
