/**
 * The eip155 chain adapter: drives an EIP-1193 provider (an injected or
 * EIP-6963 wallet) for connect / switch / sign / send, and reads the chain
 * (balance, gas) through the kernel's RpcTransport, never through the wallet.
 */
import { Subject } from 'rxjs';
import { encodeFunctionData, erc20Abi, getAddress, hexToBigInt, isAddress, numberToHex, stringToHex } from 'viem';
import {
  LatchkeyError,
  RpcTransport,
  caipAddress,
  formatUnits,
  isUnrecognizedChain,
  toProviderError,
  type AdapterCall,
  type AdapterConnection,
  type AdapterEvent,
  type CaipNetwork as Network,
  type ChainAdapter,
  type Connector,
  type Eip1193Provider,
  type EvmTransactionRequest,
  type PluginContext,
  type TransferRequest,
} from '../../kernel/index';
import { ChainIsNotSupportedError, UnauthorizedProviderError, type LatchkeyErrorOptions } from '../../kernel/errors/index';

type AccountRecord = AdapterConnection['accounts'][number];

const NAMESPACE = 'eip155' as const;
/** How long disconnect waits for `wallet_revokePermissions` before giving up on it. */
export const REVOKE_TIMEOUT_MS = 1000;

type Hex = `0x${string}`;

/** The connector carries no EIP-1193 provider (e.g. a configured wallet that is not installed). */
export class ProviderNotFoundError extends LatchkeyError {
  override name = 'ProviderNotFoundError';
  constructor(options: Omit<LatchkeyErrorOptions, 'code'> = {}) {
    super('Provider not found', { ...options, code: 'PROVIDER_NOT_FOUND' });
  }
}

interface Session {
  readonly provider: Eip1193Provider;
  address: string;
  readonly off: () => void;
}

/** Chain id as a number, from a wallet's hex string (or a number / decimal string some wallets send). */
function toChainId(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') return /^0x/i.test(value) ? Number(hexToBigInt(value as Hex)) : Number(value);
  return Number.NaN;
}

/** Valid addresses only, checksummed (EIP-55). */
function checksummed(accounts: unknown): string[] {
  if (!Array.isArray(accounts)) return [];
  return accounts
    .filter((a): a is string => typeof a === 'string' && isAddress(a, { strict: false }))
    .map((a) => getAddress(a));
}

/** The `wallet_addEthereumChain` parameter for `network` (EIP-3085). */
function addChainParameter(network: Network): Record<string, unknown> {
  const explorer = network.blockExplorers?.default.url;
  return {
    chainId: numberToHex(toChainId(network.id)),
    rpcUrls: [...network.rpcUrls.default.http],
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
  };
}

/** The JSON-RPC transaction object: quantities hex-encoded, absent fields left out. */
function toRpcTransaction(request: EvmTransactionRequest, from: string | undefined): Record<string, string> {
  const tx: Record<string, string> = {};
  if (from) tx['from'] = from;
  tx['to'] = request.to;
  if (request.value !== undefined) tx['value'] = numberToHex(request.value);
  if (request.data !== undefined && request.data !== '0x') tx['data'] = request.data;
  if (request.gas !== undefined) tx['gas'] = numberToHex(request.gas);
  if (request.gasPrice !== undefined) tx['gasPrice'] = numberToHex(request.gasPrice);
  if (request.maxFeePerGas !== undefined) tx['maxFeePerGas'] = numberToHex(request.maxFeePerGas);
  if (request.maxPriorityFeePerGas !== undefined) tx['maxPriorityFeePerGas'] = numberToHex(request.maxPriorityFeePerGas);
  if (request.nonce !== undefined) tx['nonce'] = numberToHex(request.nonce);
  return tx;
}

