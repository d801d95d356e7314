/**
 * The kernel an element uses when none is given to it: the one of the latest `createLatchkey`
 * still alive. Elements that are on the page before it exists wait for it here.
 */
import type { UiKernel } from '../kernel';

type Listener = (kernel: UiKernel | undefined) => void;

const live: UiKernel[] = [];
const listeners = /*#__PURE__*/ new Set<Listener>();

/** The default kernel for elements without a `kernel` property, if any. */
export function defaultKernel(): UiKernel | undefined {
  return live[live.length - 1];
}

/** Calls `fn` whenever the default kernel changes; returns the unsubscribe function. */
export function onDefaultKernel(fn: Listener): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

function changed(): void {
  const now = defaultKernel();
  for (const fn of [...listeners]) fn(now);
}

export function publishKernel(kernel: UiKernel): void {
  live.push(kernel);
  changed();
}

export function withdrawKernel(kernel: UiKernel): void {
  const i = live.lastIndexOf(kernel);
  if (i < 0) return;
  const wasDefault = i === live.length - 1;
  live.splice(i, 1);
  if (wasDefault) changed();
}
