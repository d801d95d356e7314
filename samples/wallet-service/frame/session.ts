/**
 * The frame's session with the service for this app: kept in the frame's storage (one per app) and
 * announced to the page; a new login replaces it (the old one revoked); checked with the user it
 * belongs to and refreshed past half its lifetime. Also the user and chain as the page is told them,
 * the chain switch, and the finish of a social login from its result URI.
 */
import { ApiError, type ServiceApi } from './api';
import { FrameError } from './errors';
import type { ChainOf, FrameState, Grant, Post, UserView } from './frame-types';
import { evmChainId, isEmail } from 'latchkey/plugins/embedded-wallet/protocol';
import type { FrameStore } from './store';

export function frameSession(state: FrameState, deps: { api: ServiceApi; store: FrameStore; sessionKey: string; chainOf: ChainOf; post: Post }) {
  const { api, store, sessionKey, chainOf, post } = deps;

  const setSession = async (grant: { token: string; expiresAt: number } | undefined) => {
    state.session = grant ? { token: grant.token, expiresAt: grant.expiresAt, issuedAt: Math.floor(Date.now() / 1000) } : undefined;
    api.token = state.session?.token;
    if (state.session) await store.set(sessionKey, state.session);
    else await store.delete(sessionKey);
    if (state.session) post('SESSION_UPDATE', undefined, { token: state.session.token });
  };
  const loggedIn = async (grant: Grant) => {
    // a new login replaces the frame's session: the old one is revoked, not left valid
    if (state.session && state.session.token !== grant.token) await api.call('/v1/session/signout', {}).catch(() => undefined);
    state.me = grant.user;
    await setSession(grant);
  };
  /** The user, from the service: also checks that the session is still valid. */
  const fetchUser = async (): Promise<UserView> => {
    if (!state.session) throw new FrameError('Not logged in');
    try {
      const r = await api.call<{ user: UserView }>('/v1/session', {});
      state.me = r.user;
      void refreshIfOld();
      return r.user;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        await setSession(undefined);
        state.me = undefined;
        throw new FrameError(err.message);
      }
      throw err;
    }
  };
  const refreshIfOld = async () => {
    if (!state.session) return;
    const now = Math.floor(Date.now() / 1000);
    if (state.session.expiresAt - now > (state.session.expiresAt - state.session.issuedAt) / 2) return;
    try {
      await setSession(await api.call<{ token: string; expiresAt: number }>('/v1/session/refresh', {}));
    } catch {
      /* the next request finds out */
    }
  };
  const userPayload = (u: UserView) => {
    // a smart account first (the address the app acts with), then its owner, the key's own address
    const smart = u.accountType === 'smartAccount' && u.eoaAddress !== undefined;
    return {
      email: u.email && isEmail(u.email) ? u.email : null,
      address: u.address,
      chainId: state.chainId,
      smartAccountDeployed: smart ? u.smartAccountDeployed === true : false,
      accounts: smart
        ? [
            { address: u.address, type: 'smartAccount' as const },
            { address: u.eoaAddress!, type: 'eoa' as const },
          ]
        : [{ address: u.address, type: 'eoa' as const }],
      preferredAccountType: smart ? 'smartAccount' : 'eoa',
    };
  };
  const setChain = (value: string | number | undefined) => {
    if (value === undefined) return;
    const c = chainOf(evmChainId(value));
    if (!c) throw new FrameError(`Chain ${String(value)} is not supported by this wallet`);
    state.chainId = c.chainId;
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
  return { setSession, loggedIn, fetchUser, userPayload, setChain, finishSocial };
}

export type FrameSession = ReturnType<typeof frameSession>;
