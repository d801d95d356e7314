import { RpcTransport, type AdapterEvent, type Connector, type PluginContext } from '../../kernel/index';
import type { CaipNetwork as Network } from '../../kernel/index';
import { ChainIsNotSupportedError, UnauthorizedProviderError, UserRejectedRequestError } from '../../kernel/errors/index';
import { isUnrecognizedChain } from '../../kernel/index';
import { EvmAdapter, ProviderNotFoundError, REVOKE_TIMEOUT_MS } from './EvmAdapter';
import evmModule from './module';

// Two well-known checksummed addresses (anvil's first two accounts).
const A1 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const A2 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

type Handler = (params: any) => unknown;

/** An EIP-1193 provider that records calls and answers from a script. */
class FakeProvider {
  readonly calls: { method: string; params?: any }[] = [];
  readonly listeners = new Map<string, Set<(...args: any[]) => void>>();
  constructor(public handlers: Record<string, Handler> = {}) {}

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    this.calls.push(params === undefined ? { method } : { method, params });
    const handler = this.handlers[method];
    if (!handler) throw Object.assign(new Error(`The method "${method}" is not supported.`), { code: 4200 });
    return handler(params);
  }
  on(event: string, fn: (...args: any[]) => void): void {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(fn);
  }
  removeListener(event: string, fn: (...args: any[]) => void): void {
    this.listeners.get(event)?.delete(fn);
  }
  emit(event: string, ...args: unknown[]): void {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }
  listenerCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }
  methods(): string[] {
    return this.calls.map((c) => c.method);
  }
}

function providerError(code: number, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { code, ...extra });
}

const polygon: Network = {
  id: 137,
  name: 'Polygon',
  caipNetworkId: 'eip155:137',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-rpc.example', 'https://polygon-2.example'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.example' } },
};
const local: Network = {
  id: 31337,
  name: 'Anvil',
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
};

