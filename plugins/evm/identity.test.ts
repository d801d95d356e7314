/**
 * The account's ENS identity (docs/connection.md#account-sync) on a real kernel with a scripted
 * wallet and a scripted ENS behind the kernel's own RPC transport: the name and avatar on the
 * account where the network has ENS, none where it has not, the 5-minute cache, the name taken
 * off when the account changes, and an ENS name kept over the names plugin's.
 */
import { Storage, createKernel, defineNetwork, type Kernel, type PluginManifest } from 'latchkey';
import { FakeAdapter, MemoryStorage, testAnvil } from '../../kernel/testing/fakeAdapter';
import { lookupEnsIdentity } from 'latchkey/eip155';
import { normalize } from 'viem/ens';
import { FAKE_ENS_REGISTRY, fakeEnsRpc } from '../../kernel/testing/fakeEns';
import { kernelsStoppedAfterEach } from '../../kernel/testing/kernels';
import { eventually } from '../../tests/support/eventually';
import { followEnsIdentity } from './module';
import { ENS_IDENTITY_CACHE } from './identity';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const AVATAR = 'data:image/svg+xml;base64,PHN2Zy8+';
const anvilWithEns = defineNetwork({ ...testAnvil, contracts: { ensRegistry: { address: FAKE_ENS_REGISTRY } } });
const otherChain = defineNetwork({ ...testAnvil, id: 31338, caipNetworkId: 'eip155:31338', name: 'Other', rpcUrls: { default: { http: ['http://127.0.0.1:3/other'] } } });

// The ENS code (viem's ENS actions, the ENSIP-15 tables) and the modules a kernel loads on its first
// connection (the connection's lazy parts, ./identity) load once for the file, not inside the first
// test's time: a lookup of something that is no address loads the first and answers at once; the
// second come with the imports below, and the normalization tables with a first name normalized.
beforeAll(() =>
  Promise.all([
    lookupEnsIdentity({ request: () => Promise.reject(new Error('not called')) }, {}, 'not an address'),
    // ENSIP-15's tables are built on the first normalization
    Promise.resolve().then(() => normalize('alice.eth')),
    import('./identity'),
    import('../../kernel/services/walletEvents'),
    import('../../kernel/services/nativeBalance'),
    import('../../kernel/services/transactions'),
  ]),
);

const kernels = kernelsStoppedAfterEach();

