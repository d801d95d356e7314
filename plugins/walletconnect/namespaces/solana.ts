/**
 * Solana through the session (the Solana list of docs/connection.md#session-methods; WalletConnect's Solana RPC:
 * transactions travel as base64 of their wire bytes, messages and signatures as base58).
 * - signMessage: solana_signMessage { message (base58), pubkey } → { signature }
 * - sendTransaction: solana_signAndSendTransaction { transaction, sendOptions } → { signature }
 * - signTransaction: solana_signTransaction { transaction } → { signature, transaction? }; a wallet
 *   that answers with the signature alone gets it put in the signer's slot here
 * - signAllTransactions: solana_signAllTransactions { transactions } → { transactions }
 * The balance is the chain's getBalance through the kernel's RpcTransport.
 */
import { formatUnits, type AdapterRequests } from 'latchkey';
import { base58Decode, base58Encode } from 'latchkey/encoding';
import { InvalidParamsRpcError } from 'latchkey/errors';
import { UnexpectedWalletResponseError } from '../errors';
import { withSignature } from '../solanaTransaction';
import { base64Decode, base64Encode } from '../units';
import { stringField, type NamespaceContext, type NamespaceMethods } from './context';

/** Solana's packet limit is 1232 bytes; a wallet answer of more than this (base64) is refused. */
const MAX_TRANSACTION_BASE64 = 16_384;

function encoded(request: AdapterRequests['solana']['transaction'], index?: number): string {
  const tx = request?.transaction;
  if (!(tx instanceof Uint8Array) || tx.length === 0) {
    throw new InvalidParamsRpcError({ details: `A Solana transaction${index === undefined ? '' : ` (${index})`} is its serialized bytes (a non-empty Uint8Array).` });
  }
  return base64Encode(tx);
}

/** A base58 field of a wallet's answer; text that is not base58 makes the answer unexpected (its Base58Error the cause). */
function base58Field(method: string, response: unknown, text: string): Uint8Array {
  try {
    return base58Decode(text);
  } catch (cause) {
    throw new UnexpectedWalletResponseError(method, response, cause);
  }
}

function decodedTransaction(method: string, response: unknown, value: unknown): Uint8Array {
  const bytes = typeof value === 'string' ? base64Decode(value, MAX_TRANSACTION_BASE64) : undefined;
  if (!bytes || bytes.length === 0) throw new UnexpectedWalletResponseError(method, response);
  return bytes;
}

export function solanaMethods(ctx: NamespaceContext): NamespaceMethods<'solana'> {
  return {
    async signMessage({ address, message }) {
      const params = { message: base58Encode(new TextEncoder().encode(message)), pubkey: address };
      return stringField('solana_signMessage', await ctx.call('signMessage', 'solana_signMessage', params), 'signature');
    },

    async sendTransaction({ network, request }) {
      const params = { transaction: encoded(request), ...(request.options ? { sendOptions: { ...request.options } } : {}) };
      return stringField('solana_signAndSendTransaction', await ctx.call('sendTransaction', 'solana_signAndSendTransaction', params, network.caipNetworkId), 'signature');
    },

    async signTransaction({ network, address, request }) {
      const method = 'solana_signTransaction';
      const response = await ctx.call(method, method, { transaction: encoded(request) }, network.caipNetworkId);
      const signedTx = (response as { transaction?: unknown } | null)?.transaction;
      if (signedTx !== undefined) return decodedTransaction(method, response, signedTx);
      // Only the signature: it goes in the slot of the signer (the connected account).
      const signature = base58Field(method, response, stringField(method, response, 'signature'));
      const signer = base58Field(method, response, address);
      const signed = withSignature(request.transaction, signer, signature);
      if (!signed) throw new UnexpectedWalletResponseError(method, response);
      return signed;
    },

    async signAllTransactions({ network, requests }) {
      const method = 'solana_signAllTransactions';
      if (!Array.isArray(requests) || requests.length === 0) throw new InvalidParamsRpcError({ details: 'signAllTransactions takes at least one transaction.' });
      const response = await ctx.call(method, method, { transactions: requests.map((r, i) => encoded(r, i)) }, network.caipNetworkId);
      const list = (response as { transactions?: unknown } | null)?.transactions;
      if (!Array.isArray(list) || list.length !== requests.length) throw new UnexpectedWalletResponseError(method, response);
      return list.map((tx) => decodedTransaction(method, response, tx));
    },

    async getBalance({ address, network }) {
      const result = await ctx.rpc().forNetwork(network).request<{ value?: unknown } | number>({ method: 'getBalance', params: [address] });
      const lamports = typeof result === 'number' ? result : result?.value;
      if (typeof lamports !== 'number' && typeof lamports !== 'string' && typeof lamports !== 'bigint') {
        throw new UnexpectedWalletResponseError('getBalance', result);
      }
      return { balance: formatUnits(BigInt(lamports), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
    },
  };
}
