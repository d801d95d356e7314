import { installDevWallet, DEV_WALLET_NAME, type FetchLike } from './index';
import { DEV_WALLET_RDNS } from './eip6963';
import type { WalletHost } from './host';
import { memoryStorage, rejection } from './testing/support';

const ACCOUNTS = ['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'];
const RPC_A = 'http://127.0.0.1:9001';
const RPC_B = 'http://127.0.0.1:9002';

/** A scripted JSON-RPC backend per URL; records every call. */
function fakeNodes(chainIds: Record<string, number>) {
  const calls: { url: string; method: string; params: any }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const { id, method, params } = JSON.parse(init.body);
    calls.push({ url, method, params });
    const chainId = chainIds[url];
    if (chainId === undefined) throw new TypeError('fetch failed');
    let result: unknown;
    switch (method) {
      case 'eth_chainId':
        result = `0x${chainId.toString(16)}`;
        break;
      case 'eth_accounts':
        result = ACCOUNTS;
        break;
      case 'personal_sign':
        result = `0xsig:${params[0]}:${params[1]}:${chainId}`;
        break;
      case 'eth_sendTransaction':
        result = `0xtx:${params[0].from}:${chainId}`;
        break;
      case 'eth_getBalance':
        result = '0x10';
        break;
      default:
        return { ok: true, status: 200, json: async () => ({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }) };
    }
    return { ok: true, status: 200, json: async () => ({ jsonrpc: '2.0', id, result }) };
  };
  return { fetch, calls };
}

function fakeHost(search = ''): WalletHost & EventTarget {
  const target = new EventTarget() as EventTarget & { location: { search: string } };
  target.location = { search };
  return target as unknown as WalletHost & EventTarget;
}

function setup(opts: { search?: string; storage?: ReturnType<typeof memoryStorage> } = {}) {
  const host = fakeHost(opts.search);
  const storage = opts.storage ?? memoryStorage();
  const nodes = fakeNodes({ [RPC_A]: 31337, [RPC_B]: 1 });
  const announced: any[] = [];
  host.addEventListener('eip6963:announceProvider', (e) => announced.push((e as CustomEvent).detail));
  const wallet = installDevWallet({ host, storage, fetch: nodes.fetch, chains: [{ chainId: 31337, rpcUrl: RPC_A }] });
  return { host, storage, nodes, wallet, announced };
}

