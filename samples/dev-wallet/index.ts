/**
 * Latchkey Dev Wallet: a development wallet that lives inside the demo page.
 *
 * - An EIP-1193 provider announced ONLY through EIP-6963 (never `window.ethereum`).
 * - Accounts are anvil's unlocked dev accounts: signing requests (personal_sign,
 *   eth_sendTransaction, eth_signTypedData_v4) are forwarded to the node, which signs.
 * - Knows only its initial chain; other chains must be added with wallet_addEthereumChain.
 * - Approvals are automatic, except that `rejectNext` (or `?devWalletReject=1`) makes the
 *   next approval request fail with 4001, so a dapp's decline path can be tested.
 * - Authorisation, the current chain and added chains persist in storage, so a reload
 *   reconnects without a prompt; wallet_revokePermissions clears the authorisation.
 * - Wallet calls (./capabilities): wallet_getCapabilities, wallet_sendCalls /
 *   wallet_getCallsStatus (EIP-5792, atomic through anvil snapshots), wallet_grantPermissions /
 *   wallet_revokePermissions (ERC-7715, a permission store) and wallet_getAssets (EIP-7811).
 */
import { svgIcon } from './standard';
import { createCapabilities, type AtomicStatus, type DevWalletToken } from './capabilities';

export type { AtomicStatus, DevWalletToken } from './capabilities';

export interface DevWalletChain {
  readonly chainId: number;
  readonly rpcUrl: string;
  readonly name?: string;
  /** EIP-5792 atomic execution: default 'supported' for the chains given at install, 'unsupported' for chains added later. */
  readonly atomic?: AtomicStatus;
}

export interface Eip6963ProviderInfo {
  readonly uuid: string;
  readonly name: string;
  readonly icon: string;
  readonly rdns: string;
}

import type { StorageLike, WalletHost } from './host';

export type { StorageLike, WalletHost } from './host';

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<any>;
}>;

export interface DevWalletOptions {
  /** Where to announce; defaults to the global `window`. */
  readonly host?: WalletHost;
  /** Chains known at start; the first is the initial chain unless storage says otherwise. */
  readonly chains: readonly DevWalletChain[];
  readonly fetch?: FetchLike;
  readonly storage?: StorageLike;
  readonly storageKey?: string;
  /** Overrides the random EIP-6963 uuid (tests). */
  readonly uuid?: string;
  /** Sets `window.__devWallet` to the wallet's control object (default true when host is the global window). */
  readonly exposeGlobal?: boolean;
  /** ERC-20 tokens wallet_getAssets reports (with the native currency). */
  readonly tokens?: readonly DevWalletToken[];
}

export interface ProviderRpcError extends Error {
  readonly code: number;
  readonly data?: unknown;
}

type Listener = (...args: any[]) => void;

export interface DevWalletProvider {
  readonly isLatchkeyDevWallet: true;
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: string, listener: Listener): DevWalletProvider;
  removeListener(event: string, listener: Listener): DevWalletProvider;
  off(event: string, listener: Listener): DevWalletProvider;
}

export interface DevWallet {
  readonly info: Eip6963ProviderInfo;
  readonly provider: DevWalletProvider;
  /** When true, the next request that needs the user's approval fails with 4001 (then resets). */
  rejectNext: boolean;
  /** When true, every approval request fails with 4001 until reset. */
  rejectAll: boolean;
  /** Current chain id (number). */
  readonly chainId: number;
  /** The authorised account, if any. */
  readonly account: string | undefined;
  /** Chains the wallet knows. */
  readonly chains: readonly DevWalletChain[];
  /** Announces the provider (EIP-6963). */
  announce(): void;
  /** Switches to the node's dev account at `index` and emits accountsChanged when authorised. */
  selectAccount(index: number): Promise<string>;
  /** Forgets the authorisation and emits accountsChanged([]) (like wallet_revokePermissions). */
  revoke(): void;
  /** Emits `disconnect` to listeners (as a wallet does when the user disconnects it). */
  disconnect(): void;
  /** Stops listening for eip6963:requestProvider. */
  uninstall(): void;
}

