/**
 * The solana plugin with scripted wallet-standard wallets on a fake window and a scripted
 * JSON-RPC node (fetch): discovery (both load orders, late registration, hostile wallets),
 * address validation, units, chain mapping, and the adapter through the kernel's Connection.
 * The same flows against the real local chain and the dev wallet: tests/integration/chains.
 */
import { setMaxListeners } from 'node:events';
import { createKernel, formatUnits, parseUnits, type CaipNetwork, type Connector } from 'latchkey';
import { CapabilityNotSupportedError, UserRejectedRequestError } from 'latchkey/errors';
import { solana as solanaMainnet, solanaDevnet, solanaTestnet } from 'latchkey/networks';
import { MemoryStorage } from '../../kernel/testing/fakeAdapter';
import { solanaConnectorId, solanaPlugin } from './index';
import { isSolanaAddress } from './address';
import { base58Decode, base58Encode } from 'latchkey/encoding';
import { SOLANA_LOCALNET, networkForWalletChain, walletChainFor } from './chains';
import { MAX_STANDARD_WALLETS, discoverSolanaWallets, solanaConnector } from './discovery';
import { InvalidSolanaTransactionError, InvalidSolanaTransferError, SolanaTransactionFailedError } from './errors';
import { solanaNetwork } from '../../kernel/testing/networks';

const ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96';
const OTHER = 'AqynRZwvVqUPRwRJXvm6odUb3t93fDjnWe3p6BeuUFxD';
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';
const LOCAL_ID = 'solana:BnAZyDyPdEZzajeAKFyfJg6h4CW6WGvu';
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';

const local = solanaNetwork('BnAZyDyPdEZzajeAKFyfJg6h4CW6WGvu', 'http://127.0.0.1:8899');

type Call = { feature: string; input: any };

/** A scripted wallet-standard wallet. */
function fakeWallet(opts: { name?: string; chains?: string[]; features?: string[]; address?: string } = {}) {
  const calls: Call[] = [];
  const listeners = new Set<(p: any) => void>();
  let authorized = false;
  let rejectNext = false;
  const address = opts.address ?? ADDRESS;
  const account = Object.freeze({ address, publicKey: base58Decode(address), chains: opts.chains ?? [LOCAL_ID, SOLANA_LOCALNET, 'solana:devnet'], features: [] });
  const sig = (n: number) => new Uint8Array(64).fill(n);
  const reject = () => {
    if (!rejectNext) return;
    rejectNext = false;
    throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
  };
  const all: Record<string, any> = {
    'standard:connect': {
      version: '1.0.0',
      connect: async (input?: { silent?: boolean }) => {
        calls.push({ feature: 'standard:connect', input });
        if (!authorized && input?.silent) return { accounts: [] };
        reject();
        authorized = true;
        return { accounts: [account] };
      },
    },
    'standard:disconnect': { version: '1.0.0', disconnect: async () => void (calls.push({ feature: 'standard:disconnect', input: undefined }), (authorized = false)) },
    'standard:events': { version: '1.0.0', on: (_e: string, l: (p: any) => void) => (listeners.add(l), () => listeners.delete(l)) },
    'solana:signMessage': {
      version: '1.1.0',
      signMessage: async (...inputs: any[]) => (calls.push({ feature: 'solana:signMessage', input: inputs }), reject(), inputs.map(() => ({ signedMessage: new Uint8Array(), signature: sig(7) }))),
    },
    'solana:signTransaction': {
      version: '1.0.0',
      signTransaction: async (...inputs: any[]) => (calls.push({ feature: 'solana:signTransaction', input: inputs }), reject(), inputs.map((i) => ({ signedTransaction: Uint8Array.from([...i.transaction, 1]) }))),
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      signAndSendTransaction: async (...inputs: any[]) => (calls.push({ feature: 'solana:signAndSendTransaction', input: inputs }), reject(), inputs.map(() => ({ signature: sig(9) }))),
    },
  };
  const keep = opts.features ?? Object.keys(all);
  const wallet = {
    version: '1.0.0',
    name: opts.name ?? 'Solana Dev Wallet',
    icon: ICON,
    chains: opts.chains ?? [LOCAL_ID, SOLANA_LOCALNET, 'solana:mainnet', 'solana:devnet', 'solana:testnet'],
    features: Object.fromEntries(Object.entries(all).filter(([k]) => keep.includes(k))),
    get accounts() {
      return authorized ? [account] : [];
    },
  };
  return {
    wallet,
    calls,
    rejectNext: () => void (rejectNext = true),
    authorize: () => void (authorized = true),
    emit: (p: any) => listeners.forEach((l) => l(p)),
  };
}

