/**
 * Loaded on first use of an eip155 wallet (see ./index.ts): contributes the
 * chain adapter. Everything viem-related lives behind this module. While loaded it also
 * follows the connected eip155 account: on a network with ENS (`ensContracts`) the account's
 * primary name and avatar are looked up (./identity, with the ENS code, loaded only then).
 */
import { Account, Network, type PluginContext, type PluginModule } from 'latchkey';
import { ensContracts } from 'latchkey/eip155';
import { EvmAdapter } from './EvmAdapter';

/** The account's network: the one its CAIP address names (the active one may lag a switch). */
function networkOf(ctx: Pick<PluginContext, 'get'>, caipAddress: string | undefined) {
  const state = ctx.get<Network>(Network).state.namespaces.eip155;
  const id = caipAddress?.split(':').slice(0, 2).join(':');
  return state.requestedCaipNetworks.find((n) => n.caipNetworkId === id) ?? (state.caipNetwork?.caipNetworkId === id ? state.caipNetwork : undefined);
}

/**
 * docs/connection.md#account-sync: ENS identity for each connected eip155 account, where the network
 * has ENS. Its own watch of the account (the kernel's `whenAccount` would join every host's start path).
 */
export function followEnsIdentity(ctx: Pick<PluginContext, 'get'>): () => void {
  const account = ctx.get<Account>(Account);
  let key: string | undefined;
  let end: (() => void) | undefined;
  const check = () => {
    const acc = account.get('eip155');
    const next = acc.status === 'connected' ? acc.caipAddress : undefined;
    if (next === key) return;
    key = next;
    end?.();
    end = undefined;
    const network = networkOf(ctx, next);
    const contracts = ensContracts(network);
    if (!next || !network || !contracts || !acc.address) return;
    let stop: (() => void) | undefined;
    let ended = false;
    import('./identity').then(
      (m) => {
        if (!ended) stop = m.showEnsIdentity(ctx, network, contracts, acc.address!);
      },
      (err: unknown) => console.warn('[latchkey] ENS: the identity code did not load', err),
    );
    end = () => {
      ended = true;
      stop?.();
    };
  };
  const sub = account.state$.subscribe(check);
  return () => {
    sub.unsubscribe();
    end?.();
  };
}

const evmModule: PluginModule = {
  adapters: (ctx) => [new EvmAdapter(ctx)],
  onLoad: (ctx) => followEnsIdentity(ctx),
};

export default evmModule;
