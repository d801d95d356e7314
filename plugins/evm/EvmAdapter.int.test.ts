/**
 * The eip155 adapter against a real anvil node: a small EIP-1193 provider
 * forwards to anvil's HTTP RPC (its accounts are unlocked, so it signs and
 * sends like a wallet would), and reads go through the kernel's HTTP transport.
 * Failed sends carry the node's own reason, mapped to the named node errors
 * (docs/errors.md#node-errors); EIP-5792 calls go to a wallet that offers them (a shim that
 * sends each call to anvil) and come back CapabilityNotSupportedError from one
 * that does not (anvil itself).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { verifyMessage } from 'viem';
import { filter, firstValueFrom } from 'rxjs';
import { RpcTransport, type Connector, type PluginContext } from '../../kernel/index';
import type { CaipNetwork as Network } from '../../kernel/index';
import { httpTransport as http, parseUnits } from '../../kernel/index';
import { EvmAdapter } from './EvmAdapter';

jest.setTimeout(20_000);

const ANVIL = join(__dirname, '../../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

let nextId = 1;
async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
  if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
  return body.result as T;
}

/**
 * A wallet in front of anvil: EIP-1193 `request`, with eth_requestAccounts answered by
 * eth_accounts. With `bundles`, it also offers EIP-5792: wallet_sendCalls sends each call with
 * eth_sendTransaction, and wallet_getCallsStatus reports their receipts.
 */
function anvilWallet(url: string, options: { bundles?: boolean } = {}) {
  const calls: string[] = [];
  const bundles = new Map<string, string[]>();
  return {
    calls,
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      calls.push(method);
      if (options.bundles && method === 'wallet_sendCalls') {
        const [{ from, calls: list }] = params as [{ from: string; calls: { to: string; data?: string; value?: string }[] }];
        const hashes: string[] = [];
        for (const c of list) hashes.push(await rpc<string>(url, 'eth_sendTransaction', [{ from, ...c }]));
        const id = `0x${(bundles.size + 1).toString(16).padStart(64, '0')}`;
        bundles.set(id, hashes);
        return { id };
      }
      if (options.bundles && method === 'wallet_getCallsStatus') {
        const hashes = bundles.get((params as [string])[0]) ?? [];
        const receipts = await Promise.all(hashes.map((h) => waitForReceipt(h)));
        return { version: '2.0.0', status: 200, atomic: false, receipts };
      }
      const forwarded = method === 'eth_requestAccounts' ? 'eth_accounts' : method;
      return rpc(url, forwarded, (params as unknown[] | undefined) ?? []);
    },
  };
}

let anvil: ChildProcess | undefined;
let url = '';
let network: Network;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  anvil = spawn(ANVIL, ['--host', '127.0.0.1', '--port', String(port), '--silent', '--chain-id', '31337'], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await rpc(url, 'eth_chainId');
      break;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  network = {
    id: 31337,
    name: 'Anvil',
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  };
});

afterAll(async () => {
  if (!anvil || anvil.exitCode !== null) return;
  const exited = new Promise((r) => anvil!.once('exit', r));
  anvil.kill('SIGTERM');
  await exited;
});

function context(): PluginContext {
  const transports = new Map<string, ReturnType<typeof http>>();
  const rpcTransport: RpcTransport = {
    forNetwork(n: Network) {
      const endpoint = n.rpcUrls.default.http[0]!;
      if (!transports.has(endpoint)) transports.set(endpoint, http(endpoint));
      return transports.get(endpoint)!;
    },
    dispose() {
      for (const t of transports.values()) t.dispose();
    },
  };
  return {
    manifest: { id: 'evm', load: async () => ({}) },
    storage: undefined as never,
    container: undefined as never,
    get<T>(token: symbol): T {
      if (token === RpcTransport) return rpcTransport as T;
      throw new Error(`unexpected token ${String(token)}`);
    },
  };
}

interface Receipt {
  readonly status: string;
  readonly from: string;
  readonly to: string;
}

