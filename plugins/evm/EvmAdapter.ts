/**
 * The eip155 chain adapter: drives an EIP-1193 provider (an injected or
 * EIP-6963 wallet) for connect / switch / sign / send, and reads the chain
 * (balance, gas) through the kernel's RpcTransport, never through the wallet.
 *
 * Errors: a wallet's error becomes the catalogue's typed error (toProviderError); a failed
 * send or estimate that carries the node's reason becomes the named node error
 * (InsufficientFundsError, NonceTooLowError, ExecutionRevertedError, … docs/errors.md#node-errors); a
 * rejection stays a rejection. The EIP-5792, ERC-7715 and EIP-7811 capabilities are asked of
 * the wallet; one that does not offer them answers CapabilityNotSupportedError.
 *
 * Over 400 lines on purpose: one job, the ChainAdapter contract for eip155 method by method (the
 * design review of 2026-11 keeps it whole); the helpers it shares live in latchkey/errors and
 * latchkey/eip155.
 */
import { Subject } from 'rxjs';
import { encodeFunctionData, erc20Abi, getAddress, hexToBigInt, isAddress, numberToHex, stringToHex } from 'viem';
import {
  LatchkeyError,
  RpcTransport,
  caipAddress,
  formatUnits,
  isUnrecognizedChain,
  isUserRejection,
  type AdapterCall,
  type AdapterRequests,
  type AdapterConnection,
  type AdapterEvent,
  type CaipNetwork as Network,
  type ChainAdapter,
  type Connector,
  type Eip1193Provider,
  type EvmTransactionRequest,
  type PluginContext,
  type TransferRequest,
} from 'latchkey';
import {
  CapabilityNotSupportedError,
  ChainIsNotSupportedError,
  MethodNotFoundRpcError,
  RequestAbortedError,
  UnauthorizedProviderError,
  sendCallsBundleId,
  sendCallsParams,
  UnsupportedProviderMethodError,
  toNodeError,
  type LatchkeyErrorOptions,
  toProviderError,
} from 'latchkey/errors';
import { waitForReceipt } from 'latchkey/eip155';

type AccountRecord = AdapterConnection['accounts'][number];

const NAMESPACE = 'eip155' as const;
/** How long disconnect waits for `wallet_revokePermissions` before giving up on it. */
export const REVOKE_TIMEOUT_MS = 1000;
/** How long the adapter polls for a sent transaction's receipt (announceInclusion). */
const TRANSACTION_WAIT_MS = 120_000;

type Hex = `0x${string}`;

/** The connector carries no EIP-1193 provider (e.g. a configured wallet that is not installed). */
export class ProviderNotFoundError extends LatchkeyError {
  override name = 'ProviderNotFoundError';
  constructor(options: Omit<LatchkeyErrorOptions, 'code'> = {}) {
    super('Provider not found', { ...options, code: 'PROVIDER_NOT_FOUND' });
  }
}

/** The wallet's answer to a method it does not know. */
class UnexpectedWalletResponseError extends LatchkeyError {
  override name = 'UnexpectedWalletResponseError';
  constructor(method: string, response: unknown) {
    super(`The wallet answered ${method} with an unexpected result`, { code: 'UNEXPECTED_WALLET_RESPONSE', data: { method, response } });
  }
}

/**
 * A failed send or estimate: the node's own reason when its text names one (docs/errors.md#node-errors
 * node-message errors), else the provider error. A rejection is never read as a node error.
 */
function toSendError(err: unknown): LatchkeyError {
  if (isUserRejection(err)) return typed(err);
  return toNodeError(err) ?? typed(err);
}

/**
 * A wallet's error as a typed one. An error that is typed already (a provider facade such as
 * WalletConnect's throws the kernel's errors, e.g. RelayConnectionLostError) stays as it is.
 */
function typed(err: unknown): LatchkeyError {
  return err instanceof LatchkeyError ? err : toProviderError(err);
}

