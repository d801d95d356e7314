/** The bitcoin plugin's own errors (the kernel's catalogue is on 'latchkey/errors'). */
import { LatchkeyError, errorClass, type LatchkeyErrorOptions } from 'latchkey/errors';

type Options = Omit<LatchkeyErrorOptions, 'code'>;

/**
 * No balance source for this network: Bitcoin nodes answer no "balance of an address" over
 * JSON-RPC, so reading one needs an address index (an Esplora-compatible API, configured with
 * `bitcoinPlugin({ esploraUrls })`).
 */
export class BitcoinBalanceUnavailableError extends LatchkeyError {
  override name = 'BitcoinBalanceUnavailableError';
  constructor(caipNetworkId: string, options: Options = {}) {
    super('Bitcoin balance unavailable', {
      details: `No balance source is configured for ${caipNetworkId}: give bitcoinPlugin({ esploraUrls: { '${caipNetworkId}': '<Esplora API URL>' } }).`,
      ...options,
      code: 'BITCOIN_BALANCE_UNAVAILABLE',
    });
  }
}

/**
 * The wallet offers no payment request: wallet-standard Bitcoin wallets sign and send PSBTs,
 * and building one needs the account's coins (UTXOs) and a fee rate, which this plugin does
 * not read. Use signPsbt with a PSBT built by the app, or a wallet with sats-connect's sendTransfer.
 */
export class BitcoinTransferUnavailableError extends LatchkeyError {
  override name = 'BitcoinTransferUnavailableError';
  constructor(walletName: string, options: Options = {}) {
    super('Bitcoin transfer unavailable', {
      details: `${walletName} takes PSBTs only (wallet-standard bitcoin:signAndSendTransaction); a payment needs a PSBT built from the account's coins: use signPsbt.`,
      ...options,
      code: 'BITCOIN_TRANSFER_UNAVAILABLE',
    });
  }
}

/** An amount or receiver the send refuses (the send form's message, as for Solana). */
export class InvalidBitcoinTransferError extends /*#__PURE__*/ errorClass('InvalidBitcoinTransferError', 'BITCOIN_INVALID_TRANSFER', 'Please enter a valid amount and receiver address') {}

/** A request the adapter refuses before the wallet sees it (a malformed PSBT request, an unknown account). */
export class InvalidBitcoinRequestError extends LatchkeyError {
  override name = 'InvalidBitcoinRequestError';
  constructor(details: string, options: Omit<Options, 'details'> = {}) {
    super('Invalid Bitcoin request', { ...options, details, code: 'BITCOIN_INVALID_REQUEST' });
  }
}

/** The connector carries neither a wallet-standard Bitcoin wallet nor a sats-connect provider. */
export class BitcoinWalletNotFoundError extends /*#__PURE__*/ errorClass('BitcoinWalletNotFoundError', 'PROVIDER_NOT_FOUND', 'Provider not found') {}

/** A wallet or an API answered something else than its protocol defines. */
export class UnexpectedBitcoinResponseError extends LatchkeyError {
  override name = 'UnexpectedBitcoinResponseError';
  constructor(what: string, options: Options = {}) {
    super(`Unexpected answer from ${what}`, { ...options, code: 'BITCOIN_UNEXPECTED_RESPONSE' });
  }
}
