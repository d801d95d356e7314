/**
 * Frame → page: the `@w3m-frame/…` replies and events, their payload schemas and the page's parser.
 *
 * Every request `X` is answered by one `X_SUCCESS` or `X_ERROR { message }` carrying the request's
 * id; the frame also sends `READY { version }` once loaded and `SESSION_UPDATE { token }` after a
 * login or a token refresh. What the page accepts is checked here with zod/mini (bounded strings
 * and arrays, unknown keys dropped); anything else, and any type this protocol does not name, is
 * rejected. Messages are zod 3's, from the kernel's error map (`zodErrorMap`), as the page's other
 * checks give them.
 */
import * as z from 'zod/mini';
import { zodErrorMap } from 'latchkey';
import type { AppPayloadOf } from './appEvents';
import { ERROR_WITHOUT_MESSAGE, EMAIL_PATTERN, FRAME_PREFIX, MAX, type RequestName } from './names';

const str = (max: number) => z.string().check(z.maxLength(max));
const opt = <T extends z.ZodMiniType>(t: T) => z.optional(t);

/*
 * The schemas are built by functions called once and marked pure, as in appEvents.ts: a bundle that
 * does not read the frame's messages (a wallet service's frame built from dist/) drops them.
 */

/** zod 3's e-mail check, as W3mFrameSchema (zod 3) has it. The message is zod 3's 'Invalid email' (the kernel's error map). */
const emailCheck = () => z.email({ pattern: EMAIL_PATTERN }).check(z.maxLength(MAX.email, 'Invalid email'));

function successSchemas(email: ReturnType<typeof emailCheck>) {
  const chainId = z.union([str(MAX.chainId), z.number()]);
  const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/));
  const account = z.object({ address, type: z.enum(['eoa', 'smartAccount']) });
  const accounts = opt(z.array(account).check(z.maxLength(MAX.list)));
  const nullableEmail = opt(z.nullable(email));
  const nullableName = opt(z.nullable(str(MAX.shortString)));

  const user = z.object({
    email: nullableEmail,
    address,
    chainId,
    smartAccountDeployed: opt(z.boolean()),
    accounts,
    preferredAccountType: opt(str(MAX.shortString)),
  });
  const socialUser = z.object({
    email: nullableEmail,
    address,
    chainId,
    accounts,
    userName: nullableName,
    preferredAccountType: opt(str(MAX.shortString)),
  });

  return {
    SWITCH_NETWORK: z.object({ chainId }),
    CONNECT_EMAIL: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
    CONNECT_DEVICE: null,
    CONNECT_OTP: null,
    CONNECT_SOCIAL: socialUser,
    GET_FARCASTER_URI: z.object({ url: str(MAX.uri) }),
    CONNECT_FARCASTER: z.object({ userName: str(MAX.shortString) }),
    GET_USER: user,
    GET_SOCIAL_REDIRECT_URI: z.object({ uri: str(MAX.uri) }),
    SIGN_OUT: null,
    IS_CONNECTED: z.object({ isConnected: z.boolean() }),
    GET_CHAIN_ID: z.object({ chainId }),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.object({ smartAccountEnabledNetworks: z.array(z.number()).check(z.maxLength(MAX.list)) }),
    INIT_SMART_ACCOUNT: z.object({ address, isDeployed: z.boolean() }),
    SET_PREFERRED_ACCOUNT: z.object({ type: str(MAX.shortString), address }),
    RPC_REQUEST: z.unknown(),
    UPDATE_EMAIL: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
    UPDATE_EMAIL_PRIMARY_OTP: null,
    UPDATE_EMAIL_SECONDARY_OTP: z.object({ newEmail: email }),
    SYNC_THEME: null,
    SYNC_DAPP_DATA: null,
    RELOAD: null,
  } as const satisfies { readonly [K in RequestName]: z.ZodMiniType | null };
}

/** Success payload schemas by request; `null`: the success carries no payload (whatever comes is ignored). */
export const SUCCESS = /* @__PURE__ */ successSchemas(emailCheck());

/** Request `K`'s payload, as the page sends it (the frame's schema's input: appEvents.ts). */
export type PayloadOf<K extends RequestName> = AppPayloadOf<K>;
/** Request `K`'s success payload, as the page reads it (undefined: none). */
export type ResultOf<K extends RequestName> = (typeof SUCCESS)[K] extends z.ZodMiniType ? z.infer<(typeof SUCCESS)[K]> : undefined;

const eventSchemas = () => ({
  /** `X_ERROR`'s payload. A missing or empty message reads 'An error occurred' (docs/embedded-wallet.md#frame-messages). */
  error: opt(z.object({ message: opt(z.unknown()) })),
  ready: opt(z.object({ version: opt(str(MAX.shortString)) })),
  session: z.object({ token: z.string().check(z.minLength(1), z.maxLength(MAX.token)) }),
});
const EVENTS = /* @__PURE__ */ eventSchemas();

export type FrameMessage =
  | { readonly kind: 'ready'; readonly version: string | undefined }
  | { readonly kind: 'session'; readonly token: string }
  | { readonly kind: 'success'; readonly name: RequestName; readonly id: string; readonly payload: unknown }
  | { readonly kind: 'error'; readonly name: RequestName; readonly id: string; readonly message: string }
  /** A reply with the right type and id but a payload that fails its schema: the request fails. */
  | { readonly kind: 'invalid'; readonly name: RequestName; readonly id: string; readonly reason: string }
  /** Not a message of this protocol (or an unknown type, a bad id, an unsolicited reply): dropped. */
  | { readonly kind: 'ignored'; readonly reason: string };

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
      const r = EVENTS.ready.safeParse(payload, { error: zodErrorMap });
      return r.success ? { kind: 'ready', version: r.data?.version } : { kind: 'ignored', reason: `READY: ${formatIssues(r.error)}` };
    }
    if (name === 'SESSION_UPDATE') {
      const r = EVENTS.session.safeParse(payload, { error: zodErrorMap });
      return r.success ? { kind: 'session', token: r.data.token } : { kind: 'ignored', reason: `SESSION_UPDATE: ${formatIssues(r.error)}` };
    }
    const m = /^([A-Z_]+)_(SUCCESS|ERROR)$/.exec(name);
    // a request name is a key of SUCCESS (its type holds them equal to REQUESTS): no second list in the page's bundle
    if (!m || !Object.hasOwn(SUCCESS, m[1]!)) return { kind: 'ignored', reason: `unknown type ${type.slice(0, 80)}` };
    const request = m[1] as RequestName;
    if (typeof id !== 'string' || id.length === 0 || id.length > MAX.id) return { kind: 'ignored', reason: `${name}: no valid id` };
    if (m[2] === 'ERROR') {
      const r = EVENTS.error.safeParse(payload, { error: zodErrorMap });
      if (!r.success) return { kind: 'invalid', name: request, id, reason: formatIssues(r.error) };
      const text = r.data?.message;
      const message = typeof text === 'string' && text.trim() !== '' ? text.slice(0, MAX.message) : ERROR_WITHOUT_MESSAGE;
      return { kind: 'error', name: request, id, message };
    }
    const schema: z.ZodMiniType | null = SUCCESS[request];
    if (!schema) return { kind: 'success', name: request, id, payload: undefined };
    const r = schema.safeParse(payload, { error: zodErrorMap });
    return r.success ? { kind: 'success', name: request, id, payload: r.data } : { kind: 'invalid', name: request, id, reason: formatIssues(r.error) };
  } catch {
    // a getter on an exotic object: cannot come by postMessage (structured clone), but stay safe
    return { kind: 'ignored', reason: 'unreadable message' };
  }
}
