/**
 * Activations: a plugin says when it acts ("each time an eip155 account connects") and the
 * kernel keeps the watch, instead of each plugin subscribing to the account state and keeping
 * the subscription itself. Plugins reach this through `ctx.whenAccount` (kernel/plugin/manifest.ts).
 */
import type { Observed } from '../store';
import type { AccountServiceState } from '../services/Account';
import type { NetworkServiceState } from '../services/Network';
import type { AccountState, ChainNamespace } from '../types';
import type { AccountCleanup } from './manifest';

/** The two services an activation reads (`ActivationSources` in the container; structural, so a test can hand in plain stores). */
export interface ActivationSources {
  readonly account: Observed<AccountServiceState>;
  readonly network: Observed<NetworkServiceState>;
}

function cleanUp(cleanup: AccountCleanup): void {
  try {
    cleanup?.();
  } catch (err) {
    console.warn('[latchkey] an account cleanup failed', err);
  }
}

/**
 * Calls `run` for each account of `namespace` ('active': of the active namespace) that becomes
 * connected, one connected already included, keyed by its CAIP address; calls the cleanup it
 * returns when that key changes (disconnect, another address or chain) and when the returned
 * function ends the activation.
 */
export function whenAccount(
  sources: ActivationSources,
  namespace: ChainNamespace | 'active',
  run: (account: AccountState, namespace: ChainNamespace) => AccountCleanup,
): () => void {
  let key: string | undefined;
  let cleanup: AccountCleanup;
  // Bumped by every change: a cleanup returned after the account changed again (run itself
  // disconnected it, say) is called at once instead of being kept.
  let turn = 0;
  let ended = false;
  const check = () => {
    if (ended) return;
    const ns = namespace === 'active' ? sources.network.state.activeNamespace : namespace;
    const account = ns ? sources.account.state.namespaces[ns] : undefined;
    const next = account?.status === 'connected' ? account.caipAddress : undefined;
    if (next === key) return;
    key = next;
    const mine = ++turn;
    const previous = cleanup;
    cleanup = undefined;
    cleanUp(previous);
    if (!next || !account || !ns) return;
    let result: AccountCleanup = undefined;
    try {
      result = run(account, ns);
    } catch (err) {
      console.warn('[latchkey] an account activation failed', err);
    }
    if (mine === turn && !ended) cleanup = result;
    else cleanUp(result);
  };
  const subscription = sources.account.state$.subscribe(check);
  if (namespace === 'active') subscription.add(sources.network.state$.subscribe(check));
  return () => {
    if (ended) return;
    ended = true;
    subscription.unsubscribe();
    const last = cleanup;
    cleanup = undefined;
    cleanUp(last);
  };
}