/** anvil answers eth_sendTransaction before its miner has run: poll for the receipt. */
async function waitForReceipt(hash: string): Promise<Receipt> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const receipt = await rpc<Receipt | null>(url, 'eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`no receipt for ${hash}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function connectorFor(provider: unknown): Connector {
  return { id: 'dev.anvil', name: 'Anvil', type: 'ANNOUNCED', chain: 'eip155', provider, installed: true };
}

describe('EvmAdapter on anvil', () => {
  it('connects to the first anvil account on chain 31337', async () => {
    const [first] = await rpc<string[]>(url, 'eth_accounts');
    const adapter = new EvmAdapter(context());
    const result = await adapter.connect({ connector: connectorFor(anvilWallet(url)), network });
    expect(result.address.toLowerCase()).toBe(first!.toLowerCase());
    expect(result.caipAddress).toBe(`eip155:31337:${result.address}`);
    expect(result.chainId).toBe(31337);
    expect(result.accounts).toHaveLength(10);

    const again = await adapter.reconnect({ connector: connectorFor(anvilWallet(url)), network });
    expect(again?.address).toBe(result.address);

    // anvil has no wallet_revokePermissions: disconnect still completes.
    const wallet = anvilWallet(url);
    await adapter.connect({ connector: connectorFor(wallet), network });
    await expect(adapter.disconnect({ connector: connectorFor(wallet) })).resolves.toBeUndefined();
    expect(wallet.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'wallet_revokePermissions']);
  });

  it('reads the funded balance: 10000 ETH', async () => {
    const [, , third] = await rpc<string[]>(url, 'eth_accounts');
    const adapter = new EvmAdapter(context());
    expect(await adapter.getBalance({ address: third!, network })).toEqual({ balance: '10000', symbol: 'ETH' });
  });

  it('signs a message that viem verifies for the account', async () => {
    const adapter = new EvmAdapter(context());
    const connector = connectorFor(anvilWallet(url));
    const { address } = await adapter.connect({ connector, network });
    const message = 'Sign in to Latchkey ✓ 42';
    const signature = await adapter.signMessage({ connector, address, message });
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(await verifyMessage({ address: address as `0x${string}`, message, signature: signature as `0x${string}` })).toBe(true);
    expect(await verifyMessage({ address: address as `0x${string}`, message: 'other', signature: signature as `0x${string}` })).toBe(false);
  });

  it('sends a transfer that is mined, and the balances move', async () => {
    const ctx = context();
    const adapter = new EvmAdapter(ctx);
    const wallet = anvilWallet(url);
    const connector = connectorFor(wallet);
    const { address, accounts } = await adapter.connect({ connector, network });
    const to = accounts[4]!.address;
    const value = parseUnits('1.5', 18);

    const gas = await adapter.estimateGas({ connector, network, address, request: { to, value } });
    expect(gas).toBe(21_000n);

    const before = await adapter.getBalance({ address, network });
    const included = firstValueFrom(adapter.events$.pipe(filter((e) => e.type === 'transactionIncluded')));
    const hash = await adapter.sendTransaction({ connector, network, address, request: { to, value } });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(wallet.calls).toContain('eth_sendTransaction');

    // once the node holds it, the adapter says so (the kernel reads the balance again then)
    expect(await included).toEqual({ type: 'transactionIncluded', namespace: 'eip155', connectorId: connector.id, hash });
    const receipt = await waitForReceipt(hash);
    expect(receipt.status).toBe('0x1');
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase());
    expect(receipt.to.toLowerCase()).toBe(to.toLowerCase());

    expect((await adapter.getBalance({ address: to, network })).balance).toBe('10001.5');
    const after = await adapter.getBalance({ address, network });
    const spent = parseUnits(before.balance, 18) - parseUnits(after.balance, 18);
    // The value plus a positive fee.
    expect(spent > value).toBe(true);
    expect(spent < value + parseUnits('0.01', 18)).toBe(true);
    (ctx.get<RpcTransport>(RpcTransport)).dispose();
  });
});

