/**
 * Types of the Bitcoin wallet-standard features beyond `bitcoin:connect`.
 *
 * The installed `@exodus/bitcoin-wallet-standard-features@0.0.1` (the newest on npm) declares
 * only `bitcoin:connect`; the ExodusMovement/bitcoin-wallet-standard repository defines the
 * three below. These declarations follow that definition (names, inputs and outputs).
 */
import type { IdentifierString, WalletAccount } from '@wallet-standard/base';

export type { BitcoinAddressPurpose, BitcoinConnectInput, BitcoinConnectOutput } from '@exodus/bitcoin-wallet-standard-features';

export interface BitcoinSignMessageInput {
  readonly account: WalletAccount;
  readonly message: Uint8Array;
}

export interface BitcoinSignMessageOutput {
  /** The bytes that were signed (the wallet may prefix or otherwise change the message). */
  readonly signedMessage: Uint8Array;
  readonly signature: Uint8Array;
}

/** Inputs of a PSBT to sign with one account. */
export interface InputToSign {
  account: WalletAccount;
  signingIndexes: number[];
  /** A SIGHASH flag. */
  sigHash?: number;
}

export interface BitcoinSignTransactionInput {
  /** The PSBT, as bytes. */
  readonly psbt: Uint8Array;
  readonly chain: IdentifierString;
  readonly inputsToSign: InputToSign[];
}

export interface BitcoinSignTransactionOutput {
  readonly signedPsbt: Uint8Array;
}

export type BitcoinSignAndSendTransactionInput = BitcoinSignTransactionInput;

export interface BitcoinSignAndSendTransactionOutput {
  /** Transaction id (hash), hex. */
  readonly txId: string;
}
