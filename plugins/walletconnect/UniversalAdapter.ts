/**
 * The universal adapter: a ChainAdapter for a namespace that no chain plugin
 * adapts, over the plugin's one WalletConnect session (manifest
 * `contributes.fallbackNamespaces`). One instance per namespace; all of them
 * share the session service, so one pairing serves every namespace the wallet
 * approved.
 *
 * - connect pairs (or joins the running pairing, or finds the live session) and
 *   reads this namespace's accounts and chain from the session; reconnect only
 *   reads an existing session; disconnect ends the session (every namespace).
 * - requests go to the wallet through the session: eip155 personal_sign /
 *   eth_sendTransaction / wallet_switchEthereumChain, solana_signMessage,
 *   bip122 signMessage. What a WalletConnect session cannot do from a plain
 *   TransactionRequest (a Solana or Bitcoin transfer) throws
 *   UniversalAdapterUnsupportedError naming the method the caller needs.
 * - balances are read through the kernel's RpcTransport (eip155 eth_getBalance,
 *   solana getBalance); units are plain bigint arithmetic.
 */
import { Subject, type Subscription } from 'rxjs';
import {
  LatchkeyError,
  formatUnits,
  toProviderError,
  type AdapterConnection,
  type AdapterEvent,
  type CaipAddress,
  type CaipNetwork,
  type ChainAdapter,
  type ChainNamespace,
  type Connector,
  type EvmTransactionRequest,
  type RpcTransport,
  type TransactionRequest,
} from '../../kernel/index';
import { ChainIsNotSupportedError, ProviderDisconnectedError, SwitchChainError } from '../../kernel/errors/index';
import {
  NamespaceNotApprovedError,
  UnexpectedWalletResponseError,
  UniversalAdapterUnsupportedError,
  UniversalProviderUndefinedError,
  WalletConnectConnectorNotFoundError,
} from './errors';
import { base58Encode, utf8ToHex } from './units';

type AccountRecord = AdapterConnection['accounts'][number];
import { accountAddress, sessionChains } from './WalletConnectSession';
import type { NamespaceEvent, WalletConnectSession } from './types';

type SessionNamespace = { readonly accounts: readonly string[]; readonly chains?: readonly string[]; readonly methods: readonly string[] };

/** The adapter's chain id for a CAIP-2 chain: a number for eip155, the reference string otherwise. */
function adapterChainId(caipChainId: string): number | string {
  const [ns, ...rest] = caipChainId.split(':');
  const ref = rest.join(':');
  return ns === 'eip155' ? Number(ref) : ref;
}

function toHex(value: bigint | number | string): string {
  return `0x${BigInt(value).toString(16)}`;
}

function isUnrecognizedChain(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (typeof e === 'object' && e !== null && !seen.has(e)) {
    seen.add(e);
    const rec = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (rec.code === 4902 || (typeof rec.message === 'string' && /unrecognized chain/i.test(rec.message))) return true;
    e = rec.cause;
  }
  return false;
}

function asError(err: unknown): LatchkeyError {
  return err instanceof LatchkeyError ? err : toProviderError(err);
}

/** Reads `signature` from a wallet's answer ({ signature } or the bare string). */
function signatureOf(method: string, response: unknown): string {
  if (typeof response === 'string' && response !== '') return response;
  const sig = (response as { signature?: unknown } | null | undefined)?.signature;
  if (typeof sig === 'string' && sig !== '') return sig;
  throw new UnexpectedWalletResponseError(method, response);
}

export class UniversalAdapter implements ChainAdapter {
  private readonly events = new Subject<AdapterEvent>();
  readonly events$ = this.events.asObservable();
  /** Connector id of the connection this adapter made and still holds. */
  private connectorId: string | undefined;
  private subscription: Subscription | undefined;

  constructor(
    readonly namespace: ChainNamespace,
    private readonly session: WalletConnectSession,
    private readonly rpc: () => RpcTransport,
  ) {}

  /** True while this adapter holds a connection (tests, diagnostics). */
  get connected(): boolean {
    return this.connectorId !== undefined;
  }

  async connect({ connector, network }: { connector: Connector; network?: CaipNetwork }): Promise<AdapterConnection> {
    this.assertConnector(connector);
    try {
      await this.session.connect();
    } catch (err) {
      throw asError(err);
    }
    return this.establish(connector, network);
  }

  async reconnect({ connector, network }: { connector: Connector; network?: CaipNetwork }): Promise<AdapterConnection | null> {
    this.assertConnector(connector);
    const provider = await this.session.provider();
    if ((provider.session?.namespaces[this.namespace]?.accounts.length ?? 0) === 0) return null;
    return this.establish(connector, network);
  }

  /** Ends the WalletConnect session: the wallet hears it, and every namespace of the session disconnects. */
  async disconnect(_params: { connector: Connector }): Promise<void> {
    this.release();
    await this.session.disconnect();
  }