describe('EvmAdapter on anvil: the node\'s reasons for a failed send (docs/errors.md#node-errors)', () => {
  async function connected() {
    const adapter = new EvmAdapter(context());
    const connector = connectorFor(anvilWallet(url));
    const { address, accounts } = await adapter.connect({ connector, network });
    return { adapter, connector, address, to: accounts[5]!.address };
  }

  it('more than the balance: InsufficientFundsError', async () => {
    const { adapter, connector, address, to } = await connected();
    const value = parseUnits('1000000', 18); // anvil funds 10 000 ETH
    const err = await adapter.sendTransaction({ connector, network, address, request: { to, value } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'InsufficientFundsError', shortMessage: 'The account cannot pay for gas and value of the transaction' });
    expect((err as { details: string }).details).toMatch(/insufficient funds/i);
    // the node's answer stays reachable through the chain
    expect((err as { cause: { code: number } }).cause.code).toBe(-32003);
  });

  it('a nonce already used: NonceTooLowError; a tip above the fee cap and a fee cap under the base fee are named too', async () => {
    const { adapter, connector, address, to } = await connected();
    const hash = await adapter.sendTransaction({ connector, network, address, request: { to, value: 1n } });
    await waitForReceipt(hash);
    await expect(adapter.sendTransaction({ connector, network, address, request: { to, value: 1n, nonce: 0 } })).rejects.toMatchObject({ name: 'NonceTooLowError', details: 'nonce too low' });
    await expect(adapter.sendTransaction({ connector, network, address, request: { to, value: 1n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 11n } })).rejects.toMatchObject({ name: 'TipAboveFeeCapError' });
    await expect(adapter.sendTransaction({ connector, network, address, request: { to, value: 1n, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n } })).rejects.toMatchObject({ name: 'FeeCapTooLowError' });
    await expect(adapter.sendTransaction({ connector, network, address, request: { to, value: 1n, gas: 1n } })).rejects.toMatchObject({ name: 'IntrinsicGasTooLowError' });
  });
});

describe('EvmAdapter on anvil: EIP-5792 calls', () => {
  it('a wallet that offers wallet_sendCalls runs the bundle on anvil; its status carries the mined receipts', async () => {
    const adapter = new EvmAdapter(context());
    const wallet = anvilWallet(url, { bundles: true });
    const connector = connectorFor(wallet);
    const { address, accounts } = await adapter.connect({ connector, network });
    const [a, b] = [accounts[6]!.address, accounts[7]!.address];
    const before = await Promise.all([a, b].map((x) => adapter.getBalance({ address: x, network })));
    const id = await adapter.sendCalls({ connector, network, address, request: { calls: [{ to: a as `0x${string}`, value: parseUnits('1', 18) }, { to: b as `0x${string}`, value: parseUnits('2', 18), data: '0x' }] } });
    const status = (await adapter.getCallsStatus({ connector, network, address, id })) as { status: number; receipts: Receipt[] };
    expect(status.status).toBe(200);
    expect(status.receipts.map((r) => [r.status, r.to.toLowerCase()])).toEqual([
      ['0x1', a.toLowerCase()],
      ['0x1', b.toLowerCase()],
    ]);
    const after = await Promise.all([a, b].map((x) => adapter.getBalance({ address: x, network })));
    expect(after.map((x, i) => Number(x.balance) - Number(before[i]!.balance))).toEqual([1, 2]);
    // A bad call never reaches the wallet.
    const sent = wallet.calls.length;
    await expect(adapter.sendCalls({ connector, network, address, request: { calls: [{ to: a as `0x${string}`, data: 'deadbeef' as `0x${string}` }] } })).rejects.toMatchObject({ name: 'InvalidParamsRpcError' });
    expect(wallet.calls.length).toBe(sent);
  });

  it('anvil itself does not offer them: CapabilityNotSupportedError', async () => {
    const adapter = new EvmAdapter(context());
    const connector = connectorFor(anvilWallet(url));
    const { address } = await adapter.connect({ connector, network });
    await expect(adapter.sendCalls({ connector, network, address, request: { calls: [{ to: address as `0x${string}` }] } })).rejects.toMatchObject({ name: 'CapabilityNotSupportedError', capability: 'sendCalls' });
    await expect(adapter.getCapabilities({ connector, network, address })).rejects.toMatchObject({ name: 'CapabilityNotSupportedError' });
    await expect(adapter.getAssets({ connector, network, address })).rejects.toMatchObject({ name: 'CapabilityNotSupportedError' });
  });
});
