/**
 * The page side of the embedded-wallet frame protocol: AppKit's (`@reown/appkit-wallet`'s
 * W3mFrameSchema). Page → frame messages are `{ type: '@w3m-app/…', id, payload? }`, frame → page
 * `{ type: '@w3m-frame/…', id?, payload? }`; every request `X` is answered by one `X_SUCCESS` or
 * `X_ERROR { message }` carrying the request's id. The frame also sends `READY { version }` once
 * loaded and `SESSION_UPDATE { token }` after a login or a token refresh.
 *
 * What the client accepts from the frame is checked here with zod/mini (bounded strings and
 * arrays, unknown keys dropped); anything else, and any type this protocol does not name, is
 * rejected. samples/wallet-service/PROTOCOL.md documents every message.
 */
import * as z from 'zod/mini';
import { zodErrorMap } from 'latchkey';

const APP_PREFIX = '@w3m-app/';
const FRAME_PREFIX = '@w3m-frame/';

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

/** Providers the frame's GET_SOCIAL_REDIRECT_URI takes (Farcaster has requests of its own). */
const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const;
type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

const MAX = { id: 128, type: 96, short: 256, uri: 4096, email: 254, list: 64, message: 2048, token: 8192 } as const;

const str = (max: number) => z.string().check(z.maxLength(max));
const opt = <T extends z.ZodMiniType>(t: T) => z.optional(t);
const chainId = z.union([str(80), z.number()]);

/**
 * zod 3's e-mail pattern, which W3mFrameSchema (zod 3) checks: the client sends only addresses the
 * other side accepts. The message is zod 3's 'Invalid email' (the kernel's error map).
 */
const ZOD3_EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i;
const emailSchema = z.email({ pattern: ZOD3_EMAIL }).check(z.maxLength(MAX.email, 'Invalid email'));

/** The first validation message for `email`, in zod 3's words ('Invalid email', 'Required', …), or undefined when valid. */
export function emailError(email: unknown): string | undefined {
  const r = emailSchema.safeParse(email, { error: zodErrorMap });
  return r.success ? undefined : (r.error.issues[0]?.message ?? 'Invalid email');
}

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
const account = z.object({ address, type: z.enum(['eoa', 'smartAccount']) });
const accounts = opt(z.array(account).check(z.maxLength(MAX.list)));
const nullableEmail = opt(z.nullable(emailSchema));
const nullableName = opt(z.nullable(str(MAX.short)));

const user = z.object({
  email: nullableEmail,
  address,
  chainId,
  smartAccountDeployed: opt(z.boolean()),
  accounts,
  preferredAccountType: opt(str(MAX.short)),
});
const socialUser = z.object({
  email: nullableEmail,
  address,
  chainId,
  accounts,
  userName: nullableName,
  preferredAccountType: opt(str(MAX.short)),
});

