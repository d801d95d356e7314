import { errorText } from '../index';
import type { CaipNetwork, ChainNamespace } from '../../kernel/index';

import type { UiKernel } from '../kernel';
import { chainIcon } from '../icons/chains';

/**
 * Switches and reports failures in the snackbar with the kernel's message (e.g. 'Chain is
 * not supported'), bound to `scope` (the view's visit: not shown once the visitor left); a
 * switch the visitor cancelled needs no message.
 */
export async function switchTo(kernel: UiKernel, network: CaipNetwork, scope?: string): Promise<boolean> {
  try {
    await kernel.network.switchNetwork(network);
    return true;
  } catch (err) {
    if ((err as { name?: unknown } | null)?.name !== 'RequestAbortedError') kernel.snackbar.error(errorText(err), { scope });
    return false;
  }
}

/** The network's image: its own `assets.imageUrl`, the host's `chainImages`, else our bundled mark of a well-known chain. */
export function networkImage(kernel: UiKernel, n: CaipNetwork): string | undefined {
  return n.assets?.imageUrl ?? kernel.options.state.chainImages?.[n.id] ?? chainIcon(n);
}

/** Disconnects `namespace` (and its session partners) and closes the modal; a failure goes to the snackbar (bound to `scope`). */
export function disconnectAndClose(kernel: UiKernel, namespace: ChainNamespace | undefined, scope?: string): Promise<void> {
  return kernel.connection.disconnect(namespace).then(
    () => kernel.modal.close(),
    (err: unknown) => kernel.snackbar.error(errorText(err), { scope }),
  );
}