  async switchNetwork({ network }: { connector: Connector; network: CaipNetwork }): Promise<void> {
    const ns = this.requireNamespace('switchNetwork');
    if (network.chainNamespace !== this.namespace) throw new SwitchChainError({ details: `${network.caipNetworkId} is not a ${this.namespace} network.` });
    if (this.namespace === 'eip155') {
      await this.switchEvmChain(network);
    } else {
      if (!sessionChains(ns).includes(network.caipNetworkId)) {
        throw new SwitchChainError({ details: `The WalletConnect session does not include ${network.caipNetworkId}.` });
      }
      this.session.setActiveChain(network.caipNetworkId);
    }
    if (this.connectorId) {
      this.events.next({ type: 'chainChanged', namespace: this.namespace, chainId: adapterChainId(network.caipNetworkId), connectorId: this.connectorId });
    }
  }

  async signMessage({ address, message }: { connector: Connector; address: string; message: string }): Promise<string> {
    const provider = this.session.currentProvider();
    if (!provider?.session) throw new UniversalProviderUndefinedError();
    const chain = this.session.activeChain(this.namespace);
    if (!chain) throw new NamespaceNotApprovedError(this.namespace);
    try {
      switch (this.namespace) {
        case 'eip155':
          return signatureOf('personal_sign', await this.session.eip1193Request({ method: 'personal_sign', params: [utf8ToHex(message), address] }));
        case 'solana': {
          const params = { message: base58Encode(new TextEncoder().encode(message)), pubkey: address };
          return signatureOf('solana_signMessage', await this.session.request({ method: 'solana_signMessage', params }, chain));
        }
        case 'bip122':
          return signatureOf('signMessage', await this.session.request({ method: 'signMessage', params: { address, message } }, chain));
        default:
          throw new UniversalAdapterUnsupportedError('signMessage', this.namespace, `No WalletConnect signing method is defined for ${this.namespace}.`);
      }
    } catch (err) {
      throw asError(err);
    }
  }

  async sendTransaction({ connector, network, request: req }: { connector: Connector; network: CaipNetwork; request: TransactionRequest }): Promise<string> {
    const request = req as EvmTransactionRequest;
    if (this.namespace === 'solana') {
      throw new UniversalAdapterUnsupportedError(
        'sendTransaction',
        'solana',
        'A Solana transfer through WalletConnect needs a signed-ready serialized transaction (with a recent blockhash) for solana_signAndSendTransaction; build it with a Solana library and send it through the session.',
        'solana_signAndSendTransaction',
      );
    }
    if (this.namespace === 'bip122') {
      throw new UniversalAdapterUnsupportedError(
        'sendTransaction',
        'bip122',
        'A Bitcoin payment through WalletConnect goes through sendTransfer (account, recipientAddress, amount in satoshis) or signPsbt, not an EVM-style transaction request.',
        'sendTransfer',
      );
    }
    if (this.namespace !== 'eip155') {
      throw new UniversalAdapterUnsupportedError('sendTransaction', this.namespace, `No WalletConnect transaction method is defined for ${this.namespace}.`);
    }
    const ns = this.requireNamespace('sendTransaction');
    if (this.session.activeChain('eip155') !== network.caipNetworkId) await this.switchNetwork({ connector, network });
    const from = request.from ?? this.addressesOn(ns, network.caipNetworkId)[0];
    const tx: Record<string, string> = {};
    if (from) tx['from'] = from;
    tx['to'] = request.to;
    if (request.value !== undefined) tx['value'] = toHex(request.value);
    if (request.data !== undefined && request.data !== '0x') tx['data'] = request.data;
    if (request.gas !== undefined) tx['gas'] = toHex(request.gas);
    if (request.gasPrice !== undefined) tx['gasPrice'] = toHex(request.gasPrice);
    try {
      const hash = await this.session.eip1193Request({ method: 'eth_sendTransaction', params: [tx] });
      if (typeof hash !== 'string') throw new UnexpectedWalletResponseError('eth_sendTransaction', hash);
      return hash;
    } catch (err) {
      throw asError(err);
    }
  }

  async estimateGas({ network, request: req }: { connector: Connector; network: CaipNetwork; request: TransactionRequest }): Promise<bigint> {
    const request = req as EvmTransactionRequest;
    if (this.namespace !== 'eip155') {
      throw new UniversalAdapterUnsupportedError('estimateGas', this.namespace, 'Gas estimation exists for eip155 only.');
    }
    const call: Record<string, string> = { to: request.to };
    if (request.from) call['from'] = request.from;
    if (request.value !== undefined) call['value'] = toHex(request.value);
    if (request.data !== undefined && request.data !== '0x') call['data'] = request.data;
    const gas = await this.rpc().forNetwork(network).request<string>({ method: 'eth_estimateGas', params: [call] });
    return BigInt(gas);
  }

