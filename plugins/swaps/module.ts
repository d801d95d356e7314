/**
 * The swaps plugin's headless module: the Swaps service and its two quote sources, bound into
 * the kernel when the plugin first loads (the Swap view opened). No React here.
 */
import { ContainerModule } from 'inversify';
import {
  Account,
  BlockchainApi,
  Connection,
  Events,
  HttpClient,
  Network,
  Options,
  RpcTransport,
  SessionState,
  Snackbar,
  type CaipNetwork,
  type PluginModule,
} from 'latchkey';
import { ChainReader } from './rpc';
import { SwapsService } from './service';
import { AggregatorQuoteSource } from './sources/aggregator';
import { OnChainQuoteSource } from './sources/onchain';
import type { QuoteSource } from './sources/source';
import { Swaps, type SwapsConfig } from './types';

interface SwapOptions {
  readonly swapApiUrl?: string;
  readonly blockchainApiUrl?: string;
  readonly projectId: string;
  readonly sdkType: string;
  readonly sdkVersion: string;
}

/**
 * `allowedContracts`: eip155 network ids to lists of EVM addresses; anything else is refused with a
 * TypeError naming the entry when the plugin loads (checked here, not in the manifest, so that hosts
 * do not pay for it in their entry).
 */
export function checkAllowedContracts(allowed: SwapsConfig['allowedContracts']): void {
  for (const [id, list] of Object.entries(allowed ?? {})) {
    if (!/^eip155:\d+$/.test(id) || !Array.isArray(list) || !list.every((a) => /^0x[\da-f]{40}$/i.test(a))) {
      throw new TypeError(`swapsPlugin: allowedContracts['${id}'] must list EVM addresses (0x and 40 hex digits)`);
    }
  }
}

export function swapsModule(config: SwapsConfig): PluginModule {
  checkAllowedContracts(config.allowedContracts);
  return {
    services: new ContainerModule(({ bind }) => {
      bind(Swaps)
        .toDynamicValue((ctx) => {
          const options = ctx.get<Options>(Options);
          const rpc = ctx.get<RpcTransport>(RpcTransport);
          const settings = () => options.state as unknown as SwapOptions;
          const apiUrl = () => settings().swapApiUrl || settings().blockchainApiUrl || undefined;
          const transport = (network: CaipNetwork) => rpc.forNetwork(network);
          const sources: Record<'api' | 'onchain', QuoteSource> = {
            api: new AggregatorQuoteSource({
              http: ctx.get<HttpClient>(HttpClient),
              allowed: (network) => config.allowedContracts?.[network.caipNetworkId],
              settings: () => ({ baseUrl: apiUrl() ?? '', projectId: settings().projectId, st: settings().sdkType, sv: settings().sdkVersion }),
            }),
            onchain: new OnChainQuoteSource({
              exchange: (network) => config.exchanges?.[network.caipNetworkId],
              reader: (network) => new ChainReader(transport(network)),
            }),
          };
          return new SwapsService({
            config,
            options,
            network: ctx.get<Network>(Network),
            account: ctx.get<Account>(Account),
            connection: ctx.get<Connection>(Connection),
            snackbar: ctx.get<Snackbar>(Snackbar),
            events: ctx.get<Events>(Events),
            api: ctx.get<BlockchainApi>(BlockchainApi),
            transport,
            source: (kind) => sources[kind],
            apiUrl,
          });
        })
        .inSingletonScope();
      // a disconnect clears the swap form, its quote and balances
      bind(SessionState).toDynamicValue((ctx): SessionState => ({
        reset: (namespace) => {
          if (!namespace || namespace === 'eip155') ctx.get<SwapsService>(Swaps).reset();
        },
      }));
    }),
  };
}
