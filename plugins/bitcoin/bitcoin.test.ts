/**
 * The bitcoin plugin with scripted wallets on a fake window: address validation (BIP-173 /
 * BIP-350 vectors, base58check), units, chain ids, discovery (wallet-standard and
 * sats-connect, the standard one winning), and the adapter through the kernel for both kinds
 * of wallet. The dev wallet (real signatures, checked by an independent verifier):
 * tests/integration/chains/bitcoin.int.test.ts.
 */
import { createKernel, formatUnits, parseUnits, type CaipNetwork, type Connector } from 'latchkey';
import { CapabilityNotSupportedError, UserRejectedRequestError, SwitchChainError } from 'latchkey/errors';
import { bitcoin, bitcoinTestnet } from 'latchkey/networks';
import { MemoryStorage } from '../../kernel/testing/fakeAdapter';
import { bitcoinAddressNetwork, isBitcoinAddress } from './address';
import { BITCOIN_CHAINS, addressNetworkOf, refOfWalletChain } from './chains';
import { bitcoinRegtest } from './regtest';
import { bitcoinConnectorId, bitcoinPlugin } from './index';
import { discoverBitcoinWallets, satsConnectConnectors } from './discovery';
import { BitcoinBalanceUnavailableError, BitcoinTransferUnavailableError, InvalidBitcoinRequestError, InvalidBitcoinTransferError } from './errors';

const PAYMENT = 'tb1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelvmc7t8';
const ORDINALS = 'tb1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzsgnnjhk';
const MAIN_P2WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';
const PSBT = Buffer.from('70736274ff01000a0200000000000000000000', 'hex').toString('base64');

describe('Bitcoin addresses, units and chains', () => {
  it('bech32 / bech32m (BIP-173, BIP-350 vectors) and base58check, with their networks', () => {
    for (const [a, n] of [
      ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'mainnet'],
      ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'testnet'],
      ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'mainnet'],
      ['BC1SW50QGDZ25J', 'mainnet'],
      ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'mainnet'],
      ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'mainnet'],
      [PAYMENT, 'testnet'],
      [ORDINALS, 'testnet'],
      ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'mainnet'],
      ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'mainnet'],
      ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet'],
      ['2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'testnet'],
    ] as const) {
      expect([a, bitcoinAddressNetwork(a)]).toEqual([a, n]);
    }
    for (const bad of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // v0 with a bech32m checksum
      'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47', // v0 with bech32m
      'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', // 'o' is not bech32
      'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', // version 17
      'bc1pw5dgrnzv', // 1-byte program
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3Q0sl5k7', // mixed case
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', // checksum
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', // base58check checksum
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
      '',
      'x'.repeat(1000),
    ]) {
      expect([bad, isBitcoinAddress(bad)]).toEqual([bad, false]);
    }
    expect(isBitcoinAddress(MAIN_P2WPKH, 'mainnet')).toBe(true);
    expect(isBitcoinAddress(MAIN_P2WPKH, 'testnet')).toBe(false);
    expect(isBitcoinAddress(PAYMENT, 'testnet')).toBe(true);
    expect(isBitcoinAddress(PAYMENT, 'regtest')).toBe(false);
    expect(isBitcoinAddress('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'regtest')).toBe(true); // legacy test addresses serve regtest
  });

  it('regtest bech32 (bcrt1…) addresses', async () => {
    const { p2wpkh, TEST_NETWORK } = await import('@scure/btc-signer');
    const regtest = { ...TEST_NETWORK, bech32: 'bcrt' };
    const address = p2wpkh(Uint8Array.from(Buffer.from('0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798', 'hex')), regtest).address!;
    expect(address.startsWith('bcrt1q')).toBe(true);
    expect(bitcoinAddressNetwork(address)).toBe('regtest');
    expect(isBitcoinAddress(address, 'testnet')).toBe(false);
  });

  it('satoshis ↔ BTC at 8 decimals; wallet chain ids ↔ CAIP-2', () => {
    expect(bitcoin.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 });
    expect(bitcoinTestnet.nativeCurrency.decimals).toBe(8);
    expect(formatUnits(12_345_678n, 8)).toBe('0.12345678');
    expect(parseUnits('0.0001', 8)).toBe(10_000n);
    expect(refOfWalletChain('bitcoin:mainnet')).toBe(bitcoin.id);
    expect(refOfWalletChain('bitcoin:testnet')).toBe(bitcoinTestnet.id);
    expect(refOfWalletChain('bitcoin:regtest')).toBe(bitcoinRegtest.id);
    expect(refOfWalletChain('Testnet')).toBe(bitcoinTestnet.id); // sats-connect's name
    expect(refOfWalletChain('Signet')).toBe(BITCOIN_CHAINS.signet!.ref);
    expect(refOfWalletChain('bitcoin:nope')).toBeUndefined();
    expect(bitcoinRegtest.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328');
    expect([addressNetworkOf(bitcoin), addressNetworkOf(bitcoinTestnet), addressNetworkOf(bitcoinRegtest)]).toEqual(['mainnet', 'testnet', 'regtest']);
  });
});

