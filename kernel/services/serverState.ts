/**
 * The state a server renders ({@link Kernel.serverState}): the account, network and wallet-list
 * states as the kernel created them, before this page's storage was read, with a visitor's
 * initial state applied. On a server nothing is stored, so the kernel's own state is that; in
 * the browser, hydration renders from it, so the first client render equals the server's HTML
 * whatever this browser stored.
 */
import type { AccountServiceState } from './Account';
import type { ConnectorRegistryState } from './ConnectorRegistry';
import type { NetworkServiceState } from './Network';
import { withInitialAccounts, withInitialNetworks, type LatchkeyInitialState } from './initialState';

export interface KernelServerState {
  readonly account: AccountServiceState;
  readonly network: NetworkServiceState;
  readonly connectors: ConnectorRegistryState;
}

/**
 * `created`: the states as created (nothing stored applied). Returns the function behind
 * `Kernel.serverState`: one object per `initial` object (React asks for the same snapshot
 * several times during a hydration and needs the same value back).
 */
export function serverStates(created: KernelServerState): (initial?: LatchkeyInitialState) => KernelServerState {
  // The recent wallets are stored in the browser: a server has none.
  const base: KernelServerState = { ...created, connectors: { ...created.connectors, recent: [] } };
  const byInitial = new WeakMap<object, KernelServerState>();
  return (initial) => {
    if (typeof initial !== 'object' || initial === null) return base;
    let state = byInitial.get(initial);
    if (!state) {
      state = { account: withInitialAccounts(base.account, initial), network: withInitialNetworks(base.network, initial), connectors: base.connectors };
      byInitial.set(initial, state);
    }
    return state;
  };
}
