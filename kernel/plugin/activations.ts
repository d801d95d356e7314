/**
 * Activations: a plugin says when it acts ("each time an eip155 account connects") and the
 * kernel keeps the watch, instead of each plugin subscribing to the account state and keeping
 * the subscription itself. A function of its own, not a member of the plugin context, so a host
 * whose plugins do not use it does not ship it.
 */
import { Account } from '../services/Account';
import { Network } from '../services/Network';
import type { AccountState, ChainNamespace } from '../types';
import type { AccountCleanup, PluginContext } from './manifest';

/**
 * An activation: calls `run` each time an account of `namespace` becomes connected (and at once
 * for one connected already), and the cleanup `run` returns when that account disconnects or
 * changes (a new CAIP address: another address, or the same on another chain). `'active'`
 * follows the active namespace's account: making another connected namespace active changes it
 * too. Returns the function that ends it (calling the open cleanup): return that from the hook
 * that started it (`onKernelStart` or `onLoad`) and it ends at `kernel.stop()`.
 *
 *     onKernelStart: (ctx) =>
 *       whenAccount(ctx, 'eip155', (account) => {
 *         const watch = follow(account.address);
 *         return () => watch.stop();
 *       }),
 *
 * A callback or cleanup that throws is reported as an uncaught error, as a throwing subscriber
 * is; the activation goes on.
 */
export function whenAccount(
  ctx: Pick<PluginContext, 'get'>,
  namespace: ChainNamespace | 'active',
  run: (account: AccountState, namespace: ChainNamespace) => AccountCleanup,
): () => void {
  const account = ctx.get<Account>(Account);
  const network = ctx.get<Network>(Network);
  let key: string | undefined;
  let cleanup: AccountCleanup;
  const end = () => {
    const last = cleanup;
    cleanup = undefined;
    last?.();
  };
  const check = () => {
    const ns = namespace === 'active' ? network.state.activeNamespace : namespace;
    const state = ns && account.state.namespaces[ns];
    const next = state?.status === 'connected' ? state.caipAddress : undefined;
    if (next === key) return;
    key = next;
    end();
    if (!next) return;
    const result = run(state!, ns!);
    // The account changed again while `run` ran (it disconnected it, say): no cleanup to keep.
    if (key === next) cleanup = result;
    else result?.();
  };
  const subscription = account.state$.subscribe(check);
  if (namespace === 'active') subscription.add(network.state$.subscribe(check));
  return () => {
    subscription.unsubscribe();
    key = undefined;
    end();
  };
}