describe('dev wallet', () => {
  it('announces through EIP-6963 at install and again on every requestProvider, without window.ethereum', () => {
    const { host, announced, wallet } = setup();
    expect(announced).toHaveLength(1);
    host.dispatchEvent(new Event('eip6963:requestProvider'));
    host.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(announced).toHaveLength(3);
    const { info, provider } = announced[2];
    expect(info.name).toBe(DEV_WALLET_NAME);
    expect(info.rdns).toBe(DEV_WALLET_RDNS);
    expect(info.icon).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(info.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(provider).toBe(wallet.provider);
    expect(Object.isFrozen(announced[0])).toBe(true);
    expect((host as any).ethereum).toBeUndefined();
    wallet.uninstall();
    host.dispatchEvent(new Event('eip6963:requestProvider'));
    expect(announced).toHaveLength(3);
  });

  it('connects with the first node account, emitting accountsChanged', async () => {
    const { wallet } = setup();
    const seen: unknown[] = [];
    wallet.provider.on('accountsChanged', (a) => seen.push(a));
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([]);
    expect(await wallet.provider.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNTS[0]]);
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNTS[0]]);
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    expect(seen).toEqual([[ACCOUNTS[0]]]);
  });

  it('fails with 4902 for an unknown chain, then add-chain adds it, switches and emits chainChanged', async () => {
    const { wallet, nodes } = setup();
    const changes: unknown[] = [];
    const onChain = (id: unknown) => changes.push(id);
    wallet.provider.on('chainChanged', onChain);

    const err = await rejection(wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }));
    expect(err.code).toBe(4902);
    expect(err.message).toBe('Unrecognized chain ID');
    expect(changes).toEqual([]);

    await wallet.provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0x1', chainName: 'Ethereum (local)', rpcUrls: [RPC_B], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
    });
    expect(changes).toEqual(['0x1']);
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x1');
    // reads now go to the added chain's RPC
    nodes.calls.length = 0;
    await wallet.provider.request({ method: 'eth_getBalance', params: [ACCOUNTS[0], 'latest'] });
    expect(nodes.calls.map((c) => c.url)).toEqual([RPC_B]);

    // switching back and forth is now plain switching
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] });
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    expect(changes).toEqual(['0x1', '0x7a69', '0x1']);

    wallet.provider.removeListener('chainChanged', onChain);
    await wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] });
    expect(changes).toHaveLength(3);
  });

  it('refuses to add a chain whose RPC answers another chain id', async () => {
    const { wallet } = setup();
    const err = await rejection(
      wallet.provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x5', rpcUrls: [RPC_B] }] }),
    );
    expect(err.code).toBe(-32603);
    expect(wallet.chainId).toBe(31337);
  });

  it('rejectNext makes the next approval fail with 4001, once', async () => {
    const { wallet } = setup();
    wallet.rejectNext = true;
    // reads are not approvals and do not consume the flag
    expect(await wallet.provider.request({ method: 'eth_chainId' })).toBe('0x7a69');
    const err = await rejection(wallet.provider.request({ method: 'eth_requestAccounts' }));
    expect(err.code).toBe(4001);
    expect(err.message).toBe('User rejected the request.');
    expect(wallet.account).toBeUndefined();
    expect(await wallet.provider.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNTS[0]]);

    wallet.rejectNext = true;
    const signErr = await rejection(wallet.provider.request({ method: 'personal_sign', params: ['0x68690a', ACCOUNTS[0]] }));
    expect(signErr.code).toBe(4001);
  });

  it('?devWalletReject=1 rejects the first approval', async () => {
    const { wallet } = setup({ search: '?foo=1&devWalletReject=1' });
    expect(wallet.rejectNext).toBe(true);
    expect((await rejection(wallet.provider.request({ method: 'eth_requestAccounts' }))).code).toBe(4001);
    expect(wallet.rejectNext).toBe(false);
  });

  it('forwards personal_sign and eth_sendTransaction to the node of the current chain, only when authorised', async () => {
    const { wallet, nodes } = setup();
    const unauthorised = await rejection(wallet.provider.request({ method: 'personal_sign', params: ['0x6869', ACCOUNTS[0]] }));
    expect(unauthorised.code).toBe(4100);
    await wallet.provider.request({ method: 'eth_requestAccounts' });
    expect(await wallet.provider.request({ method: 'personal_sign', params: ['0x6869', ACCOUNTS[0]] })).toBe(
      `0xsig:0x6869:${ACCOUNTS[0]}:31337`,
    );
    const other = await rejection(wallet.provider.request({ method: 'personal_sign', params: ['0x6869', ACCOUNTS[1]] }));
    expect(other.code).toBe(4100);
    expect(await wallet.provider.request({ method: 'eth_sendTransaction', params: [{ to: ACCOUNTS[1], value: '0x1' }] })).toBe(
      `0xtx:${ACCOUNTS[0]}:31337`,
    );
    expect(nodes.calls.filter((c) => c.method === 'eth_sendTransaction')[0]!.params[0]).toEqual({
      to: ACCOUNTS[1],
      value: '0x1',
      from: ACCOUNTS[0],
    });
    expect((await rejection(wallet.provider.request({ method: 'wallet_foo' }))).code).toBe(4200);
  });

  it('remembers authorisation, chain and added chains across a reload; revokePermissions clears it', async () => {
    const storage = memoryStorage();
    const first = setup({ storage });
    await first.wallet.provider.request({ method: 'eth_requestAccounts' });
    await first.wallet.provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x1', rpcUrls: [RPC_B] }] });
    first.wallet.uninstall();

    const second = setup({ storage });
    expect(await second.wallet.provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNTS[0]]);
    expect(await second.wallet.provider.request({ method: 'eth_chainId' })).toBe('0x1');
    const seen: unknown[] = [];
    second.wallet.provider.on('accountsChanged', (a) => seen.push(a));
    expect(await second.wallet.provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull();
    expect(seen).toEqual([[]]);
    expect(await second.wallet.provider.request({ method: 'eth_accounts' })).toEqual([]);

    const third = setup({ storage });
    expect(await third.wallet.provider.request({ method: 'eth_accounts' })).toEqual([]);
    // the added chain is still known: no 4902
    await third.wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] });
    await third.wallet.provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] });
    expect(third.wallet.chainId).toBe(1);
  });

  it('selectAccount switches the account and emits accountsChanged', async () => {
    const { wallet } = setup();
    await wallet.provider.request({ method: 'eth_requestAccounts' });
    const seen: unknown[] = [];
    wallet.provider.on('accountsChanged', (a) => seen.push(a));
    await wallet.selectAccount(1);
    expect(seen).toEqual([[ACCOUNTS[1]]]);
    expect(await wallet.provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNTS[1]]);
  });
});
