/**
 * The embedded wallet's frame page. It runs on the wallet service's origin inside a hidden iframe of
 * the dapp's page, answers the page's `@w3m-app/…` requests (protocol.ts, PROTOCOL.md), holds the
 * session, calls the service's API with its device key, and shows the approval surface for requests
 * that need the user's consent.
 *
 * It talks to exactly one window: its parent, at the parent's exact origin (from
 * location.ancestorOrigins, else document.referrer). Messages from any other window or origin are
 * dropped unread; replies are posted with that origin as target. If the parent's origin, or the origin
 * of any window above it, is not on the project's allowlist, every request is answered with the
 * configuration error and nothing else.
 */
import { ApiError, ServiceApi } from './api';
import type { ApprovalHandle } from './approval';
import { createDeviceKey, deviceKeyFrom } from './device';
import { describePrepared } from './format';
import { frameMode, opensInWindow } from './policy';
import { approvalPresenter } from './presenter';
import {
  evmChainId,
  frameMessage,
  isEmail,
  NOT_SAFE_RPC_METHODS,
  ORIGIN_NOT_ALLOWED_MESSAGE,
  parseAppMessage,
  RPC_METHOD_NOT_ALLOWED_MESSAGE,
  SAFE_RPC_METHODS,
  SMART_ACCOUNT_UNSUPPORTED_MESSAGE,
  type AppEvent,
  type RequestName,
} from './protocol';
import { assertSignInForApp, SignInRefusedError } from './siwe';
import { openStore, type FrameStore, type StoredSession } from './store';
import { browserHasV2 } from './visibility';
import type { Prepared } from '../shared/prepared';

declare const __FRAME_VERSION__: string;

interface ChainInfo {
  readonly chainId: number;
  readonly name: string;
  readonly nativeCurrency: { name: string; symbol: string; decimals: number };
}
interface InitAnswer {
  readonly version: string;
  readonly serverTime: number;
  readonly chains: readonly ChainInfo[];
  /** Where the operator wants approvals (shared/approval-mode.ts); absent or unknown: the default. */
  readonly approvalMode?: string;
}
interface UserView {
  readonly email: string | null;
  readonly address: string;
  readonly userName: string | null;
}
interface Grant {
  readonly token: string;
  readonly expiresAt: number;
  readonly user: UserView;
  readonly userName?: string | null;
}

/** Methods the service implements; the rest of AppKit's lists are answered "not supported". */
const SAFE_SUPPORTED = new Set<string>(SAFE_RPC_METHODS.filter((m) => !/UserOperation|supportedEntryPoints/.test(m)));
const SIGNING_SUPPORTED = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls']);
const SAFE_ALL = new Set<string>(SAFE_RPC_METHODS);
const NOT_SAFE_ALL = new Set<string>(NOT_SAFE_RPC_METHODS);
const USER_REJECTED = 'User rejected the request.';
const ABORTED = 'Request was aborted';
/** Concurrent API-bound requests from the page; more are refused (a flood must not reach the service). */
const MAX_IN_FLIGHT = 16;
const MAX_APPROVALS = 20;
const INSECURE_CONTEXT_MESSAGE = 'The wallet needs a secure context: open this app over https';

class FrameError extends Error {}

/** A browser-reported origin, checked to be one (scheme, host, port), else null ("null" included). */
function asOrigin(candidate: string | undefined): string | null {
  if (!candidate || candidate === 'null') return null;
  try {
    return new URL(candidate).origin === candidate ? candidate : null;
  } catch {
    return null;
  }
}

/**
 * The frame's parent origin and the origins above it, as the browser reports them: every ancestor, not
 * only the parent, must be on the project's allowlist (security review L6), so an allowlisted dapp
 * embedded in another site gets no wallet there. Chromium and Safari list them in
 * location.ancestorOrigins. Firefox has none: the parent's origin then comes from document.referrer
 * (replies still go to that exact origin and only the parent window is heard, so a wrong referrer
 * reaches nobody), and a frame whose parent is not the top window cannot know the other ancestors:
 * `above` is null and the frame refuses to run.
 */
