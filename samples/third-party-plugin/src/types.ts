/** The plugin's service contract: what its view, and a host, read and call. */
import type { CaipNetworkId, Observed } from 'latchkey';

/** One fee level: what a transaction offering it pays per gas, and a plain transfer in total. */
export interface FeeTier {
  readonly label: 'Slow' | 'Normal' | 'Fast';
  /** EIP-1559 priority fee per gas, wei (the legacy gas price on pre-London chains). */
  readonly maxPriorityFeePerGas: bigint;
  /** EIP-1559 fee cap per gas, wei: twice the next base fee plus the tip (legacy: the gas price). */
  readonly maxFeePerGas: bigint;
  /** Expected cost of a 21,000-gas native transfer at the next base fee, wei. */
  readonly transferCost: bigint;
}

export interface FeeEstimate {
  readonly caipNetworkId: CaipNetworkId;
  /** Base fee of the next block, wei; undefined on a chain without EIP-1559. */
  readonly nextBaseFee: bigint | undefined;
  /** The block the estimate was read at. */
  readonly blockNumber: bigint;
  readonly tiers: readonly [FeeTier, FeeTier, FeeTier];
  readonly symbol: string;
  readonly decimals: number;
}

export type GasOracleState =
  | { readonly status: 'idle' }
  | { readonly status: 'unsupported'; readonly caipNetworkId: CaipNetworkId | undefined }
  | { readonly status: 'loading'; readonly caipNetworkId: CaipNetworkId; readonly estimate: FeeEstimate | undefined }
  | { readonly status: 'ready'; readonly caipNetworkId: CaipNetworkId; readonly estimate: FeeEstimate; readonly updatedAt: number }
  | { readonly status: 'error'; readonly caipNetworkId: CaipNetworkId; readonly message: string; readonly estimate: FeeEstimate | undefined };

// The token, declared in ./di; the interface below shares its name.
export { GasOracle } from './di.js';

/** Fees of the active EVM network, read through the kernel's RPC transport (its fallback and retries). */
export interface GasOracle extends Observed<GasOracleState> {
  /** Reads the fees of the active network now; resolves when the state is ready, error or unsupported. */
  refresh(): Promise<void>;
  /**
   * Keeps the fees fresh while something shows them: refreshes now and every `refreshMs`
   * (and when the active network changes) until the returned function is called.
   */
  watch(): () => void;
}

export interface GasPluginConfig {
  /** Milliseconds between refreshes while the view is open; 2,000 to 600,000. Overrides the `gasRefreshMs` option. */
  readonly refreshMs?: number;
}
