/**
 * RPC_REQUEST: which methods the frame answers (AppKit's lists, narrowed to what the service
 * implements); read-only calls go to the service, signing requests are checked (this wallet's own
 * address; a sign-in message for this app only) before they join the approval queue (approval-flow.ts),
 * which answers them later.
 */
import type { ServiceApi } from './api';
import type { Pending } from './approval-flow';
import { FrameError } from './errors';
import type { ChainOf, FrameState, UserView } from './frame-types';
import { evmChainId, NOT_SAFE_RPC_METHODS, RPC_METHOD_NOT_ALLOWED_MESSAGE, SAFE_RPC_METHODS, type AppEvent } from 'latchkey/plugins/embedded-wallet/protocol';
import { assertSignInForApp } from './siwe';

/** Methods the service implements; the rest of AppKit's lists are answered "not supported". */
const SAFE_SUPPORTED = new Set<string>(SAFE_RPC_METHODS.filter((m) => !/UserOperation|supportedEntryPoints/.test(m)));
const SIGNING_SUPPORTED = new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls']);
const SAFE_ALL = new Set<string>(SAFE_RPC_METHODS);
const NOT_SAFE_ALL = new Set<string>(NOT_SAFE_RPC_METHODS);
const MAX_APPROVALS = 20;

/** A handler's result that answers nothing now: the approval queue answers the request later. */
export const NO_REPLY = Symbol('answered later');

export function rpcRequestHandler(
  state: FrameState,
  deps: { api: ServiceApi; parentOrigin: string; chainOf: ChainOf; fetchUser: () => Promise<UserView>; approvals: Pending[]; runApprovals: () => Promise<void> },
) {
  const { api, parentOrigin, chainOf, fetchUser, approvals, runApprovals } = deps;
  const rpcRequest = async (e: Extract<AppEvent, { name: 'RPC_REQUEST' }>): Promise<unknown> => {
    const { method, chainNamespace } = e.payload;
    if (chainNamespace && chainNamespace !== 'eip155') throw new FrameError('Only EVM (eip155) requests are supported by this wallet');
    if (!SAFE_ALL.has(method) && !NOT_SAFE_ALL.has(method)) throw new FrameError(RPC_METHOD_NOT_ALLOWED_MESSAGE);
    if (!SAFE_SUPPORTED.has(method) && !SIGNING_SUPPORTED.has(method)) throw new FrameError(`${method} is not supported by this wallet`);
    const raw = e.payload.params;
    if (raw !== undefined && !Array.isArray(raw)) throw new FrameError('params: Expected array');
    const params = (raw ?? []) as unknown[];
    if (params.length > 16) throw new FrameError('params: Too long');
    const target = e.payload.chainId !== undefined ? chainOf(evmChainId(e.payload.chainId)) : chainOf(state.chainId);
    if (!target) throw new FrameError(`Chain ${String(e.payload.chainId)} is not supported by this wallet`);
    if (!state.session) throw new FrameError('Not logged in');
    if (method === 'eth_chainId') return `0x${target.chainId.toString(16)}`;
    if (SAFE_SUPPORTED.has(method)) {
      const r = await api.call<{ result: unknown }>('/v1/wallet/rpc', { chainId: target.chainId, method, params });
      return r.result;
    }
    if (approvals.length >= MAX_APPROVALS) throw new FrameError('Too many requests waiting for approval');
    const own = (state.me ?? (await fetchUser())).address.toLowerCase();
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
  return rpcRequest;
}
