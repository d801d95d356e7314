/**
 * Test kit: binds a core service (kernel/coreServices.ts) in a test's own container, as the
 * kernel does with host modules: a factory of its class, its dependencies resolved by the
 * container. The core classes carry no inversify decorators, so `bind(X).to(XImpl)` cannot build
 * one that takes dependencies.
 */
import type { Container } from 'inversify';
import { CORE_SERVICES, bindCoreService } from '../coreServices';

/** Binds the core service of `token` (Options, Storage, Account, …) in `container`. */
export function bindService(container: Container, token: symbol) {
  const entry = CORE_SERVICES.find(([t]) => t === token);
  if (!entry) throw new Error(`not a core service: ${String(token)}`);
  return bindCoreService(container, entry);
}
