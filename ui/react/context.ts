import { createContext, useContext } from 'react';
import type { UiKernel } from '../kernel';

export const KernelContext = /*#__PURE__*/ createContext<UiKernel | null>(null);

/**
 * The state the server rendered for an observed service, if it differs from what the page may
 * hold now (LatchkeyProvider gives it: the kernel's `serverState`); undefined for the others.
 * React renders the hydration from it, then the page's own state.
 */
export type ServerSnapshots = (observed: object) => unknown;

export const ServerSnapshotContext = /*#__PURE__*/ createContext<ServerSnapshots | null>(null);

/** The kernel given to the nearest `<LatchkeyProvider>`. */
export function useKernel(): UiKernel {
  const kernel = useContext(KernelContext);
  if (!kernel) throw new Error('useKernel must be used inside <LatchkeyProvider>');
  return kernel;
}
