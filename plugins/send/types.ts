/**
 * The send plugin's contract: the service token and the send state of docs/account-features.md#send.
 * Types only (the token is declared in ./di), shared by the module and the views.
 */
import type { ChainNamespace, LatchkeyError, Observed, TokenBalance } from 'latchkey';

/**
 * The send state (docs/account-features.md#send), plus what the form needs around it:
 * - `token`, `sendTokenAmount` (decimal text as typed), `receiverAddress` (resolved), the
 *   receiver's name and avatar when it was given as a name;
 * - `gasPrice` (smallest unit per gas, EVM), `gasPriceInUSD` (the fee of this send in USD),
 *   `networkBalanceInUSD` (native balance in USD): both only when the data API gives a price;
 * - `loading` (a send in progress), `lastRetry` (when the token balances last failed; the next
 *   fetch waits 30 s).
 */
export interface SendState {
  readonly token: TokenBalance | undefined;
  readonly sendTokenAmount: string | undefined;
  readonly receiverAddress: string | undefined;
  readonly receiverProfileImageUrl: string | undefined;
  readonly receiverProfileName: string | undefined;
  readonly gasPrice: bigint | undefined;
  readonly gasPriceInUSD: number | undefined;
  readonly networkBalanceInUSD: string | undefined;
  readonly loading: boolean;
  readonly lastRetry: number | undefined;
  /** What the visitor typed in the receiver field (an address or a name). */
  readonly receiverInput: string;
  /** A name is being resolved. */
  readonly resolving: boolean;
  /** Why the name typed as receiver gave no address (`NameNotResolvedError`, code NAME_NOT_RESOLVED), else undefined. */
  readonly receiverError: LatchkeyError | undefined;
  /** Gas units for this send: the wallet's estimate once reviewed, a typical figure before. */
  readonly gasLimit: bigint | undefined;
  /** Whether `gasLimit` is the node's estimate for this very send (the review step). */
  readonly gasEstimated: boolean;
  /** Tokens the account holds on the active network (the picker's list). */
  readonly tokens: readonly TokenBalance[];
  /** The namespace and network the form was filled for. */
  readonly namespace: ChainNamespace | undefined;
  readonly caipNetworkId: string | undefined;
}

// The token, declared in ./di (in the entry's core chunk); the interface below shares its name.
export { SendForm } from './di';
/** The send form's service, bound when the plugin's module loads. Token and interface share the name. */
export interface SendForm extends Observed<SendState> {
  /** Loads the token balances of the connected account (unless the 30 s retry block is on) and the gas price. */
  load(options?: { readonly force?: boolean }): Promise<void>;
  setToken(token: TokenBalance | undefined): void;
  setAmount(amount: string): void;
  /**
   * An address, or a name: resolved through ENS when the network has it (`ensContracts`), else the
   * blockchain API's names (docs/account-features.md#blockchain-api); a name neither resolves sets `receiverError`.
   */
  setReceiver(input: string): Promise<void>;
  /** The first problem of the form (docs/account-features.md#send-form-rules) as the button's text, or undefined when it can be reviewed. */
  problem(): string | undefined;
  /** The network fee of this send in the native currency's smallest unit (EVM), once the gas price is known. */
  gasCost(): bigint | undefined;
  /**
   * Estimates the gas of this send for the review step; false when the form is not ready
   * (on Solana, a missing amount or receiver also shows 'Please enter a valid amount and receiver address').
   */
  review(): Promise<boolean>;
  /** Sends; resolves with the hash / signature, or undefined when it failed (the snackbar says so). */
  send(): Promise<string | undefined>;
  /** Empties the form (network switch, disconnect). */
  reset(): void;
}
