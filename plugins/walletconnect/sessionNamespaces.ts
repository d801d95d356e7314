/**
 * Session namespaces a dapp proposes (docs/connection.md#session-methods): a fixed list of
 * wallet-session methods per namespace, the events accountsChanged and
 * chainChanged, the configured chains, and an rpcMap from the networks' own
 * RPC URLs so reads through the session never go to a hosted RPC.
 * Pure data helpers: no WalletConnect code is imported here. (The per-namespace request
 * methods of the universal adapter live in ./namespaces/.)
 */
import { parseCaipNetworkId, type CaipNetwork, type ChainNamespace } from 'latchkey';

export const EVM_SESSION_METHODS: readonly string[] = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_sendTransaction',
  'eth_signTransaction',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_getAssets',
];

export const SOLANA_SESSION_METHODS: readonly string[] = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'solana_requestAccounts',
  'solana_getAccounts',
];

export const BITCOIN_SESSION_METHODS: readonly string[] = ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'];

export const SESSION_EVENTS: readonly string[] = ['accountsChanged', 'chainChanged'];

/** Namespaces a WalletConnect session can carry, with their fixed method lists. */
const SESSION_METHODS: Readonly<Partial<Record<ChainNamespace, readonly string[]>>> = {
  eip155: EVM_SESSION_METHODS,
  solana: SOLANA_SESSION_METHODS,
  bip122: BITCOIN_SESSION_METHODS,
};

interface SessionNamespace {
  readonly methods: string[];
  readonly events: string[];
  /** CAIP-2 ids, e.g. 'eip155:1'. */
  readonly chains: string[];
  /** Chain reference (the part after the colon) → RPC URL. */
  readonly rpcMap: Record<string, string>;
}

export type SessionNamespaces = Record<string, SessionNamespace>;

/** Custom RPC URLs by CAIP-2 id (the kernel option `customRpcUrls`), preferred over the network's own. */
export type CustomRpcUrls = Readonly<Record<string, readonly { readonly url: string }[]>>;

/**
 * Builds the proposal's namespaces from the configured networks, in their order.
 * Networks of namespaces without a method list (e.g. polkadot) are left out.
 */
export function buildNamespaces(networks: readonly CaipNetwork[], customRpcUrls: CustomRpcUrls = {}): SessionNamespaces {
  const out: SessionNamespaces = {};
  for (const network of networks) {
    const ns = network.chainNamespace;
    const methods = SESSION_METHODS[ns];
    if (!methods) continue;
    const entry = (out[ns] ??= { methods: [...methods], events: [...SESSION_EVENTS], chains: [], rpcMap: {} });
    const id = network.caipNetworkId;
    if (!entry.chains.includes(id)) entry.chains.push(id);
    const rpc = customRpcUrls[id]?.[0]?.url ?? network.rpcUrls.chainDefault?.http[0] ?? network.rpcUrls.default.http[0];
    if (rpc) entry.rpcMap[parseCaipNetworkId(id).chainId] ??= rpc;
  }
  return out;
}
