/**
 * The plugin's headless module (loaded on first use): the GasOracle service, bound into the
 * kernel's container with the kernel's own Network and RpcTransport services injected.
 */
import { ContainerModule } from 'inversify';
import { Network, Options, RpcTransport, SessionState, Store, type CaipNetwork, type PluginModule } from 'latchkey';
import { FeeHistoryError, quantity, REWARD_PERCENTILES, tiersFromFeeHistory, tiersFromGasPrice, type FeeHistory } from './fees.js';
import { GasOracle, type FeeEstimate, type GasOracleState, type GasPluginConfig } from './types.js';

export const DEFAULT_REFRESH_MS = 12_000;
const HISTORY_BLOCKS = 10;

class GasOracleImpl implements GasOracle {
  private readonly store = new Store<GasOracleState>({ status: 'idle' });
  private watchers = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopNetwork: (() => void) | undefined;
  private generation = 0;

  constructor(
    private readonly network: Network,
    private readonly transport: RpcTransport,
    private readonly refreshMs: number,
  ) {}

  readonly state$ = this.store.state$;

  get state(): GasOracleState {
    return this.store.state;
  }

  async refresh(): Promise<void> {
    const network = this.network.state.activeNetwork;
    const run = ++this.generation;
    if (!network || network.chainNamespace !== 'eip155') {
      this.store.set({ status: 'unsupported', caipNetworkId: network?.caipNetworkId });
      return;
    }
    const previous = 'estimate' in this.state && this.state.caipNetworkId === network.caipNetworkId ? this.state.estimate : undefined;
    this.store.set({ status: 'loading', caipNetworkId: network.caipNetworkId, estimate: previous });
    try {
      const estimate = await this.read(network);
      if (run !== this.generation) return; // a newer refresh (another network) owns the state
      this.store.set({ status: 'ready', caipNetworkId: network.caipNetworkId, estimate, updatedAt: Date.now() });
    } catch (err) {
      if (run !== this.generation) return;
      const message = err instanceof FeeHistoryError ? err.message : 'Network fees are unavailable right now';
      this.store.set({ status: 'error', caipNetworkId: network.caipNetworkId, message, estimate: previous });
    }
  }

  watch(): () => void {
    if (this.watchers++ === 0) {
      void this.refresh();
      this.timer = setInterval(() => void this.refresh(), this.refreshMs);
      let last = this.network.state.activeNetwork?.caipNetworkId;
      const sub = this.network.state$.subscribe((s) => {
        if (s.activeNetwork?.caipNetworkId === last) return;
        last = s.activeNetwork?.caipNetworkId;
        void this.refresh();
      });
      this.stopNetwork = () => sub.unsubscribe();
    }
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      if (--this.watchers > 0) return;
      clearInterval(this.timer);
      this.stopNetwork?.();
      this.timer = undefined;
      this.stopNetwork = undefined;
    };
  }

  private async read(network: CaipNetwork): Promise<FeeEstimate> {
    const rpc = this.transport.forNetwork(network);
    const { symbol, decimals } = network.nativeCurrency;
    const history = await rpc.request<FeeHistory>({
      method: 'eth_feeHistory',
      params: [`0x${HISTORY_BLOCKS.toString(16)}`, 'latest', [...REWARD_PERCENTILES]],
    });
    if (typeof history !== 'object' || history === null) throw new FeeHistoryError('The node answered an invalid fee history');
    const fromHistory = tiersFromFeeHistory(history);
    if (fromHistory) {
      // baseFeePerGas holds one entry per block plus the next block's
      const blockNumber = quantity(history.oldestBlock, 'block number') + BigInt((history.baseFeePerGas?.length ?? 1) - 2);
      return { caipNetworkId: network.caipNetworkId, nextBaseFee: fromHistory.nextBaseFee, blockNumber, tiers: fromHistory.tiers, symbol, decimals };
    }
    const [gasPrice, block] = await Promise.all([
      rpc.request<string>({ method: 'eth_gasPrice' }),
      rpc.request<string>({ method: 'eth_blockNumber' }),
    ]);
    return {
      caipNetworkId: network.caipNetworkId,
      nextBaseFee: undefined,
      blockNumber: quantity(block, 'block number'),
      tiers: tiersFromGasPrice(quantity(gasPrice, 'gas price')),
      symbol,
      decimals,
    };
  }

  dispose(): void {
    this.generation++;
    clearInterval(this.timer);
    this.stopNetwork?.();
  }
}

export function gasModule(config: GasPluginConfig): PluginModule {
  let oracle: GasOracleImpl | undefined;
  return {
    services: new ContainerModule(({ bind }) => {
      bind(GasOracle)
        .toDynamicValue((ctx) => {
          const refreshMs = config.refreshMs ?? ctx.get<Options>(Options).state.gasRefreshMs ?? DEFAULT_REFRESH_MS;
          oracle = new GasOracleImpl(ctx.get<Network>(Network), ctx.get<RpcTransport>(RpcTransport), refreshMs);
          return oracle;
        })
        .inSingletonScope();
      // Fees are not a visitor's data: nothing to reset on disconnect.
      bind(SessionState).toConstantValue({ reset: () => undefined });
    }),
    onStop: () => oracle?.dispose(),
  };
}