export class EvmAdapter implements ChainAdapter<'eip155'> {
  readonly namespace = NAMESPACE;
  private readonly events = new Subject<AdapterEvent>();
  readonly events$ = this.events.asObservable();
  /** Live connections by connector id. */
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly ctx: PluginContext) {}

  async connect({ connector }: { connector: Connector; network?: Network }): Promise<AdapterConnection> {
    const provider = this.providerOf(connector);
    // The wallet stays on its own chain: switching is a separate, explicit step
    // (the kernel shows UnsupportedChain when the chain is not a requested one).
    const accounts = await this.call<unknown>(provider, 'eth_requestAccounts');
    return this.establish(connector, provider, accounts);
  }

  async reconnect({ connector }: { connector: Connector; network?: Network }): Promise<AdapterConnection | null> {
    const provider = this.providerOf(connector);
    const accounts = await this.call<unknown>(provider, 'eth_accounts');
    if (checksummed(accounts).length === 0) return null;
    return this.establish(connector, provider, accounts);
  }

  /**
   * Forgets the connection and asks the wallet to drop its permission
   * (`wallet_revokePermissions`, EIP-2255) so the next connect prompts again.
   * Many wallets do not implement that method, and a wallet may never answer:
   * any failure is ignored and at most {@link REVOKE_TIMEOUT_MS} is spent on it.
   */
  async disconnect({ connector }: { connector: Connector }): Promise<void> {
    const session = this.sessions.get(connector.id);
    this.unsubscribe(connector.id);
    const provider = isProvider(connector.provider) ? connector.provider : session?.provider;
    if (!provider) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const revoke = Promise.resolve()
      .then(() => provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }))
      .catch(() => undefined);
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, REVOKE_TIMEOUT_MS);
    });
    try {
      await Promise.race([revoke, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async switchNetwork({ connector, network }: { connector: Connector; network: Network }): Promise<void> {
    const provider = this.providerOf(connector);
    const chainId = numberToHex(toChainId(network.id));
    try {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      return;
    } catch (err) {
      if (!isUnrecognizedChain(err)) throw toProviderError(err);
    }
    try {
      await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParameter(network)] });
    } catch (err) {
      throw new ChainIsNotSupportedError({ cause: err });
    }
    // EIP-3085 lets a wallet add a chain without switching to it: make sure it did.
    const current = await this.call<unknown>(provider, 'eth_chainId').catch(() => undefined);
    if (current !== undefined && toChainId(current) === toChainId(network.id)) return;
    await this.call(provider, 'wallet_switchEthereumChain', [{ chainId }]);
  }

  async signMessage({ connector, address, message }: { connector: Connector; address: string; message: string }): Promise<string> {
    const provider = this.providerOf(connector);
    return this.call<string>(provider, 'personal_sign', [stringToHex(message), address]);
  }

  /**
   * Sends with `eth_sendTransaction`. When the wallet is on another chain than
   * `network`, it is switched first, so a transaction never goes to the wrong chain.
   */
  async sendTransaction({ connector, network, request }: AdapterCall & { readonly request: EvmTransactionRequest }): Promise<string> {
    const provider = this.providerOf(connector);
    const current = toChainId(await this.call<unknown>(provider, 'eth_chainId'));
    if (current !== toChainId(network.id)) await this.switchNetwork({ connector, network });
    const from = request.from ?? (await this.accountOf(connector, provider));
    return this.call<string>(provider, 'eth_sendTransaction', [toRpcTransaction(request, from)]);
  }

  /**
   * A plain payment: native (`value`) or, with `token` (an address or its CAIP-10 id), an
   * ERC-20 `transfer(to, amount)` call on the token contract. Sent like any transaction.
   */
  async transfer({ connector, network, address, request }: AdapterCall & { readonly request: TransferRequest }): Promise<string> {
    const token = request.token?.split(':').pop();
    if (!isAddress(request.to, { strict: false }) || (token !== undefined && !isAddress(token, { strict: false })) || request.amount < 0n) {
      throw new LatchkeyError('Invalid transfer: expected EVM addresses and a non-negative amount', { code: 'INVALID_TRANSFER' });
    }
    const to = getAddress(request.to);
    const tx: EvmTransactionRequest = token
      ? { to: getAddress(token), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, request.amount] }) }
      : { to, value: request.amount };
    return this.sendTransaction({ connector, network, address, request: { ...tx, from: address } });
  }

  async estimateGas({ connector, network, request }: AdapterCall & { readonly request: EvmTransactionRequest }): Promise<bigint> {
    const from = request.from ?? this.sessions.get(connector.id)?.address;
    const { gas: _gas, gasPrice: _gasPrice, ...call } = request;
    const gas = await this.rpc(network).request<Hex>({ method: 'eth_estimateGas', params: [toRpcTransaction(call, from)] });
    return hexToBigInt(gas);
  }

  async getBalance({ address, network }: { address: string; network: Network }): Promise<{ balance: string; symbol: string }> {
    const wei = await this.rpc(network).request<Hex>({ method: 'eth_getBalance', params: [address, 'latest'] });
    return {
      balance: formatUnits(hexToBigInt(wei), network.nativeCurrency.decimals),
      symbol: network.nativeCurrency.symbol,
    };
  }

  // --- internals ------------------------------------------------------------

  private rpc(network: Network) {
    return this.ctx.get<RpcTransport>(RpcTransport).forNetwork(network);
  }

  private providerOf(connector: Connector): Eip1193Provider {
    // The connector's own provider wins: a wallet may have re-announced a new object.
    const provider = isProvider(connector.provider) ? connector.provider : this.sessions.get(connector.id)?.provider;
    if (!isProvider(provider)) throw new ProviderNotFoundError({ details: `Connector ${connector.id} has no EIP-1193 provider.` });
    return provider;
  }

  /** A provider request whose failure is mapped to the kernel's typed errors. */
  private async call<T = unknown>(provider: Eip1193Provider, method: string, params?: unknown): Promise<T> {
    try {
      return (await provider.request(params === undefined ? { method } : { method, params })) as T;
    } catch (err) {
      throw toProviderError(err);
    }
  }

  private async accountOf(connector: Connector, provider: Eip1193Provider): Promise<string> {
    const known = this.sessions.get(connector.id)?.address;
    if (known) return known;
    const [first] = checksummed(await this.call<unknown>(provider, 'eth_accounts'));
    if (!first) throw new UnauthorizedProviderError({ details: 'The wallet has no connected account.' });
    return first;
  }

  private async establish(connector: Connector, provider: Eip1193Provider, rawAccounts: unknown): Promise<AdapterConnection> {
    const addresses = checksummed(rawAccounts);
    const address = addresses[0];
    if (!address) throw new UnauthorizedProviderError({ details: 'The wallet returned no account.' });
    const chainId = toChainId(await this.call<unknown>(provider, 'eth_chainId'));
    this.subscribe(connector.id, provider, address);
    const accounts: AccountRecord[] = addresses.map((a) => ({ namespace: NAMESPACE, address: a, type: 'eoa' }));
    return { address, caipAddress: caipAddress(NAMESPACE, chainId, address), chainId, accounts };
  }

  private subscribe(connectorId: string, provider: Eip1193Provider, address: string): void {
    this.unsubscribe(connectorId);
    const onAccountsChanged = (accounts: unknown): void => {
      const list = checksummed(accounts);
      if (list.length === 0) {
        this.unsubscribe(connectorId);
        this.events.next({ type: 'disconnect', namespace: NAMESPACE, connectorId });
        return;
      }
      const session = this.sessions.get(connectorId);
      if (session) session.address = list[0]!;
      this.events.next({ type: 'accountsChanged', namespace: NAMESPACE, accounts: list, connectorId });
    };
    const onChainChanged = (chainId: unknown): void => {
      const id = toChainId(chainId);
      if (Number.isNaN(id)) return;
      this.events.next({ type: 'chainChanged', namespace: NAMESPACE, chainId: id, connectorId });
    };
    const onDisconnect = (): void => {
      this.unsubscribe(connectorId);
      this.events.next({ type: 'disconnect', namespace: NAMESPACE, connectorId });
    };
    provider.on?.('accountsChanged', onAccountsChanged);
    provider.on?.('chainChanged', onChainChanged);
    provider.on?.('disconnect', onDisconnect);
    const off = (): void => {
      provider.removeListener?.('accountsChanged', onAccountsChanged);
      provider.removeListener?.('chainChanged', onChainChanged);
      provider.removeListener?.('disconnect', onDisconnect);
    };
    this.sessions.set(connectorId, { provider, address, off });
  }

  private unsubscribe(connectorId: string): void {
    const session = this.sessions.get(connectorId);
    if (!session) return;
    this.sessions.delete(connectorId);
    session.off();
  }
}

function isProvider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function';
}
