/**
 * Tokens a plugin binds to (multi-bindings the kernel reads) or asks for, next to the
 * manifest. Kernel services have their own tokens in kernel/services/*.ts.
 */
import type { ChainNamespace } from '../types';

/** The kernel's own inversify container, bound so services can hand it to plugins. */
export const KernelContainer = Symbol('KernelContainer');

/**
 * State that belongs to a wallet session and is cleared on disconnect (a send form, a
 * portfolio cache, pending requests). Plugins multi-bind their own to this token;
 * Connection calls `reset(namespace)` on each when a namespace disconnects (no
 * namespace: everything).
 */
export const SessionState = Symbol('SessionState');
export interface SessionState {
  reset(namespace?: ChainNamespace): void;
}
