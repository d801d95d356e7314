/**
 * The approval queue's run: one request at a time, the head of the queue, shown in the frame or in the
 * wallet window (presenter.ts, policy.ts). The service prepares each (the exact object to sign or
 * send), the visitor sees that, and that is signed or sent once approved; a rejected or aborted one is
 * answered so. RPC_ABORT and sign-out abort every waiting request and close the one shown.
 */
import type { ServiceApi } from './api';
import type { ApprovalHandle } from './approval';
import { message } from './errors';
import { describePrepared } from './format';
import type { ChainOf, FrameState, Post } from './frame-types';
import { frameMode, opensInWindow } from './policy';
import { approvalPresenter } from './presenter';
import { browserHasV2 } from './visibility';
import type { Prepared } from '../shared/prepared';

const USER_REJECTED = 'User rejected the request.';
const ABORTED = 'Request was aborted';

export interface Pending {
  id: string | undefined;
  method: string;
  params: readonly unknown[];
  chainId: number;
  handle?: ApprovalHandle;
  aborted: boolean;
}

export function approvalFlow(
  state: FrameState,
  deps: { api: ServiceApi; root: HTMLElement; params: URLSearchParams; operatorMode: string | undefined; parentOrigin: string; chainOf: ChainOf; post: Post },
) {
  const { api, root, params, operatorMode, parentOrigin, chainOf, post } = deps;
  const approvals: Pending[] = [];
  let approving = false;
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
    const view = describePrepared(prepared, { chainName: chain.name, currency: chain.nativeCurrency, origin: parentOrigin, from: state.me?.address ?? '' });
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
   * closes (also when the visitor is reading it: the page has already given up on it, and the page
   * rejects outstanding requests when the modal closes, docs/embedded-wallet.md#requests-and-approvals). The next request shown says it replaced one.
   */
  const abortApprovals = () => {
    queue.aborted();
    for (const p of approvals) p.aborted = true;
    for (const w of abortWaiters) w();
  };
  return { approvals, runApprovals, abortApprovals };
}
