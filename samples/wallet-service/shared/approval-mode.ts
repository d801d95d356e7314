/**
 * Where approvals are shown, as the operator sets it (WALLET_APPROVAL_WINDOW, a project's
 * `approvalWindow`), from the weakest to the strictest:
 * - 'fallback': in the frame wherever the browser can prove the frame is visible (IntersectionObserver
 *   v2), else in the wallet window: the operator accepts what v2 cannot see (README, threat model);
 * - 'value' (default): requests that can move value (transactions, call bundles, typed data) in the
 *   wallet window, personal_sign in the frame where v2 exists;
 * - 'always': every approval in the wallet window.
 * Types only (the service's configuration and the frame both read it).
 */
export const APPROVAL_MODES = ['fallback', 'value', 'always'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];
export const DEFAULT_APPROVAL_MODE: ApprovalMode = 'value';
