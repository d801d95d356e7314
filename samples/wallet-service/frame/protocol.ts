/**
 * The page ↔ frame protocol of the embedded wallet: AppKit's frame protocol (`@reown/appkit-wallet`'s
 * W3mFrameSchema): page → frame messages are `{ id?, type: '@w3m-app/…', payload? }`, frame → page
 * messages `{ id?, type: '@w3m-frame/…', payload? }`; a reply carries the request's id.
 *
 * This module has no runtime dependency but `zod/mini` (small enough for the frame page) and is
 * self-contained so that a client can share it. PROTOCOL.md documents every message.
 *
 * The schemas here accept what W3mFrameSchema.appEvent accepts for every type the frame handles, with
 * size bounds added (strings, arrays), and unknown keys stripped. Validation messages follow zod 3's
 * wording that docs/errors.md#validation-messages lists ('Required', 'Expected string, received number', 'Invalid email',
 * "Invalid enum value. Expected 'a' | 'b', received 'c'", 'Invalid input').
 */
import * as z from 'zod/mini';

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

/** Requests whose success W3mFrameSchema has no frame event for: the frame only ever answers them with _ERROR. */
export const ERROR_ONLY: readonly RequestName[] = ['INIT_SMART_ACCOUNT'];

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];

/** AppKit's read-only methods (W3mFrameRpcConstants.SAFE_RPC_METHODS). */
export const SAFE_RPC_METHODS = [
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
] as const;

/** AppKit's methods that need the user's approval (W3mFrameRpcConstants.NOT_SAFE_RPC_METHODS). */
export const NOT_SAFE_RPC_METHODS = [
  'personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'solana_signMessage', 'solana_signTransaction',
  'solana_signAllTransactions', 'solana_signAndSendTransaction', 'wallet_sendCalls', 'wallet_grantPermissions',
  'wallet_revokePermissions', 'eth_sendUserOperation',
] as const;

export const RPC_METHOD_NOT_ALLOWED_MESSAGE = 'Requested RPC call is not allowed';
/** The message of every error answered to a parent whose origin is not on the project's allowlist. */
export const ORIGIN_NOT_ALLOWED_MESSAGE = 'Unauthorized: origin not allowed';
/** The message of every error answered when the frame's projectId is unknown to the service. */
export const INVALID_PROJECT_MESSAGE = 'Unauthorized: invalid key';
/** Smart accounts are not offered: the error of INIT_SMART_ACCOUNT and SET_PREFERRED_ACCOUNT {type:'smartAccount'}. */
export const SMART_ACCOUNT_UNSUPPORTED_MESSAGE = 'This application might not support Smart Accounts';

export const MAX = {
  email: 254,
  otp: 32,
  uri: 4096,
  chainId: 80,
  id: 128,
  /** personal_sign message as hex or text, typed data JSON, transaction data: characters. */
  bigString: 262_144,
  params: 16,
  shortString: 256,
  record: 64,
} as const;

// zod 3's e-mail pattern, as W3mFrameSchema (zod 3.22) checks it: what one side accepts the other does.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Z0-9_+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;

/** True when W3mFrameSchema (zod 3) would take `value` as an e-mail. */
export const isEmail = (value: string) => value.length <= MAX.email && EMAIL_PATTERN.test(value);

const str = (max: number) => z.string().check(z.maxLength(max));
const email = z.string().check(z.maxLength(MAX.email), z.regex(EMAIL_PATTERN, 'Invalid email'));
const chainId = z.union([str(MAX.chainId), z.number()]);

const siwxMessage = z.object({
  serializedMessage: z.optional(str(MAX.bigString)),
  accountAddress: str(MAX.shortString),
  chainId: str(MAX.chainId),
  notBefore: z.optional(str(MAX.shortString)),
  domain: str(MAX.shortString),
  uri: str(MAX.uri),
  version: str(MAX.shortString),
  nonce: str(MAX.shortString),
  statement: z.optional(str(MAX.uri)),
  resources: z.optional(z.array(str(MAX.uri)).check(z.maxLength(MAX.params))),
  requestId: z.optional(str(MAX.shortString)),
  issuedAt: z.optional(str(MAX.shortString)),
  expirationTime: z.optional(str(MAX.shortString)),
});

