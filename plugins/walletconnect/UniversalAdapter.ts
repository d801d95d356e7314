/**
 * The universal adapter: one per namespace a WalletConnect session can carry, for namespaces
 * no chain plugin adapts. This file is the dispatcher: connect, restore, disconnect, switch
 * and the session's events are the same for every namespace; what a namespace can do (sign,
 * send, the capabilities of its method list in docs/connection.md#session-methods) is its own small file in
 * ./namespaces/, and the adapter exposes exactly those methods (so `Connection.session(ns,
 * 'signPsbt')` finds out up front whether a namespace has it).
 */
import { Subject, type Subscription } from 'rxjs';
import type {
  AdapterConnection,
  AdapterEvent,
  CaipAddress,
  CaipNetwork,
  ChainAdapter,
  ChainNamespace,
  Connector,
  RpcTransport,
} from 'latchkey';
import { RequestAbortedError, SwitchChainError } from 'latchkey/errors';
import {
  NamespaceNotApprovedError,
  UniversalAdapterUnsupportedError,
  UniversalProviderUndefinedError,
  WalletConnectConnectorNotFoundError,
} from './errors';
import type { NamespaceEvent, WalletConnectSession } from './types';
import { CAPABILITIES, adapterChainId, addressesOn, asError, namespaceContext, sessionChains, type NamespaceContext, type NamespaceMethods } from './namespaces/context';
import { eip155Methods } from './namespaces/eip155';
import { solanaMethods } from './namespaces/solana';
import { bip122Methods } from './namespaces/bip122';
import { polkadotMethods } from './namespaces/polkadot';

type AccountRecord = AdapterConnection['accounts'][number];

type MethodsOf = (ctx: NamespaceContext) => NamespaceMethods;

/** Each namespace's methods (their request shapes differ per namespace, hence the widening). */
const NAMESPACE_METHODS: Readonly<Record<ChainNamespace, MethodsOf>> = {
  eip155: eip155Methods as unknown as MethodsOf,
  solana: solanaMethods as unknown as MethodsOf,
  bip122: bip122Methods as unknown as MethodsOf,
  polkadot: polkadotMethods as unknown as MethodsOf,
};

/** The capability methods are the namespace's own, set in the constructor (absent when it has none). */
export interface UniversalAdapter extends Pick<ChainAdapter, (typeof CAPABILITIES)[number]> {}

export class UniversalAdapter implements ChainAdapter {
  private readonly events = new Subject<AdapterEvent>();
  readonly events$ = this.events.asObservable();
  private readonly ctx: NamespaceContext;
  private readonly methods: NamespaceMethods;
  /** Connector id of the connection this adapter made and still holds. */
  private connectorId: string | undefined;
  private subscription: Subscription | undefined;

  constructor(
    readonly namespace: ChainNamespace,
    private readonly session: WalletConnectSession,
    rpc: () => RpcTransport,
  ) {
    this.ctx = namespaceContext(namespace, session, rpc);
    this.methods = NAMESPACE_METHODS[namespace](this.ctx);
    for (const name of CAPABILITIES) {
      const fn = this.methods[name] as ((...args: never[]) => unknown) | undefined;
      if (fn) Object.defineProperty(this, name, { value: fn.bind(this.methods), enumerable: true });
    }
  }

  /** True while this adapter holds a connection (tests, diagnostics). */
  get connected(): boolean {
    return this.connectorId !== undefined;
  }

  async connect({ connector, network, signal }: { connector: Connector; network?: CaipNetwork; signal?: AbortSignal }): Promise<AdapterConnection> {
    this.assertConnector(connector);
    try {
      await this.session.connect(signal ? { signal } : undefined);
    } catch (err) {
      throw asError(err);
    }
    if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new RequestAbortedError();
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
    this.connectorId = undefined;
    await this.session.disconnect();
  }

