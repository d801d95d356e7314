/**
 * Messages between the frame and the wallet window (popup.ts), both on the wallet service's origin.
 * Each side accepts a message only from the other's exact window (the frame: the window it opened;
 * the window: its opener) at the wallet's own origin, and posts only to that origin.
 *
 *   window → frame  READY                      the window loaded (again, after a reload)
 *   frame → window  SHOW { id, view, … }       the request to approve, its queue place, notice, theme
 *   frame → window  POSITION { id, position }  the queue counter changed
 *   window → frame  DECISION { id, decision }  the visitor's trusted click on Approve or Reject
 */
import type { Decision, QueuePosition, Replaced } from './approval';
import type { ApprovalView } from './format';
import type { HostTheme } from './theme';

/** The wallet window's page (served by the wallet service, CSP script-src 'self', never framed). */
export const WINDOW_PATH = '/approval';

export const READY = 'latchkey-approval:ready';
export const SHOW = 'latchkey-approval:show';
export const POSITION = 'latchkey-approval:position';
export const DECISION = 'latchkey-approval:decision';


export interface ShowMessage {
  readonly type: typeof SHOW;
  readonly id: string;
  readonly view: ApprovalView;
  readonly position?: QueuePosition;
  readonly replaced?: Replaced;
  /** The page's theme as the frame kept it (theme.ts; the window checks it again). */
  readonly theme: HostTheme;
}

export interface DecisionMessage {
  readonly type: typeof DECISION;
  readonly id: string;
  readonly decision: Decision;
}

/** The message comes from `peer` (an exact window) on this document's own origin. */
export function fromPeer(event: MessageEvent, peer: Window | null | undefined): boolean {
  return !!peer && event.source === peer && event.origin === location.origin;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function isPosition(v: unknown): v is QueuePosition {
  return isObject(v) && Number.isSafeInteger(v.index) && Number.isSafeInteger(v.total) && (v.index as number) >= 1 && (v.total as number) >= (v.index as number);
}

/** A SHOW message as the frame sends it (the view is rendered by the same code as in the frame). */
export function isShow(v: unknown): v is ShowMessage {
  return (
    isObject(v) &&
    v.type === SHOW &&
    typeof v.id === 'string' &&
    isObject(v.view) &&
    typeof v.view.title === 'string' &&
    Array.isArray(v.view.warnings) &&
    Array.isArray(v.view.sections) &&
    (v.position === undefined || isPosition(v.position)) &&
    (v.replaced === undefined || v.replaced === 'aborted' || v.replaced === 'recent') &&
    isObject(v.theme)
  );
}

export function isPositionUpdate(v: unknown, id: string): v is { type: typeof POSITION; id: string; position: QueuePosition } {
  return isObject(v) && v.type === POSITION && v.id === id && isPosition(v.position);
}

export function isDecision(v: unknown, id: string): v is DecisionMessage {
  return isObject(v) && v.type === DECISION && v.id === id && (v.decision === 'approve' || v.decision === 'reject');
}
