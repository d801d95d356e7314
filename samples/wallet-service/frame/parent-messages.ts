/**
 * The frame's message loop with its parent: only the parent window, at its origin, is heard; what the
 * protocol ignores is dropped and an invalid request answered with its error. Each request goes to its
 * handler (handlers.ts) and is answered with its result or error (the configuration error, when there
 * is one, for every request; at most MAX_IN_FLIGHT at once). RPC_ABORT aborts the approvals.
 */
import { message } from './errors';
import type { Post } from './frame-types';
import type { RequestHandlers } from './handlers';
import { parseAppMessage, type AppEvent } from 'latchkey/plugins/embedded-wallet/protocol';
import { NO_REPLY } from './rpc-request';

/** Concurrent API-bound requests from the page; more are refused (a flood must not reach the service). */
const MAX_IN_FLIGHT = 16;

export function listenToParent(deps: {
  parentOrigin: string;
  configError: string | null;
  handlers: RequestHandlers;
  abortApprovals: () => void;
  post: Post;
  log: (...a: unknown[]) => void;
}) {
  const { parentOrigin, configError, handlers, abortApprovals, post, log } = deps;
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
}
