/**
 * Basic mode (no chain plugin) through the universal adapters, against the real local relay
 * and a real wallet on @reown/walletkit, in Node. The scenario (universalScenario.ts)
 * is bundled with esbuild and run in a child process; every check is made here, with
 * independent verifiers: viem for the EVM signature, node:crypto ed25519 for the Solana one.
 */
import { runScenario } from '../../support/runScenario';
import { createPublicKey, verify as edVerify } from 'node:crypto';
import { join, resolve } from 'node:path';
import { base58 } from '@scure/base';
import { verifyMessage } from 'viem';

const REPO_ROOT = resolve(__dirname, '../../..');
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
  solanaSend?: { name: string; message: string };
  walletRequests: { method: string; params: any; chainId: string }[];
  disconnected?: string[];
  after?: Record<string, string>;
}

let r: Result;
let output: string;

beforeAll(async () => {
  ({ result: r, output } = await runScenario<Result>(REPO_ROOT, join(__dirname, 'universalScenario.ts'), 'WC_UNIVERSAL_RESULT'));
  console.log(`Universal adapter through the local relay: eip155 + solana connected in ${r.connectMs} ms`);
}, 90_000);

it('basic mode: no chain plugin, the desktop modal opens ConnectingWalletConnectBasic; one WalletConnect connector per namespace, grouped', () => {
  expect({ error: r.error, output: r.error ? output.slice(-3000) : '' }).toEqual({ error: undefined, output: '' });
  expect(r.chainPluginNamespaces).toEqual([]);
  expect(r.openedView).toBe('ConnectingWalletConnectBasic');
  expect(r.connectors).toEqual([
    ['walletConnect', 'WALLET_CONNECT', 'eip155'],
    ['walletConnect:solana', 'WALLET_CONNECT', 'solana'],
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
  // a Solana transfer is refused with the method it needs, and nothing is sent to the wallet
  expect(r.solanaSend).toEqual({ name: 'UniversalAdapterUnsupportedError', message: 'UniversalAdapter:sendTransaction - not supported for solana' });
  expect(r.walletRequests.map((q) => q.method)).toEqual(['personal_sign', 'solana_signMessage']);
});

it('a wallet-side disconnect resets every namespace (once each)', () => {
  expect(r.after).toEqual({ eip155: 'disconnected', solana: 'disconnected', session: 'idle' });
  expect([...(r.disconnected ?? [])].sort()).toEqual(['eip155', 'solana']);
});
