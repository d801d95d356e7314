/**
 * The frame's API (/v1/…): what each call does, with the body it takes. service.ts runs the checks every
 * call shares (origin, content type, per-client limit, device proof, session) before a route's handler.
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import type { Db } from '../../shared/db/open';
import type { Accounts } from './accounts';
import type { WalletServiceConfig } from './config';
import type { EmailAuth } from './email-auth';
import { HttpError, badRequest } from './errors';
import type { FarcasterAuth } from './farcaster';
import type { FrameAssets } from './frame-assets';
import { hit } from './limits';
import type { LongPolls } from './long-polls';
import type { Mailer } from './mail';
import type { SocialAuth } from './social';
import type { SessionClaims, Tokens } from './tokens';
import { SAFE_FORWARDED, SAFE_LOCAL, SIGNING, type Wallets } from './wallet';

/** The API's version, which /v1/frame/init reports. */
export const SERVICE_VERSION = '1.0.0';

const SIGN_LIMIT = 512 * 1024;

// ---- request bodies ---------------------------------------------------------------------------------

const flowId = z.string().max(64);
const emailSchema = z.string().max(254).regex(/^(?!\.)(?!.*\.\.)([A-Z0-9_+\-.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9-]*\.)+[A-Z]{2,}$/i, 'Invalid email');
const projectBody = { projectId: z.string().min(1).max(128), origin: z.string().min(1).max(300) };
const rpcBody = z.object({
  chainId: z.number().int().positive(),
  method: z.string().min(1).max(100),
  params: z.array(z.unknown()).max(16).optional(),
});

const BODIES = {
  init: z.object({ ...projectBody, ancestors: z.array(z.string().max(300)).max(16).optional() }),
  emailStart: z.object({ ...projectBody, email: emailSchema }),
  emailDevice: z.object({ flowId }),
  emailVerify: z.object({ flowId, otp: z.string().max(32) }),
  socialStart: z.object({ ...projectBody, provider: z.string().max(32) }),
  socialFinish: z.object({ code: z.string().max(200) }),
  farcasterStart: z.object(projectBody),
  farcasterFinish: z.object({ channelId: z.string().max(64) }),
  empty: z.object({}),
  emailUpdate: z.object({ email: emailSchema }),
  emailUpdateOtp: z.object({ flowId, otp: z.string().max(32) }),
  rpc: rpcBody,
  accountType: z.object({ type: z.enum(['eoa', 'smartAccount']) }),
};

function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw badRequest(`${i.path.join('.') || 'body'}: ${i.message}`, 'invalid_request');
  }
  return r.data;
}

/** The body of /v1/wallet/prepare and /v1/wallet/sign: a signing method this wallet implements. */
function signingBody(value: unknown): z.infer<typeof rpcBody> {
  const b = parseBody(BODIES.rpc, value);
  if (!SIGNING.has(b.method)) throw new HttpError(400, 'method_not_allowed', `${b.method} is not supported by this wallet`);
  return b;
}

/** The service's parts, built once by startWalletService. */
export interface ApiDeps {
  config: WalletServiceConfig;
  db: Db;
  assets: FrameAssets;
  tokens: Tokens;
  wallets: Wallets;
  accounts: Accounts;
  mailer: Mailer;
  emailAuth: EmailAuth;
  social: SocialAuth;
  farcaster: FarcasterAuth;
  log: (line: string) => void;
  longPolls: LongPolls;
}

export interface ApiContext {
  readonly req: IncomingMessage;
  /** Aborted when the client goes away (long polls stop early). */
  readonly signal: AbortSignal;
  readonly ip: string;
  readonly jkt: string;
  readonly session: SessionClaims | undefined;
  readonly body: unknown;
  readonly userAgent: string | null;
}

type ApiHandler = (ctx: ApiContext) => Promise<unknown>;
export interface ApiRoute {
  readonly session: 'required' | 'optional' | 'none';
  readonly limit?: number;
  readonly handler: ApiHandler;
}

