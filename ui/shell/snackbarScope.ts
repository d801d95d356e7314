/**
 * Binds the kernel's snackbar to the modal visit that raised it. A visit is one view of one
 * open session: it ends when the router moves to another view, and when the modal closes.
 * A snackbar shows only during its visit and is hidden when the visit ends, so "Address
 * copied" does not follow the visitor to the next view and a rejection that arrives after
 * the modal closed is not shown in the next session.
 *
 * A snackbar shown with a `scope` (what `useSnackbarScope()` gives a view) belongs to that
 * visit, even when it arrives late (a wallet's answer after the visitor left); one shown
 * without a scope belongs to the visit during which it opened, except that the outcome of a
 * step that then navigates in the same task (`snackbar.success('Transaction started')`, then
 * `router.reset('Account')`) goes with the visitor to the view it lands on. Kept outside React: the
 * kernel's observables are followed synchronously, so no render timing decides the owner.
 */
import { useState } from 'react';
import type { Snackbar } from '../../kernel/index';

type SnackbarState = Snackbar['state'];
import type { UiKernel } from '../kernel';

export interface SnackbarScopes {
  /** The current visit's scope, undefined while the modal is closed. */
  current(): string | undefined;
  /** Whether `state` is to be shown now (open and raised for the current visit). */
  shows(state: SnackbarState): boolean;
}

const trackers = /*#__PURE__*/ new WeakMap<object, SnackbarScopes>();

/** The snackbar scopes of `kernel` (created on first use, followed for the kernel's life). */
export function snackbarScopes(kernel: UiKernel): SnackbarScopes {
  let t = trackers.get(kernel);
  if (!t) trackers.set(kernel, (t = track(kernel)));
  return t;
}

function track(kernel: UiKernel): SnackbarScopes {
  const owners = new WeakMap<SnackbarState, string | undefined>();
  let session = 0;
  let visit = 0;
  let key: string | undefined;
  let open = false;
  let route: unknown;
  /** An unscoped snackbar opened in the current task (until its microtask): a navigation now takes it along. */
  let fresh: SnackbarState | undefined;

  const release = (k: string | undefined) => {
    if (k === undefined) return;
    kernel.snackbar.hide(k);
    const s = kernel.snackbar.state;
    if (s.open && s.scope === undefined && owners.get(s) === k) kernel.snackbar.hide();
  };
  const enter = () => {
    const previous = key;
    key = `lk-visit-${session}.${++visit}`;
    const s = kernel.snackbar.state;
    if (previous !== undefined && s === fresh && s.open && owners.get(s) === previous) owners.set(s, key);
    release(previous);
  };

  kernel.modal.state$.subscribe((m) => {
    if (m.open === open) return;
    open = m.open;
    if (open) {
      session++;
      enter();
    } else {
      release(key);
      key = undefined;
    }
  });
  kernel.router.state$.subscribe((r) => {
    if (r === route) return;
    route = r;
    if (open) enter();
  });
  kernel.snackbar.state$.subscribe((s) => {
    if (!s.open || owners.has(s)) return;
    const owner = s.scope ?? key;
    owners.set(s, owner);
    if (s.scope === undefined && owner !== undefined) {
      fresh = s;
      void Promise.resolve().then(() => {
        if (fresh === s) fresh = undefined;
      });
    }
    // Raised for a visit that has ended (a late answer), or while the modal is closed: it
    // would show nowhere; hide it (after this emission) so it does not linger.
    if (owner === undefined || owner !== key) {
      queueMicrotask(() => {
        if (kernel.snackbar.state === s) kernel.snackbar.hide();
      });
    }
  });

  return {
    current: () => key,
    shows: (s) => s.open && key !== undefined && (owners.has(s) ? owners.get(s) : s.scope) === key,
  };
}

/**
 * The scope of the view being rendered, for snackbars it raises:
 * `kernel.snackbar.error(text, { scope })`. Taken when the view mounts, so an answer that
 * arrives after the visitor left is not shown in another view.
 */
export function useSnackbarScope(kernel: UiKernel): string | undefined {
  const [scope] = useState(() => snackbarScopes(kernel).current());
  return scope;
}