/** Payload schemas by request; `undefined`: the request carries no payload (a payload sent anyway is ignored). */
export const PAYLOADS = {
  SWITCH_NETWORK: z.object({ chainId, rpcUrl: z.optional(str(MAX.uri)) }),
  CONNECT_EMAIL: z.object({ email }),
  CONNECT_DEVICE: undefined,
  CONNECT_OTP: z.object({ otp: str(MAX.otp) }),
  CONNECT_SOCIAL: z.object({
    uri: str(MAX.uri),
    preferredAccountType: z.optional(str(MAX.shortString)),
    chainId: z.optional(chainId),
    siwxMessage: z.optional(siwxMessage),
    rpcUrl: z.optional(str(MAX.uri)),
  }),
  GET_FARCASTER_URI: undefined,
  CONNECT_FARCASTER: undefined,
  GET_USER: z.optional(
    z.object({
      chainId: z.optional(chainId),
      preferredAccountType: z.optional(str(MAX.shortString)),
      socialUri: z.optional(str(MAX.uri)),
      siwxMessage: z.optional(siwxMessage),
      rpcUrl: z.optional(str(MAX.uri)),
    }),
  ),
  GET_SOCIAL_REDIRECT_URI: z.object({ provider: z.enum(SOCIAL_PROVIDERS) }),
  SIGN_OUT: undefined,
  IS_CONNECTED: z.optional(z.object({ token: str(8192) })),
  GET_CHAIN_ID: undefined,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: undefined,
  INIT_SMART_ACCOUNT: undefined,
  SET_PREFERRED_ACCOUNT: z.object({ type: str(MAX.shortString) }),
  RPC_REQUEST: z.object({
    method: str(MAX.shortString),
    params: z.optional(z.unknown()),
    chainId: z.optional(chainId),
    chainNamespace: z.optional(z.enum(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])),
    rpcUrl: z.optional(str(MAX.uri)),
  }),
  UPDATE_EMAIL: z.object({ email }),
  UPDATE_EMAIL_PRIMARY_OTP: z.object({ otp: str(MAX.otp) }),
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ otp: str(MAX.otp) }),
  SYNC_THEME: z.object({
    themeMode: z.optional(z.enum(['light', 'dark'])),
    themeVariables: z.optional(z.record(str(MAX.shortString), z.union([str(MAX.shortString), z.number()]))),
    w3mThemeVariables: z.optional(z.record(str(MAX.shortString), str(MAX.shortString))),
  }),
  SYNC_DAPP_DATA: z.object({
    metadata: z.optional(
      z.object({
        name: str(MAX.shortString),
        description: str(MAX.uri),
        url: str(MAX.uri),
        icons: z.array(str(MAX.uri)).check(z.maxLength(MAX.params)),
      }),
    ),
    sdkVersion: z.optional(str(MAX.shortString)),
    sdkType: z.optional(str(MAX.shortString)),
    projectId: str(MAX.shortString),
  }),
  RELOAD: undefined,
  RPC_ABORT: undefined,
} as const;

type PayloadOf<K extends AppEventName> = (typeof PAYLOADS)[K] extends z.ZodMiniType ? z.infer<(typeof PAYLOADS)[K]> : undefined;
export type AppEvent = { [K in AppEventName]: { name: K; id: string | undefined; payload: PayloadOf<K> } }[AppEventName];

const KNOWN = new Set<string>([...REQUESTS, ...NOTIFICATIONS]);

export type ParsedAppMessage =
  | { readonly kind: 'event'; readonly event: AppEvent }
  /** A known request with a bad id or payload: answer `<name>_ERROR` with `message` (and `id` when it is a string). */
  | { readonly kind: 'invalid'; readonly name: AppEventName; readonly id: string | undefined; readonly message: string }
  /** Not a message of this protocol, or an unknown type: dropped without an answer. */
  | { readonly kind: 'ignored'; readonly reason: string };

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}

/** zod 3's wording for the issues docs/errors.md#validation-messages names. */
function issueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'Required' : `Expected ${issue.expected}, received ${describe(issue.input)}`;
    case 'invalid_format':
      return issue.format === 'email' || issue.message === 'Invalid email' ? 'Invalid email' : 'Invalid input';
    case 'invalid_value':
      return `Invalid enum value. Expected ${issue.values.map((v) => `'${String(v)}'`).join(' | ')}, received '${String(issue.input)}'`;
    case 'too_big':
      return `Too long: at most ${String(issue.maximum)}`;
    case 'invalid_union':
      return 'Invalid input';
    default:
      return issue.message ?? 'Invalid input';
  }
}

const errorMap = (issue: z.core.$ZodRawIssue) => issueMessage(issue);

/** Formats a failed parse as `path: message; …` (at most three issues). */
function formatError(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/**
 * Classifies whatever arrived by postMessage. Never throws. Only plain objects whose `type` is a known
 * `@w3m-app/…` string are considered; everything else is ignored.
 */
export function parseAppMessage(data: unknown): ParsedAppMessage {
  try {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return { kind: 'ignored', reason: 'not an object' };
    const type = (data as { type?: unknown }).type;
    if (typeof type !== 'string' || !type.startsWith(APP_PREFIX)) return { kind: 'ignored', reason: 'not an app event' };
    const name = type.slice(APP_PREFIX.length);
    if (!KNOWN.has(name)) return { kind: 'ignored', reason: `unknown type ${type.slice(0, 80)}` };
    const known = name as AppEventName;
    const rawId = (data as { id?: unknown }).id;
    if (rawId !== undefined && (typeof rawId !== 'string' || rawId.length > MAX.id)) {
      return { kind: 'invalid', name: known, id: undefined, message: `id: ${typeof rawId === 'string' ? 'Too long' : `Expected string, received ${describe(rawId)}`}` };
    }
    const schema = PAYLOADS[known] as z.ZodMiniType | undefined;
    if (!schema) return { kind: 'event', event: { name: known, id: rawId, payload: undefined } as AppEvent };
    const parsed = schema.safeParse((data as { payload?: unknown }).payload, { error: errorMap });
    if (!parsed.success) {
      const message = formatError(parsed.error);
      return { kind: 'invalid', name: known, id: rawId, message: message.startsWith('Required') || !message ? `payload: ${message || 'Invalid input'}` : message };
    }
    return { kind: 'event', event: { name: known, id: rawId, payload: parsed.data } as AppEvent };
  } catch {
    // getters on exotic objects, revoked proxies cannot arrive by postMessage, but be safe
    return { kind: 'ignored', reason: 'unreadable message' };
  }
}

/** The frame → page message for a reply. */
export function frameMessage(name: string, id: string | undefined, payload?: unknown): { type: string; id?: string; payload?: unknown } {
  const msg: { type: string; id?: string; payload?: unknown } = { type: `${FRAME_PREFIX}${name}` };
  if (id !== undefined) msg.id = id;
  if (payload !== undefined) msg.payload = payload;
  return msg;
}

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