function setup(opts: { address?: string; chainId?: number } = {}) {
  const ens = fakeEnsRpc({ names: { 'alice.eth': { address: ALICE, avatar: AVATAR } }, reverse: { [ALICE]: 'alice.eth', [BOB]: 'alice.eth' } });
  const clock = { now: 1_000_000 };
  const adapter = new FakeAdapter('eip155', { address: opts.address ?? ALICE, chainId: opts.chainId ?? 31337 });
  const chain: PluginManifest = { id: 'fake-eip155', contributes: { namespaces: ['eip155'] }, load: async () => ({ adapters: () => [adapter] }) };
  // the kernel's RPC transport over fetch, answered by the scripted ENS (one call or a batch)
  const fetch = async (_url: string, init?: { body?: string }) => {
    const body = JSON.parse(init?.body ?? '{}');
    const one = async (req: { id: number; method: string; params?: unknown }) => ({ jsonrpc: '2.0', id: req.id, result: await ens.request(req) });
    const answer = Array.isArray(body) ? await Promise.all(body.map(one)) : await one(body);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const kernel = createKernel({
    options: { projectId: 'test', networks: [anvilWithEns, otherChain], features: { analytics: false } },
    plugins: [chain],
    environment: { window: undefined, document: undefined, localStorage: new MemoryStorage(), isMobile: () => false, fetch: fetch as never, now: () => clock.now },
  });
  kernels.push(kernel);
  kernel.connectors.add({ id: 'w', name: 'Wallet', type: 'ANNOUNCED', chain: 'eip155', provider: {}, installed: true });
  const ctx = { get: <T>(token: unknown) => kernel.get<T>(token as never) };
  return { kernel, adapter, ens, clock, ctx };
}

const profile = (k: Kernel) => {
  const a = k.account.get('eip155');
  return { name: a.profileName ?? null, image: a.profileImage ?? null };
};

describe('ENS identity on the account (evm plugin)', () => {
  it('puts the primary name and avatar on the account where the network has ENS, from the cache for 5 minutes', async () => {
    const { kernel, ens, clock, ctx } = setup();
    const stop = followEnsIdentity(ctx);
    await kernel.connection.connect({ connectorId: 'w' });
    await eventually(() => expect(profile(kernel)).toEqual({ name: 'alice.eth', image: AVATAR }));
    const calls = ens.calls;
    await kernel.connection.disconnect();
    expect(profile(kernel).name).toBeNull();
    // within 5 minutes: from the cache, no call
    await kernel.connection.connect({ connectorId: 'w' });
    await eventually(() => expect(profile(kernel).name).toBe('alice.eth'));
    expect(ens.calls).toBe(calls);
    await kernel.connection.disconnect();
    clock.now += ENS_IDENTITY_CACHE.ttlMs + 1;
    await kernel.connection.connect({ connectorId: 'w' });
    await eventually(() => expect(ens.calls).toBeGreaterThan(calls));
    await eventually(() => expect(profile(kernel).name).toBe('alice.eth'));
    stop();
  });

  it.each([
    ['a WalletConnect session', 'WALLET_CONNECT', 'walletConnect'],
    ['an embedded-wallet session', 'AUTH', 'AUTH'],
  ] as const)('follows the kernel’s account whatever its connector: %s gets the name too', async (_what, type, id) => {
    const { kernel, ctx } = setup();
    kernel.connectors.add({ id, name: id, type, chain: 'eip155', provider: {}, installed: true });
    const stop = followEnsIdentity(ctx);
    await kernel.connection.connect({ connectorId: id });
    expect(kernel.account.get('eip155').connectorId).toBe(id);
    await eventually(() => expect(profile(kernel)).toEqual({ name: 'alice.eth', image: AVATAR }));
    stop();
  });

  it('a reverse record that does not resolve back, and a network without ENS, put no name on the account', async () => {
    const bob = setup({ address: BOB });
    followEnsIdentity(bob.ctx);
    await bob.kernel.connection.connect({ connectorId: 'w' });
    // the lookup's answer is cached just before it is applied: once there, the account has what it gets
    const cache = bob.kernel.get<Storage>(Storage).cache(ENS_IDENTITY_CACHE.name, ENS_IDENTITY_CACHE.ttlMs);
    await eventually(() => expect(cache.get(`eip155:31337:${BOB.toLowerCase()}`)).toEqual({ name: null, avatar: null }));
    expect(profile(bob.kernel).name).toBeNull();

    const other = setup({ chainId: 31338 });
    followEnsIdentity(other.ctx);
    await other.kernel.connection.connect({ connectorId: 'w' });
    // decided when the account connects: the network has no ENS, so nothing is loaded or asked
    expect(other.ens.calls).toBe(0);
    expect(profile(other.kernel).name).toBeNull();
  });

  it('another account takes the ENS name off; a name another source put there is left alone', async () => {
    const { kernel, adapter, ctx } = setup();
    followEnsIdentity(ctx);
    await kernel.connection.connect({ connectorId: 'w' });
    await eventually(() => expect(profile(kernel).name).toBe('alice.eth'));
    adapter.events.next({ type: 'accountsChanged', namespace: 'eip155', accounts: [BOB], connectorId: 'w' });
    await eventually(() => expect(kernel.account.get('eip155').address).toBe(BOB));
    expect(profile(kernel)).toEqual({ name: null, image: null });
    // the names plugin's (or the host's) name on an account with no ENS name stays
    kernel.account.setProfile('eip155', { name: 'bob.latchkey.id', image: null });
    adapter.events.next({ type: 'accountsChanged', namespace: 'eip155', accounts: [ALICE], connectorId: 'w' });
    await eventually(() => expect(profile(kernel).name).toBe('alice.eth'));
  });
});
