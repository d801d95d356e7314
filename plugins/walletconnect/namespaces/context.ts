/**
 * What each namespace's methods (./eip155.ts, ./solana.ts, ./bip122.ts, ./polkadot.ts) get
 * from the universal adapter: the session, reads through the kernel's RpcTransport, and the
 * rules every namespace shares. A wallet-bound method goes out only when the session approved
 * it (the wallet lists its methods per namespace); otherwise CapabilityNotSupportedError.
 */
import {
  LatchkeyError,
  parseCaipAddress,
  parseCaipNetworkId,
  type AdapterCapability,
  type CaipNetwork,
  type ChainAdapter,
  type ChainNamespace,
  type RpcTransport,
} from 'latchkey';
import { CapabilityNotSupportedError, ProviderDisconnectedError, toProviderError } from 'latchkey/errors';
import { NamespaceNotApprovedError, UnexpectedWalletResponseError } from '../errors';
import type { WalletConnectSession } from '../types';

/** A namespace of the live session, as the wallet approved it. */
export interface SessionNamespace {
  readonly accounts: readonly string[];
  readonly chains?: readonly string[];
  readonly methods: readonly string[];
}

/** The parts of a CAIP-10 account, or undefined for one the kernel does not accept (a wallet's answer is input). */
export function parseAccount(account: string): { readonly chain: string; readonly address: string } | undefined {
  try {
    const parsed = parseCaipAddress(account);
    return { chain: parsed.caipNetworkId, address: parsed.address };
  } catch {
    return undefined;
  }
}

/** CAIP-2 chains of a session namespace: its `chains`, else those of its accounts, in order. */
export function sessionChains(ns: Pick<SessionNamespace, 'accounts' | 'chains'>): string[] {
  const list = ns.chains && ns.chains.length > 0 ? [...ns.chains] : ns.accounts.flatMap((a) => parseAccount(a)?.chain ?? []);
  return [...new Set(list)];
}

/** Addresses of the namespace's accounts on `chain` (all of the namespace's when none is on it, unless `strict`). */
export function addressesOn(ns: Pick<SessionNamespace, 'accounts'>, chain: string, strict = false): string[] {
  const parsed = ns.accounts.flatMap((a) => parseAccount(a) ?? []);
  const on = parsed.filter((a) => a.chain === chain);
  const list = on.length > 0 || strict ? on : parsed;
  return [...new Set(list.map((a) => a.address))];
}

/** The adapter's chain id for a CAIP-2 chain: a number for eip155, the reference string otherwise. */
export function adapterChainId(caipChainId: string): number | string {
  const { chainNamespace, chainId } = parseCaipNetworkId(caipChainId);
  return chainNamespace === 'eip155' ? Number(chainId) : chainId;
}

/** A wallet's error as a typed one (a LatchkeyError stays as it is). */
export function asError(err: unknown): LatchkeyError {
  return err instanceof LatchkeyError ? err : toProviderError(err);
}

/** `field` of a wallet's object answer when it is a non-empty string, else UnexpectedWalletResponseError. */
export function stringField(method: string, response: unknown, field: string): string {
  if (typeof response === 'string' && response !== '' && field === 'signature') return response;
  const value = (response as Record<string, unknown> | null | undefined)?.[field];
  if (typeof value === 'string' && value !== '') return value;
  throw new UnexpectedWalletResponseError(method, response);
}

export interface NamespaceContext {
  readonly namespace: ChainNamespace;
  readonly session: WalletConnectSession;
  readonly rpc: () => RpcTransport;
  /** This namespace of the live session: ProviderDisconnectedError (4900) without a session, NamespaceNotApprovedError without accounts. */
  approved(operation: string): SessionNamespace;
  /** The CAIP-2 chain this namespace's requests go to now. */
  activeChain(): string;
  /**
   * Sends `method` to the wallet on `chain` (default: the active one) for `capability`, when the
   * session approved the method; otherwise CapabilityNotSupportedError. The wallet's errors come
   * back typed (a rejection is UserRejectedRequestError).
   */
  call<T = unknown>(capability: string, method: string, params: unknown, chain?: string): Promise<T>;
}

export function namespaceContext(namespace: ChainNamespace, session: WalletConnectSession, rpc: () => RpcTransport): NamespaceContext {
  const ctx: NamespaceContext = {
    namespace,
    session,
    rpc,
    approved(operation) {
      const live = session.currentProvider()?.session;
      if (!live) throw new ProviderDisconnectedError({ details: `UniversalAdapter:${operation} - no WalletConnect session.` });
      const ns = live.namespaces[namespace];
      if (!ns || ns.accounts.length === 0) throw new NamespaceNotApprovedError(namespace);
      return ns;
    },
    activeChain() {
      const chain = session.activeChain(namespace);
      if (!chain) throw new NamespaceNotApprovedError(namespace);
      return chain;
    },
    async call<T>(capability: string, method: string, params: unknown, chain?: string): Promise<T> {
      const ns = ctx.approved(capability);
      if (!ns.methods.includes(method)) {
        throw new CapabilityNotSupportedError(capability, namespace, { details: `The wallet did not approve ${method} for this session.` });
      }
      try {
        return await session.request<T>({ method, params }, chain ?? ctx.activeChain());
      } catch (err) {
        throw asError(err);
      }
    },
  };
  return ctx;
}

/**
 * What a namespace supports through a WalletConnect session: sign a message, switch within
 * the session's chains (eip155 asks the wallet), read a balance, and the adapter capabilities
 * of its method list in docs/connection.md#session-methods. Absent: not supported.
 */
export interface NamespaceMethods<N extends ChainNamespace = ChainNamespace> extends Pick<ChainAdapter<N>, AdapterCapability> {
  signMessage?(params: { readonly address: string; readonly message: string }): Promise<string>;
  /** Asks the wallet to switch; without it, a switch moves to one of the session's approved chains. */
  switchNetwork?(network: CaipNetwork): Promise<void>;
  getBalance?(params: { readonly address: string; readonly network: CaipNetwork }): Promise<{ balance: string; symbol: string }>;
}

/** The capability names a namespace may implement (the adapter exposes those it has). */
export const CAPABILITIES: readonly AdapterCapability[] = [
  'sendTransaction',
  'estimateGas',
  'signTransaction',
  'signAllTransactions',
  'signPsbt',
  'sendCalls',
  'getCallsStatus',
  'getCapabilities',
  'grantPermissions',
  'revokePermissions',
  'getAssets',
];