function detectAncestors(): { parent: string; above: string[] | null } | null {
  if (window.parent === window) return null;
  const list = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (list && list.length > 0) {
    const all = Array.from(list, (o) => asOrigin(o) ?? 'null');
    const parent = asOrigin(all[0]);
    return parent ? { parent, above: all.slice(1) } : null;
  }
  const parent = asOrigin(document.referrer ? new URL(document.referrer).origin : undefined);
  if (!parent) return null;
  return { parent, above: window.parent === window.top ? [] : null };
}

function message(err: unknown): string {
  if (err instanceof ApiError || err instanceof FrameError || err instanceof SignInRefusedError) return err.message;
  return 'An error occurred';
}

async function main(): Promise<void> {
  const root = document.getElementById('root')!;
  const params = new URLSearchParams(location.search);
  const projectId = (params.get('projectId') ?? '').slice(0, 128);
  const logOn = params.get('enableLogger') === 'true';
  const log = (...a: unknown[]) => {
    if (logOn) console.info('[wallet-frame]', ...a);
  };
  const ancestors = detectAncestors();
  if (!ancestors) {
    root.textContent = 'This page works only inside an app.';
    return;
  }
  const parentOrigin = ancestors.parent;

  const { store } = await openStore();
  // ---- configuration (allowlist) -------------------------------------------------------------------
  let configError: string | null = null;
  // The device key needs WebCrypto, which a frame has only in a secure context: its page and every
  // ancestor https (or loopback). Without it the frame still signals READY and answers every request
  // with the reason, so the app shows it instead of waiting.
  const device = await loadDevice(store).catch(() => undefined);
  if (!device) configError = window.isSecureContext ? 'The wallet cannot create its device key in this browser' : INSECURE_CONTEXT_MESSAGE;
  const api = new ServiceApi({ baseUrl: location.origin, device: device! });
  // every call names this frame's app: the service accepts a session only for the app it was issued to
  api.app = { projectId, origin: parentOrigin };
  // one stored session per app (two origins of one project may share this frame's storage)
  const sessionKey = `session:${projectId}|${parentOrigin}`;

  let chains: readonly ChainInfo[] = [];
  let operatorMode: string | undefined;
  if (!configError) {
    try {
      // a nested frame whose other ancestors the browser does not tell (Firefox) is refused like a foreign one
      if (!ancestors.above) throw new ApiError(403, 'origin_not_allowed', ORIGIN_NOT_ALLOWED_MESSAGE);
      const init = await api.call<InitAnswer>('/v1/frame/init', { projectId, origin: parentOrigin, ancestors: ancestors.above });
      api.clockOffset = init.serverTime - Math.floor(Date.now() / 1000);
      chains = init.chains;
      operatorMode = init.approvalMode;
    } catch (err) {
      configError = err instanceof ApiError && err.status === 403 ? err.message : `The wallet service is unavailable: ${message(err)}`;
    }
  }
  if (!projectId) configError = 'Unauthorized: invalid key';

  const chainOf = (id: number | undefined) => chains.find((c) => c.chainId === id);
  let chainId = chainOf(evmChainId(params.get('chainId') ?? undefined))?.chainId ?? chains[0]?.chainId ?? 1;

  // ---- session -------------------------------------------------------------------------------------
  let session: StoredSession | undefined = configError ? undefined : await store.get<StoredSession>(sessionKey);
  let me: UserView | undefined;
  api.token = session?.token;

  const post = (name: string, id: string | undefined, payload?: unknown) => {
    window.parent.postMessage(frameMessage(name, id, payload), parentOrigin);
  };
  const setSession = async (grant: { token: string; expiresAt: number } | undefined) => {
    session = grant ? { token: grant.token, expiresAt: grant.expiresAt, issuedAt: Math.floor(Date.now() / 1000) } : undefined;
    api.token = session?.token;
    if (session) await store.set(sessionKey, session);
    else await store.delete(sessionKey);
    if (session) post('SESSION_UPDATE', undefined, { token: session.token });
  };
  const loggedIn = async (grant: Grant) => {
    // a new login replaces the frame's session: the old one is revoked, not left valid
    if (session && session.token !== grant.token) await api.call('/v1/session/signout', {}).catch(() => undefined);
    me = grant.user;
    await setSession(grant);
  };
  /** The user, from the service: also checks that the session is still valid. */
  const fetchUser = async (): Promise<UserView> => {
    if (!session) throw new FrameError('Not logged in');
    try {
      const r = await api.call<{ user: UserView }>('/v1/session', {});
      me = r.user;
      void refreshIfOld();
      return r.user;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        await setSession(undefined);
        me = undefined;
        throw new FrameError(err.message);
      }
      throw err;
    }
  };
  const refreshIfOld = async () => {
    if (!session) return;
    const now = Math.floor(Date.now() / 1000);
    if (session.expiresAt - now > (session.expiresAt - session.issuedAt) / 2) return;
    try {
      await setSession(await api.call<{ token: string; expiresAt: number }>('/v1/session/refresh', {}));
    } catch {
      /* the next request finds out */
    }
  };
  const userPayload = (u: UserView) => ({
    email: u.email && isEmail(u.email) ? u.email : null,
    address: u.address,
    chainId,
    smartAccountDeployed: false,
    accounts: [{ address: u.address, type: 'eoa' as const }],
    preferredAccountType: 'eoa',
  });
  const setChain = (value: string | number | undefined) => {
    if (value === undefined) return;
    const c = chainOf(evmChainId(value));
    if (!c) throw new FrameError(`Chain ${String(value)} is not supported by this wallet`);
    chainId = c.chainId;
  };

  // ---- flows in progress ----------------------------------------------------------------------------
  let loginFlow: string | undefined;
  let updateFlow: string | undefined;
  let farcasterChannel: string | undefined;

  // ---- approvals -------------------------------------------------------------------------------------
  interface Pending {
    id: string | undefined;
    method: string;
    params: readonly unknown[];
    chainId: number;
    handle?: ApprovalHandle;
    aborted: boolean;
  }
  const approvals: Pending[] = [];
  let approving = false;
  const theme: { mode?: 'light' | 'dark' } = {};
  /**
   * Shows the request at the head of the queue (approveOne's showApproval): in the frame, or in the
   * wallet window (policy.ts: the operator's mode, made stricter by the frame URL's `approval=`, the
   * method, and whether this browser can prove the frame's visibility); with its place in the queue
   * and, when it takes the place of another, the notice and the longer hold (presenter.ts).
   */
  const hasV2 = browserHasV2();
  const { queue, show: showApproval } = approvalPresenter(
    (method) => opensInWindow(method, frameMode(operatorMode, params.get('approval')), hasV2),
    () => approvals.length,
  );

  const runApprovals = async () => {
    if (approving) return queue.waiting(approvals.length);
    approving = true;
    try {
      while (approvals.length > 0) {
        const p = approvals[0]!;
        if (p.aborted) post('RPC_REQUEST_ERROR', p.id, { message: ABORTED });
        else await approveOne(p);
        approvals.shift();
        queue.done();
      }
    } finally {
      approving = false;
      queue.empty();
    }
  };
  /**
   * Asks the service to prepare the request (the exact object to sign or send: priced, decoded,
   * simulated), shows that, and sends that same object once approved.
   */
  const approveOne = async (p: Pending) => {
    const chain = chainOf(p.chainId)!;
    let prepared: Prepared;
    try {
      prepared = (await api.call<{ prepared: Prepared }>('/v1/wallet/prepare', { chainId: p.chainId, method: p.method, params: p.params })).prepared;
    } catch (err) {
      return post('RPC_REQUEST_ERROR', p.id, { message: message(err) });
    }
    if (p.aborted) return post('RPC_REQUEST_ERROR', p.id, { message: ABORTED });
    const view = describePrepared(prepared, { chainName: chain.name, currency: chain.nativeCurrency, origin: parentOrigin, from: me?.address ?? '' });
    const handle = showApproval(root, view, p.method);
    p.handle = handle;
    try {
      const d = await Promise.race([handle.decision, new Promise<'aborted'>((r) => abortWaiters.add(() => r('aborted')))]);
      if (d === 'aborted' || p.aborted) return post('RPC_REQUEST_ERROR', p.id, { message: ABORTED });
      if (d === 'reject') return post('RPC_REQUEST_ERROR', p.id, { message: USER_REJECTED });
      handle.busy(p.method === 'eth_sendTransaction' || p.method === 'wallet_sendCalls' ? 'Sending…' : 'Signing…');
      try {
        const r = await api.call<{ result: unknown }>('/v1/wallet/sign', { chainId: p.chainId, method: p.method, params: prepared.params });
        post('RPC_REQUEST_SUCCESS', p.id, r.result);
      } catch (err) {
        post('RPC_REQUEST_ERROR', p.id, { message: message(err) });
      }
    } finally {
      handle.close();
      abortWaiters.clear();
    }
  };
  const abortWaiters = new Set<() => void>();
  /**
   * RPC_ABORT and sign-out: every request waiting is answered 'Request was aborted' and the one shown
   * closes (also when the visitor is reading it: the page has already given up on it, and the spec
   * rejects outstanding requests when the modal closes). The next request shown says it replaced one.
   */
  const abortApprovals = () => {
    queue.aborted();
    for (const p of approvals) p.aborted = true;
    for (const w of abortWaiters) w();
  };

  const rpcRequest = async (e: Extract<AppEvent, { name: 'RPC_REQUEST' }>): Promise<unknown> => {
    const { method, chainNamespace } = e.payload;
    if (chainNamespace && chainNamespace !== 'eip155') throw new FrameError('Only EVM (eip155) requests are supported by this wallet');
    if (!SAFE_ALL.has(method) && !NOT_SAFE_ALL.has(method)) throw new FrameError(RPC_METHOD_NOT_ALLOWED_MESSAGE);
    if (!SAFE_SUPPORTED.has(method) && !SIGNING_SUPPORTED.has(method)) throw new FrameError(`${method} is not supported by this wallet`);
    const raw = e.payload.params;
    if (raw !== undefined && !Array.isArray(raw)) throw new FrameError('params: Expected array');
    const params = (raw ?? []) as unknown[];
    if (params.length > 16) throw new FrameError('params: Too long');
    const target = e.payload.chainId !== undefined ? chainOf(evmChainId(e.payload.chainId)) : chainOf(chainId);
    if (!target) throw new FrameError(`Chain ${String(e.payload.chainId)} is not supported by this wallet`);
    if (!session) throw new FrameError('Not logged in');
    if (method === 'eth_chainId') return `0x${target.chainId.toString(16)}`;
    if (SAFE_SUPPORTED.has(method)) {
      const r = await api.call<{ result: unknown }>('/v1/wallet/rpc', { chainId: target.chainId, method, params });
      return r.result;
    }
    if (approvals.length >= MAX_APPROVALS) throw new FrameError('Too many requests waiting for approval');
    const own = (me ?? (await fetchUser())).address.toLowerCase();
    // a request for another account is refused before the user is asked
    const named =
      method === 'personal_sign' ? params[1] :
      method === 'eth_signTypedData_v4' ? params[0] :
      method === 'eth_sendTransaction' ? (params[0] as { from?: unknown } | undefined)?.from :
      method === 'wallet_sendCalls' ? (params[0] as { from?: unknown } | undefined)?.from :
      undefined;
    if ((method === 'personal_sign' || method === 'eth_signTypedData_v4' || named !== undefined) && (typeof named !== 'string' || named.toLowerCase() !== own)) {
      throw new FrameError(`${method}: the address is not the address of this wallet`);
    }
    // a sign-in message (EIP-4361) for another site than the app asking: refused before the visitor is asked
    if (method === 'personal_sign') assertSignInForApp(params[0], parentOrigin);
    approvals.push({ id: e.id, method, params: JSON.parse(JSON.stringify(params)) as unknown[], chainId: target.chainId, aborted: false });
    void runApprovals();
    return NO_REPLY;
  };

  // ---- request handlers ---------------------------------------------------------------------------
  const NO_REPLY = Symbol('answered later');
  const handlers: { [K in RequestName]: (e: Extract<AppEvent, { name: K }>) => Promise<unknown> } = {
    SWITCH_NETWORK: async (e) => {
      setChain(e.payload.chainId);
      return { chainId };
    },
    CONNECT_EMAIL: async (e) => {
      const r = await api.call<{ action: 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'; flowId: string | null }>('/v1/auth/email/start', {
        projectId,
        origin: parentOrigin,
        email: e.payload.email,
      });
      loginFlow = r.flowId ?? undefined;
      return { action: r.action };
    },
    CONNECT_DEVICE: async () => {
      if (!loginFlow) throw new FrameError('No e-mail login in progress');
      await api.call('/v1/auth/email/device', { flowId: loginFlow }, { timeoutMs: 30_000 });
      return undefined;
    },
    CONNECT_OTP: async (e) => {
      if (!loginFlow) throw new FrameError('No e-mail login in progress');
      const grant = await api.call<Grant>('/v1/auth/email/verify', { flowId: loginFlow, otp: e.payload.otp.trim() });
      loginFlow = undefined;
      await loggedIn(grant);
      return undefined;
    },
    CONNECT_SOCIAL: async (e) => {
      const grant = await finishSocial(e.payload.uri);
      if (e.payload.chainId !== undefined) setChain(e.payload.chainId);
      return { ...userPayload(grant.user), userName: grant.userName ?? grant.user.userName };
    },
    GET_FARCASTER_URI: async () => {
      const r = await api.call<{ url: string; channelId: string }>('/v1/auth/farcaster/start', { projectId, origin: parentOrigin });
      farcasterChannel = r.channelId;
      return { url: r.url };
    },
    CONNECT_FARCASTER: async () => {
      if (!farcasterChannel) throw new FrameError('No Farcaster login in progress');
      const grant = await api.call<Grant & { userName: string }>('/v1/auth/farcaster/finish', { channelId: farcasterChannel }, { timeoutMs: 30_000 });
      farcasterChannel = undefined;
      await loggedIn(grant);
      return { userName: grant.userName };
    },
    GET_USER: async (e) => {
      if (!session && e.payload?.socialUri) await finishSocial(e.payload.socialUri);
      if (e.payload?.chainId !== undefined) setChain(e.payload.chainId);
      return userPayload(await fetchUser());
    },
    GET_SOCIAL_REDIRECT_URI: async (e) =>
      api.call<{ uri: string }>('/v1/auth/social/start', { projectId, origin: parentOrigin, provider: e.payload.provider }),
    SIGN_OUT: async () => {
      abortApprovals();
      if (session) await api.call('/v1/session/signout', {}).catch(() => undefined);
      me = undefined;
      loginFlow = updateFlow = farcasterChannel = undefined;
      await setSession(undefined);
      return undefined;
    },
    IS_CONNECTED: async (e) => {
      if (!session && e.payload?.token) {
        // a token the page kept from FRAME_SESSION_UPDATE: valid only with this frame's device key
        api.token = e.payload.token;
        try {
          const r = await api.call<{ user: UserView; expiresAt: number }>('/v1/session', {});
          me = r.user;
          await setSession({ token: e.payload.token, expiresAt: r.expiresAt });
        } catch (err) {
          api.token = undefined;
          if (!(err instanceof ApiError && err.status === 401)) throw err;
        }
      }
      if (!session) return { isConnected: false };
      try {
        await fetchUser();
        return { isConnected: true };
      } catch (err) {
        if (err instanceof FrameError) return { isConnected: false };
        throw err;
      }
    },
    GET_CHAIN_ID: async () => ({ chainId }),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: async () => ({ smartAccountEnabledNetworks: [] }),
    INIT_SMART_ACCOUNT: async () => {
      throw new FrameError(SMART_ACCOUNT_UNSUPPORTED_MESSAGE);
    },
    SET_PREFERRED_ACCOUNT: async (e) => {
      if (e.payload.type !== 'eoa') throw new FrameError(SMART_ACCOUNT_UNSUPPORTED_MESSAGE);
      const u = me ?? (await fetchUser());
      return { type: 'eoa', address: u.address };
    },
    RPC_REQUEST: rpcRequest,
    UPDATE_EMAIL: async (e) => {
      if (!session) throw new FrameError('Not logged in');
      const r = await api.call<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'; flowId: string }>('/v1/email/update', { email: e.payload.email });
      updateFlow = r.flowId;
      return { action: r.action };
    },
    UPDATE_EMAIL_PRIMARY_OTP: async (e) => {
      if (!session || !updateFlow) throw new FrameError('No e-mail change in progress');
      await api.call('/v1/email/update/primary', { flowId: updateFlow, otp: e.payload.otp.trim() });
      return undefined;
    },
    UPDATE_EMAIL_SECONDARY_OTP: async (e) => {
      if (!session || !updateFlow) throw new FrameError('No e-mail change in progress');
      const r = await api.call<{ newEmail: string; user: UserView; token: string; expiresAt: number }>('/v1/email/update/secondary', {
        flowId: updateFlow,
        otp: e.payload.otp.trim(),
      });
      updateFlow = undefined;
      me = r.user;
      // the change ended every session of the account: this frame goes on with the fresh one
      await setSession({ token: r.token, expiresAt: r.expiresAt });
      return { newEmail: r.newEmail };
    },
    SYNC_THEME: async (e) => {
      if (e.payload.themeMode) theme.mode = e.payload.themeMode;
      if (theme.mode) document.documentElement.dataset.theme = theme.mode;
      const accent = e.payload.themeVariables?.['--w3m-accent'] ?? e.payload.w3mThemeVariables?.['--w3m-accent'];
      if (typeof accent === 'string' && /^(#[0-9a-fA-F]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/.test(accent)) {
        document.documentElement.style.setProperty('--accent', accent);
      }
      return undefined;
    },
    SYNC_DAPP_DATA: async (e) => {
      if (e.payload.projectId !== projectId) throw new FrameError('projectId does not match the frame');
      return undefined;
    },
    RELOAD: async () => {
      setTimeout(() => location.reload(), 0);
      return undefined;
    },
  };

  const finishSocial = async (uri: string): Promise<Grant> => {
    let target: URL;
    try {
      target = new URL(uri);
      const inner = target.searchParams.get('result_uri');
      if (inner) target = new URL(inner);
    } catch {
      throw new FrameError('uri: not a URL');
    }
    if (target.origin !== location.origin || target.pathname !== '/oauth/result') throw new FrameError('uri: not a social login result of this wallet');
    if (target.searchParams.get('error')) throw new FrameError('The social login was cancelled or refused');
    const code = target.searchParams.get('code');
    if (!code) throw new FrameError('uri: no result code');
    const grant = await api.call<Grant>('/v1/auth/social/finish', { code });
    await loggedIn(grant);
    return grant;
  };

  // ---- message loop -----------------------------------------------------------------------------
  let inFlight = 0;
  const dispatch = async (e: AppEvent) => {
    if (e.name === 'RPC_ABORT') {
      abortApprovals();
      return;
    }
    const name = e.name;
    if (configError) return post(`${name}_ERROR`, e.id, { message: configError });
    if (inFlight >= MAX_IN_FLIGHT) return post(`${name}_ERROR`, e.id, { message: 'Too many requests at once' });
    inFlight++;
    try {
      const handler = handlers[name] as (ev: AppEvent) => Promise<unknown>;
      const result = await handler(e);
      if (result !== NO_REPLY) post(`${name}_SUCCESS`, e.id, result);
    } catch (err) {
      log('request failed', name, message(err));
      post(`${name}_ERROR`, e.id, { message: message(err) });
    } finally {
      inFlight--;
    }
  };

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    const parsed = parseAppMessage(event.data);
    if (parsed.kind === 'ignored') {
      log('ignored', parsed.reason);
      return;
    }
    if (parsed.kind === 'invalid') {
      log('invalid', parsed.name, parsed.message);
      if (parsed.name !== 'RPC_ABORT') post(`${parsed.name}_ERROR`, parsed.id, { message: parsed.message });
      return;
    }
    log('request', parsed.event.name, parsed.event.id);
    void dispatch(parsed.event);
  });

  if (configError) log('configuration error:', configError);
  post('READY', undefined, { version: __FRAME_VERSION__ });
}

async function loadDevice(store: FrameStore) {
  const saved = await store.get<{ privateKey: CryptoKey; publicKey: CryptoKey }>('device').catch(() => undefined);
  if (saved?.privateKey && saved.publicKey) {
    try {
      return await deviceKeyFrom(saved);
    } catch {
      /* unreadable: make a new one */
    }
  }
  const pair = await createDeviceKey();
  await store.set('device', pair).catch(() => undefined);
  return deviceKeyFrom(pair);
}

void main();
