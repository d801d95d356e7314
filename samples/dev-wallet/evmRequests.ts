/**
 * The EVM dev wallet's request handling: each EIP-1193 method it answers itself (accounts,
 * permissions, chains), the signing methods it forwards to the node with the authorised account,
 * the wallet calls of ./capabilities, and any other eth_/net_/web3_ read passed to the node.
 */
import type { createCapabilities } from './capabilities';
import { parseChainId, providerError, toHex } from './evmErrors';
import type { DevWallet, DevWalletChain } from './evmTypes';

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

/** What the handler reads and changes of the wallet it belongs to (installDevWallet's state). */
export interface RequestContext {
  readonly control: DevWallet;
  readonly chains: Map<number, DevWalletChain>;
  readonly added: DevWalletChain[];
  readonly account: string | undefined;
  readonly chainId: number;
  readonly capabilities: ReturnType<typeof createCapabilities>;
  authorise(): Promise<string>;
  revoke(): void;
  switchTo(id: number): void;
  requireAccount(claimed?: unknown): string;
  persist(): void;
  nodeRequest(method: string, params: unknown): Promise<unknown>;
  rpcAt(url: string, method: string, params: unknown): Promise<unknown>;
}

/** The wallet's `request(method, params)`, over its state in `ctx`. */
export function requestHandler(ctx: RequestContext): (method: string, params: any) => Promise<unknown> {
  const { control, chains, added, capabilities, authorise, revoke, switchTo, requireAccount, persist, nodeRequest, rpcAt } = ctx;
  return async (method: string, params: any): Promise<unknown> => {
    if (APPROVAL_METHODS.has(method) && (control.rejectAll || control.rejectNext)) {
      control.rejectNext = false;
      throw providerError(4001, 'User rejected the request.');
    }
    switch (method) {
      case 'eth_requestAccounts':
        return [await authorise()];
      case 'eth_accounts':
        return ctx.account ? [ctx.account] : [];
      case 'eth_chainId':
        return toHex(ctx.chainId);
      case 'net_version':
        return String(ctx.chainId);
      case 'wallet_requestPermissions': {
        await authorise();
        return [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [ctx.account] }] }];
      }
      case 'wallet_getPermissions':
        return ctx.account ? [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [ctx.account] }] }] : [];
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
        tx.from = requireAccount(tx.from ?? ctx.account);
        if (tx.chainId !== undefined && parseChainId(tx.chainId) !== ctx.chainId) {
          throw providerError(-32602, `Invalid chainId ${tx.chainId}: the wallet is on ${toHex(ctx.chainId)}`);
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
}
