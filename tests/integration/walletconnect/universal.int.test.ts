/**
 * Basic mode (no chain plugin) through the universal adapters, against the real local relay
 * and a real wallet on @reown/walletkit, in Node. The scenario (universalScenario.ts)
 * is bundled with esbuild and run in a child process; every check is made here, with
 * independent verifiers: viem for the EVM signature, node:crypto ed25519 for the Solana one.
 */
import { runScenario } from '../../support/runScenario';
import { createPublicKey, verify as edVerify } from 'node:crypto';
import { join } from 'node:path';
import { base58 } from '@scure/base';
import * as btc from '@scure/btc-signer';
import { Transaction, VersionedTransaction } from '@solana/web3.js';
import { verifyMessage } from 'viem';

const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SOLANA_REF = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';

interface Result {
  error?: string;
  steps: string[];
  evmAddress: string;
  solanaAddress: string;
  chainPluginNamespaces?: string[];
  openedView?: string;
  connectors?: [string, string, string][];
  group?: string[];
  connectorId?: string;
  uri?: string;
  proposal?: Record<string, { chains: string[]; methods: string[] }>;
  adapters?: Record<string, string | undefined>;
  accounts?: Record<'eip155' | 'solana', { status: string; address?: string; caipAddress?: string; connectorId?: string }>;
  activeNamespace?: string;
  pairings?: number;
  connectMs?: number;
  message?: string;
  evmSignature?: `0x${string}`;
  solanaSignature?: string;
  btcAddress: string;
  btcPublicKey: string;
  solanaTx?: { legacy: string; v0: string };
  solanaSignedV0?: Captured<string>;
  solanaSignedAll?: Captured<string[]>;
  solanaSend?: Captured<string>;
  psbt?: string;
  psbtSigned?: Captured<{ psbt: string; txid?: string }>;
  btcTransfer?: Captured<string>;
  badCalls?: Captured<string>;
  calls?: Captured<string>;
  walletRequests: { method: string; params: any; chainId: string }[];
  disconnected?: string[];
  approved?: Record<'eip155' | 'solana' | 'bip122', Approval>;
  approvedAfterUpdate?: Approval;
  approvedAfterEnd?: Approval;
  after?: Record<string, string>;
}

type Approval = { approvedCaipNetworkIds: string[]; supportsAllNetworks: boolean };
type Captured<T> = { ok?: T; error?: { name: string; message: string; details?: string } };

let r: Result;
let output: string;

beforeAll(async () => {
  ({ result: r, output } = await runScenario<Result>(join(__dirname, 'universalScenario.ts'), 'WC_UNIVERSAL_RESULT'));
  console.log(`Universal adapter through the local relay: eip155 + solana connected in ${r.connectMs} ms`);
}, 90_000);

it('basic mode: no chain plugin, the desktop modal opens ConnectingWalletConnectBasic; one WalletConnect connector per namespace, grouped', () => {
  expect({ error: r.error, output: r.error ? output.slice(-3000) : '' }).toEqual({ error: undefined, output: '' });
  expect(r.chainPluginNamespaces).toEqual([]);
  expect(r.openedView).toBe('ConnectingWalletConnectBasic');
  expect(r.connectors).toEqual([
    ['walletConnect', 'WALLET_CONNECT', 'eip155'],
    ['walletConnect:solana', 'WALLET_CONNECT', 'solana'],
    ['walletConnect:bip122', 'WALLET_CONNECT', 'bip122'],
  ]);
  expect(r.group).toEqual(['multichain:walletconnect']);
  expect(r.connectorId).toBe('walletConnect');
});

it('one pairing connects eip155 AND solana through the universal adapters', () => {
  expect(r.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
  expect(r.pairings).toBe(1);
  expect(r.proposal?.['eip155']?.chains).toEqual(['eip155:31337']);
  expect(r.proposal?.['solana']).toMatchObject({ chains: [`solana:${SOLANA_REF}`], methods: expect.arrayContaining(['solana_signMessage']) });
  expect(r.adapters).toEqual({ eip155: 'UniversalAdapter', solana: 'UniversalAdapter' });
  expect(r.pairings).toBe(1); // bip122 came with the same pairing
  expect(r.accounts?.eip155).toMatchObject({ status: 'connected', address: ANVIL_ACCOUNT_0, caipAddress: `eip155:31337:${ANVIL_ACCOUNT_0}`, connectorId: 'walletConnect' });
  expect(r.accounts?.solana).toMatchObject({ status: 'connected', address: r.solanaAddress, caipAddress: `solana:${SOLANA_REF}:${r.solanaAddress}`, connectorId: 'walletConnect:solana' });
  expect(r.activeNamespace).toBe('eip155');
});

it('personal_sign goes to the wallet and verifies (viem)', async () => {
  const req = r.walletRequests.find((q) => q.method === 'personal_sign')!;
  expect(req.chainId).toBe('eip155:31337');
  expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: r.message!, signature: r.evmSignature! })).toBe(true);
  expect(await verifyMessage({ address: ANVIL_ACCOUNT_0, message: `${r.message}!`, signature: r.evmSignature! })).toBe(false);
});

it('solana_signMessage {message (base58), pubkey} is answered by the wallet; the ed25519 signature verifies', () => {
  const req = r.walletRequests.find((q) => q.method === 'solana_signMessage')!;
  expect(req.chainId).toBe(`solana:${SOLANA_REF}`);
  expect(req.params.pubkey).toBe(r.solanaAddress);
  expect(Buffer.from(base58.decode(req.params.message)).toString('utf8')).toBe(r.message);
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58.decode(r.solanaAddress)).toString('base64url') }, format: 'jwk' });
  const sig = Buffer.from(base58.decode(r.solanaSignature!));
  expect(sig).toHaveLength(64);
  expect(edVerify(null, Buffer.from(r.message!, 'utf8'), key, sig)).toBe(true);
  expect(edVerify(null, Buffer.from(`${r.message}!`, 'utf8'), key, sig)).toBe(false);
});

