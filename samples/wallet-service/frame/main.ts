/**
 * The embedded wallet's frame page. It runs on the wallet service's origin inside a hidden iframe of
 * the dapp's page, answers the page's `@w3m-app/…` requests (latchkey/plugins/embedded-wallet/protocol,
 * PROTOCOL.md), holds the session, calls the service's API with its device key, and shows the
 * approval surface for requests that need the user's consent.
 *
 * It talks to exactly one window: its parent, at the parent's exact origin (from
 * location.ancestorOrigins, else document.referrer). Messages from any other window or origin are
 * dropped unread; replies are posted with that origin as target. If the parent's origin, or the origin
 * of any window above it, is not on the project's allowlist, every request is answered with the
 * configuration error and nothing else.
 *
 * Its parts: ancestors.ts (who embeds the frame), configure.ts (device key, the service's allowlist
 * verdict), session.ts (the login session and the user), approval-flow.ts (the approval queue's run),
 * rpc-request.ts (RPC_REQUEST's checks), handlers.ts (one handler per request) and parent-messages.ts
 * (the message loop with the parent).
 */
import { detectAncestors } from './ancestors';
import { approvalFlow } from './approval-flow';
import { configure } from './configure';
import type { FrameState } from './frame-types';
import { requestHandlers } from './handlers';
import { listenToParent } from './parent-messages';
import { evmChainId, frameMessage } from 'latchkey/plugins/embedded-wallet/protocol';
import { rpcRequestHandler } from './rpc-request';
import { frameSession } from './session';
import type { StoredSession } from './store';

declare const __FRAME_VERSION__: string;

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

  const { store, api, sessionKey, configError, chains, operatorMode, smartAccountChains } = await configure(ancestors, projectId);

  const chainOf = (id: number | undefined) => chains.find((c) => c.chainId === id);
  // ---- session -------------------------------------------------------------------------------------
  const state: FrameState = {
    chainId: chainOf(evmChainId(params.get('chainId') ?? undefined))?.chainId ?? chains[0]?.chainId ?? 1,
    session: configError ? undefined : await store.get<StoredSession>(sessionKey),
    me: undefined,
  };
  api.token = state.session?.token;

  const post = (name: string, id: string | undefined, payload?: unknown) => {
    window.parent.postMessage(frameMessage(name, id, payload), parentOrigin);
  };
  const session = frameSession(state, { api, store, sessionKey, chainOf, post });

  // ---- approvals, request handlers, message loop ----------------------------------------------------
  const { approvals, runApprovals, abortApprovals } = approvalFlow(state, { api, root, params, operatorMode, parentOrigin, chainOf, post });
  const rpcRequest = rpcRequestHandler(state, { api, parentOrigin, chainOf, fetchUser: session.fetchUser, approvals, runApprovals });
  const handlers = requestHandlers(state, { api, projectId, parentOrigin, session, rpcRequest, abortApprovals, smartAccountChains });
  listenToParent({ parentOrigin, configError, handlers, abortApprovals, post, log });

  if (configError) log('configuration error:', configError);
  post('READY', undefined, { version: __FRAME_VERSION__ });
}

void main();