/** Rejects with the signal's reason as soon as it aborts (the wallet's prompt itself cannot be withdrawn). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason instanceof Error ? signal.reason : new RequestAbortedError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new RequestAbortedError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
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

  async connect({ connector, signal }: { connector: Connector; network?: Network; signal?: AbortSignal }): Promise<AdapterConnection> {
    const provider = this.providerOf(connector);
    // The wallet stays on its own chain: switching is a separate, explicit step
    // (the kernel shows UnsupportedChain when the chain is not a requested one).
    // A connect the visitor left (signal) stops waiting for the prompt's answer.
    const accounts = await untilAborted(this.call<unknown>(provider, 'eth_requestAccounts'), signal);
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
      if (!isUnrecognizedChain(err)) throw typed(err);
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
    const hash = await this.send<unknown>(provider, 'eth_sendTransaction', [toRpcTransaction(request, from)]);
    if (typeof hash !== 'string' || hash === '' || hash.length > 256) throw new UnexpectedWalletResponseError('eth_sendTransaction', hash);
    this.announceInclusion(connector, network, hash);
    return hash;
  }

  /** Signs without sending (eth_signTransaction); the signed transaction as 0x-hex. */
  async signTransaction({ connector, address, request }: AdapterCall & { readonly request: EvmTransactionRequest }): Promise<string> {
    const provider = this.providerOf(connector);
    const signed = await this.capability<unknown>('signTransaction', provider, 'eth_signTransaction', [toRpcTransaction(request, request.from ?? address)], true);
    if (typeof signed !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signed)) throw new UnexpectedWalletResponseError('eth_signTransaction', signed);
    return signed;
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
    try {
      const gas = await this.rpc(network).request<Hex>({ method: 'eth_estimateGas', params: [toRpcTransaction(call, from)] });
      return hexToBigInt(gas);
    } catch (err) {
      throw toSendError(err);
    }
  }

  /** EIP-5792 batch; 'to' and 'data' of every call are checked first (docs/connection.md#signing-and-sending). Returns the bundle id. */
  async sendCalls({ connector, network, address, request }: AdapterCall & { readonly request: AdapterRequests['eip155']['calls'] }): Promise<string> {
    const params = sendCallsParams(request, toChainId(network.id), address);
    const answer = await this.capability<unknown>('sendCalls', this.providerOf(connector), 'wallet_sendCalls', params, true);
    const id = sendCallsBundleId(answer);
    if (!id) throw new UnexpectedWalletResponseError('wallet_sendCalls', answer);
    return id;
  }

  async getCallsStatus({ connector, id }: AdapterCall & { readonly id: string }): Promise<unknown> {
    return objectAnswer('wallet_getCallsStatus', await this.capability('getCallsStatus', this.providerOf(connector), 'wallet_getCallsStatus', [id]));
  }

  async getCapabilities({ connector, network, address }: AdapterCall): Promise<Readonly<Record<string, unknown>>> {
    const answer = await this.capability('getCapabilities', this.providerOf(connector), 'wallet_getCapabilities', [address, [numberToHex(toChainId(network.id))]]);
    return objectAnswer('wallet_getCapabilities', answer);
  }

  /** ERC-7715: the request goes to the wallet as given. */
  async grantPermissions({ connector, request }: AdapterCall & { readonly request: unknown }): Promise<unknown> {
    return this.capability('grantPermissions', this.providerOf(connector), 'wallet_grantPermissions', [request]);
  }

  async revokePermissions({ connector, request }: AdapterCall & { readonly request: unknown }): Promise<unknown> {
    return this.capability('revokePermissions', this.providerOf(connector), 'wallet_revokePermissions', [request]);
  }

  /** EIP-7811; `chainFilter` entries as hex, decimal or CAIP-2 ids. */
  async getAssets({ connector, address, chainFilter }: AdapterCall & { readonly chainFilter?: readonly string[] }): Promise<unknown> {
    const filter = chainFilter?.map((id) => numberToHex(toChainId(id.includes(':') ? id.slice(id.indexOf(':') + 1) : id)));
    const answer = await this.capability('getAssets', this.providerOf(connector), 'wallet_getAssets', [{ account: address, ...(filter ? { chainFilter: filter } : {}) }]);
    return objectAnswer('wallet_getAssets', answer);
  }

  async getBalance({ address, network }: { address: string; network: Network }): Promise<{ balance: string; symbol: string }> {
    const wei = await this.rpc(network).request<Hex>({ method: 'eth_getBalance', params: [address, 'latest'] });
    return {
      balance: formatUnits(hexToBigInt(wei), network.nativeCurrency.decimals),
      symbol: network.nativeCurrency.symbol,
    };
  }

  // --- internals ------------------------------------------------------------

  /** Tells the kernel (a `transactionIncluded` event) once the node holds the transaction: polls its receipt for at most two minutes. */
  private announceInclusion(connector: Connector, network: Network, hash: string): void {
    void waitForReceipt(this.rpc(network), hash, { timeoutMs: TRANSACTION_WAIT_MS }).then(
      (receipt) => receipt && this.events.next({ type: 'transactionIncluded', namespace: NAMESPACE, connectorId: connector.id, hash }),
      () => undefined,
    );
  }

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
      throw typed(err);
    }
  }

  /** A send: the node's reason when it gives one (InsufficientFundsError, NonceTooLowError, …). */
  private async send<T = unknown>(provider: Eip1193Provider, method: string, params: unknown): Promise<T> {
    try {
      return (await provider.request({ method, params })) as T;
    } catch (err) {
      throw toSendError(err);
    }
  }

  /**
   * A capability the wallet may not offer: a wallet answering that it does not know the method
   * (4200, -32601) gives CapabilityNotSupportedError; its other errors are typed as usual.
   */
  private async capability<T = unknown>(name: string, provider: Eip1193Provider, method: string, params: unknown, sends = false): Promise<T> {
    try {
      return (await provider.request({ method, params })) as T;
    } catch (err) {
      const error = sends ? toSendError(err) : typed(err);
      if (error instanceof UnsupportedProviderMethodError || error instanceof MethodNotFoundRpcError) {
        throw new CapabilityNotSupportedError(name, NAMESPACE, { cause: err, details: `The wallet does not offer ${method}.` });
      }
      throw error;
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

function objectAnswer(method: string, response: unknown): Readonly<Record<string, unknown>> {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) throw new UnexpectedWalletResponseError(method, response);
  return response as Record<string, unknown>;
}

function isProvider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function';
}
