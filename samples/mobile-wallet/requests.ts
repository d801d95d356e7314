/**
 * Carrying out what the visitor approved: personal_sign, eth_signTypedData_v4,
 * eth_sendTransaction and wallet_switchEthereumChain with viem, and the errors answered to the
 * dapp as they are (WalletRpcError).
 */
import { createWalletClient, http, isHex, type Chain, type Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { chainIdOf, RPC_ERRORS, toViemTransaction, type RpcTransaction } from './logic';
import type { PendingRequest } from './state';

/** What a request needs from the wallet that carries it out. */
export interface RequestContext {
  readonly account: PrivateKeyAccount;
  readonly viemChains: ReadonlyMap<number, Chain>;
  /** Makes `chainId` the session's active chain. */
  switchChain(topic: string, chainId: number): Promise<void>;
  /** Logs the receipt once mined and refreshes the balances. */
  afterTransaction(chain: Chain, hash: Hex): Promise<void>;
}

/**
 * Carries out an approved request: returns the JSON-RPC result (and what to do once the dapp
 * has it), or throws a WalletRpcError (answered as is) or any error (answered as -32603).
 */
export async function executeRequest(request: PendingRequest, wallet: RequestContext): Promise<{ result: unknown; after?: () => Promise<void> }> {
  const params = Array.isArray(request.params) ? request.params : [];
  switch (request.method) {
    case 'personal_sign': {
      const [message, signer] = params as [string, string | undefined];
      if (typeof signer === 'string' && signer.toLowerCase() !== wallet.account.address.toLowerCase()) {
        throw rpcError(RPC_ERRORS.invalidParams(`This wallet cannot sign for ${signer}.`));
      }
      if (typeof message !== 'string') throw rpcError(RPC_ERRORS.invalidParams('personal_sign expects a message'));
      return { result: await wallet.account.signMessage({ message: isHex(message) ? { raw: message } : message }) };
    }
    case 'eth_signTypedData_v4': {
      const [, data] = params as [string, unknown];
      const typed = typeof data === 'string' ? JSON.parse(data) : data;
      return { result: await wallet.account.signTypedData(typed) };
    }
    case 'eth_sendTransaction': {
      const chainId = chainIdOf(request.chainId);
      const chain = chainId === undefined ? undefined : wallet.viemChains.get(chainId);
      if (!chain) throw rpcError(RPC_ERRORS.unrecognizedChain(request.chainId));
      const tx = toViemTransaction((params[0] ?? {}) as RpcTransaction, wallet.account.address);
      const client = createWalletClient({ account: wallet.account, chain, transport: http() });
      // gasPrice and the EIP-1559 fees are never both set (toViemTransaction keeps one kind).
      const hash = await client.sendTransaction(tx as Parameters<typeof client.sendTransaction>[0]);
      return { result: hash, after: () => wallet.afterTransaction(chain, hash) };
    }
    case 'wallet_switchEthereumChain': {
      const target = chainIdOf((params[0] as { chainId?: unknown } | undefined)?.chainId);
      if (target === undefined || !wallet.viemChains.has(target)) throw rpcError(RPC_ERRORS.unrecognizedChain(String((params[0] as any)?.chainId)));
      await wallet.switchChain(request.topic, target);
      return { result: null };
    }
    default:
      throw rpcError(RPC_ERRORS.unsupportedMethod(request.method));
  }
}

export class WalletRpcError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}

function rpcError(e: { code: number; message: string }): WalletRpcError {
  return new WalletRpcError(e.code, e.message);
}