// --- scripted wallets ----------------------------------------------------------

type Call = { method: string; input: unknown };

function standardWallet(opts: { name?: string; chain?: string; features?: string[] } = {}) {
  const calls: Call[] = [];
  const listeners = new Set<(p: unknown) => void>();
  let granted = false;
  let rejectNext = false;
  const chain = opts.chain ?? 'bitcoin:testnet';
  const pk = (n: number) => new Uint8Array(33).fill(n);
  const payment = Object.freeze({ address: PAYMENT, publicKey: pk(2), chains: [chain], features: [], label: 'payment' });
  const ordinals = Object.freeze({ address: ORDINALS, publicKey: new Uint8Array(32).fill(3), chains: [chain], features: [], label: 'ordinals' });
  const reject = () => {
    if (!rejectNext) return;
    rejectNext = false;
    throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
  };
  const all: Record<string, Record<string, unknown>> = {
    'standard:connect': { connect: async (input: any) => (calls.push({ method: 'standard:connect', input }), !granted && input?.silent ? { accounts: [] } : ((granted = true), { accounts: [payment, ordinals] })) },
    'standard:disconnect': { disconnect: async () => (calls.push({ method: 'standard:disconnect', input: undefined }), (granted = false)) },
    'standard:events': { on: (_: string, l: (p: unknown) => void) => (listeners.add(l), () => listeners.delete(l)) },
    'bitcoin:connect': { connect: async (input: any) => (calls.push({ method: 'bitcoin:connect', input }), reject(), (granted = true), { accounts: [payment, ordinals] }) },
    'bitcoin:signMessage': { signMessage: async (...inputs: any[]) => (calls.push({ method: 'bitcoin:signMessage', input: inputs }), reject(), [{ signedMessage: inputs[0].message, signature: Uint8Array.of(1, 2, 3) }]) },
    'bitcoin:signTransaction': { signTransaction: async (...inputs: any[]) => (calls.push({ method: 'bitcoin:signTransaction', input: inputs }), [{ signedPsbt: Uint8Array.from([...inputs[0].psbt, 9]) }]) },
    'bitcoin:signAndSendTransaction': { signAndSendTransaction: async (...inputs: any[]) => (calls.push({ method: 'bitcoin:signAndSendTransaction', input: inputs }), [{ txId: 'ab'.repeat(32) }]) },
  };
  const keep = opts.features ?? Object.keys(all);
  const wallet = {
    version: '1.0.0',
    name: opts.name ?? 'Bitcoin Dev Wallet',
    icon: ICON,
    chains: ['bitcoin:testnet', 'bitcoin:regtest'],
    features: Object.fromEntries(Object.entries(all).filter(([k]) => keep.includes(k))),
    get accounts() {
      return granted ? [payment, ordinals] : [];
    },
  };
  return { wallet, calls, listeners, grant: () => void (granted = true), rejectNext: () => void (rejectNext = true), emit: (p: unknown) => listeners.forEach((l) => l(p)) };
}

