/**
 * The frame protocol's names and bounds, shared by both directions (index.ts says why this module
 * is a package entry): the message prefixes, the request list, AppKit's RPC method lists, the
 * error texts both sides use, the size bounds, and the message builders. No dependency at all.
 */

export const APP_PREFIX = '@w3m-app/';
export const FRAME_PREFIX = '@w3m-frame/';

/** Request names (without prefix) the frame answers, each with `_SUCCESS` / `_ERROR`. */
export const REQUESTS = [
  'SWITCH_NETWORK',
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_FARCASTER_URI',
  'CONNECT_FARCASTER',
  'GET_USER',
  'GET_SOCIAL_REDIRECT_URI',
  'SIGN_OUT',
  'IS_CONNECTED',
  'GET_CHAIN_ID',
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  'INIT_SMART_ACCOUNT',
  'SET_PREFERRED_ACCOUNT',
  'RPC_REQUEST',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'RELOAD',
] as const;
export type RequestName = (typeof REQUESTS)[number];
/** Page → frame notifications without a reply of their own. */
export const NOTIFICATIONS = ['RPC_ABORT'] as const;
export type AppEventName = RequestName | (typeof NOTIFICATIONS)[number];


/** Providers GET_SOCIAL_REDIRECT_URI takes (Farcaster has requests of its own). */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];

/** AppKit's read-only methods (W3mFrameRpcConstants.SAFE_RPC_METHODS): answered without the user. */
export const SAFE_RPC_METHODS: readonly string[] = [
  'eth_accounts', 'eth_blockNumber', 'eth_call', 'eth_chainId', 'eth_estimateGas', 'eth_feeHistory', 'eth_gasPrice',
  'eth_getAccount', 'eth_getBalance', 'eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash', 'eth_getBlockTransactionCountByNumber', 'eth_getCode', 'eth_getFilterChanges',
  'eth_getFilterLogs', 'eth_getLogs', 'eth_getProof', 'eth_getStorageAt', 'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex', 'eth_getTransactionByHash', 'eth_getTransactionCount',
  'eth_getTransactionReceipt', 'eth_getUncleCountByBlockHash', 'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas', 'eth_newBlockFilter', 'eth_newFilter', 'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction', 'eth_syncing', 'eth_uninstallFilter', 'wallet_getCapabilities', 'wallet_getCallsStatus',
  'eth_getUserOperationReceipt', 'eth_estimateUserOperationGas', 'eth_getUserOperationByHash', 'eth_supportedEntryPoints',
  'wallet_getAssets',
];

/**
 * AppKit's methods that need the user's approval (W3mFrameRpcConstants.NOT_SAFE_RPC_METHODS), as
 * docs/embedded-wallet.md#requests-and-approvals lists them: personal_sign, typed data, send transaction, Solana sign methods, send calls, grant
 * and revoke permissions, send user operation.
 */
export const NOT_SAFE_RPC_METHODS: readonly string[] = [
  'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'solana_signMessage', 'solana_signTransaction',
  'solana_signAllTransactions', 'solana_signAndSendTransaction', 'wallet_sendCalls', 'wallet_grantPermissions',
  'wallet_revokePermissions', 'eth_sendUserOperation',
];

export type RpcSafety = 'safe' | 'notSafe' | 'notAllowed';

/** Which path a method takes (docs/embedded-wallet.md#requests-and-approvals): safe, not safe (approval), or not allowed (unlisted). */
export function rpcSafety(method: string): RpcSafety {
  if (SAFE_RPC_METHODS.includes(method)) return 'safe';
  if (NOT_SAFE_RPC_METHODS.includes(method)) return 'notSafe';
  return 'notAllowed';
}

export const RPC_METHOD_NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed';
/** The message of every error answered to a parent whose origin is not on the project's allowlist. */
export const ORIGIN_NOT_ALLOWED_MESSAGE = 'Unauthorized: origin not allowed';
/** The message of every error answered when the frame's projectId is unknown to the service. */
export const INVALID_PROJECT_MESSAGE = 'Unauthorized: invalid key';
/** Smart accounts are not offered (on this chain): the error of INIT_SMART_ACCOUNT and SET_PREFERRED_ACCOUNT {type:'smartAccount'}. */
export const SMART_ACCOUNT_UNSUPPORTED_MESSAGE = 'This application might not support Smart Accounts';
/** What the page reads from an `X_ERROR` without a message, or with an empty one (docs/embedded-wallet.md#frame-messages). */
export const ERROR_WITHOUT_MESSAGE = 'An error occurred';

/** Size bounds (characters, or entries for `params` and `list`) both sides check. */
export const MAX = {
  /** a request id */
  id: 128,
  /** a message's `type`, prefix included (what the page reads) */
  type: 96,
  shortString: 256,
  uri: 4096,
  email: 254,
  otp: 32,
  chainId: 80,
  /** personal_sign message as hex or text, typed data JSON, transaction data: characters. */
  bigString: 262_144,
  /** entries of a page → frame array (SIWX resources, dapp icons) */
  params: 16,
  /** entries of a frame → page array (accounts, networks) */
  list: 64,
  /** an `X_ERROR`'s message, as the page keeps it */
  message: 2048,
  /** a session token */
  token: 8192,
} as const;

/**
 * zod 3's e-mail pattern, which W3mFrameSchema (zod 3.22) checks: what one side accepts the other
 * does, and the page sends only addresses the frame accepts.
 */
export const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Z0-9_+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

/** True when W3mFrameSchema (zod 3) would take `value` as an e-mail. */
export const isEmail = (value: string) => value.length <= MAX.email && EMAIL_PATTERN.test(value);

/** Normalises a chain id as the protocol carries it (1, '1', '0x1', 'eip155:1') to an EVM chain id, or undefined. */
export function evmChainId(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  let s = value.trim();
  if (s.startsWith('eip155:')) s = s.slice('eip155:'.length);
  else if (s.includes(':')) return undefined;
  const n = /^0x[0-9a-fA-F]{1,13}$/.test(s) ? parseInt(s, 16) : /^[1-9][0-9]{0,15}$/.test(s) ? Number(s) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

export interface ProtocolMessage {
  type: string;
  id?: string;
  payload?: unknown;
}

function message(prefix: string, name: string, id: string | undefined, payload: unknown): ProtocolMessage {
  const msg: ProtocolMessage = { type: `${prefix}${name}` };
  if (id !== undefined) msg.id = id;
  if (payload !== undefined) msg.payload = payload;
  return msg;
}

/** The page → frame message for request `name` (no `payload` key when there is none). */
export const appMessage = (name: string, id: string | undefined, payload?: unknown): ProtocolMessage => message(APP_PREFIX, name, id, payload);

/** The frame → page message for a reply (`X_SUCCESS`, `X_ERROR`) or an event (`READY`, `SESSION_UPDATE`). */
export const frameMessage = (name: string, id: string | undefined, payload?: unknown): ProtocolMessage => message(FRAME_PREFIX, name, id, payload);
