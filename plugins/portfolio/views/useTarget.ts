import { useObserved, type UiKernel } from 'latchkey/ui';

/**
 * `caipNetworkId:address` of the connected account on the active network ('' when none): the
 * tabs read again when it changes (another account, a network switch).
 */
export function useTargetKey(kernel: UiKernel): string {
  const active = useObserved(kernel.network, (s) => s.activeNamespace);
  const network = useObserved(kernel.network, (s) => s.activeNetwork?.caipNetworkId);
  const address = useObserved(kernel.account, (s) => (active ? s.namespaces[active].address : undefined));
  return network && address ? `${network}:${address}` : '';
}