  async getBalance({ address, network }: { address: string; network: CaipNetwork }): Promise<{ balance: string; symbol: string }> {
    const { decimals, symbol } = network.nativeCurrency;
    if (this.namespace === 'eip155') {
      const wei = await this.rpc().forNetwork(network).request<string>({ method: 'eth_getBalance', params: [address, 'latest'] });
      return { balance: formatUnits(BigInt(wei), decimals), symbol };
    }
    if (this.namespace === 'solana') {
      const result = await this.rpc().forNetwork(network).request<{ value?: unknown } | number>({ method: 'getBalance', params: [address] });
      const lamports = typeof result === 'number' ? result : result?.value;
      if (typeof lamports !== 'number' && typeof lamports !== 'string' && typeof lamports !== 'bigint') {
        throw new UnexpectedWalletResponseError('getBalance', result);
      }
      return { balance: formatUnits(BigInt(lamports), decimals), symbol };
    }
    throw new UniversalAdapterUnsupportedError(
      'getBalance',
      this.namespace,
      `A ${this.namespace} balance has no JSON-RPC read through the kernel's transports; a chain plugin or a balance service provides it.`,
    );
  }

  // --- internals ------------------------------------------------------------

  private assertConnector(connector: Connector): void {
    if (connector.type !== 'WALLET_CONNECT') {
      throw new WalletConnectConnectorNotFoundError({
        details: `${connector.name} (${connector.id}) is not a WalletConnect connector; ${this.namespace} has no chain adapter besides the WalletConnect session.`,
      });
    }
  }

  /** This namespace of the live session; throws 4900 without a session, NamespaceNotApprovedError without the namespace. */
  private requireNamespace(operation: string): SessionNamespace {
    const session = this.session.currentProvider()?.session;
    if (!session) throw new ProviderDisconnectedError({ details: `UniversalAdapter:${operation} - no WalletConnect session.` });
    const ns = session.namespaces[this.namespace];
    if (!ns || ns.accounts.length === 0) throw new NamespaceNotApprovedError(this.namespace);
    return ns;
  }

  private establish(connector: Connector, network: CaipNetwork | undefined): AdapterConnection {
    const ns = this.session.currentProvider()?.session?.namespaces[this.namespace];
    if (!ns || ns.accounts.length === 0) throw new NamespaceNotApprovedError(this.namespace);
    let chain = this.session.activeChain(this.namespace) ?? sessionChains(ns)[0]!;
    // The app's network for this namespace, when the wallet approved it (an approved chain needs no prompt).
    if (network && network.caipNetworkId !== chain && sessionChains(ns).includes(network.caipNetworkId) && this.addressesOn(ns, network.caipNetworkId, true).length > 0) {
      this.session.setActiveChain(network.caipNetworkId);
      chain = network.caipNetworkId;
    }
    const addresses = this.addressesOn(ns, chain);
    const address = addresses[0];
    if (!address) throw new NamespaceNotApprovedError(this.namespace);
    this.connectorId = connector.id;
    this.listen();
    const type = this.namespace === 'bip122' ? 'payment' : 'eoa';
    const accounts: AccountRecord[] = addresses.map((a) => ({ namespace: this.namespace, address: a, type }));
    return { address, caipAddress: `${chain}:${address}` as CaipAddress, chainId: adapterChainId(chain), accounts };
  }

  /** Addresses of the session's accounts on `chain` (all of the namespace's when none is on it, unless `strict`). */
  private addressesOn(ns: SessionNamespace, chain: string, strict = false): string[] {
    const on = ns.accounts.filter((a) => a.startsWith(`${chain}:`));
    const list = on.length > 0 || strict ? on : ns.accounts;
    return [...new Set(list.map(accountAddress))];
  }

  private async switchEvmChain(network: CaipNetwork): Promise<void> {
    const chainId = toHex(BigInt(network.id));
    try {
      await this.session.eip1193Request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      return;
    } catch (err) {
      if (!isUnrecognizedChain(err)) throw asError(err);
    }
    // Spec section 7: on an unrecognised chain, add it, then switch.
    const explorer = network.blockExplorers?.default.url;
    try {
      await this.session.eip1193Request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId, rpcUrls: [...network.rpcUrls.default.http], chainName: network.name, nativeCurrency: network.nativeCurrency, ...(explorer ? { blockExplorerUrls: [explorer] } : {}) }],
      });
    } catch (err) {
      throw new ChainIsNotSupportedError({ cause: err });
    }
    try {
      await this.session.eip1193Request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
    } catch (err) {
      throw asError(err);
    }
  }

  private listen(): void {
    this.subscription ??= this.session.namespaceEvents$.subscribe((e) => this.onSessionEvent(e));
  }

  private release(): void {
    this.connectorId = undefined;
  }

  private onSessionEvent(e: NamespaceEvent): void {
    const connectorId = this.connectorId;
    if (!connectorId) return;
    if (e.type === 'disconnect') {
      this.release();
      this.events.next({ type: 'disconnect', namespace: this.namespace, connectorId });
      return;
    }
    if (e.namespace !== this.namespace) return;
    if (e.type === 'accountsChanged') {
      if (e.accounts.length === 0) {
        this.release();
        this.events.next({ type: 'disconnect', namespace: this.namespace, connectorId });
        return;
      }
      this.events.next({ type: 'accountsChanged', namespace: this.namespace, accounts: [...new Set(e.accounts)], connectorId });
      return;
    }
    this.events.next({ type: 'chainChanged', namespace: this.namespace, chainId: adapterChainId(e.chainId), connectorId });
  }
}
