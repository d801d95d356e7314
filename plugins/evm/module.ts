/**
 * Loaded on first use of an eip155 wallet (see ./index.ts): contributes the
 * chain adapter. Everything viem-related lives behind this module. While loaded it also
 * follows the connected eip155 account: on a network with ENS (`ensContracts`) the account's
 * primary name and avatar are looked up (./identity, with the ENS code, loaded only then).
 */
import { Account, Network, whenAccount, type PluginContext, type PluginModule } from 'latchkey';
import { ensContracts } from 'latchkey/eip155';
import { EvmAdapter } from './EvmAdapter';

/** The account's network: the one its CAIP address names (the active one may lag a switch). */
function networkOf(ctx: Pick<PluginContext, 'get'>, caipAddress: string | undefined) {
  const state = ctx.get<Network>(Network).state.namespaces.eip155;
  const id = caipAddress?.split(':').slice(0, 2).join(':');
  return state.requestedCaipNetworks.find((n) => n.caipNetworkId === id) ?? (state.caipNetwork?.caipNetworkId === id ? state.caipNetwork : undefined);
}

/** docs/connection.md#account-sync: ENS identity for each connected eip155 account, where the network has ENS. */
export function followEnsIdentity(ctx: Pick<PluginContext, 'get'>): () => void {
  return whenAccount(ctx, 'eip155', (account) => {
    const network = networkOf(ctx, account.caipAddress);
    const contracts = ensContracts(network);
    if (!network || !contracts || !account.address) return undefined;
    let stop: (() => void) | undefined;
    let ended = false;
    import('./identity').then(
      (m) => {
        if (!ended && ctx.get<Account>(Account).get('eip155').caipAddress === account.caipAddress) stop = m.showEnsIdentity(ctx, network, contracts, account.address!);
      },
      (err: unknown) => console.warn('[latchkey] ENS: the identity code did not load', err),
    );
    return () => {
      ended = true;
      stop?.();
    };
  });
}

const evmModule: PluginModule = {
  adapters: (ctx) => [new EvmAdapter(ctx)],
  onLoad: (ctx) => followEnsIdentity(ctx),
};

export default evmModule;
