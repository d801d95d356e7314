import { errorText } from '../index';
import type { CaipNetwork as NetworkData, ChainNamespace } from '../../kernel/index';

import type { UiKernel } from '../kernel';

/** Switches and reports failures in the snackbar with the kernel's message (e.g. 'Chain is not supported'); a switch the visitor cancelled needs no message. */
export async function switchTo(kernel: UiKernel, network: NetworkData): Promise<boolean> {
  try {
    await kernel.network.switchNetwork(network);
    return true;
  } catch (err) {
    if ((err as { name?: unknown } | null)?.name !== 'RequestAbortedError') kernel.snackbar.error(errorText(err));
    return false;
  }
}

export function networkImage(kernel: UiKernel, n: NetworkData): string | undefined {
  return n.assets?.imageUrl ?? kernel.options.state.chainImages?.[n.id];
}

/** Disconnects `namespace` (and its session partners) and closes the modal; a failure goes to the snackbar. */
export function disconnectAndClose(kernel: UiKernel, namespace: ChainNamespace | undefined): Promise<void> {
  return kernel.connection.disconnect(namespace).then(
    () => kernel.modal.close(),
    (err: unknown) => kernel.snackbar.error(errorText(err)),
  );
}
