import { createContext, useContext } from 'react';
import type { UiKernel } from '../kernel';

export const KernelContext = /*#__PURE__*/ createContext<UiKernel | null>(null);

/** The kernel given to the nearest `<LatchkeyProvider>`. */
export function useKernel(): UiKernel {
  const kernel = useContext(KernelContext);
  if (!kernel) throw new Error('useKernel must be used inside <LatchkeyProvider>');
  return kernel;
}