function satsProvider(opts: { network?: string } = {}) {
  const calls: Call[] = [];
  const listeners = new Map<string, (e: unknown) => void>();
  let granted = false;
  let reject = false;
  const addresses = [
    { address: PAYMENT, publicKey: '02'.padEnd(66, '1'), purpose: 'payment', addressType: 'p2wpkh', walletType: 'software', derivationPath: "m/84'/1'/0'/0/0" },
    { address: ORDINALS, publicKey: '3'.repeat(64), purpose: 'ordinals', addressType: 'p2tr', walletType: 'software' },
    { address: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', publicKey: '02', purpose: 'stacks', addressType: 'stacks', walletType: 'software' },
  ];
  const ok = (result: unknown) => ({ jsonrpc: '2.0', id: '1', result });
  const provider = {
    async request(method: string, params: unknown) {
      calls.push({ method, input: params });
      if (reject) {
        reject = false;
        return { jsonrpc: '2.0', id: '1', error: { code: -32000, message: 'User rejected' } };
      }
      switch (method) {
        case 'getAccounts':
          granted = true;
          return ok(addresses);
        case 'wallet_getAccount':
          return granted ? ok({ id: 'x', addresses, walletType: 'software', network: { bitcoin: { name: opts.network ?? 'Testnet' } } }) : { jsonrpc: '2.0', id: '1', error: { code: -32002, message: 'Access denied' } };
        case 'wallet_getNetwork':
          return ok({ bitcoin: { name: opts.network ?? 'Testnet' }, stacks: { name: 'Testnet' } });
        case 'signMessage':
          return ok({ signature: 'AkcwRAIg', messageHash: 'x', address: (params as any).address, protocol: 'BIP322' });
        case 'signPsbt':
          return ok({ psbt: 'cHNidP8=', ...((params as any).broadcast ? { txid: 'cd'.repeat(32) } : {}) });
        case 'sendTransfer':
          return ok({ txid: 'ef'.repeat(32) });
        case 'wallet_changeNetwork':
          return ok(true);
        case 'wallet_renouncePermissions':
          granted = false;
          return ok(true);
        default:
          return { jsonrpc: '2.0', id: '1', error: { code: -32601, message: 'Method not found' } };
      }
    },
    addListener({ eventName, cb }: { eventName: string; cb: (e: unknown) => void }) {
      listeners.set(eventName, cb);
      return () => listeners.delete(eventName);
    },
  };
  return { provider, calls, listeners, grant: () => void (granted = true), rejectNext: () => void (reject = true) };
}

function registerOn(win: EventTarget, wallet: unknown): void {
  const callback = (api: { register(w: unknown): () => void }) => api.register(wallet);
  win.addEventListener('wallet-standard:app-ready', (e) => callback((e as CustomEvent).detail));
  win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
}

class FakeWindow extends EventTarget {
  btc_providers?: unknown;
  XverseProviders?: unknown;
  [key: string]: unknown;
}

function setup(opts: { networks?: CaipNetwork[]; storage?: MemoryStorage; esplora?: Record<string, string>; fetch?: (url: string) => Promise<Response> } = {}) {
  const win = new FakeWindow();
  const kernel = createKernel({
    options: { projectId: 'test', networks: opts.networks ?? [bitcoinTestnet, bitcoin], features: { analytics: false } },
    plugins: [bitcoinPlugin({ esploraUrls: opts.esplora as never })],
    environment: { window: win as never, document: undefined, localStorage: opts.storage ?? new MemoryStorage(), fetch: (opts.fetch ?? (() => Promise.reject(new Error('offline')))) as never },
  });
  return { kernel, win };
}

describe('Bitcoin discovery', () => {
  it('finds wallet-standard Bitcoin wallets (before and after start) and sats-connect providers; the standard one wins a name clash', async () => {
    const { kernel, win } = setup();
    const sats = satsProvider();
    win.btc_providers = [{ id: 'XverseProviders.BitcoinProvider', name: 'Xverse', icon: ICON }, { id: 'Other.Provider', name: 'Other' }, { id: '__proto__.x', name: 'Evil' }];
    win.XverseProviders = { BitcoinProvider: sats.provider };
    registerOn(win, standardWallet().wallet);
    registerOn(win, { ...standardWallet({ name: 'Solana Only' }).wallet, chains: ['solana:mainnet'] });
    await kernel.start();
    const names = () => kernel.connectors.state.connectors.map((c) => `${c.name}/${c.type}`).sort();
    expect(names()).toEqual(['Bitcoin Dev Wallet/ANNOUNCED', 'Xverse/INJECTED']);
    expect(kernel.connectors.get('sats-connect:XverseProviders.BitcoinProvider')).toMatchObject({ chain: 'bip122', imageUrl: ICON, provider: sats.provider });
    registerOn(win, standardWallet({ name: 'Xverse' }).wallet); // Xverse through wallet-standard too
    expect(names()).toEqual(['Bitcoin Dev Wallet/ANNOUNCED', 'Xverse/ANNOUNCED']);
    kernel.stop();
  });

  it('Xverse without a btc_providers entry is found by its default path; hostile entries are skipped', () => {
    const win = new FakeWindow();
    win.XverseProviders = { BitcoinProvider: satsProvider().provider };
    win.btc_providers = [null, 5, { id: 'constructor', name: 'X' }, { id: 'a.b.c.d.e', name: 'Deep' }, { id: 'XverseProviders.BitcoinProvider', name: '' }];
    expect(satsConnectConnectors(win as never).map((c) => c.id)).toEqual(['sats-connect:XverseProviders.BitcoinProvider']);
    const added: Connector[] = [];
    const stop = discoverBitcoinWallets(win as never, { add: (c) => added.push(c), remove: () => undefined });
    expect(added.map((c) => c.name)).toEqual(['Xverse']);
    stop();
  });
});

describe('BitcoinAdapter through the kernel', () => {
  async function withStandard(opts: Parameters<typeof setup>[0] = {}, walletOpts: Parameters<typeof standardWallet>[0] = {}) {
    const t = setup(opts);
    const w = standardWallet(walletOpts);
    registerOn(t.win, w.wallet);
    await t.kernel.start();
    await t.kernel.connection.connect({ connectorId: bitcoinConnectorId(w.wallet.name) });
    return { ...t, w };
  }

  it('wallet-standard: connects payment and ordinals; the payment account (default type) is the address; records carry type and key', async () => {
    const { kernel, w } = await withStandard();
    expect(w.calls[0]).toEqual({ method: 'bitcoin:connect', input: { purposes: ['payment', 'ordinals'] } });
    const acc = kernel.account.get('bip122');
    expect(acc).toMatchObject({ status: 'connected', address: PAYMENT, caipAddress: `${bitcoinTestnet.caipNetworkId}:${PAYMENT}`, preferredAccountType: 'payment' });
    expect(acc.allAccounts).toEqual([
      { namespace: 'bip122', address: PAYMENT, type: 'payment', publicKey: '02'.repeat(33) },
      { namespace: 'bip122', address: ORDINALS, type: 'ordinals', publicKey: '03'.repeat(32) },
    ]);
    expect(kernel.network.state.activeNetwork?.caipNetworkId).toBe(bitcoinTestnet.caipNetworkId);
  });

  it('wallet-standard: signs a message (base64) with the account asked for, signs a PSBT by address, broadcasts through signAndSend', async () => {
    const { kernel, w } = await withStandard();
    expect(await kernel.connection.signMessage('hello')).toBe(Buffer.from([1, 2, 3]).toString('base64'));
    const m = (w.calls.at(-1)!.input as any[])[0];
    expect([m.account.address, new TextDecoder().decode(m.message)]).toEqual([PAYMENT, 'hello']);
    const session = await kernel.connection.session('bip122', 'signPsbt');
    const signed = await session.adapter.signPsbt!({ ...session, request: { psbt: PSBT, signInputs: { [PAYMENT]: [0], [ORDINALS]: [1, 2] } } });
    expect(Buffer.from(signed.psbt, 'base64')).toEqual(Buffer.concat([Buffer.from(PSBT, 'base64'), Buffer.from([9])]));
    const input = (w.calls.at(-1)!.input as any[])[0];
    expect(input.chain).toBe('bitcoin:testnet');
    expect(input.inputsToSign.map((x: any) => [x.account.address, x.signingIndexes])).toEqual([[PAYMENT, [0]], [ORDINALS, [1, 2]]]);
    const sent = await session.adapter.signPsbt!({ ...session, request: { psbt: PSBT, signInputs: { [PAYMENT]: [0] }, broadcast: true } });
    expect(sent).toEqual({ psbt: PSBT, txid: 'ab'.repeat(32) });
  });

  it('refuses malformed PSBT requests before the wallet sees them', async () => {
    const { kernel, w } = await withStandard();
    const session = await kernel.connection.session('bip122', 'signPsbt');
    const n = w.calls.length;
    const requests: { psbt: string; signInputs: Record<string, number[]> }[] = [
      { psbt: 'not base64!', signInputs: { [PAYMENT]: [0] } },
      { psbt: PSBT, signInputs: { [MAIN_P2WPKH]: [0] } }, // not our account
      { psbt: PSBT, signInputs: { [PAYMENT]: [-1] } },
      { psbt: PSBT, signInputs: { [PAYMENT]: [] } },
      { psbt: PSBT, signInputs: [] as never },
      { psbt: 'A'.repeat(400_000), signInputs: { [PAYMENT]: [0] } },
    ];
    for (const request of requests) {
      await expect(session.adapter.signPsbt!({ ...session, request })).rejects.toBeInstanceOf(InvalidBitcoinRequestError);
    }
    expect(w.calls.length).toBe(n);
  });

  it('wallet-standard: a payment needs a PSBT (typed error); bad receivers and amounts get the send message', async () => {
    const { kernel } = await withStandard();
    await expect(kernel.connection.sendTransaction({ recipient: PAYMENT, amount: 1000n }, 'bip122')).rejects.toBeInstanceOf(BitcoinTransferUnavailableError);
    await expect(kernel.connection.transfer({ to: PAYMENT, amount: 1000n }, 'bip122')).rejects.toBeInstanceOf(BitcoinTransferUnavailableError);
    for (const bad of [{ recipient: MAIN_P2WPKH, amount: 1n }, { recipient: PAYMENT, amount: 0n }, { recipient: 'nope', amount: 5n }, { recipient: PAYMENT, amount: 21_000_000n * 100_000_000n + 1n }]) {
      const err = await kernel.connection.sendTransaction(bad, 'bip122').catch((e) => e);
      expect(err).toBeInstanceOf(InvalidBitcoinTransferError);
      expect(err.message).toBe('Please enter a valid amount and receiver address');
    }
  });

  it('balances: unavailable without a balance source (typed, said why); read from an Esplora API when one is configured', async () => {
    const { kernel } = await withStandard();
    const session = await kernel.connection.session('bip122');
    const err = await session.adapter.getBalance({ address: PAYMENT, network: bitcoinTestnet }).catch((e) => e);
    expect(err).toBeInstanceOf(BitcoinBalanceUnavailableError);
    expect(err.details).toContain(bitcoinTestnet.caipNetworkId);
    expect(kernel.account.get('bip122').balance).toBeUndefined();

    const urls: string[] = [];
    const esplora = async (url: string) => {
      urls.push(url);
      const stats = { chain_stats: { funded_txo_sum: 150_000, spent_txo_sum: 50_000 }, mempool_stats: { funded_txo_sum: 2_000, spent_txo_sum: 1_000 } };
      return new Response(JSON.stringify(stats), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const withApi = await withStandard({ esplora: { [bitcoinTestnet.caipNetworkId]: 'http://127.0.0.1:3002/api/' }, fetch: esplora });
    await new Promise((r) => setTimeout(r, 10));
    expect(withApi.kernel.account.get('bip122')).toMatchObject({ balance: '0.00101', balanceSymbol: 'BTC' });
    expect(urls[0]).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:3002/api/address/${PAYMENT}`));
    expect(() => bitcoinPlugin({ esploraUrls: { [bitcoin.caipNetworkId]: 'javascript:alert(1)' } })).toThrow(TypeError);
  });

  it('wallet-standard: reconnects silently; account and chain changes and a wallet-side disconnect arrive through standard:events', async () => {
    const storage = new MemoryStorage();
    await withStandard({ storage }); // a first page connected, then the visitor reloads
    const t = setup({ storage, networks: [bitcoinTestnet, bitcoin, bitcoinRegtest] });
    const w = standardWallet();
    registerOn(t.win, w.wallet);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await t.kernel.start(); // not granted in this fresh wallet: a silent connect, then disconnected
    } finally {
      warn.mockRestore();
    }
    expect(w.calls).toEqual([{ method: 'standard:connect', input: { silent: true } }]);
    expect(t.kernel.account.get('bip122').status).toBe('disconnected');
    const again = setup({ storage: new MemoryStorage(), networks: [bitcoinTestnet, bitcoin, bitcoinRegtest] });
    const w2 = standardWallet();
    registerOn(again.win, w2.wallet);
    await again.kernel.start();
    await again.kernel.connection.connect({ connectorId: bitcoinConnectorId(w2.wallet.name) });
    // the wallet moves to regtest: new accounts on a new chain
    const reg = (address: string, label: string) => ({ address, publicKey: new Uint8Array(33), chains: ['bitcoin:regtest'], features: [], label });
    w2.emit({ accounts: [reg('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'payment')] });
    expect(again.kernel.account.get('bip122')).toMatchObject({ address: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', caipAddress: `${bitcoinRegtest.caipNetworkId}:mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn` });
    expect(again.kernel.network.state.activeNetwork?.caipNetworkId).toBe(bitcoinRegtest.caipNetworkId);
    w2.emit({ accounts: [] });
    expect(again.kernel.account.get('bip122').status).toBe('disconnected');
  });

  it('wallet-standard: a network switch the wallet is not on is refused with a reason', async () => {
    const { kernel } = await withStandard();
    await expect(kernel.network.switchNetwork(bitcoin)).rejects.toBeInstanceOf(SwitchChainError);
    expect(kernel.network.state.activeNetwork?.caipNetworkId).toBe(bitcoinTestnet.caipNetworkId);
  });

  it('sats-connect: getAccounts, BIP-322 message signing, signPsbt, sendTransfer, network change, renounce on disconnect', async () => {
    const { kernel, win } = setup();
    const sats = satsProvider();
    win.XverseProviders = { BitcoinProvider: sats.provider };
    await kernel.start();
    const id = 'sats-connect:XverseProviders.BitcoinProvider';
    await kernel.connection.connect({ connectorId: id });
    expect(sats.calls[0]).toEqual({ method: 'getAccounts', input: { purposes: ['payment', 'ordinals'], message: 'Connect your Bitcoin accounts' } });
    const acc = kernel.account.get('bip122');
    expect(acc).toMatchObject({ address: PAYMENT, caipAddress: `${bitcoinTestnet.caipNetworkId}:${PAYMENT}` });
    // the stacks address is not a Bitcoin account
    expect(acc.allAccounts.map((a) => [a.type, a.path])).toEqual([['payment', "m/84'/1'/0'/0/0"], ['ordinals', undefined]]);
    expect(await kernel.connection.signMessage('hi')).toBe('AkcwRAIg');
    expect(sats.calls.at(-1)).toEqual({ method: 'signMessage', input: { address: PAYMENT, message: 'hi', protocol: 'BIP322' } });
    const session = await kernel.connection.session('bip122', 'signPsbt');
    expect(await session.adapter.signPsbt!({ ...session, request: { psbt: PSBT, signInputs: { [ORDINALS]: [0] }, broadcast: true } })).toEqual({ psbt: 'cHNidP8=', txid: 'cd'.repeat(32) });
    expect(await kernel.connection.transfer({ to: PAYMENT, amount: 1500n })).toBe('ef'.repeat(32));
    expect(sats.calls.at(-1)).toEqual({ method: 'sendTransfer', input: { recipients: [{ address: PAYMENT, amount: 1500 }] } });
    await expect(kernel.connection.transfer({ to: PAYMENT, amount: 1500n, token: 'rune' })).rejects.toBeInstanceOf(CapabilityNotSupportedError);
    expect(sats.calls.at(-1)).toEqual({ method: 'sendTransfer', input: { recipients: [{ address: PAYMENT, amount: 1500 }] } });
    sats.rejectNext();
    await expect(kernel.connection.signMessage('no')).rejects.toBeInstanceOf(UserRejectedRequestError);
    sats.listeners.get('networkChange')!({ type: 'networkChange', bitcoin: { name: 'Mainnet' } });
    expect(kernel.network.state.activeNetwork?.caipNetworkId).toBe(bitcoin.caipNetworkId);
    await kernel.network.switchNetwork(bitcoinTestnet);
    expect(sats.calls.at(-1)).toEqual({ method: 'wallet_changeNetwork', input: { name: 'Testnet' } });
    await kernel.connection.disconnect();
    expect(sats.calls.at(-1)!.method).toBe('wallet_renouncePermissions');
    expect(kernel.account.get('bip122').status).toBe('disconnected');
  });

  it('sats-connect: reconnects through wallet_getAccount without a prompt, or not at all', async () => {
    const storage = new MemoryStorage();
    const first = setup({ storage });
    const s1 = satsProvider();
    first.win.XverseProviders = { BitcoinProvider: s1.provider };
    await first.kernel.start();
    await first.kernel.connection.connect({ connectorId: 'sats-connect:XverseProviders.BitcoinProvider' });
    const second = setup({ storage });
    const s2 = satsProvider();
    s2.grant();
    second.win.XverseProviders = { BitcoinProvider: s2.provider };
    await second.kernel.start();
    expect(second.kernel.account.get('bip122')).toMatchObject({ status: 'connected', address: PAYMENT });
    expect(s2.calls.map((c) => c.method)).not.toContain('getAccounts');
    expect(await second.kernel.connection.signMessage('x')).toBe('AkcwRAIg');
  });
});
