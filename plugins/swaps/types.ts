/**
 * The swaps plugin's contract: the service token, its state and the shapes shared by the module,
 * the quote sources and the view. Types only; the token is declared in ./di.
 */
import type { CaipNetwork, CaipNetworkId, Observed } from 'latchkey';
import type { SwapError } from './errors';

/**
 * What `open({ view: 'Swap', data })` takes (AppKit's swap arguments): tokens by symbol, by
 * address or by CAIP-10 address, and the amount to pay as a decimal string ('0.1').
 */
export interface SwapArguments {
  readonly fromToken?: string;
  readonly toToken?: string;
  readonly amount?: string;
}

/** A token a swap can pay or receive. `address` is CAIP-10; the native currency has its namespace's placeholder address. */
export interface SwapToken {
  readonly address: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  readonly logoUri?: string;
}

/** A Uniswap V2 (or fork) deployment the on-chain source reads and trades through. */
export interface SwapExchange {
  readonly router: string;
  readonly factory: string;
  /** The wrapped native token the router routes the native currency through. */
  readonly weth: string;
}

/** A token the host lists for a network (decimals and symbol known, or read from the chain when left out). */
export interface SwapTokenInput {
  readonly address: string;
  readonly symbol?: string;
  readonly name?: string;
  readonly decimals?: number;
  readonly logoUri?: string;
}

/** `swapsPlugin(config)`: what a host gives the plugin besides the `swapApiUrl` option. */
export interface SwapsConfig {
  /** Uniswap V2 exchanges per network, for the on-chain quote source (the dev stack's is in /config.json `exchange`). */
  readonly exchanges?: Readonly<Record<CaipNetworkId, SwapExchange>>;
  /** Tokens offered per network, besides the source's list and the host's `tokens` option. */
  readonly tokens?: Readonly<Record<CaipNetworkId, readonly SwapTokenInput[]>>;
  /** Networks to swap on besides the default list (docs/account-features.md#swaps) (a network with an exchange counts too). */
  readonly networks?: readonly CaipNetworkId[];
  /**
   * The contracts the aggregator (the 'api' source) may name, per network: the spender of an approval
   * and the target of a swap must be one of these addresses, else the plugin refuses it with
   * UntrustedContractError before the wallet is asked (a compromised or wrong API cannot have the
   * visitor approve or call a contract of its choosing). List the aggregator's router(s); the dev
   * stack's is /config.json `exchange.router`. A network without an entry has no aggregator approvals
   * or swaps. The on-chain source trades only through its `exchanges` router.
   */
  readonly allowedContracts?: Readonly<Record<CaipNetworkId, readonly string[]>>;
  /**
   * Where quotes and transactions come from: 'api' (the aggregator at `swapApiUrl`, default the
   * blockchain API), 'onchain' (the network's Uniswap V2 router, read through the RPC transport),
   * 'auto' (default): the aggregator when one is configured, else the on-chain exchange.
   */
  readonly source?: 'auto' | 'api' | 'onchain';
}

/** A quote: what `amountIn` of `from` buys of `to` now. */
export interface SwapQuote {
  readonly source: 'api' | 'onchain';
  readonly network: CaipNetworkId;
  readonly from: SwapToken;
  readonly to: SwapToken;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  /** Token addresses (CAIP-10) from input to output. */
  readonly route: readonly string[];
  /** How far the execution price is below the mid price, in percent (the pools' fee left out); undefined when unknown. */
  readonly priceImpact: number | undefined;
  /** Estimated gas of the swap transaction and the gas price (wei): the network fee shown. */
  readonly gas: bigint;
  readonly gasPrice: bigint;
  readonly quotedAt: number;
  readonly expiresAt: number;
}

/** An EVM transaction to send through the wallet. */
export interface SwapTransaction {
  readonly to: `0x${string}`;
  readonly data: `0x${string}`;
  readonly value: bigint;
  readonly gas?: bigint;
}

type SwapStatus = 'idle' | 'loading' | 'quoting' | 'ready' | 'approving' | 'swapping' | 'done';

export interface SwapState {
  readonly status: SwapStatus;
  /** The active network, when swaps are available on it. */
  readonly network: CaipNetwork | undefined;
  /** False when the active network is not a swap network or has no quote source. */
  readonly supported: boolean;
  readonly tokens: readonly SwapToken[];
  /** Suggested tokens (the host's, then well-known symbols) for the chooser's quick picks. */
  readonly suggested: readonly SwapToken[];
  readonly from: SwapToken | undefined;
  readonly to: SwapToken | undefined;
  /** The amount as typed. */
  readonly amountText: string;
  /** Balances by token address (CAIP-10, lowercase), in the smallest unit. */
  readonly balances: Readonly<Record<string, bigint>>;
  readonly quote: SwapQuote | undefined;
  /** Slippage tolerance in percent (default 1). */
  readonly slippage: number;
  /** The least the swap may give: the quote less the slippage. */
  readonly minimumReceived: bigint | undefined;
  /** The allowance is below the amount: an Approve step comes first. */
  readonly needsApproval: boolean;
  /** What stops the swap now (no route, insufficient balance, quote expired, declined, …). */
  readonly error: SwapError | undefined;
  /** The last swap sent. */
  readonly lastSwap: { readonly hash: string; readonly amountIn: bigint; readonly amountOut: bigint } | undefined;
}

// The token, declared in ./di (in the entry's core chunk); the interface below shares its name.
export { Swaps } from './di';
/** The swap service, bound when the plugin loads. Token and interface share the name. */
export interface Swaps extends Observed<SwapState> {
  /** Prepares the form for the active network with the swap arguments; loads tokens and balances. */
  init(args?: SwapArguments): Promise<void>;
  setFrom(token: SwapToken): void;
  setTo(token: SwapToken): void;
  setAmount(text: string): void;
  /** Pays with the token received and receives the token paid. */
  flip(): void;
  /** Slippage tolerance in percent, above 0 and at most 50. Throws InvalidSlippageError. */
  setSlippage(percent: number): void;
  /** Asks for a fresh quote now. */
  refreshQuote(): Promise<void>;
  /** Tokens matching `query` (symbol, name or address); an unknown address is looked up on the chain. */
  search(query: string): Promise<readonly SwapToken[]>;
  /** Sends the approval for the amount through the wallet and waits for it. */
  approve(): Promise<void>;
  /** Sends the swap through the wallet and waits for it; resolves with the hash. */
  swap(): Promise<string>;
  /** Keeps the quote fresh while something watches (the view); returns the disposer. */
  watch(): () => void;
}
