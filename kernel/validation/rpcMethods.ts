/**
 * Safe and not-safe remote-call methods (spec section 6). Not-safe methods
 * need the user's approval (ApproveTransaction); safe ones are read-only and
 * are not aborted when open requests are rejected; any other method is refused
 * with RpcMethodNotAllowedError ('Requested RPC call is not allowed').
 */
import { RpcMethodNotAllowedError } from '../errors/kernel';

/** Methods that need a signature or a transaction approval. */
export const UNSAFE_RPC_METHODS: readonly string[] = [
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
];

/** Prefixes whose every method is unsafe (typed-data versions, Solana signing). */
const UNSAFE_PREFIXES: readonly string[] = ['eth_signTypedData', 'solana_sign'];

/** Read-only methods. */
export const SAFE_RPC_METHODS: readonly string[] = [
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getAccount',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_estimateUserOperationGas',
  'eth_supportedEntryPoints',
  'net_version',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_getAssets',
];

const UNSAFE = /*#__PURE__*/ new Set(UNSAFE_RPC_METHODS);
const SAFE = /*#__PURE__*/ new Set(SAFE_RPC_METHODS);

export function isUnsafeRpcMethod(method: string): boolean {
  return UNSAFE.has(method) || UNSAFE_PREFIXES.some((prefix) => method.startsWith(prefix));
}

export function isSafeRpcMethod(method: string): boolean {
  return SAFE.has(method) && !isUnsafeRpcMethod(method);
}

/** 'safe' or 'unsafe'; an unlisted method throws RpcMethodNotAllowedError. */
export function assertAllowedRpcMethod(method: string): 'safe' | 'unsafe' {
  if (isUnsafeRpcMethod(method)) return 'unsafe';
  if (isSafeRpcMethod(method)) return 'safe';
  throw new RpcMethodNotAllowedError(method);
}