export const DEV_WALLET_NAME = 'Latchkey Dev Wallet';
export const DEV_WALLET_RDNS = 'dev.latchkey.wallet';
/**
 * Base64, because wallet-standard requires base64 icons and the Solana side of this wallet
 * (samples/dev-wallet/wallets.ts) registers with the same name and the same icon.
 */
export const DEV_WALLET_ICON = svgIcon(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b5bdb"/><circle cx="13" cy="16" r="5" fill="none" stroke="#fff" stroke-width="3"/><path d="M18 16h9m-3 0v4" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>',
);

const STORAGE_KEY = 'latchkey-dev-wallet';

/** Methods that need the user's approval (rejectNext applies to these). */
const APPROVAL_METHODS = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]);
/** Methods that need an authorised account. */
const ACCOUNT_METHODS = new Set(['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_sendTransaction']);

export function providerError(code: number, message: string, data?: unknown): ProviderRpcError {
  const err = new Error(message) as Error & { code: number; data?: unknown };
  err.name = 'ProviderRpcError';
  err.code = code;
  if (data !== undefined) err.data = data;
  return err;
}

const toHex = (n: number) => `0x${n.toString(16)}`;

function parseChainId(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return Number.parseInt(value, 16);
  throw providerError(-32602, `Invalid chain ID: ${String(value)}`);
}

interface Persisted {
  account?: string;
  accountIndex?: number;
  chainId?: number;
  added?: DevWalletChain[];
}

