/**
 * The slice of the kernel the UI talks to. Type-only: this file emits no code,
 * so the UI adds nothing to the kernel's bundle. It is a slice of `Kernel`, so tests
 * can hand the UI a smaller object.
 */
import type { Kernel } from '../kernel/index';

export type UiKernel = Pick<
  Kernel,
  | 'options'
  | 'router'
  | 'modal'
  | 'network'
  | 'account'
  | 'connectors'
  | 'connection'
  | 'plugins'
  | 'theme'
  | 'snackbar'
  | 'alerts'
  | 'get'
  | 'start'
> &
  /** Optional for a UI given a smaller kernel (tests): without it the server renders the current state. */
  Partial<Pick<Kernel, 'serverState'>>;
