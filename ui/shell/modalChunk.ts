/**
 * What the open modal needs beyond the entry chunk, in one chunk loaded on intent, when the
 * page is idle, or at open: its stylesheet, its motion (height animation, scroll hints),
 * arrow keys in lists, its snackbar (bound to the view that raised it) and the kernel's
 * alert banner; and, loaded when idle, the trigger that fetches what the Connect view shows.
 */
import type { UiKernel } from '../kernel';
import { attachAnimatedHeight, attachScrollHint, startEntranceInFirstFrame } from './motion';
import { attachListKeys } from './listKeys';
import { snackbarScopes } from './snackbarScope';
import { prefetchConnect } from './prefetchConnect';

export { MODAL_CSS } from './css/modal';
export { ModalSnackbar } from './ModalSnackbar';
export { AlertBanner } from '../primitives/AlertBanner';
export { label } from '../i18n/labels';
export { warmFonts } from './warmFonts';

/**
 * Run when the chunk has loaded in an idle moment after start (LatchkeyProvider): follows the
 * kernel's snackbars, and fetches what the Connect view will show (./prefetchConnect).
 */
export function whenIdle(kernel: UiKernel): void {
  snackbarScopes(kernel);
  prefetchConnect(kernel);
}

/**
 * Starts what the open modal does beyond rendering: following snackbars (if not yet), the
 * entrance from the first frame that shows it, the body's height animation and scroll shadows,
 * arrow keys in its lists. Returns the undo.
 */
export function attachModal(kernel: UiKernel, body: HTMLElement, content: HTMLElement): () => void {
  snackbarScopes(kernel);
  const root = body.closest('.lk-root, .lk-embedded') ?? body;
  const undos = [startEntranceInFirstFrame(root), attachAnimatedHeight(body, content), attachScrollHint(body), attachListKeys(body)];
  return () => undos.forEach((undo) => undo());
}