/** A request's payload (page → frame) and its success payload (frame → page). */
interface AppRequests {
  SWITCH_NETWORK: { payload: { chainId: string | number; rpcUrl?: string }; result: { chainId: string | number } };
  CONNECT_EMAIL: { payload: { email: string }; result: { action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT' } };
  CONNECT_DEVICE: { payload: undefined; result: undefined };
  CONNECT_OTP: { payload: { otp: string }; result: undefined };
  CONNECT_SOCIAL: {
    payload: { uri: string; chainId?: string | number; preferredAccountType?: string };
    result: z.infer<typeof socialUser>;
  };
  GET_FARCASTER_URI: { payload: undefined; result: { url: string } };
  CONNECT_FARCASTER: { payload: undefined; result: { userName: string } };
  GET_USER: { payload: { chainId?: string | number; preferredAccountType?: string } | undefined; result: z.infer<typeof user> };
  GET_SOCIAL_REDIRECT_URI: { payload: { provider: SocialProvider }; result: { uri: string } };
  SIGN_OUT: { payload: undefined; result: undefined };
  IS_CONNECTED: { payload: { token: string } | undefined; result: { isConnected: boolean } };
  GET_CHAIN_ID: { payload: undefined; result: { chainId: string | number } };
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: undefined; result: { smartAccountEnabledNetworks: number[] } };
  INIT_SMART_ACCOUNT: { payload: undefined; result: { address: string; isDeployed: boolean } };
  SET_PREFERRED_ACCOUNT: { payload: { type: string }; result: { type: string; address: string } };
  RPC_REQUEST: {
    payload: { method: string; params?: unknown; chainId?: string | number; chainNamespace?: 'eip155'; rpcUrl?: string };
    result: unknown;
  };
  UPDATE_EMAIL: { payload: { email: string }; result: { action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP' } };
  UPDATE_EMAIL_PRIMARY_OTP: { payload: { otp: string }; result: undefined };
  UPDATE_EMAIL_SECONDARY_OTP: { payload: { otp: string }; result: { newEmail: string } };
  SYNC_THEME: {
    payload: { themeMode?: 'light' | 'dark'; themeVariables?: Record<string, string | number>; w3mThemeVariables?: Record<string, string> };
    result: undefined;
  };
  SYNC_DAPP_DATA: {
    payload: {
      projectId: string;
      metadata?: { name: string; description: string; url: string; icons: string[] };
      sdkVersion?: string;
      sdkType?: string;
    };
    result: undefined;
  };
  RELOAD: { payload: undefined; result: undefined };
}
export type RequestName = keyof AppRequests;
export type PayloadOf<K extends RequestName> = AppRequests[K]['payload'];
export type ResultOf<K extends RequestName> = AppRequests[K]['result'];

/** Success payload schemas; `null`: the success carries no payload (whatever comes is ignored). */
const SUCCESS: { readonly [K in RequestName]: z.ZodMiniType | null } = {
  SWITCH_NETWORK: z.object({ chainId }),
  CONNECT_EMAIL: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  CONNECT_DEVICE: null,
  CONNECT_OTP: null,
  CONNECT_SOCIAL: socialUser,
  GET_FARCASTER_URI: z.object({ url: str(MAX.uri) }),
  CONNECT_FARCASTER: z.object({ userName: str(MAX.short) }),
  GET_USER: user,
  GET_SOCIAL_REDIRECT_URI: z.object({ uri: str(MAX.uri) }),
  SIGN_OUT: null,
  IS_CONNECTED: z.object({ isConnected: z.boolean() }),
  GET_CHAIN_ID: z.object({ chainId }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.object({ smartAccountEnabledNetworks: z.array(z.number()).check(z.maxLength(MAX.list)) }),
  INIT_SMART_ACCOUNT: z.object({ address, isDeployed: z.boolean() }),
  SET_PREFERRED_ACCOUNT: z.object({ type: str(MAX.short), address }),
  RPC_REQUEST: z.unknown(),
  UPDATE_EMAIL: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  UPDATE_EMAIL_PRIMARY_OTP: null,
  UPDATE_EMAIL_SECONDARY_OTP: z.object({ newEmail: emailSchema }),
  SYNC_THEME: null,
  SYNC_DAPP_DATA: null,
  RELOAD: null,
};

export const REQUEST_NAMES = Object.keys(SUCCESS) as RequestName[];

/** `X_ERROR`'s payload. A missing or empty message reads 'An error occurred' (docs/embedded-wallet.md#frame-messages). */
const errorPayload = opt(z.object({ message: opt(z.unknown()) }));
const ERROR_WITHOUT_MESSAGE = 'An error occurred';
const readyPayload = opt(z.object({ version: opt(str(MAX.short)) }));
const sessionPayload = z.object({ token: z.string().check(z.minLength(1), z.maxLength(MAX.token)) });

export type FrameMessage =
  | { readonly kind: 'ready'; readonly version: string | undefined }
  | { readonly kind: 'session'; readonly token: string }
  | { readonly kind: 'success'; readonly name: RequestName; readonly id: string; readonly payload: unknown }
  | { readonly kind: 'error'; readonly name: RequestName; readonly id: string; readonly message: string }
  /** A reply with the right type and id but a payload that fails its schema: the request fails. */
  | { readonly kind: 'invalid'; readonly name: RequestName; readonly id: string; readonly reason: string }
  /** Not a message of this protocol (or an unknown type, a bad id, an unsolicited reply): dropped. */
  | { readonly kind: 'ignored'; readonly reason: string };

const KNOWN = new Set<string>(REQUEST_NAMES);

function formatIssues(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/**
 * Classifies what arrived from the frame's window. Never throws. Only plain objects whose `type`
 * is a known `@w3m-frame/…` name count; a reply needs a string id (at most 128 characters).
 */
export function parseFrameMessage(data: unknown): FrameMessage {
  try {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return { kind: 'ignored', reason: 'not an object' };
    const { type, id, payload } = data as { type?: unknown; id?: unknown; payload?: unknown };
    if (typeof type !== 'string' || type.length > MAX.type || !type.startsWith(FRAME_PREFIX)) return { kind: 'ignored', reason: 'not a frame event' };
    const name = type.slice(FRAME_PREFIX.length);
    if (name === 'READY') {
      const r = readyPayload.safeParse(payload, { error: zodErrorMap });
      return r.success ? { kind: 'ready', version: r.data?.version } : { kind: 'ignored', reason: `READY: ${formatIssues(r.error)}` };
    }
    if (name === 'SESSION_UPDATE') {
      const r = sessionPayload.safeParse(payload, { error: zodErrorMap });
      return r.success ? { kind: 'session', token: r.data.token } : { kind: 'ignored', reason: `SESSION_UPDATE: ${formatIssues(r.error)}` };
    }
    const m = /^([A-Z_]+)_(SUCCESS|ERROR)$/.exec(name);
    if (!m || !KNOWN.has(m[1]!)) return { kind: 'ignored', reason: `unknown type ${type.slice(0, 80)}` };
    const request = m[1] as RequestName;
    if (typeof id !== 'string' || id.length === 0 || id.length > MAX.id) return { kind: 'ignored', reason: `${name}: no valid id` };
    if (m[2] === 'ERROR') {
      const r = errorPayload.safeParse(payload, { error: zodErrorMap });
      if (!r.success) return { kind: 'invalid', name: request, id, reason: formatIssues(r.error) };
      const text = r.data?.message;
      const message = typeof text === 'string' && text.trim() !== '' ? text.slice(0, MAX.message) : ERROR_WITHOUT_MESSAGE;
      return { kind: 'error', name: request, id, message };
    }
    const schema = SUCCESS[request];
    if (!schema) return { kind: 'success', name: request, id, payload: undefined };
    const r = schema.safeParse(payload, { error: zodErrorMap });
    return r.success ? { kind: 'success', name: request, id, payload: r.data } : { kind: 'invalid', name: request, id, reason: formatIssues(r.error) };
  } catch {
    // a getter on an exotic object: cannot come by postMessage (structured clone), but stay safe
    return { kind: 'ignored', reason: 'unreadable message' };
  }
}

/** The page → frame message for request `name` (no `payload` key when there is none). */
export function appMessage(name: string, id: string | undefined, payload?: unknown): { type: string; id?: string; payload?: unknown } {
  const msg: { type: string; id?: string; payload?: unknown } = { type: `${APP_PREFIX}${name}` };
  if (id !== undefined) msg.id = id;
  if (payload !== undefined) msg.payload = payload;
  return msg;
}