  async switchNetwork({ network }: { connector: Connector; network: CaipNetwork }): Promise<void> {
    const ns = this.ctx.approved('switchNetwork');
    if (network.chainNamespace !== this.namespace) throw new SwitchChainError({ details: `${network.caipNetworkId} is not a ${this.namespace} network.` });
    if (this.methods.switchNetwork) {
      await this.methods.switchNetwork(network);
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
    if (!this.session.currentProvider()?.session) throw new UniversalProviderUndefinedError();
    if (!this.methods.signMessage) {
      throw new UniversalAdapterUnsupportedError('signMessage', this.namespace, `No WalletConnect signing method is defined for ${this.namespace}.`);
    }
    if (!this.session.activeChain(this.namespace)) throw new NamespaceNotApprovedError(this.namespace);
    return this.methods.signMessage({ address, message });
  }

  async getBalance(params: { address: string; network: CaipNetwork }): Promise<{ balance: string; symbol: string }> {
    if (!this.methods.getBalance) {
      throw new UniversalAdapterUnsupportedError('getBalance', this.namespace, `No ${this.namespace} balance read is defined.`);
    }
    return this.methods.getBalance(params);
  }

  // --- internals ------------------------------------------------------------

  private assertConnector(connector: Connector): void {
    if (connector.type !== 'WALLET_CONNECT') {
      throw new WalletConnectConnectorNotFoundError({
        details: `${connector.name} (${connector.id}) is not a WalletConnect connector; ${this.namespace} has no chain adapter besides the WalletConnect session.`,
      });
    }
  }

  private establish(connector: Connector, network: CaipNetwork | undefined): AdapterConnection {
    const ns = this.session.currentProvider()?.session?.namespaces[this.namespace];
    if (!ns || ns.accounts.length === 0) throw new NamespaceNotApprovedError(this.namespace);
    const chains = sessionChains(ns);
    let chain = this.session.activeChain(this.namespace) ?? chains[0];
    // The app's network for this namespace, when the wallet approved it (an approved chain needs no prompt).
    if (network && network.caipNetworkId !== chain && chains.includes(network.caipNetworkId) && addressesOn(ns, network.caipNetworkId, true).length > 0) {
      this.session.setActiveChain(network.caipNetworkId);
      chain = network.caipNetworkId;
    }
    const addresses = chain ? addressesOn(ns, chain) : [];
    const address = addresses[0];
    if (!chain || !address) throw new NamespaceNotApprovedError(this.namespace);
    this.connectorId = connector.id;
    this.subscription ??= this.session.namespaceEvents$.subscribe((e) => this.onSessionEvent(e));
    const type = this.namespace === 'bip122' ? 'payment' : 'eoa';
    const accounts: AccountRecord[] = addresses.map((a) => ({ namespace: this.namespace, address: a, type }));
    return { address, caipAddress: `${chain}:${address}` as CaipAddress, chainId: adapterChainId(chain), accounts };
  }

  private onSessionEvent(e: NamespaceEvent): void {
    const connectorId = this.connectorId;
    if (!connectorId) return;
    if (e.type === 'namespacesUpdated') return; // the approved chains: ./followSession
    if (e.type === 'disconnect') {
      this.connectorId = undefined;
      this.events.next({ type: 'disconnect', namespace: this.namespace, connectorId, scope: 'session' });
      return;
    }
    if (e.namespace !== this.namespace) return;
    if (e.type === 'accountsChanged') {
      if (e.accounts.length === 0) {
        // This namespace lost its accounts; the session (and its other namespaces) lives on.
        this.connectorId = undefined;
        this.events.next({ type: 'disconnect', namespace: this.namespace, connectorId, scope: 'namespace' });
        return;
      }
      this.events.next({ type: 'accountsChanged', namespace: this.namespace, accounts: [...new Set(e.accounts)], connectorId });
      return;
    }
    this.events.next({ type: 'chainChanged', namespace: this.namespace, chainId: adapterChainId(e.chainId), connectorId });
  }
}