/** Registers `wallet` the way a wallet does (wallet-standard: register-wallet event + app-ready listener). */
function registerOn(win: EventTarget, wallet: unknown): void {
  const callback = (api: { register(w: unknown): () => void }) => api.register(wallet);
  win.addEventListener('wallet-standard:app-ready', (e) => callback((e as CustomEvent).detail));
  win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
}

/** A scripted Solana node behind fetch. */
function fakeNode() {
  const requests: { method: string; params: any }[] = [];
  let lamports = 5_000_000_000;
  const status: { confirmationStatus?: string; err?: unknown } = { confirmationStatus: 'confirmed' };
  const fetch = async (_url: string, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    const answer = (one: any) => {
      requests.push({ method: one.method, params: one.params });
      const result =
        one.method === 'getBalance'
          ? { context: { slot: 1 }, value: lamports }
          : one.method === 'getLatestBlockhash'
            ? { context: { slot: 1 }, value: { blockhash: BLOCKHASH, lastValidBlockHeight: 150 } }
            : one.method === 'sendTransaction'
              ? base58Encode(new Uint8Array(64).fill(3))
              : one.method === 'getSignatureStatuses'
                ? { context: { slot: 1 }, value: [status] }
                : null;
      return { jsonrpc: '2.0', id: one.id, result };
    };
    const out = Array.isArray(body) ? body.map(answer) : answer(body);
    return new Response(JSON.stringify(out), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, requests, setLamports: (n: number) => void (lamports = n), status };
}

function setup(networks: CaipNetwork[] = [local, solanaDevnet], storage = new MemoryStorage()) {
  const win = new EventTarget();
  const node = fakeNode();
  const kernel = createKernel({
    options: { projectId: 'test', networks, features: { analytics: false } },
    plugins: [solanaPlugin()],
    environment: { window: win as never, document: undefined, localStorage: storage, fetch: node.fetch as never },
  });
  return { kernel, win, node, storage };
}

describe('Solana addresses, units and chain ids', () => {
  it('an address is 32 to 44 base58 characters that decode to 32 bytes (docs/connection.md#addresses)', () => {
    expect(isSolanaAddress(ADDRESS)).toBe(true);
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true); // the System Program
    expect(isSolanaAddress('1111111111111111111111111111111')).toBe(false); // 31 characters
    expect(isSolanaAddress(`${ADDRESS}1`.padEnd(45, '1'))).toBe(false); // 45
    expect(isSolanaAddress('0eYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96')).toBe(false); // '0' is not base58
    expect(isSolanaAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
    expect(isSolanaAddress('zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz')).toBe(false); // 44 chars, more than 32 bytes
    expect(isSolanaAddress(undefined)).toBe(false);
    expect(() => base58Decode('abc0')).toThrow('Non-base58 character');
    expect(base58Encode(base58Decode(ADDRESS))).toBe(ADDRESS);
  });

  it('lamports ↔ SOL at 9 decimals', () => {
    expect(formatUnits(1_500_000_000n, solanaDevnet.nativeCurrency.decimals)).toBe('1.5');
    expect(formatUnits(1n, 9)).toBe('0.000000001');
    expect(parseUnits('0.01', 9)).toBe(10_000_000n);
    expect(solanaMainnet.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 });
  });

  it('maps wallet-standard chain ids to CAIP-2 networks and back', () => {
    const networks = [solanaMainnet, solanaDevnet, solanaTestnet, local];
    expect(networkForWalletChain('solana:mainnet', networks)).toBe(solanaMainnet);
    expect(networkForWalletChain('solana:devnet', networks)).toBe(solanaDevnet);
    expect(networkForWalletChain('solana:testnet', networks)).toBe(solanaTestnet);
    expect(networkForWalletChain('solana:localnet', networks)).toBe(local);
    expect(networkForWalletChain(LOCAL_ID, networks)).toBe(local);
    expect(networkForWalletChain('solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ', networks)).toBe(solanaMainnet); // deprecated id
    expect(networkForWalletChain('solana:unknownunknownunknownunknownxx', networks)).toBeUndefined();
    expect(networkForWalletChain('eip155:1', networks)).toBeUndefined();
    // to the wallet: what it lists, CAIP-2 first
    expect(walletChainFor(local, [LOCAL_ID, SOLANA_LOCALNET])).toBe(LOCAL_ID);
    expect(walletChainFor(local, [SOLANA_LOCALNET, 'solana:mainnet'])).toBe(SOLANA_LOCALNET);
    expect(walletChainFor(solanaDevnet, ['solana:mainnet', 'solana:devnet'])).toBe('solana:devnet');
    expect(walletChainFor(solanaMainnet, [solanaMainnet.caipNetworkId])).toBe(solanaMainnet.caipNetworkId);
    expect(walletChainFor(solanaMainnet, [])).toBe('solana:mainnet');
    expect(walletChainFor(local, [])).toBe(LOCAL_ID);
  });
});

