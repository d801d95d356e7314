/**
 * Test kit: a scripted chain adapter and a kernel wired to it with in-memory
 * storage. Used by kernel and UI tests; not part of the public API.
 */
import { Subject } from 'rxjs';
import type { AdapterConnection, AdapterEvent, ChainAdapter, EvmTransactionRequest } from '../adapter';
import type { ChainNamespace, Connector, CaipNetwork } from '../types';
import type { PluginManifest } from '../plugin/manifest';
import { createKernel, type Kernel } from '../createKernel';
import type { LatchkeyOptions } from '../options/types';
import type { StorageLike } from '../services/Environment';
import { evmNetwork } from './networks';

export class MemoryStorage implements StorageLike {
  readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
}

export interface FakeAdapterScript {
  address?: string;
  chainId?: number | string;
  /** Thrown by connect when set. */
  connectError?: unknown;
  /** reconnect() answer: connection, null (no longer granted) or an error. */
  reconnectResult?: 'ok' | null | Error;
  switchError?: unknown;
  disconnectError?: unknown;
  signError?: unknown;
  balance?: string;
}

export class FakeAdapter implements ChainAdapter {
  readonly events = new Subject<AdapterEvent>();
  readonly events$ = this.events.asObservable();
  readonly calls: { method: string; args: unknown }[] = [];
  constructor(
    readonly namespace: ChainNamespace,
    public script: FakeAdapterScript = {},
  ) {}

  private connection(): AdapterConnection {
    const address = this.script.address ?? '0x1111111111111111111111111111111111111111';
    const chainId = this.script.chainId ?? 1;
    return {
      address,
      chainId,
      caipAddress: `${this.namespace}:${chainId}:${address}`,
      accounts: [{ namespace: this.namespace, address, type: 'eoa' }],
    };
  }
  async connect(args: { connector: Connector; network?: CaipNetwork }) {
    this.calls.push({ method: 'connect', args });
    if (this.script.connectError) throw this.script.connectError;
    return this.connection();
  }
  async reconnect(args: { connector: Connector; network?: CaipNetwork }) {
    this.calls.push({ method: 'reconnect', args });
    const r = 'reconnectResult' in this.script ? this.script.reconnectResult : 'ok';
    if (r instanceof Error) throw r;
    return r === null ? null : this.connection();
  }
  async disconnect(args: { connector: Connector }) {
    this.calls.push({ method: 'disconnect', args });
    if (this.script.disconnectError) throw this.script.disconnectError;
  }
  async switchNetwork(args: { connector: Connector; network: CaipNetwork }) {
    this.calls.push({ method: 'switchNetwork', args });
    if (this.script.switchError) throw this.script.switchError;
  }
  async signMessage(args: { connector: Connector; address: string; message: string }) {
    this.calls.push({ method: 'signMessage', args });
    if (this.script.signError) throw this.script.signError;
    return `signed:${args.message}`;
  }
  async sendTransaction(args: { connector: Connector; network: CaipNetwork; address: string; request: EvmTransactionRequest }) {
    this.calls.push({ method: 'sendTransaction', args });
    return '0x' + 'ab'.repeat(32);
  }
  async getBalance(args: { address: string; network: CaipNetwork }) {
    this.calls.push({ method: 'getBalance', args });
    return { balance: this.script.balance ?? '1.5', symbol: args.network.nativeCurrency.symbol };
  }
}

function fakeAdapterPlugin(adapter: FakeAdapter, id = `fake-${adapter.namespace}`): PluginManifest & { loads: number } {
  const manifest = {
    id,
    loads: 0,
    contributes: { namespaces: [adapter.namespace] },
    load: async () => {
      manifest.loads++;
      return { adapters: () => [adapter] };
    },
  };
  return manifest;
}

export const testMainnet = evmNetwork(1, 'Ethereum');
export const testAnvil = evmNetwork(31337, 'Anvil', 'http://127.0.0.1:2/unused', { testnet: true });

export const injectedConnector: Connector = {
  id: 'io.test.wallet',
  name: 'Test Wallet',
  type: 'ANNOUNCED',
  chain: 'eip155',
  info: { rdns: 'io.test.wallet' },
  provider: {},
  installed: true,
};

export interface TestKernel {
  kernel: Kernel;
  adapter: FakeAdapter;
  storage: MemoryStorage;
  plugin: ReturnType<typeof fakeAdapterPlugin>;
}

/** A kernel with one fake eip155 adapter, in-memory storage and no network I/O. */
export function testKernel(
  options: Partial<LatchkeyOptions> = {},
  extra: { storage?: MemoryStorage; adapter?: FakeAdapter; plugins?: PluginManifest[]; mobile?: boolean } = {},
): TestKernel {
  const storage = extra.storage ?? new MemoryStorage();
  const adapter = extra.adapter ?? new FakeAdapter('eip155');
  const plugin = fakeAdapterPlugin(adapter);
  const kernel = createKernel({
    options: { projectId: 'test', networks: [testMainnet, testAnvil], features: { analytics: false }, ...options },
    plugins: [plugin, ...(extra.plugins ?? [])],
    environment: {
      window: undefined,
      document: undefined,
      localStorage: storage,
      isMobile: () => extra.mobile ?? false,
      fetch: () => Promise.reject(new Error('no network in unit tests')),
    },
  });
  kernel.connectors.add(injectedConnector);
  return { kernel, adapter, storage, plugin };
}