function connectorFor(provider: unknown, id = 'io.metamask'): Connector {
  return { id, name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', provider, installed: true };
}

/** A plugin context whose RpcTransport records reads and answers from `rpc`. */
function fakeContext(rpc: Record<string, Handler> = {}) {
  const reads: { network: Network; method: string; params?: any }[] = [];
  const transport: RpcTransport = {
    forNetwork(network: Network) {
      return {
        kind: 'fake',
        async request({ method, params }: { method: string; params?: unknown }) {
          reads.push({ network, method, params });
          const handler = rpc[method];
          if (!handler) throw new Error(`no ${method}`);
          return handler(params) as any;
        },
        dispose() {},
      };
    },
    dispose() {},
  };
  const ctx: PluginContext = {
    manifest: { id: 'evm', load: async () => evmModule },
    storage: undefined as never,
    container: undefined as never,
    get<T>(token: symbol): T {
      if (token === RpcTransport) return transport as T;
      throw new Error(`unexpected token ${String(token)}`);
    },
  };
  return { ctx, reads };
}

function walletOn(chainHex: string, accounts = [A1.toLowerCase(), A2.toLowerCase()], extra: Record<string, Handler> = {}) {
  let chain = chainHex;
  const provider = new FakeProvider({
    eth_requestAccounts: () => accounts,
    eth_accounts: () => accounts,
    eth_chainId: () => chain,
    wallet_revokePermissions: () => null,
    ...extra,
  });
  return { provider, setChain: (c: string) => (chain = c) };
}

function collect(adapter: EvmAdapter): AdapterEvent[] {
  const events: AdapterEvent[] = [];
  adapter.events$.subscribe((e) => events.push(e));
  return events;
}

describe('EvmAdapter connect / reconnect / disconnect', () => {
  it('connects with eth_requestAccounts and eth_chainId, checksumming every account', async () => {
    const { provider } = walletOn('0x7a69');
    const adapter = new EvmAdapter(fakeContext().ctx);
    const result = await adapter.connect({ connector: connectorFor(provider), network: polygon });
    expect(result).toEqual({
      address: A1,
      caipAddress: `eip155:31337:${A1}`,
      chainId: 31337,
      accounts: [
        { namespace: 'eip155', address: A1, type: 'eoa' },
        { namespace: 'eip155', address: A2, type: 'eoa' },
      ],
    });
    // The wallet stays where it is even though another network was asked for.
    expect(provider.methods()).toEqual(['eth_requestAccounts', 'eth_chainId']);
  });

  it('maps a declined connection to UserRejectedRequestError', async () => {
    const provider = new FakeProvider({
      eth_requestAccounts: () => {
        throw providerError(4001, 'User rejected the request.');
      },
    });
    const adapter = new EvmAdapter(fakeContext().ctx);
    const err = await adapter.connect({ connector: connectorFor(provider) }).catch((e) => e);
    expect(err).toBeInstanceOf(UserRejectedRequestError);
    expect(err.code).toBe(4001);
    expect(provider.listenerCount()).toBe(0);
  });

  it('refuses a wallet that grants no account, and a connector without a provider', async () => {
    const { provider } = walletOn('0x1', []);
    const adapter = new EvmAdapter(fakeContext().ctx);
    await expect(adapter.connect({ connector: connectorFor(provider) })).rejects.toBeInstanceOf(UnauthorizedProviderError);
    const err = await adapter.connect({ connector: connectorFor(undefined) }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderNotFoundError);
    expect(err.message).toBe('Provider not found');
  });

  it('reconnects with eth_accounts only (no prompt), or returns null when nothing is granted', async () => {
    const granted = walletOn('0x89');
    const adapter = new EvmAdapter(fakeContext().ctx);
    const result = await adapter.reconnect({ connector: connectorFor(granted.provider) });
    expect(result?.address).toBe(A1);
    expect(result?.chainId).toBe(137);
    expect(granted.provider.methods()).toEqual(['eth_accounts', 'eth_chainId']);

    const revoked = walletOn('0x89', []);
    expect(await adapter.reconnect({ connector: connectorFor(revoked.provider, 'other') })).toBeNull();
    expect(revoked.provider.methods()).toEqual(['eth_accounts']);
    expect(revoked.provider.listenerCount()).toBe(0);
  });

  it('disconnects: removes listeners and asks wallet_revokePermissions, ignoring a failure', async () => {
    const { provider } = walletOn('0x1', [A1], {
      wallet_revokePermissions: () => {
        throw providerError(4200, 'unsupported');
      },
    });
    const adapter = new EvmAdapter(fakeContext().ctx);
    const connector = connectorFor(provider);
    await adapter.connect({ connector });
    expect(provider.listenerCount()).toBe(3);
    await expect(adapter.disconnect({ connector })).resolves.toBeUndefined();
    expect(provider.listenerCount()).toBe(0);
    expect(provider.calls.at(-1)).toEqual({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
  });

  it('does not wait forever for a wallet that never answers wallet_revokePermissions', async () => {
    jest.useFakeTimers();
    try {
      const { provider } = walletOn('0x1', [A1], { wallet_revokePermissions: () => new Promise(() => {}) });
      const adapter = new EvmAdapter(fakeContext().ctx);
      const connector = connectorFor(provider);
      await adapter.connect({ connector });
      let done = false;
      const pending = adapter.disconnect({ connector }).then(() => (done = true));
      await jest.advanceTimersByTimeAsync(REVOKE_TIMEOUT_MS - 1);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await pending;
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('EvmAdapter wallet events', () => {
  it('maps accountsChanged, chainChanged and disconnect to adapter events with the connector id', async () => {
    const { provider } = walletOn('0x1', [A1]);
    const adapter = new EvmAdapter(fakeContext().ctx);
    const events = collect(adapter);
    await adapter.connect({ connector: connectorFor(provider, 'io.metamask') });

    provider.emit('accountsChanged', [A2.toLowerCase()]);
    provider.emit('chainChanged', '0x89');
    provider.emit('chainChanged', 10); // some wallets send numbers
    provider.emit('disconnect', providerError(4900, 'disconnected'));

    expect(events).toEqual([
      { type: 'accountsChanged', namespace: 'eip155', accounts: [A2], connectorId: 'io.metamask' },
      { type: 'chainChanged', namespace: 'eip155', chainId: 137, connectorId: 'io.metamask' },
      { type: 'chainChanged', namespace: 'eip155', chainId: 10, connectorId: 'io.metamask' },
      { type: 'disconnect', namespace: 'eip155', connectorId: 'io.metamask' },
    ]);
    // The session is over: the wallet's later events are not ours any more.
    expect(provider.listenerCount()).toBe(0);
  });

  it('treats an empty accountsChanged as a disconnect', async () => {
    const { provider } = walletOn('0x1', [A1]);
    const adapter = new EvmAdapter(fakeContext().ctx);
    const events = collect(adapter);
    await adapter.connect({ connector: connectorFor(provider, 'injected') });
    provider.emit('accountsChanged', []);
    expect(events).toEqual([{ type: 'disconnect', namespace: 'eip155', connectorId: 'injected' }]);
    expect(provider.listenerCount()).toBe(0);
  });

  it('emits nothing after disconnect, and reconnecting does not double the listeners', async () => {
    const { provider } = walletOn('0x1', [A1]);
    const adapter = new EvmAdapter(fakeContext().ctx);
    const events = collect(adapter);
    const connector = connectorFor(provider);
    await adapter.connect({ connector });
    await adapter.reconnect({ connector });
    expect(provider.listenerCount()).toBe(3);
    provider.emit('chainChanged', '0x2');
    expect(events).toHaveLength(1);
    await adapter.disconnect({ connector });
    provider.emit('chainChanged', '0x3');
    provider.emit('accountsChanged', [A2]);
    expect(events).toHaveLength(1);
  });
});

describe('EvmAdapter provider replacement', () => {
  it("uses the connector's current provider, moving the listeners when a wallet re-announced a new object", async () => {
    const first = walletOn('0x1', [A1]);
    const second = walletOn('0x2', [A2]);
    const adapter = new EvmAdapter(fakeContext().ctx);
    const events = collect(adapter);
    await adapter.connect({ connector: connectorFor(first.provider) });
    const result = await adapter.connect({ connector: connectorFor(second.provider) });
    expect(result.address).toBe(A2);
    expect(first.provider.listenerCount()).toBe(0);
    expect(second.provider.listenerCount()).toBe(3);
    first.provider.emit('chainChanged', '0x5');
    second.provider.emit('chainChanged', '0x6');
    expect(events).toEqual([{ type: 'chainChanged', namespace: 'eip155', chainId: 6, connectorId: 'io.metamask' }]);
  });
});

describe('EvmAdapter switchNetwork', () => {
  it('switches with wallet_switchEthereumChain and a hex chain id', async () => {
    const { provider } = walletOn('0x1', [A1], { wallet_switchEthereumChain: () => null });
    const adapter = new EvmAdapter(fakeContext().ctx);
    await adapter.switchNetwork({ connector: connectorFor(provider), network: polygon });
    expect(provider.calls).toEqual([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }]);
  });

  it('adds the chain on 4902, then succeeds', async () => {
    const wallet = walletOn('0x1', [A1]);
    let known = false;
    wallet.provider.handlers['wallet_switchEthereumChain'] = () => {
      if (!known) throw providerError(4902, 'Unrecognized chain ID "0x89". Try adding the chain using wallet_addEthereumChain first.');
      wallet.setChain('0x89');
      return null;
    };
    wallet.provider.handlers['wallet_addEthereumChain'] = () => {
      known = true;
      wallet.setChain('0x89'); // MetaMask switches to a chain it just added
      return null;
    };
    const adapter = new EvmAdapter(fakeContext().ctx);
    await adapter.switchNetwork({ connector: connectorFor(wallet.provider), network: polygon });
    expect(wallet.provider.methods()).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'eth_chainId']);
    expect(wallet.provider.calls[1]!.params).toEqual([
      {
        chainId: '0x89',
        rpcUrls: ['https://polygon-rpc.example', 'https://polygon-2.example'],
        chainName: 'Polygon',
        nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
        blockExplorerUrls: ['https://polygonscan.example'],
      },
    ]);
  });

  it('switches again when the wallet added the chain but stayed where it was', async () => {
    const wallet = walletOn('0x1', [A1]);
    let known = false;
    wallet.provider.handlers['wallet_switchEthereumChain'] = () => {
      if (!known) throw providerError(4902, 'unknown chain');
      wallet.setChain('0x7a69');
      return null;
    };
    wallet.provider.handlers['wallet_addEthereumChain'] = () => {
      known = true;
      return null;
    };
    const adapter = new EvmAdapter(fakeContext().ctx);
    await adapter.switchNetwork({ connector: connectorFor(wallet.provider), network: local });
    expect(wallet.provider.methods()).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'eth_chainId',
      'wallet_switchEthereumChain',
    ]);
    // No explorer configured: the field is left out.
    expect(wallet.provider.calls[1]!.params[0]).not.toHaveProperty('blockExplorerUrls');
  });

  it('recognises 4902 in data.originalError and an "Unrecognized chain" message', () => {
    expect(isUnrecognizedChain({ code: -32603, data: { originalError: { code: 4902 } } })).toBe(true);
    expect(isUnrecognizedChain(providerError(-32603, 'Unrecognized chain ID "0x2105"'))).toBe(true);
    expect(isUnrecognizedChain(providerError(-32603, 'Internal error'))).toBe(false);
    expect(isUnrecognizedChain(providerError(4001, 'User rejected the request.'))).toBe(false);
  });

  it("throws 'Chain is not supported' when adding the chain fails", async () => {
    const { provider } = walletOn('0x1', [A1], {
      wallet_switchEthereumChain: () => {
        throw { code: -32603, message: 'Internal JSON-RPC error.', data: { originalError: { code: 4902 } } };
      },
      wallet_addEthereumChain: () => {
        throw providerError(-32602, 'rpcUrls invalid');
      },
    });
    const adapter = new EvmAdapter(fakeContext().ctx);
    const err = await adapter.switchNetwork({ connector: connectorFor(provider), network: polygon }).catch((e) => e);
    expect(err).toBeInstanceOf(ChainIsNotSupportedError);
    expect(err.message).toBe('Chain is not supported');
    expect((err.cause as { message: string }).message).toBe('rpcUrls invalid');
  });

  it('maps a declined switch (4001) to UserRejectedRequestError without trying to add the chain', async () => {
    const { provider } = walletOn('0x1', [A1], {
      wallet_switchEthereumChain: () => {
        throw providerError(4001, 'User rejected the request.');
      },
      wallet_addEthereumChain: () => null,
    });
    const adapter = new EvmAdapter(fakeContext().ctx);
    const err = await adapter.switchNetwork({ connector: connectorFor(provider), network: polygon }).catch((e) => e);
    expect(err).toBeInstanceOf(UserRejectedRequestError);
    expect(err.shortMessage).toBe('The user rejected the request.');
    expect(provider.methods()).toEqual(['wallet_switchEthereumChain']);
  });

  it('passes other switch errors through the catalogue without adding', async () => {
    const { provider } = walletOn('0x1', [A1], {
      wallet_switchEthereumChain: () => {
        throw providerError(-32002, 'Request already pending');
      },
    });
    const adapter = new EvmAdapter(fakeContext().ctx);
    const err = await adapter.switchNetwork({ connector: connectorFor(provider), network: polygon }).catch((e) => e);
    expect(err.name).toBe('ResourceUnavailableRpcError');
    expect(err.code).toBe(-32002);
    expect(provider.methods()).toEqual(['wallet_switchEthereumChain']);
  });
});

describe('EvmAdapter signMessage and sendTransaction', () => {
  it('signs with personal_sign over the UTF-8 hex of the message', async () => {
    const { provider } = walletOn('0x1', [A1], { personal_sign: () => '0xsig' });
    const adapter = new EvmAdapter(fakeContext().ctx);
    const sig = await adapter.signMessage({ connector: connectorFor(provider), address: A1, message: 'héllo' });
    expect(sig).toBe('0xsig');
    expect(provider.calls).toEqual([{ method: 'personal_sign', params: ['0x68c3a96c6c6f', A1] }]);
  });

  it('maps a declined signature (4001, or 5000) to UserRejectedRequestError', async () => {
    for (const code of [4001, 5000]) {
      const { provider } = walletOn('0x1', [A1], {
        personal_sign: () => {
          throw providerError(code, 'User denied message signature.');
        },
      });
      const adapter = new EvmAdapter(fakeContext().ctx);
      const err = await adapter.signMessage({ connector: connectorFor(provider), address: A1, message: 'x' }).catch((e) => e);
      expect(err).toBeInstanceOf(UserRejectedRequestError);
      expect(err.code).toBe(code);
    }
  });

  it('sends eth_sendTransaction from the connected account with hex quantities', async () => {
    const { provider } = walletOn('0x7a69', [A1], { eth_sendTransaction: () => '0xhash' });
    const adapter = new EvmAdapter(fakeContext().ctx);
    const connector = connectorFor(provider);
    await adapter.connect({ connector });
    provider.calls.length = 0;
    const hash = await adapter.sendTransaction({
      connector,
      network: local,
      address: A1, request: { to: A2, value: 10n ** 18n, data: '0xabcdef', gas: 21_000n, gasPrice: 2_000_000_000n },
    });
    expect(hash).toBe('0xhash');
    expect(provider.calls).toEqual([
      { method: 'eth_chainId' },
      {
        method: 'eth_sendTransaction',
        params: [{ from: A1, to: A2, value: '0xde0b6b3a7640000', data: '0xabcdef', gas: '0x5208', gasPrice: '0x77359400' }],
      },
    ]);
  });

  it('switches the wallet to the transaction network first, and honours an explicit from', async () => {
    const wallet = walletOn('0x1', [A1], { eth_sendTransaction: () => '0xhash' });
    wallet.provider.handlers['wallet_switchEthereumChain'] = ([{ chainId }]: [{ chainId: string }]) => {
      wallet.setChain(chainId);
      return null;
    };
    const adapter = new EvmAdapter(fakeContext().ctx);
    await adapter.sendTransaction({ connector: connectorFor(wallet.provider), network: local, address: A1, request: { to: A1, from: A2 } });
    expect(wallet.provider.calls).toEqual([
      { method: 'eth_chainId' },
      { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] },
      { method: 'eth_sendTransaction', params: [{ from: A2, to: A1 }] },
    ]);
  });

  it('maps a declined transaction', async () => {
    const { provider } = walletOn('0x7a69', [A1], {
      eth_sendTransaction: () => {
        throw providerError(4001, 'User denied transaction signature.');
      },
    });
    const adapter = new EvmAdapter(fakeContext().ctx);
    await expect(
      adapter.sendTransaction({ connector: connectorFor(provider), network: local, address: A1, request: { to: A2, value: 1n } }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError);
  });
});

describe('EvmAdapter transfer', () => {
  it('pays native value, or calls an ERC-20 transfer(to, amount) on the token (a CAIP-10 id accepted)', async () => {
    const { provider } = walletOn('0x7a69', [A1], { eth_sendTransaction: () => '0xhash' });
    const adapter = new EvmAdapter(fakeContext().ctx);
    const connector = connectorFor(provider);
    await adapter.connect({ connector });
    provider.calls.length = 0;
    await adapter.transfer({ connector, network: local, address: A1, request: { to: A2.toLowerCase(), amount: 5n } });
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    await adapter.transfer({ connector, network: local, address: A1, request: { to: A2, amount: 10n ** 18n, token: `eip155:31337:${token}` } });
    expect(provider.calls.filter((c) => c.method === 'eth_sendTransaction')).toEqual([
      { method: 'eth_sendTransaction', params: [{ from: A1, to: A2, value: '0x5' }] },
      {
        method: 'eth_sendTransaction',
        params: [{ from: A1, to: token, data: `0xa9059cbb000000000000000000000000${A2.slice(2).toLowerCase()}0000000000000000000000000000000000000000000000000de0b6b3a7640000` }],
      },
    ]);
  });

  it('refuses a receiver or token that is not an EVM address', async () => {
    const { provider } = walletOn('0x7a69', [A1]);
    const adapter = new EvmAdapter(fakeContext().ctx);
    const call = { connector: connectorFor(provider), network: local, address: A1 };
    await expect(adapter.transfer({ ...call, request: { to: 'alice.eth', amount: 1n } })).rejects.toThrow('Invalid transfer');
    await expect(adapter.transfer({ ...call, request: { to: A2, amount: 1n, token: 'So11111111111111111111111111111111111111112' } })).rejects.toThrow('Invalid transfer');
    expect(provider.calls.some((c) => c.method === 'eth_sendTransaction')).toBe(false);
  });
});

describe('EvmAdapter reads', () => {
  it('reads the native balance through the network transport', async () => {
    const { ctx, reads } = fakeContext({ eth_getBalance: () => '0x14d1120d7b160000' });
    const adapter = new EvmAdapter(ctx);
    expect(await adapter.getBalance({ address: A1, network: polygon })).toEqual({ balance: '1.5', symbol: 'POL' });
    expect(reads).toEqual([{ network: polygon, method: 'eth_getBalance', params: [A1, 'latest'] }]);
  });

  it('formats with the network decimals', async () => {
    const { ctx } = fakeContext({ eth_getBalance: () => '0x3039' });
    const sixDecimals: Network = { ...local, nativeCurrency: { name: 'X', symbol: 'X', decimals: 6 } };
    expect(await new EvmAdapter(ctx).getBalance({ address: A1, network: sixDecimals })).toEqual({ balance: '0.012345', symbol: 'X' });
  });

  it('estimates gas through the network transport from the connected account', async () => {
    const { ctx, reads } = fakeContext({ eth_estimateGas: () => '0x5208' });
    const { provider } = walletOn('0x7a69', [A1]);
    const adapter = new EvmAdapter(ctx);
    const connector = connectorFor(provider);
    await adapter.connect({ connector });
    const gas = await adapter.estimateGas({ connector, network: local, address: A1, request: { to: A2, value: 5n, gas: 1n } });
    expect(gas).toBe(21_000n);
    expect(reads[0]!.params).toEqual([{ from: A1, to: A2, value: '0x5' }]);
  });

});

describe('EvmAdapter: node errors from sends (docs/errors.md#node-errors)', () => {
  const failing = (message: string, code = -32003) => () => {
    throw providerError(code, message);
  };

  it('maps the node\'s reason to the named error, also when a wallet wraps it; a rejection stays a rejection', async () => {
    const cases: [string, number, string][] = [
      ['Insufficient funds for gas * price + value', -32003, 'InsufficientFundsError'],
      ['nonce too low', -32003, 'NonceTooLowError'],
      ['nonce too high', -32000, 'NonceTooHighError'],
      ['max fee per gas less than block base fee', -32003, 'FeeCapTooLowError'],
      ['max priority fee per gas higher than max fee per gas', -32003, 'TipAboveFeeCapError'],
      ['intrinsic gas too low', -32000, 'IntrinsicGasTooLowError'],
      ['execution reverted: Ownable: caller is not the owner', 3, 'ExecutionRevertedError'],
    ];
    for (const [message, code, name] of cases) {
      const { provider } = walletOn('0x7a69', [A1], { eth_sendTransaction: failing(message, code) });
      const adapter = new EvmAdapter(fakeContext().ctx);
      await expect(adapter.sendTransaction({ connector: connectorFor(provider), network: local, address: A1, request: { to: A2, value: 1n } })).rejects.toMatchObject({ name, details: message });
    }
    // MetaMask's shape: -32603 with the node's error in data.originalError
    const { provider } = walletOn('0x7a69', [A1], {
      eth_sendTransaction: () => {
        throw { code: -32603, message: 'Internal JSON-RPC error.', data: { originalError: { code: -32000, message: 'insufficient funds for transfer' } } };
      },
    });
    await expect(new EvmAdapter(fakeContext().ctx).sendTransaction({ connector: connectorFor(provider), network: local, address: A1, request: { to: A2 } })).rejects.toMatchObject({ name: 'InsufficientFundsError' });
    // a decline whose text mentions funds is still a decline
    const declined = walletOn('0x7a69', [A1], { eth_sendTransaction: failing('User rejected: insufficient funds warning shown', 4001) });
    await expect(new EvmAdapter(fakeContext().ctx).sendTransaction({ connector: connectorFor(declined.provider), network: local, address: A1, request: { to: A2 } })).rejects.toBeInstanceOf(UserRejectedRequestError);
  });

  it('an estimate the node refuses carries the reason too', async () => {
    const { ctx } = fakeContext({
      eth_estimateGas: () => {
        throw Object.assign(new Error('execution reverted: too early'), { code: 3 });
      },
    });
    const adapter = new EvmAdapter(ctx);
    await expect(adapter.estimateGas({ connector: connectorFor(walletOn('0x7a69').provider), network: local, address: A1, request: { to: A2 } })).rejects.toMatchObject({
      name: 'ExecutionRevertedError',
      reason: 'too early',
    });
  });
});

describe('EvmAdapter capabilities over EIP-1193 (EIP-5792, ERC-7715, EIP-7811)', () => {
  const call = { connector: undefined as unknown as Connector, network: local, address: A1 };

  it('sendCalls: the calls are checked (kernel/sendCalls.test.ts has every rule) before the wallet is asked; wallet_sendCalls v2; v1 and v2 answers', async () => {
    const { provider } = walletOn('0x7a69', [A1], { wallet_sendCalls: () => ({ id: '0xbundle' }) });
    const adapter = new EvmAdapter(fakeContext().ctx);
    const connector = connectorFor(provider);
    await expect(adapter.sendCalls({ ...call, connector, request: { calls: [{ to: A2, data: 'a9059cbb' }] } as never })).rejects.toMatchObject({ name: 'InvalidParamsRpcError', code: -32602 });
    expect(provider.calls).toEqual([]);
    expect(await adapter.sendCalls({ ...call, connector, request: { calls: [{ to: A2, data: '0xa9059cbb', value: 16n }], atomicRequired: true, capabilities: { paymasterService: { url: 'https://pm.example' } } } })).toBe('0xbundle');
    expect(provider.calls).toEqual([
      {
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', from: A1, chainId: '0x7a69', atomicRequired: true, calls: [{ to: A2, data: '0xa9059cbb', value: '0x10' }], capabilities: { paymasterService: { url: 'https://pm.example' } } }],
      },
    ]);
    provider.handlers['wallet_sendCalls'] = () => '0xv1';
    expect(await adapter.sendCalls({ ...call, connector, request: { calls: [{ to: A2 }] } })).toBe('0xv1');
    provider.handlers['wallet_sendCalls'] = () => ({ nope: 1 });
    await expect(adapter.sendCalls({ ...call, connector, request: { calls: [{ to: A2 }] } })).rejects.toMatchObject({ name: 'UnexpectedWalletResponseError' });
    // the 5700-5760 bundle errors come back typed
    provider.handlers['wallet_sendCalls'] = () => {
      throw providerError(5740, 'Bundle too large');
    };
    await expect(adapter.sendCalls({ ...call, connector, request: { calls: [{ to: A2 }] } })).rejects.toMatchObject({ name: 'BundleTooLargeError', code: 5740 });
  });

  it('status, capabilities, permissions and assets go to the wallet; a wallet without the method answers CapabilityNotSupportedError', async () => {
    const { provider } = walletOn('0x7a69', [A1], {
      wallet_getCallsStatus: () => ({ status: 200, receipts: [] }),
      wallet_getCapabilities: () => ({ '0x7a69': { atomic: { status: 'supported' } } }),
      wallet_grantPermissions: (p: unknown) => ({ granted: p }),
      wallet_getAssets: () => ({ '0x7a69': [] }),
    });
    const adapter = new EvmAdapter(fakeContext().ctx);
    const connector = connectorFor(provider);
    expect(await adapter.getCallsStatus({ ...call, connector, id: '0xbundle' })).toEqual({ status: 200, receipts: [] });
    expect(await adapter.getCapabilities({ ...call, connector })).toEqual({ '0x7a69': { atomic: { status: 'supported' } } });
    expect(await adapter.grantPermissions({ ...call, connector, request: { expiry: 5 } })).toEqual({ granted: [{ expiry: 5 }] });
    expect(await adapter.getAssets({ ...call, connector, chainFilter: ['eip155:1', '31337'] })).toEqual({ '0x7a69': [] });
    expect(provider.calls.map((c) => [c.method, c.params])).toEqual([
      ['wallet_getCallsStatus', ['0xbundle']],
      ['wallet_getCapabilities', [A1, ['0x7a69']]],
      ['wallet_grantPermissions', [{ expiry: 5 }]],
      ['wallet_getAssets', [{ account: A1, chainFilter: ['0x1', '0x7a69'] }]],
    ]);
    // this wallet has no eth_signTransaction (4200) and an unknown revoke (-32601)
    provider.handlers['wallet_revokePermissions'] = () => {
      throw providerError(-32601, 'Method not found');
    };
    await expect(adapter.signTransaction({ ...call, connector, request: { to: A2 } })).rejects.toMatchObject({ name: 'CapabilityNotSupportedError', message: 'The eip155 wallet does not support signTransaction' });
    await expect(adapter.revokePermissions({ ...call, connector, request: {} })).rejects.toMatchObject({ name: 'CapabilityNotSupportedError' });
    provider.handlers['wallet_getAssets'] = () => [];
    await expect(adapter.getAssets({ ...call, connector })).rejects.toMatchObject({ name: 'UnexpectedWalletResponseError' });
  });

  it('signTransaction: eth_signTransaction from the connected account; the signed bytes as hex', async () => {
    const { provider } = walletOn('0x7a69', [A1], { eth_signTransaction: () => '0x02f8' });
    const adapter = new EvmAdapter(fakeContext().ctx);
    expect(await adapter.signTransaction({ ...call, connector: connectorFor(provider), request: { to: A2, value: 1n } })).toBe('0x02f8');
    expect(provider.calls).toEqual([{ method: 'eth_signTransaction', params: [{ from: A1, to: A2, value: '0x1' }] }]);
  });
});

describe('EvmAdapter: a connect the visitor left', () => {
  it('stops waiting for the prompt when the signal aborts (the prompt itself stays with the wallet)', async () => {
    let answer!: (v: unknown) => void;
    const { provider } = walletOn('0x7a69', [A1], { eth_requestAccounts: () => new Promise((r) => (answer = r)) });
    const adapter = new EvmAdapter(fakeContext().ctx);
    const abort = new AbortController();
    const connecting = adapter.connect({ connector: connectorFor(provider), signal: abort.signal });
    abort.abort(new Error('another wallet'));
    await expect(connecting).rejects.toThrow('another wallet');
    answer([A1]);
    await new Promise((r) => setTimeout(r, 0));
    expect(provider.listenerCount()).toBe(0); // no session was set up for the late answer
  });
});

describe('evm plugin module', () => {
  it('contributes one eip155 adapter', () => {
    const adapters = evmModule.adapters!(fakeContext().ctx);
    expect(adapters).toHaveLength(1);
    expect(adapters[0]).toBeInstanceOf(EvmAdapter);
    expect(adapters[0]!.namespace).toBe('eip155');
  });
});