describe('wallet-standard discovery', () => {
  it('finds a wallet registered before and one registered after the kernel starts; ignores non-Solana wallets', async () => {
    const { kernel, win } = setup();
    const early = fakeWallet({ name: 'Early Wallet' });
    registerOn(win, early.wallet);
    registerOn(win, { ...fakeWallet({ name: 'Bitcoin Only' }).wallet, chains: ['bitcoin:mainnet'] });
    expect(kernel.connectors.state.connectors).toHaveLength(0);
    await kernel.start();
    expect(kernel.connectors.state.connectors.map((c) => c.name)).toEqual(['Early Wallet']);
    const late = fakeWallet({ name: 'Late Wallet' });
    registerOn(win, late.wallet);
    const c = kernel.connectors.get(solanaConnectorId('Late Wallet'))!;
    expect(c).toMatchObject({ type: 'ANNOUNCED', chain: 'solana', name: 'Late Wallet', imageUrl: ICON, installed: true });
    expect(c.provider).toBe(late.wallet);
    kernel.stop();
  });

  it('an unregistered wallet leaves; a stopped discovery ignores later wallets', () => {
    const win = new EventTarget();
    const added: Connector[] = [];
    const removed: string[] = [];
    let unregister: () => void = () => {};
    const stop = discoverSolanaWallets(win as never, { add: (c) => added.push(c), remove: (id) => removed.push(id) });
    const w = fakeWallet();
    win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: (api: any) => (unregister = api.register(w.wallet)) }));
    expect(added.map((c) => c.id)).toEqual([solanaConnectorId('Solana Dev Wallet')]);
    unregister();
    expect(removed).toEqual([solanaConnectorId('Solana Dev Wallet')]);
    stop();
    registerOn(win, fakeWallet({ name: 'After Stop' }).wallet);
    expect(added).toHaveLength(1);
  });

  it('hostile wallets: names are cleaned and bounded, foreign icons dropped, throwing getters ignored, at most 32 wallets', () => {
    const hostile = { ...fakeWallet().wallet, name: ' <b>Evil\u202e\n  Wallet</b> ' + 'x'.repeat(200), icon: 'https://tracker.example/i.png' };
    const c = solanaConnector(hostile)!;
    expect(c.name.startsWith('bEvil Wallet/b')).toBe(true);
    expect(c.name.length).toBeLessThanOrEqual(64);
    expect(c.imageUrl).toBeUndefined();
    const throwing = Object.defineProperty({ ...fakeWallet().wallet }, 'chains', { get: () => { throw new Error('boom'); } });
    expect(solanaConnector(throwing)).toBeUndefined();
    expect(solanaConnector({ ...fakeWallet().wallet, features: {} })).toBeUndefined(); // no standard:connect
    expect(solanaConnector(null)).toBeUndefined();
    const win = new EventTarget();
    setMaxListeners(100, win);
    const added: Connector[] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      discoverSolanaWallets(win as never, { add: (x) => added.push(x), remove: () => undefined });
      for (let i = 0; i < MAX_STANDARD_WALLETS + 5; i++) registerOn(win, fakeWallet({ name: `W${i}` }).wallet);
    } finally {
      warn.mockRestore();
    }
    expect(added).toHaveLength(MAX_STANDARD_WALLETS);
  });
});