const solanaKey = () => createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58.decode(r.solanaAddress)).toString('base64url') }, format: 'jwk' });

it('Solana transactions (base64 wire bytes): signTransaction places the signature the wallet sent alone (v0), signAll and signAndSend verify', () => {
  expect(r.solanaSignedV0?.error).toBeUndefined();
  const signedV0 = VersionedTransaction.deserialize(Buffer.from(r.solanaSignedV0!.ok!, 'base64'));
  const message = Buffer.from(signedV0.message.serialize());
  expect(Buffer.from(message).equals(Buffer.from(VersionedTransaction.deserialize(Buffer.from(r.solanaTx!.v0, 'base64')).message.serialize()))).toBe(true);
  expect(edVerify(null, message, solanaKey(), Buffer.from(signedV0.signatures[0]!))).toBe(true);
  const req = r.walletRequests.find((q) => q.method === 'solana_signTransaction')!;
  expect(req).toMatchObject({ chainId: `solana:${SOLANA_REF}`, params: { transaction: r.solanaTx!.v0 } });

  expect(r.solanaSignedAll?.ok).toHaveLength(2);
  for (const b64 of r.solanaSignedAll!.ok!) expect(Transaction.from(Buffer.from(b64, 'base64')).verifySignatures()).toBe(true);
  expect(r.walletRequests.find((q) => q.method === 'solana_signAllTransactions')!.params).toEqual({ transactions: [r.solanaTx!.legacy, r.solanaTx!.legacy] });

  const send = r.walletRequests.find((q) => q.method === 'solana_signAndSendTransaction')!;
  expect(send.params).toEqual({ transaction: r.solanaTx!.legacy, sendOptions: { skipPreflight: true } });
  const legacyMessage = Transaction.from(Buffer.from(r.solanaTx!.legacy, 'base64')).serializeMessage();
  expect(edVerify(null, legacyMessage, solanaKey(), Buffer.from(base58.decode(r.solanaSend!.ok!)))).toBe(true);
});

it('Bitcoin: signPsbt returns the PSBT signed by the wallet (it finalizes with the wallet\'s key); sendTransfer carries satoshis and answers a txid', () => {
  expect(r.psbtSigned?.error).toBeUndefined();
  expect(r.walletRequests.find((q) => q.method === 'signPsbt')).toMatchObject({ chainId: 'bip122:000000000019d6689c085ae165831e93', params: { account: r.btcAddress, psbt: r.psbt, signInputs: [{ address: r.btcAddress, index: 0 }], broadcast: false } });
  const signed = btc.Transaction.fromPSBT(Buffer.from(r.psbtSigned!.ok!.psbt, 'base64'));
  const partial = signed.getInput(0).partialSig!;
  expect(partial).toHaveLength(1);
  expect(Buffer.from(partial[0]![0]).toString('hex')).toBe(r.btcPublicKey);
  signed.finalizeIdx(0);
  expect(signed.isFinal).toBe(true);
  expect(btc.Transaction.fromPSBT(Buffer.from(r.psbt!, 'base64')).getInput(0).partialSig).toBeUndefined();

  expect(r.btcTransfer?.ok).toMatch(/^[0-9a-f]{64}$/);
  expect(r.walletRequests.find((q) => q.method === 'sendTransfer')!.params).toEqual({ account: r.btcAddress, recipientAddress: r.btcAddress, amount: '5000' });
});

it('wallet_sendCalls through the session: a call whose to is not 0x is refused before the wallet; a good bundle goes out (EIP-5792 v2)', () => {
  expect(r.badCalls?.error).toMatchObject({ name: 'InvalidParamsRpcError', details: "wallet_sendCalls: call 0: 'to' must start with 0x." });
  expect(r.calls?.ok).toBe(`0x${'ee'.repeat(32)}`);
  const sent = r.walletRequests.filter((q) => q.method === 'wallet_sendCalls');
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ chainId: 'eip155:31337', params: [{ version: '2.0.0', chainId: '0x7a69', from: ANVIL_ACCOUNT_0, atomicRequired: false, calls: [{ to: ANVIL_ACCOUNT_0, data: '0x' }] }] });
});

it("records the chains the wallet approved per namespace, and the one it adds later (session_update); the session's end clears them", () => {
  expect(r.approved).toEqual({
    eip155: { approvedCaipNetworkIds: ['eip155:31337'], supportsAllNetworks: false },
    solana: { approvedCaipNetworkIds: [`solana:${SOLANA_REF}`], supportsAllNetworks: false },
    bip122: { approvedCaipNetworkIds: ['bip122:000000000019d6689c085ae165831e93'], supportsAllNetworks: false },
  });
  expect(r.approvedAfterUpdate).toEqual({ approvedCaipNetworkIds: ['eip155:31337', 'eip155:1'], supportsAllNetworks: false });
  expect(r.approvedAfterEnd).toEqual({ approvedCaipNetworkIds: [], supportsAllNetworks: true });
});

it('a wallet-side disconnect resets every namespace (once each)', () => {
  expect(r.after).toEqual({ eip155: 'disconnected', solana: 'disconnected', bip122: 'disconnected', session: 'idle' });
  expect([...(r.disconnected ?? [])].sort()).toEqual(['bip122', 'eip155', 'solana']);
});
