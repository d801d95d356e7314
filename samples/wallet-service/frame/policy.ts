/**
 * Where an approval is shown: in the frame (guarded by visibility.ts) or in the wallet window
 * (popup-host.ts), from the operator's mode (shared/approval-mode.ts), what the dapp asked for, the
 * method, and whether this browser can prove the frame's visibility at all. Pure functions, unit-tested.
 *
 * Why transactions, call bundles and typed data go to the window by default: IntersectionObserver v2
 * does not see everything a page can draw over a frame (in Chromium: `mask-image` on the iframe, a
 * `clip-path` path with a hole, an opaque `outline`), so the frame cannot prove against every page
 * that the visitor saw what they approve. A window of the wallet's own origin cannot be drawn over.
 * personal_sign stays in the frame where v2 exists (a sign-in message for another site is refused
 * before it is shown: siwe.ts).
 */
import { APPROVAL_MODES, DEFAULT_APPROVAL_MODE, type ApprovalMode } from '../shared/approval-mode';

export type { ApprovalMode };

/** Requests that can move value: an approval of one is never taken in the frame unless the operator chose 'fallback'. */
export const VALUE_METHODS: ReadonlySet<string> = new Set(['eth_sendTransaction', 'wallet_sendCalls', 'eth_signTypedData_v4']);

export const isApprovalMode = (v: unknown): v is ApprovalMode => typeof v === 'string' && (APPROVAL_MODES as readonly string[]).includes(v);

/** The stricter of two modes. */
export function stricter(a: ApprovalMode, b: ApprovalMode): ApprovalMode {
  return APPROVAL_MODES.indexOf(a) >= APPROVAL_MODES.indexOf(b) ? a : b;
}

/**
 * The mode for this frame: the operator's (the service's answer; anything else is the default), made
 * stricter when the frame's URL asks for it (`approval=always`, or `window` as before; `approval=value`).
 * A dapp can never make it weaker: `approval=fallback` changes nothing.
 */
export function frameMode(operator: unknown, asked: string | null): ApprovalMode {
  const base = isApprovalMode(operator) ? operator : DEFAULT_APPROVAL_MODE;
  const page: ApprovalMode | undefined = asked === 'always' || asked === 'window' ? 'always' : asked === 'value' ? 'value' : undefined;
  return page ? stricter(base, page) : base;
}

/** The approval of `method` opens in the wallet window (else in the frame). Without v2 the frame proves nothing: always the window. */
export function opensInWindow(method: string, mode: ApprovalMode, hasV2: boolean): boolean {
  if (!hasV2 || mode === 'always') return true;
  return mode === 'value' && VALUE_METHODS.has(method);
}