/** The API routes by path. */
export function apiRoutes(d: ApiDeps): Record<string, ApiRoute> {
  const { accounts, emailAuth, social, farcaster, wallets, tokens, config, db } = d;
  const need = (ctx: ApiContext) => ctx.session!;
  /** Runs a long poll on `flow` in a slot (long-polls.ts); a poll a newer one replaced answers 409. */
  const longPoll = async <T>(ctx: ApiContext, flow: string, fn: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    const slot = d.longPolls.enter(`${flow}|${ctx.jkt}`, ctx.ip);
    try {
      return await fn(AbortSignal.any([slot.signal, ctx.signal]));
    } catch (err) {
      if (slot.replaced) throw new HttpError(409, 'poll_replaced', 'A newer request is waiting for this login');
      throw err;
    } finally {
      slot.leave();
    }
  };
  return {
    '/v1/frame/init': {
      session: 'none',
      handler: async ({ body }) => {
        const b = parseBody(BODIES.init, body);
        const project = accounts.project(b.projectId, b.origin);
        // the windows above the dapp page: each must be allowlisted too (the frame refuses to run otherwise)
        for (const above of b.ancestors ?? []) accounts.project(b.projectId, above);
        return {
          version: SERVICE_VERSION,
          serverTime: Math.floor(Date.now() / 1000),
          project: { projectId: project.projectId, name: project.name ?? null },
          chains: config.chains.map((c) => ({ chainId: c.chainId, name: c.name, nativeCurrency: c.nativeCurrency })),
          email: d.mailer.enabled,
          socials: social.providers,
          farcaster: farcaster.enabled,
          accountTypes: wallets.smart.enabledChainIds().length > 0 ? ['eoa', 'smartAccount'] : ['eoa'],
          smartAccountEnabledNetworks: wallets.smart.enabledChainIds(),
          approvalMode: project.approvalWindow ?? config.approvalWindow,
        };
      },
    },
    '/v1/auth/email/start': {
      session: 'optional',
      handler: async ({ body, jkt, ip, session }) => {
        const b = parseBody(BODIES.emailStart, body);
        accounts.project(b.projectId, b.origin);
        return emailAuth.start({ email: b.email, jkt, projectId: b.projectId, origin: b.origin, ip, session });
      },
    },
    '/v1/auth/email/device': {
      session: 'none',
      handler: (ctx) => {
        const b = parseBody(BODIES.emailDevice, ctx.body);
        return longPoll(ctx, `device:${b.flowId}`, (signal) => emailAuth.waitForDevice({ flowId: b.flowId, jkt: ctx.jkt, signal }));
      },
    },
    '/v1/auth/email/verify': {
      session: 'none',
      handler: ({ body, jkt, ip, userAgent }) => {
        const b = parseBody(BODIES.emailVerify, body);
        return emailAuth.verify({ flowId: b.flowId, otp: b.otp, jkt, ip, userAgent });
      },
    },
    '/v1/auth/social/start': {
      session: 'none',
      handler: ({ body, jkt, ip }) => {
        const b = parseBody(BODIES.socialStart, body);
        return social.start({ provider: b.provider, jkt, projectId: b.projectId, origin: b.origin, ip });
      },
    },
    '/v1/auth/social/finish': {
      session: 'none',
      handler: ({ body, jkt, userAgent }) => social.finish({ code: parseBody(BODIES.socialFinish, body).code, jkt, userAgent }),
    },
    '/v1/auth/farcaster/start': {
      session: 'none',
      handler: ({ body, jkt, ip }) => {
        const b = parseBody(BODIES.farcasterStart, body);
        return farcaster.start({ jkt, projectId: b.projectId, origin: b.origin, ip });
      },
    },
    '/v1/auth/farcaster/finish': {
      session: 'none',
      handler: (ctx) => {
        const b = parseBody(BODIES.farcasterFinish, ctx.body);
        return longPoll(ctx, `farcaster:${b.channelId}`, (signal) => farcaster.finish({ channelId: b.channelId, jkt: ctx.jkt, signal, userAgent: ctx.userAgent }));
      },
    },
    '/v1/session': {
      session: 'required',
      handler: async (ctx) => {
        parseBody(BODIES.empty, ctx.body);
        const s = need(ctx);
        return { user: await accounts.view(s.userId), expiresAt: s.exp, projectId: s.projectId, origin: s.origin };
      },
    },
    '/v1/session/refresh': {
      session: 'required',
      handler: async (ctx) => {
        parseBody(BODIES.empty, ctx.body);
        const s = need(ctx);
        // the same login: never past its absolute lifetime
        const fresh = await tokens.issue({ userId: s.userId, jkt: s.jkt, projectId: s.projectId, origin: s.origin, authTime: s.authTime });
        await tokens.revoke(db, s);
        return { token: fresh.token, expiresAt: fresh.expiresAt };
      },
    },
    '/v1/session/revoke-all': {
      session: 'required',
      handler: async (ctx) => {
        parseBody(BODIES.empty, ctx.body);
        // sign out everywhere: every session of the user, this one included
        await tokens.revokeAll(db, need(ctx).userId);
        return { ok: true };
      },
    },
    '/v1/session/signout': {
      session: 'required',
      handler: async (ctx) => {
        parseBody(BODIES.empty, ctx.body);
        await tokens.revoke(db, need(ctx));
        return { ok: true };
      },
    },
    '/v1/email/update': {
      session: 'required',
      handler: (ctx) => emailAuth.startUpdate({ session: need(ctx), newEmail: parseBody(BODIES.emailUpdate, ctx.body).email, ip: ctx.ip }),
    },
    '/v1/email/update/primary': {
      session: 'required',
      handler: async (ctx) => {
        const b = parseBody(BODIES.emailUpdateOtp, ctx.body);
        await emailAuth.verifyPrimary({ session: need(ctx), flowId: b.flowId, otp: b.otp, ip: ctx.ip });
        return { action: 'VERIFY_SECONDARY_OTP' };
      },
    },
    '/v1/email/update/secondary': {
      session: 'required',
      handler: async (ctx) => {
        const b = parseBody(BODIES.emailUpdateOtp, ctx.body);
        const s = need(ctx);
        // the change signed every session of the user out (email-auth.ts); this device goes on with a fresh one
        const r = await emailAuth.verifySecondary({ session: s, flowId: b.flowId, otp: b.otp, ip: ctx.ip });
        const fresh = await tokens.issue({ userId: s.userId, jkt: s.jkt, projectId: s.projectId, origin: s.origin, authTime: s.authTime });
        return { ...r, user: await accounts.view(s.userId), token: fresh.token, expiresAt: fresh.expiresAt };
      },
    },
    '/v1/wallet/rpc': {
      session: 'required',
      handler: async (ctx) => {
        const b = parseBody(BODIES.rpc, ctx.body);
        if (!SAFE_FORWARDED.has(b.method) && !SAFE_LOCAL.has(b.method)) {
          throw new HttpError(400, 'method_not_allowed', 'Requested RPC call is not allowed');
        }
        const s = need(ctx);
        // per account as well as per IP: an account is not a free proxy of the operator's node (security review L8)
        const perUser = await hit(db, `rpc-user:${s.userId}`, config.rateRpcPerUserPerMinute, 60);
        if (!perUser.allowed) throw new HttpError(429, 'rate_limited', 'Too many requests: slow down', { retryAfterSeconds: Math.ceil(perUser.retryAfterSeconds) });
        const me = await accounts.view(s.userId);
        return { result: await wallets.safe(me.address, s.userId, b.chainId, b.method, b.params ?? [], me.accountType === 'smartAccount') };
      },
    },
    // the account the user acts with: the key's (eoa) or its smart account (stored per user)
    '/v1/account/type': {
      session: 'required',
      handler: async (ctx) => {
        const b = parseBody(BODIES.accountType, ctx.body);
        return { user: await accounts.setAccountType(need(ctx).userId, b.type) };
      },
    },
    // prepare: the exact object to approve (priced, decoded, simulated); sign: that object, once approved
    '/v1/wallet/prepare': {
      session: 'required',
      limit: SIGN_LIMIT,
      handler: async (ctx) => {
        const b = signingBody(ctx.body);
        const me = await accounts.view(need(ctx).userId);
        const smartOwner = me.accountType === 'smartAccount' ? me.eoaAddress : undefined;
        return { prepared: await wallets.prepare(me.address, b.chainId, b.method, b.params ?? [], smartOwner) };
      },
    },
    '/v1/wallet/sign': {
      session: 'required',
      limit: SIGN_LIMIT,
      handler: async (ctx) => {
        const b = signingBody(ctx.body);
        const userId = need(ctx).userId;
        const me = await accounts.view(userId);
        return { result: await wallets.sign(userId, b.chainId, b.method, b.params ?? [], me.accountType === 'smartAccount') };
      },
    },
  };
}
