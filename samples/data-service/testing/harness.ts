/**
 * Test helpers for the data service: a real anvil node, the compiled dev contracts, a service
 * on PGlite in memory, the three together (`startDevChain`), and a small JSON client. Used by
 * the *.int.test.ts files (jest, CommonJS).
 */
import { join, resolve } from 'node:path';
import { createPublicClient, createWalletClient, http, type Abi, type Address, type Hash, type Hex } from 'viem';
import { compileContracts, type CompiledContracts } from '../../contracts/compile';
import { deployDevContracts, type DevContracts } from '../../contracts/deploy';
import { waitMined } from '../../contracts/localChain';
import { getFreePort } from '../../../tests/support/ports';
import { startAnvil } from '../../stack/anvil.mjs';
import { nodeRpc } from '../../stack/rpc.mjs';
import { startDataService, type DataService, type DataServiceOptions } from '../src/index';

export const REPO_ROOT = resolve(__dirname, '../../..');
export const CACHE_DIR = join(REPO_ROOT, '.cache');
/** anvil's default mnemonic: its accounts are the dev wallet's */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
export const PROJECT_ID = 'latchkey-tests';

export interface AnvilNode {
  readonly url: string;
  readonly port: number;
  readonly chainId: number;
  rpc<T = any>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

/** Starts anvil on `port` (a free one by default) with the stack's starter, and waits until it answers. */
export async function startAnvilNode(options: { chainId: number; port?: number }): Promise<AnvilNode> {
  const node = await startAnvil({ port: options.port ?? (await getFreePort()), chainId: options.chainId });
  return { ...node, rpc: (method, params = []) => nodeRpc(node.url, method, params, { timeoutMs: 5000, nameMethod: true }) };
}

let compiledOnce: Promise<CompiledContracts> | undefined;
export function devContracts(): Promise<CompiledContracts> {
  compiledOnce ??= compileContracts({ sourcesDir: join(REPO_ROOT, 'samples/contracts'), cacheDir: join(CACHE_DIR, 'contracts') }).then((r) => r.contracts);
  return compiledOnce;
}

/** The service on PGlite in memory, polling fast, quiet. */
export function startTestService(options: DataServiceOptions): Promise<DataService> {
  return startDataService({
    port: 0,
    pgliteDir: 'memory',
    cacheDir: join(CACHE_DIR, 'data-service'),
    indexer: { pollMs: 25, leaderRetryMs: 200 },
    projectIds: [PROJECT_ID],
    log: process.env.DATA_TEST_LOG === '1',
    ...options,
    // tests post and read more than a visitor would
    limits: { postsPerMinute: 1000, getsPerMinute: 100_000, ...options.limits },
  });
}

/**
 * The dev contracts (deploy.ts) on `node`, compiled once per run. Their NFTs' metadata is served
 * by the data service at `serviceUrl`; without one the token URIs point nowhere.
 */
export async function deployDev(node: AnvilNode, serviceUrl?: string, options: { skipActivity?: boolean } = {}): Promise<DevContracts> {
  return deployDevContracts({
    rpcUrl: node.url,
    chainId: node.chainId,
    contracts: await devContracts(),
    nftBaseUri: (nft) => (serviceUrl ? `${serviceUrl}/v1/nft/eip155:${node.chainId}/${nft}/` : 'http://127.0.0.1:1/'),
    ...options,
  });
}

/** A dev chain with the data service on it: see {@link startDevChain}. */
export interface DevChain {
  readonly node: AnvilNode;
  readonly service: DataService;
  readonly dev: DevContracts;
  /** What the dev contracts were deployed from (their ABIs). */
  readonly contracts: CompiledContracts;
  /** viem clients on the node, sending from its unlocked accounts. */
  readonly clients: ReturnType<typeof chainClients>;
  /** Stops the service, then the node. */
  stop(): Promise<void>;
}

/**
 * What the int tests on the dev chain start with: anvil (chain 31337 unless told), the data
 * service on it (`startTestService` with this one chain, named Anvil, and ETH at 3000 USD;
 * `service` adds to or overrides those options) and the dev contracts with their NFT metadata
 * served by that service, indexed to the head. What started is stopped again when a step fails.
 */
export async function startDevChain(options: { chainId?: number; service?: DataServiceOptions } = {}): Promise<DevChain> {
  const chainId = options.chainId ?? 31337;
  const node = await startAnvilNode({ chainId });
  let service: DataService | undefined;
  try {
    service = await startTestService({
      chains: [{ chainId, rpcUrl: node.url, name: 'Anvil' }],
      prices: { [`eip155:${chainId}:native`]: 3000 },
      ...options.service,
    });
    const dev = await deployDev(node, service.url);
    await service.waitForSync(chainId);
    const started = service;
    return {
      node,
      service,
      dev,
      contracts: await devContracts(),
      clients: chainClients(node),
      async stop() {
        await started.stop();
        await node.stop();
      },
    };
  } catch (err) {
    await service?.stop();
    await node.stop();
    throw err;
  }
}

export interface JsonReply<T = any> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

/** GET/POST a path of the service with projectId (and st/sv) added unless `raw`. */
export async function call<T = any>(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string>; raw?: boolean } = {},
): Promise<JsonReply<T>> {
  const url = new URL(path, base);
  if (!init.raw && !url.searchParams.has('projectId')) {
    url.searchParams.set('projectId', PROJECT_ID);
    url.searchParams.set('st', 'latchkey');
    url.searchParams.set('sv', 'test-0.1.0');
  }
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.headers ?? {}) },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (images)
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** viem clients on an anvil node, sending from its unlocked accounts. */
export function chainClients(node: AnvilNode) {
  const chain = {
    id: node.chainId,
    name: `anvil ${node.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  } as const;
  const transport = http(node.url, { retryCount: 0 });
  const client = createPublicClient({ chain, transport, pollingInterval: 20 });
  const wallet = (account: Address) => createWalletClient({ account, chain, transport });
  const waitFor = async (hash: Hash) => {
    const r = await waitMined(client, hash);
    if (r.status !== 'success') {
      // the reason: the same call replayed on the state before its block, and the gas it was given
      const tx = await client.getTransaction({ hash });
      const reason = await client
        .call({ account: tx.from, to: tx.to, data: tx.input, value: tx.value, gas: tx.gas, blockNumber: r.blockNumber - 1n })
        .then(
          () => 'no revert when replayed',
          (err: unknown) => (err as { shortMessage?: string }).shortMessage ?? String(err),
        );
      throw new Error(`transaction ${hash} reverted (gas ${tx.gas}, used ${r.gasUsed}; replayed: ${reason})`);
    }
    return r;
  };
  return {
    client,
    wallet,
    waitFor,
    async write(from: Address, address: Address, abi: Abi, functionName: string, args: readonly unknown[]) {
      return waitFor(await wallet(from).writeContract({ address, abi, functionName, args } as never));
    },
    async sendEth(from: Address, to: Address, value: bigint) {
      return waitFor(await wallet(from).sendTransaction({ to, value }));
    },
    async deploy(from: Address, abi: Abi, bytecode: Hex, args: readonly unknown[]) {
      const receipt = await waitFor(await wallet(from).deployContract({ abi, bytecode, args } as never));
      return receipt.contractAddress as Address;
    },
  };
}

/** Percentiles of a list of numbers (ms), for printed figures. */
export function percentiles(values: readonly number[]): { p50: number; p95: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), max: s[s.length - 1] ?? NaN };
}
