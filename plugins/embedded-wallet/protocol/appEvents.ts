/**
 * Page → frame: the `@w3m-app/…` requests, their payload schemas and the frame's parser.
 *
 * The schemas accept what W3mFrameSchema.appEvent accepts for every type the frame handles, with
 * size bounds added (strings, arrays), and unknown keys stripped. The page's payload types
 * (`PayloadOf`, frameEvents.ts) are these schemas' inputs, so the page cannot send what the frame
 * refuses. Validation messages follow zod 3's wording that the product spec lists ('Required',
 * 'Expected string, received number', 'Invalid email', "Invalid enum value. Expected 'a' | 'b',
 * received 'c'", 'Invalid input'), and 'Too long: at most N' for a bound this protocol adds. Only
 * `zod/mini` is imported: the frame page bundles this file.
 */
import * as z from 'zod/mini';
import { APP_PREFIX, EMAIL_PATTERN, MAX, NOTIFICATIONS, REQUESTS, SOCIAL_PROVIDERS, type AppEventName } from './names';

/**
 * The schemas are built in one function, called once and marked pure: a bundle that does not parse
 * the page's requests (the plugin's, which only sends them) drops them all, even from a shared chunk.
 */
function payloadSchemas() {
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

  return {
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
    IS_CONNECTED: z.optional(z.object({ token: str(MAX.token) })),
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
}

/** Payload schemas by request; `undefined`: the request carries no payload (a payload sent anyway is ignored). */
export const PAYLOADS = /* @__PURE__ */ payloadSchemas();

/** What the page may send as request `K`'s payload (undefined: none). */
export type AppPayloadOf<K extends AppEventName> = (typeof PAYLOADS)[K] extends z.ZodMiniType ? z.input<(typeof PAYLOADS)[K]> : undefined;
/** A request as the frame reads it (its payload parsed: bounded, unknown keys dropped). */
type ParsedPayloadOf<K extends AppEventName> = (typeof PAYLOADS)[K] extends z.ZodMiniType ? z.infer<(typeof PAYLOADS)[K]> : undefined;
export type AppEvent = { [K in AppEventName]: { name: K; id: string | undefined; payload: ParsedPayloadOf<K> } }[AppEventName];

export type ParsedAppMessage =
  | { readonly kind: 'event'; readonly event: AppEvent }
  /** A known request with a bad id or payload: answer `<name>_ERROR` with `message` (and `id` when it is a string). */
  | { readonly kind: 'invalid'; readonly name: AppEventName; readonly id: string | undefined; readonly message: string }
  /** Not a message of this protocol, or an unknown type: dropped without an answer. */
  | { readonly kind: 'ignored'; readonly reason: string };

const isAppEventName = (name: string): name is AppEventName =>
  (REQUESTS as readonly string[]).includes(name) || (NOTIFICATIONS as readonly string[]).includes(name);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}

/** zod 3's wording for the issues the spec names, and the bound this protocol adds. */
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
 * Classifies whatever arrived at the frame by postMessage. Never throws. Only plain objects whose
 * `type` is a known `@w3m-app/…` string are considered; everything else is ignored.
 */
export function parseAppMessage(data: unknown): ParsedAppMessage {
  try {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return { kind: 'ignored', reason: 'not an object' };
    const type = (data as { type?: unknown }).type;
    if (typeof type !== 'string' || !type.startsWith(APP_PREFIX)) return { kind: 'ignored', reason: 'not an app event' };
    const name = type.slice(APP_PREFIX.length);
    if (!isAppEventName(name)) return { kind: 'ignored', reason: `unknown type ${type.slice(0, 80)}` };
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
