import type { UiKernel } from '../kernel';
import { Snackbar } from '../primitives/Snackbar';
import { snackbarScopes } from './snackbarScope';

/**
 * The modal's snackbar: the kernel's message when it was raised for the view being shown
 * (see ./snackbarScope.ts). Comes with the modal's chunk; until then the shell holds an empty
 * live region in its place.
 */
export function ModalSnackbar({ kernel }: { readonly kernel: UiKernel }) {
  return <Snackbar snackbar={kernel.snackbar} shows={snackbarScopes(kernel).shows} />;
}
