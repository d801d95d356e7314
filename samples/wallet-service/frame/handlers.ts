/**
 * The frame's answers to the page's requests (latchkey/plugins/embedded-wallet/protocol, PROTOCOL.md),
 * one handler per request name: login by e-mail (code or device link), social provider and Farcaster;
 * the session and its user; the chain; the e-mail change; theme and dapp data; RPC_REQUEST
 * (rpc-request.ts). A handler's result is the request's success payload (NO_REPLY: answered later);
 * what it throws, the error's.
 */
import { ApiError, type ServiceApi } from './api';
import { FrameError } from './errors';
import type { FrameState, Grant, UserView } from './frame-types';
import { SMART_ACCOUNT_UNSUPPORTED_MESSAGE, type AppEvent, type RequestName } from 'latchkey/plugins/embedded-wallet/protocol';
import type { FrameSession } from './session';
import { applyTheme, readTheme, shownTheme } from './theme';

export type RequestHandlers = { [K in RequestName]: (e: Extract<AppEvent, { name: K }>) => Promise<unknown> };

export function requestHandlers(
  state: FrameState,
  deps: {
    api: ServiceApi;
    projectId: string;
    parentOrigin: string;
    session: FrameSession;
    rpcRequest: RequestHandlers['RPC_REQUEST'];
    abortApprovals: () => void;
    /** The chains where the service offers smart accounts (/v1/frame/init). */
    smartAccountChains: readonly number[];
  },
) {
  const { api, projectId, parentOrigin, rpcRequest, abortApprovals } = deps;
  const { setSession, loggedIn, fetchUser, userPayload, setChain, finishSocial } = deps.session;

  // ---- flows in progress ----------------------------------------------------------------------------
  let loginFlow: string | undefined;
  let updateFlow: string | undefined;
  let farcasterChannel: string | undefined;

  const handlers: RequestHandlers = {
    SWITCH_NETWORK: async (e) => {
      setChain(e.payload.chainId);
      return { chainId: state.chainId };
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
      if (!state.session && e.payload?.socialUri) await finishSocial(e.payload.socialUri);
      if (e.payload?.chainId !== undefined) setChain(e.payload.chainId);
      return userPayload(await fetchUser());
    },
    GET_SOCIAL_REDIRECT_URI: async (e) =>
      api.call<{ uri: string }>('/v1/auth/social/start', { projectId, origin: parentOrigin, provider: e.payload.provider }),
    SIGN_OUT: async () => {
      abortApprovals();
      if (state.session) await api.call('/v1/session/signout', {}).catch(() => undefined);
      state.me = undefined;
      loginFlow = updateFlow = farcasterChannel = undefined;
      await setSession(undefined);
      return undefined;
    },
    IS_CONNECTED: async (e) => {
      if (!state.session && e.payload?.token) {
        // a token the page kept from FRAME_SESSION_UPDATE: valid only with this frame's device key
        api.token = e.payload.token;
        try {
          const r = await api.call<{ user: UserView; expiresAt: number }>('/v1/session', {});
          state.me = r.user;
          await setSession({ token: e.payload.token, expiresAt: r.expiresAt });
        } catch (err) {
          api.token = undefined;
          if (!(err instanceof ApiError && err.status === 401)) throw err;
        }
      }
      if (!state.session) return { isConnected: false };
      try {
        await fetchUser();
        return { isConnected: true };
      } catch (err) {
        if (err instanceof FrameError) return { isConnected: false };
        throw err;
      }
    },
    GET_CHAIN_ID: async () => ({ chainId: state.chainId }),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: async () => ({ smartAccountEnabledNetworks: [...deps.smartAccountChains] }),
    // the smart account created on the frame's chain now (a user operation with its initCode, no call), for a user acting with one
    // The smart account as it stands (its address, whether it is on the chain yet); nothing is sent: creating
    // it costs the account a fee, which only an operation the visitor approved may spend (it is created by
    // its first one). A page's request gets no signature and no spending without the approval surface.
    INIT_SMART_ACCOUNT: async () => {
      if (!deps.smartAccountChains.includes(state.chainId)) throw new FrameError(SMART_ACCOUNT_UNSUPPORTED_MESSAGE);
      const me = await fetchUser();
      if (me.accountType !== 'smartAccount' || !me.smartAccountAddress) throw new FrameError('The account acts with its key (eoa): switch it to a smart account first');
      return { address: me.smartAccountAddress, isDeployed: me.smartAccountDeployed === true };
    },
    SET_PREFERRED_ACCOUNT: async (e) => {
      const type = e.payload.type;
      if (type !== 'eoa' && (type !== 'smartAccount' || deps.smartAccountChains.length === 0)) throw new FrameError(SMART_ACCOUNT_UNSUPPORTED_MESSAGE);
      if (!state.session) throw new FrameError('Not logged in');
      // stored by the service for the user: every frame and device of the account acts with it from now on
      const r = await api.call<{ user: UserView }>('/v1/account/type', { type });
      state.me = r.user;
      return { type: r.user.accountType ?? 'eoa', address: r.user.address };
    },
    RPC_REQUEST: rpcRequest,
    UPDATE_EMAIL: async (e) => {
      if (!state.session) throw new FrameError('Not logged in');
      const r = await api.call<{ action: 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'; flowId: string }>('/v1/email/update', { email: e.payload.email });
      updateFlow = r.flowId;
      return { action: r.action };
    },
    UPDATE_EMAIL_PRIMARY_OTP: async (e) => {
      if (!state.session || !updateFlow) throw new FrameError('No e-mail change in progress');
      await api.call('/v1/email/update/primary', { flowId: updateFlow, otp: e.payload.otp.trim() });
      return undefined;
    },
    UPDATE_EMAIL_SECONDARY_OTP: async (e) => {
      if (!state.session || !updateFlow) throw new FrameError('No e-mail change in progress');
      const r = await api.call<{ newEmail: string; user: UserView; token: string; expiresAt: number }>('/v1/email/update/secondary', {
        flowId: updateFlow,
        otp: e.payload.otp.trim(),
      });
      updateFlow = undefined;
      state.me = r.user;
      // the change ended every session of the account: this frame goes on with the fresh one
      await setSession({ token: r.token, expiresAt: r.expiresAt });
      return { newEmail: r.newEmail };
    },
    SYNC_THEME: async (e) => {
      // the page's theme, each value checked (theme.ts): a bad one is ignored
      applyTheme(document.documentElement, readTheme(e.payload, shownTheme()));
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
  return handlers;
}
