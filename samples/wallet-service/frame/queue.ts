/**
 * Bookkeeping of the frame's approval queue (no DOM; times are given): the counter a request shows
 * ("2 of 3": its place among the requests handled since the queue was last empty and those waiting),
 * and whether it takes the place of another (bait and switch):
 * - 'aborted': the app aborted a request while it was shown; the next request shown, whenever it
 *   comes, says the app replaced its request;
 * - 'recent': another request ended less than REPLACE_WINDOW_MS before this one is shown (a new
 *   request under the visitor's cursor right after a click).
 * Either holds Approve REPLACED_HOLD_MS (visibility.ts) with the notice.
 */
import type { QueuePosition, Replaced } from './approval';

export const REPLACE_WINDOW_MS = 3000;

interface Shown {
  setPosition(position: QueuePosition): void;
}

export class ApprovalQueue {
  private handled = 0;
  private shown: Shown | undefined;
  private abortedWhileShown = false;
  private endedAt = Number.NEGATIVE_INFINITY;

  /** A request is about to be shown, `waiting` requests in the queue (itself included). */
  show(waiting: number, now: number): { position: QueuePosition; replaced?: Replaced } {
    const replaced: Replaced | undefined = this.abortedWhileShown ? 'aborted' : now - this.endedAt < REPLACE_WINDOW_MS ? 'recent' : undefined;
    this.abortedWhileShown = false;
    return replaced ? { position: this.position(waiting), replaced } : { position: this.position(waiting) };
  }

  /** The approval now shown (its counter follows the queue). */
  bind(shown: Shown): void {
    this.shown = shown;
  }

  /** The queue now holds `waiting` requests (a new one arrived while one is shown). */
  waiting(waiting: number): void {
    this.shown?.setPosition(this.position(waiting));
  }

  position(waiting: number): QueuePosition {
    return { index: this.handled + 1, total: this.handled + Math.max(1, waiting) };
  }

  /** The request at the head left the queue. */
  done(): void {
    this.handled++;
  }

  /** The queue is empty: the next request is "1 of …" again. */
  empty(): void {
    this.handled = 0;
  }

  /** The app aborted the requests waiting (RPC_ABORT, sign-out). */
  aborted(): void {
    if (this.shown) this.abortedWhileShown = true;
  }

  /** The approval `shown` closed at `now` (decided, aborted or failed). */
  closed(shown: Shown, now: number): void {
    if (this.shown === shown) this.shown = undefined;
    this.endedAt = now;
  }
}
