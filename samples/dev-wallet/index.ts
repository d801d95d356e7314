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
 *
 * This file installs it (state, events, the node's RPC, the control object, the announce); beside
 * it: its types (evmTypes.ts), EIP-6963 identity (eip6963.ts), errors (evmErrors.ts), storage
 * (persistence.ts) and the methods it answers (evmRequests.ts).
 */
import { createCapabilities } from './capabilities';
import { DEV_WALLET_ICON, DEV_WALLET_NAME, DEV_WALLET_RDNS, makeEvent, randomUuid } from './eip6963';
import { providerError, toHex } from './evmErrors';
import { requestHandler } from './evmRequests';
import type { DevWallet, DevWalletChain, DevWalletOptions, DevWalletProvider, Eip6963ProviderInfo, FetchLike, Listener } from './evmTypes';
import type { StorageLike, WalletHost } from './host';
import { readPersisted, safeLocalStorage, STORAGE_KEY, type Persisted } from './persistence';

export { DEV_WALLET_ICON, DEV_WALLET_NAME } from './eip6963';
export type { DevWallet, DevWalletOptions, FetchLike } from './evmTypes';

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

  const handle = requestHandler({
    control,
    chains,
    added,
    get account() {
      return account;
    },
    get chainId() {
      return chainId;
    },
    capabilities,
    authorise,
    revoke,
    switchTo,
    requireAccount,
    persist,
    nodeRequest,
    rpcAt,
  });

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
