/**
 * Bitcoin through the session (the Bitcoin list of docs/connection.md#session-methods; WalletConnect's bip122 RPC,
 * amounts in satoshis as decimal strings, PSBTs in base64):
 * - signMessage: signMessage { address, message } → { address, signature }
 * - sendTransaction: sendTransfer { account, recipientAddress, amount } → { txid }
 * - signPsbt: signPsbt { account, psbt, signInputs: [{ address, index }], broadcast } → { psbt, txid? }
 * No balance: Bitcoin has no JSON-RPC read through the kernel's transports (a chain plugin or a
 * balance service gives it).
 */
import { InvalidParamsRpcError } from 'latchkey/errors';
import { UnexpectedWalletResponseError, UniversalAdapterUnsupportedError } from '../errors';
import { stringField, type NamespaceContext, type NamespaceMethods } from './context';

const TXID = /^[0-9a-fA-F]{64}$/;

export function bip122Methods(ctx: NamespaceContext): NamespaceMethods<'bip122'> {
  return {
    async signMessage({ address, message }) {
      return stringField('signMessage', await ctx.call('signMessage', 'signMessage', { address, message }), 'signature');
    },

    async sendTransaction({ network, address, request }) {
      const { recipient, amount } = request;
      if (typeof recipient !== 'string' || recipient === '') throw new InvalidParamsRpcError({ details: 'A Bitcoin transfer needs a recipient address.' });
      if (typeof amount !== 'bigint' || amount <= 0n) throw new InvalidParamsRpcError({ details: 'A Bitcoin transfer needs a positive amount in satoshis (bigint).' });
      const params = { account: address, recipientAddress: recipient, amount: amount.toString() };
      const response = await ctx.call('sendTransaction', 'sendTransfer', params, network.caipNetworkId);
      const txid = stringField('sendTransfer', response, 'txid');
      if (!TXID.test(txid)) throw new UnexpectedWalletResponseError('sendTransfer', response);
      return txid;
    },

    async signPsbt({ network, address, request }) {
      if (typeof request.psbt !== 'string' || request.psbt === '') throw new InvalidParamsRpcError({ details: 'signPsbt takes the PSBT in base64.' });
      const signInputs = Object.entries(request.signInputs ?? {}).flatMap(([input, indexes]) => indexes.map((index) => ({ address: input, index })));
      const params = { account: address, psbt: request.psbt, signInputs, broadcast: request.broadcast ?? false };
      const response = await ctx.call('signPsbt', 'signPsbt', params, network.caipNetworkId);
      const psbt = stringField('signPsbt', response, 'psbt');
      const txid = (response as { txid?: unknown }).txid;
      return { psbt, ...(typeof txid === 'string' && TXID.test(txid) ? { txid } : {}) };
    },

    async getBalance() {
      throw new UniversalAdapterUnsupportedError(
        'getBalance',
        'bip122',
        'A bip122 balance has no JSON-RPC read through the kernel\'s transports; a chain plugin or a balance service provides it.',
      );
    },
  };
}
