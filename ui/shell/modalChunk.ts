/**
 * What the open modal needs beyond the entry chunk, in one chunk loaded on intent, when the
 * page is idle, or at open: its stylesheet, its motion (height animation, scroll hints), arrow keys in lists and
 * its snackbar (bound to the view that raised it).
 */
export { MODAL_CSS } from './css/modal';
export { attachAnimatedHeight, attachScrollHint } from './motion';
export { attachListKeys } from './listKeys';
export { ModalSnackbar } from './ModalSnackbar';
export { snackbarScopes } from './snackbarScope';
