/**
 * ENS on a real anvil chain from the published artifacts (@ensdomains/ens, @ensdomains/resolver),
 * read back through latchkey/eip155's resolution (the registry path the dev stack uses): forward,
 * reverse (primary name), avatar, a name that does not resolve, a reverse record that does not
 * point back, and a primary name set the usual way through the reverse registrar.
 */
import { createWalletClient, getAddress, http, type Address } from 'viem';
import { lookupEnsIdentity, resolveEnsName } from 'latchkey/eip155';
import { DEV_AVATAR, DEV_ENS_NAMES, deployEns, loadEnsArtifacts, type DevEns } from './ens';
import { startAnvilNode, type AnvilNode } from '../data-service/testing/harness';

const CHAIN = 31337;
let node: AnvilNode;
let ens: DevEns;
let accounts: Address[];

/** The kernel's transport, as RpcTransport.forNetwork gives it: JSON-RPC over HTTP. */
const transport = {
  async request<T>({ method, params }: { method: string; params?: unknown }): Promise<T> {
    const res = await fetch(node.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }) });
    const body = (await res.json()) as { result?: T; error?: { message: string; code: number; data?: unknown } };
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
    return body.result as T;
  },
};

beforeAll(async () => {
  node = await startAnvilNode({ chainId: CHAIN });
  ens = await deployEns({ rpcUrl: node.url, chainId: CHAIN });
  accounts = ((await transport.request<string[]>({ method: 'eth_accounts' })) ?? []).map((a) => getAddress(a));
  console.log(`ENS deployed in ${ens.ms} ms (${ens.transactions} transactions)`);
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

describe('the dev ENS on anvil (registry path)', () => {
  it('resolves alice.eth forward to account 4, with its avatar record', async () => {
    const contracts = { registry: ens.registry };
    expect(await resolveEnsName(transport, contracts, 'alice.eth')).toEqual({ name: 'alice.eth', address: accounts[4], avatar: DEV_AVATAR });
    // normalized first (ENSIP-15): upper case reads as the same name
    expect((await resolveEnsName(transport, contracts, 'Alice.ETH')).address).toBe(accounts[4]);
    expect(await resolveEnsName(transport, contracts, 'bob.eth')).toEqual({ name: 'bob.eth', address: accounts[5], avatar: null });
  });

  it('gives account 4 its primary name and avatar (reverse record checked forward), and bob.eth no avatar', async () => {
    const contracts = { registry: ens.registry };
    expect(await lookupEnsIdentity(transport, contracts, accounts[4]!)).toEqual({ name: 'alice.eth', avatar: DEV_AVATAR });
    expect(await lookupEnsIdentity(transport, contracts, accounts[5]!.toLowerCase())).toEqual({ name: 'bob.eth', avatar: null });
    expect(ens.names.map((n) => [n.name, n.address])).toEqual(DEV_ENS_NAMES.map((n) => [n.name, accounts[n.account]]));
  });

  it('a name nobody registered, one that cannot be normalized, and an account without a name resolve to nothing', async () => {
    const contracts = { registry: ens.registry };
    expect(await resolveEnsName(transport, contracts, 'nobody.eth')).toEqual({ name: 'nobody.eth', address: null, avatar: null });
    expect((await resolveEnsName(transport, contracts, 'a b.eth')).address).toBeNull();
    expect(await lookupEnsIdentity(transport, contracts, accounts[0]!)).toEqual({ name: null, avatar: null });
  });

  it('a reverse record set through the reverse registrar counts only when its name resolves back', async () => {
    const contracts = { registry: ens.registry };
    const { reverseRegistrar } = loadEnsArtifacts();
    const setName = async (from: Address, name: string) => {
      const wallet = createWalletClient({ account: from, transport: http(node.url) });
      const hash = await wallet.writeContract({ address: ens.reverseRegistrar, abi: reverseRegistrar.abi, functionName: 'setName', args: [name], chain: null } as never);
      await transport.request({ method: 'eth_getTransactionReceipt', params: [hash] });
    };
    // account 2 claims alice.eth as its primary name: alice.eth resolves to account 4, so it is not 2's
    await setName(accounts[2]!, 'alice.eth');
    expect(await lookupEnsIdentity(transport, contracts, accounts[2]!)).toEqual({ name: null, avatar: null });
    // account 4 sets the name it owns again the usual way: still alice.eth
    await setName(accounts[4]!, 'alice.eth');
    expect((await lookupEnsIdentity(transport, contracts, accounts[4]!)).name).toBe('alice.eth');
  });

  it('a failing node is an error, not "no name"', async () => {
    const down = { request: () => Promise.reject(new Error('connection refused')) };
    await expect(lookupEnsIdentity(down, { registry: ens.registry }, accounts[4]!)).rejects.toThrow('connection refused');
  });
});