function randomUuid(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function makeEvent(host: WalletHost, type: string, detail?: unknown): Event {
  const Ctor = ((host as unknown as { CustomEvent?: typeof CustomEvent }).CustomEvent ?? globalThis.CustomEvent) as typeof CustomEvent;
  return new Ctor(type, { detail });
}

/** Installs the dev wallet: listens for eip6963:requestProvider and announces once right away. */
export function installDevWallet(options: DevWalletOptions): DevWallet {
  if (options.chains.length === 0) throw new Error('Dev wallet: at least one chain is required');
  const host = options.host ?? (globalThis as unknown as { window: WalletHost }).window;
  if (!host) throw new Error('Dev wallet: no window to announce on');
  const doFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const storage: StorageLike | undefined = options.storage ?? safeLocalStorage(host);
  const storageKey = options.storageKey ?? STORAGE_KEY;

  const persisted = readPersisted(storage, storageKey);
  const chains = new Map<number, DevWalletChain>();
  for (const c of options.chains) chains.set(c.chainId, { ...c, atomic: c.atomic ?? 'supported' });
  for (const c of persisted.added ?? []) if (!chains.has(c.chainId)) chains.set(c.chainId, c);
  const added: DevWalletChain[] = (persisted.added ?? []).filter((c) => !options.chains.some((o) => o.chainId === c.chainId));
  let chainId = persisted.chainId && chains.has(persisted.chainId) ? persisted.chainId : options.chains[0]!.chainId;
  let account = persisted.account;
  let accountIndex = persisted.accountIndex ?? 0;

  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const l of [...(listeners.get(event) ?? [])]) {
      try {
        l(...args);
      } catch (err) {
        console.error('[dev wallet] listener failed', err);
      }
    }
  };
  const persist = () => {
    const data: Persisted = { account, accountIndex, chainId, added };
    try {
      storage?.setItem(storageKey, JSON.stringify(data));
    } catch {
      /* storage full or blocked: the wallet keeps working without persistence */
    }
  };

  let rpcId = 0;
  const nodeRequest = async (method: string, params: unknown, onChain = chainId): Promise<unknown> => {
    const chain = chains.get(onChain);
    if (!chain) throw providerError(4901, 'The provider is disconnected from the specified chain.');
    return rpcAt(chain.rpcUrl, method, params);
  };
  const rpcAt = async (url: string, method: string, params: unknown): Promise<unknown> => {
    let res;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
      });
    } catch (cause) {
      throw providerError(-32603, `Dev wallet could not reach ${url}: ${(cause as Error)?.message ?? cause}`);
    }
    if (!res.ok) throw providerError(-32603, `Dev wallet: ${url} answered HTTP ${res.status}`);
    const body = await res.json();
    if (body?.error) throw providerError(body.error.code ?? -32603, body.error.message ?? 'Internal error', body.error.data);
    return body?.result;
  };

  const nodeAccounts = async (): Promise<string[]> => {
    const list = (await nodeRequest('eth_accounts', [])) as string[];
    if (!Array.isArray(list) || list.length === 0) throw providerError(-32603, 'Dev wallet: the node has no unlocked accounts');
    return list;
  };

  const authorise = async (): Promise<string> => {
    if (account) return account;
    const list = await nodeAccounts();
    const next = list[Math.min(accountIndex, list.length - 1)]!;
    account = next;
    persist();
    emit('accountsChanged', [next]);
    return next;
  };

  const revoke = () => {
    if (!account) return;
    account = undefined;
    persist();
    emit('accountsChanged', []);
  };

  const switchTo = (id: number) => {
    if (id === chainId) return;
    chainId = id;
    persist();
    emit('chainChanged', toHex(id));
  };

  const requireAccount = (claimed?: unknown): string => {
    if (!account) throw providerError(4100, 'The requested account and/or method has not been authorized by the user.');
    if (typeof claimed === 'string' && claimed.toLowerCase() !== account.toLowerCase()) {
      throw providerError(4100, 'The requested account and/or method has not been authorized by the user.');
    }
    return account;
  };

  const control: DevWallet = {
    rejectNext: false,
    rejectAll: false,
    get info() {
      return info;
    },
    get provider() {
      return provider;
    },
    get chainId() {
      return chainId;
    },
    get account() {
      return account;
    },
    get chains() {
      return [...chains.values()];
    },
    announce: () => announce(),
    selectAccount: async (index: number) => {
      const list = await nodeAccounts();
      if (!Number.isInteger(index) || index < 0 || index >= list.length) throw new Error(`Dev wallet: no account ${index}`);
      accountIndex = index;
      if (account) {
        account = list[index]!;
        persist();
        emit('accountsChanged', [account]);
      } else persist();
      return list[index]!;
    },
    revoke,
    disconnect: () => {
      account = undefined;
      persist();
      emit('disconnect', providerError(4900, 'The provider is disconnected from all chains.'));
    },
    uninstall: () => host.removeEventListener('eip6963:requestProvider', onRequestProvider),
  };

  if (host.location && /[?&]devWalletReject=(1|true)(&|$)/.test(host.location.search)) control.rejectNext = true;

  /** An approval prompt: declined (4001) when the wallet is told to decline. */
  const approve = () => {
    if (control.rejectAll || control.rejectNext) {
      control.rejectNext = false;
      throw providerError(4001, 'User rejected the request.');
    }
  };
  const capabilities = createCapabilities({
    rpc: (id, method, params) => {
      const chain = chains.get(id);
      if (!chain) throw providerError(4901, 'The provider is disconnected from the specified chain.');
      return rpcAt(chain.rpcUrl, method, params);
    },
    chain: (id) => chains.get(id),
    chainIds: () => [...chains.keys()],
    get chainId() {
      return chainId;
    },
    requireAccount: (claimed) => requireAccount(claimed),
    approve,
    error: (code, message, data) => providerError(code, message, data),
    tokens: options.tokens ?? [],
  });

  const handle = async (method: string, params: any): Promise<unknown> => {
    if (APPROVAL_METHODS.has(method) && (control.rejectAll || control.rejectNext)) {
      control.rejectNext = false;
      throw providerError(4001, 'User rejected the request.');
    }
    switch (method) {
      case 'eth_requestAccounts':
        return [await authorise()];
      case 'eth_accounts':
        return account ? [account] : [];
      case 'eth_chainId':
        return toHex(chainId);
      case 'net_version':
        return String(chainId);
      case 'wallet_requestPermissions': {
        await authorise();
        return [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [account] }] }];
      }
      case 'wallet_getPermissions':
        return account ? [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [account] }] }] : [];
      case 'wallet_revokePermissions': {
        // ERC-7715 revokes a granted permission by its context; EIP-2255 ({ eth_accounts: {} }) the connection.
        const first = Array.isArray(params) ? params[0] : undefined;
        if (first && typeof first === 'object' && 'permissionsContext' in first) return capabilities.handle(method, params);
        revoke();
        return null;
      }
      case 'wallet_switchEthereumChain': {
        const target = parseChainId(Array.isArray(params) ? params[0]?.chainId : undefined);
        if (!chains.has(target)) throw providerError(4902, 'Unrecognized chain ID');
        switchTo(target);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const p = Array.isArray(params) ? params[0] : undefined;
        const target = parseChainId(p?.chainId);
        const rpcUrl = Array.isArray(p?.rpcUrls) ? p.rpcUrls.find((u: unknown) => typeof u === 'string' && /^https?:\/\//.test(u)) : undefined;
        if (!rpcUrl) throw providerError(-32602, 'Expected an array with at least one valid string HTTPS url \'rpcUrls\'');
        if (!chains.has(target)) {
          // Like real wallets: the RPC must answer with the chain id being added.
          let answered: number;
          try {
            answered = Number.parseInt(String(await rpcAt(rpcUrl, 'eth_chainId', [])), 16);
          } catch (cause) {
            throw providerError(-32603, `Could not fetch chain ID. Is your RPC URL correct? (${(cause as Error).message})`);
          }
          if (answered !== target) {
            throw providerError(-32603, `Chain ID returned by RPC URL ${rpcUrl} does not match ${toHex(target)}`);
          }
          const chain: DevWalletChain = { chainId: target, rpcUrl, name: typeof p.chainName === 'string' ? p.chainName : undefined };
          chains.set(target, chain);
          added.push(chain);
          persist();
        }
        switchTo(target);
        return null;
      }
      case 'personal_sign': {
        const [message, address] = Array.isArray(params) ? params : [];
        const from = requireAccount(address);
        return nodeRequest('personal_sign', [message, from]);
      }
      case 'eth_sign': {
        const [address, message] = Array.isArray(params) ? params : [];
        const from = requireAccount(address);
        return nodeRequest('eth_sign', [from, message]);
      }
      case 'eth_signTypedData_v4': {
        const [address, data] = Array.isArray(params) ? params : [];
        const from = requireAccount(address);
        return nodeRequest('eth_signTypedData_v4', [from, data]);
      }
      case 'eth_sendTransaction': {
        const tx = Array.isArray(params) && params[0] && typeof params[0] === 'object' ? { ...params[0] } : {};
        tx.from = requireAccount(tx.from ?? account);
        if (tx.chainId !== undefined && parseChainId(tx.chainId) !== chainId) {
          throw providerError(-32602, `Invalid chainId ${tx.chainId}: the wallet is on ${toHex(chainId)}`);
        }
        return nodeRequest('eth_sendTransaction', [tx]);
      }
      default: {
        const answer = capabilities.handle(method, params);
        if (answer) return answer;
        if (/^(eth|net|web3)_/.test(method)) return nodeRequest(method, params);
        throw providerError(4200, `The Provider does not support the requested method: ${method}`);
      }
    }
  };

  const provider: DevWalletProvider = {
    isLatchkeyDevWallet: true,
    request: async (args) => {
      if (!args || typeof args.method !== 'string') throw providerError(-32600, 'Invalid request: expected { method }');
      return handle(args.method, args.params);
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
    off(event, listener) {
      return provider.removeListener(event, listener);
    },
  };

  const info: Eip6963ProviderInfo = Object.freeze({
    uuid: options.uuid ?? randomUuid(),
    name: DEV_WALLET_NAME,
    icon: DEV_WALLET_ICON,
    rdns: DEV_WALLET_RDNS,
  });
  const detail = Object.freeze({ info, provider });
  const announce = () => {
    host.dispatchEvent(makeEvent(host, 'eip6963:announceProvider', detail));
  };
  const onRequestProvider = () => announce();
  host.addEventListener('eip6963:requestProvider', onRequestProvider);
  announce();

  const expose = options.exposeGlobal ?? options.host === undefined;
  if (expose) (host as unknown as { __devWallet?: DevWallet }).__devWallet = control;
  return control;
}

function safeLocalStorage(host: WalletHost): StorageLike | undefined {
  try {
    return host.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function readPersisted(storage: StorageLike | undefined, key: string): Persisted {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return {};
    const data = JSON.parse(raw) as Persisted;
    return typeof data === 'object' && data ? data : {};
  } catch {
    return {};
  }
}