describe('SolanaAdapter through the kernel', () => {
  async function connected(opts: Parameters<typeof fakeWallet>[0] = {}, networks?: CaipNetwork[]) {
    const t = setup(networks);
    const w = fakeWallet(opts);
    registerOn(t.win, w.wallet);
    await t.kernel.start();
    const id = solanaConnectorId(w.wallet.name);
    await t.kernel.connection.connect({ connectorId: id });
    return { ...t, w, id };
  }

  it('connects with standard:connect on the app network; balance in SOL with 9 decimals through the RPC transport', async () => {
    const { kernel, node, w } = await connected();
    expect(w.calls[0]).toEqual({ feature: 'standard:connect', input: {} });
    const acc = kernel.account.get('solana');
    expect(acc).toMatchObject({ status: 'connected', address: ADDRESS, caipAddress: `${LOCAL_ID}:${ADDRESS}` });
    expect(acc.allAccounts).toEqual([{ namespace: 'solana', address: ADDRESS, type: 'eoa', publicKey: ADDRESS }]);
    expect(kernel.network.state.activeNetwork?.caipNetworkId).toBe(LOCAL_ID);
    await new Promise((r) => setTimeout(r, 10));
    expect(kernel.account.get('solana')).toMatchObject({ balance: '5', balanceSymbol: 'SOL' });
    expect(node.requests.find((r) => r.method === 'getBalance')?.params).toEqual([ADDRESS, { commitment: 'confirmed' }]);
  });

  it('reconnects silently after a reload, and not at all when the wallet no longer grants it', async () => {
    const storage = new MemoryStorage();
    const first = setup(undefined, storage);
    const w = fakeWallet();
    registerOn(first.win, w.wallet);
    await first.kernel.start();
    await first.kernel.connection.connect({ connectorId: solanaConnectorId(w.wallet.name) });
    const again = setup(undefined, storage);
    const w2 = fakeWallet(); // a fresh page: the wallet remembers nothing yet
    registerOn(again.win, w2.wallet);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await again.kernel.start();
    } finally {
      warn.mockRestore();
    }
    expect(w2.calls).toEqual([{ feature: 'standard:connect', input: { silent: true } }]);
    expect(again.kernel.account.get('solana').status).toBe('disconnected');
    await first.kernel.connection.connect({ connectorId: solanaConnectorId(w.wallet.name) });
    const third = setup(undefined, storage);
    const w3 = fakeWallet();
    w3.authorize(); // the wallet still grants the site
    registerOn(third.win, w3.wallet);
    await third.kernel.start();
    expect(third.kernel.account.get('solana')).toMatchObject({ status: 'connected', address: ADDRESS });
    expect(w3.calls).toEqual([]); // authorised accounts: not even a silent connect
  });

  it('signs a message (base58 signature), transactions, all of them, and sends with the four send options', async () => {
    const { kernel, w } = await connected();
    const sig = await kernel.connection.signMessage('hello');
    expect(base58Decode(sig)).toEqual(new Uint8Array(64).fill(7));
    const m = w.calls.find((c) => c.feature === 'solana:signMessage')!.input[0];
    expect(new TextDecoder().decode(m.message)).toBe('hello');
    expect(m.account.address).toBe(ADDRESS);

    const session = await kernel.connection.session('solana', 'signAllTransactions');
    const tx = Uint8Array.from([1, 2, 3]);
    const signed = await session.adapter.signTransaction!({ ...session, request: { transaction: tx, options: { preflightCommitment: 'processed', minContextSlot: 5, skipPreflight: true } } });
    expect(signed).toEqual(Uint8Array.from([1, 2, 3, 1]));
    const st = w.calls.find((c) => c.feature === 'solana:signTransaction')!.input[0];
    expect(st).toMatchObject({ chain: LOCAL_ID, options: { preflightCommitment: 'processed', minContextSlot: 5 } });
    expect(st.options.skipPreflight).toBeUndefined(); // a send option: not for signing
    const all = await session.adapter.signAllTransactions!({ ...session, requests: [{ transaction: tx }, { transaction: Uint8Array.from([9]) }] });
    expect(all).toEqual([Uint8Array.from([1, 2, 3, 1]), Uint8Array.from([9, 1])]);

    const options = { skipPreflight: true, preflightCommitment: 'confirmed', maxRetries: 3, minContextSlot: 7 } as const;
    const signature = await kernel.connection.sendTransaction({ transaction: tx, options }, 'solana');
    expect(base58Decode(signature)).toEqual(new Uint8Array(64).fill(9));
    expect(w.calls.at(-1)!.input[0]).toMatchObject({ chain: LOCAL_ID, options, transaction: tx });
  });

  it('refuses malformed requests before the wallet sees them', async () => {
    const { kernel, w } = await connected();
    const before = w.calls.length;
    await expect(kernel.connection.sendTransaction({ transaction: 'AQID' as never }, 'solana')).rejects.toBeInstanceOf(InvalidSolanaTransactionError);
    await expect(kernel.connection.sendTransaction({ transaction: new Uint8Array(1233) }, 'solana')).rejects.toBeInstanceOf(InvalidSolanaTransactionError);
    await expect(kernel.connection.sendTransaction({ transaction: Uint8Array.of(1), options: { maxRetries: -1 } }, 'solana')).rejects.toMatchObject({ details: 'maxRetries must be a non-negative integer.' });
    await expect(kernel.connection.sendTransaction({ transaction: Uint8Array.of(1), options: { preflightCommitment: 'max' as never } }, 'solana')).rejects.toBeInstanceOf(InvalidSolanaTransactionError);
    expect(w.calls.length).toBe(before);
  });

  it('a wallet that only signs: the node sends (base64 with the options) and confirms', async () => {
    const { kernel, node } = await connected({ features: ['standard:connect', 'standard:events', 'solana:signTransaction', 'solana:signMessage'] });
    const signature = await kernel.connection.sendTransaction({ transaction: Uint8Array.of(5), options: { skipPreflight: true, maxRetries: 2 } }, 'solana');
    expect(signature).toBe(base58Encode(new Uint8Array(64).fill(3)));
    const sent = node.requests.find((r) => r.method === 'sendTransaction')!;
    expect(sent.params).toEqual([Buffer.from([5, 1]).toString('base64'), { encoding: 'base64', skipPreflight: true, maxRetries: 2 }]);
  });

  it('a missing feature is CapabilityNotSupportedError; a decline is a user rejection', async () => {
    const { kernel, w } = await connected({ features: ['standard:connect', 'solana:signAndSendTransaction'] });
    await expect(kernel.connection.signMessage('x')).rejects.toBeInstanceOf(CapabilityNotSupportedError);
    w.rejectNext();
    await expect(kernel.connection.sendTransaction({ transaction: Uint8Array.of(1) }, 'solana')).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it('sends SOL: validates amount and receiver with the spec message, builds a transfer with a recent blockhash, confirms', async () => {
    const { kernel, node, w } = await connected();
    for (const bad of [
      { to: 'not-an-address', amount: 1n },
      { to: OTHER, amount: 0n },
      { to: OTHER, amount: -5n },
      { to: OTHER, amount: 1 as never },
      { to: '', amount: 1n },
    ]) {
      const err = await kernel.connection.transfer(bad).catch((e) => e);
      expect(err).toBeInstanceOf(InvalidSolanaTransferError);
      expect(err.message).toBe('Please enter a valid amount and receiver address');
    }
    const signature = await kernel.connection.transfer({ to: OTHER, amount: 10_000_000n });
    expect(base58Decode(signature)).toEqual(new Uint8Array(64).fill(9));
    expect(node.requests.find((r) => r.method === 'getLatestBlockhash')?.params).toEqual([{ commitment: 'confirmed' }]);
    const input = w.calls.at(-1)!.input[0];
    expect(input.options).toEqual({ preflightCommitment: 'confirmed', commitment: 'confirmed' });
    // the wire transaction: one signature slot, the fee payer, the receiver, the System Program, our blockhash, transfer(10_000_000)
    const { Transaction, SystemInstruction } = await import('@solana/web3.js');
    const tx = Transaction.from(Buffer.from(input.transaction));
    expect(tx.feePayer?.toBase58()).toBe(ADDRESS);
    expect(tx.recentBlockhash).toBe(BLOCKHASH);
    const transfer = SystemInstruction.decodeTransfer(tx.instructions[0]!);
    expect([transfer.fromPubkey.toBase58(), transfer.toPubkey.toBase58(), transfer.lamports]).toEqual([ADDRESS, OTHER, 10_000_000n]);
  });

  it("a failed send reads 'Failed to send transaction. Please try again.' and keeps the cause", async () => {
    const { kernel, w } = await connected();
    w.rejectNext();
    const err = await kernel.connection.transfer({ to: OTHER, amount: 1n }).catch((e) => e);
    expect(err).toBeInstanceOf(SolanaTransactionFailedError);
    expect(err.message).toBe('Failed to send transaction. Please try again.');
    expect(err.cause).toBeInstanceOf(UserRejectedRequestError);
  });

  it('a token transfer is refused as an unsupported capability, before the wallet is asked', async () => {
    const { kernel } = await connected();
    const err = await kernel.connection.transfer({ to: OTHER, amount: 1n, token: OTHER }).catch((e) => e);
    expect(err).toBeInstanceOf(CapabilityNotSupportedError);
    expect(err).toMatchObject({ capability: 'transfer (token)', namespace: 'solana' });
  });

  it('account changes and a wallet-side disconnect arrive through standard:events', async () => {
    const { kernel, w } = await connected();
    const other = { address: OTHER, publicKey: base58Decode(OTHER), chains: [LOCAL_ID], features: [] };
    w.emit({ accounts: [other] });
    expect(kernel.account.get('solana')).toMatchObject({ address: OTHER, caipAddress: `${LOCAL_ID}:${OTHER}` });
    w.emit({ chains: ['solana:mainnet'] }); // no accounts property: nothing to do
    expect(kernel.account.get('solana').address).toBe(OTHER);
    w.emit({ accounts: [] });
    expect(kernel.account.get('solana').status).toBe('disconnected');
  });

  it('switching networks asks the wallet nothing and moves the CAIP address; disconnect calls standard:disconnect', async () => {
    const { kernel, w } = await connected();
    const calls = w.calls.length;
    await kernel.network.switchNetwork(solanaDevnet);
    expect(kernel.account.get('solana').caipAddress).toBe(`${solanaDevnet.caipNetworkId}:${ADDRESS}`);
    expect(w.calls.length).toBe(calls);
    await kernel.connection.sendTransaction({ transaction: Uint8Array.of(1) }, 'solana');
    expect(w.calls.at(-1)!.input[0].chain).toBe('solana:devnet');
    await kernel.connection.disconnect();
    expect(w.calls.at(-1)!.feature).toBe('standard:disconnect');
    expect(kernel.account.get('solana').status).toBe('disconnected');
  });

  it('without an app network the wallet account chains pick one among the requested', async () => {
    const { kernel } = await connected({ chains: ['solana:devnet'] }, [solanaDevnet, local]);
    expect(kernel.account.get('solana').caipAddress).toBe(`${solanaDevnet.caipNetworkId}:${ADDRESS}`);
  });
});
