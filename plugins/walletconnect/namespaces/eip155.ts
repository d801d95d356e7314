/**
 * eip155 through the session (the EVM list of docs/connection.md#session-methods): personal_sign, a switch that asks
 * the wallet (and adds the chain when it does not know it, docs/connection.md#network-switching), eth_sendTransaction
 * and eth_signTransaction, EIP-5792 calls and capabilities, ERC-7715 permissions and EIP-7811
 * assets. Reads (balance, gas) go through the kernel's RpcTransport, never to the wallet.
 */
import { formatUnits, isUnrecognizedChain, type CaipNetwork, type EvmTransactionRequest } from 'latchkey';
import { ChainIsNotSupportedError, sendCallsBundleId, sendCallsParams } from 'latchkey/errors';
import { UnexpectedWalletResponseError } from '../errors';
import { utf8ToHex } from '../units';
import { addressesOn, asError, stringField, type NamespaceContext, type NamespaceMethods } from './context';

function toHex(value: bigint | number | string): string {
  return `0x${BigInt(value).toString(16)}`;
}

/** The JSON-RPC transaction object: quantities hex-encoded, absent fields left out. */
function rpcTransaction(request: EvmTransactionRequest, from: string | undefined): Record<string, string> {
  const tx: Record<string, string> = {};
  if (from) tx['from'] = from;
  tx['to'] = request.to;
  if (request.value !== undefined) tx['value'] = toHex(request.value);
  if (request.data !== undefined && request.data !== '0x') tx['data'] = request.data;
  if (request.gas !== undefined) tx['gas'] = toHex(request.gas);
  if (request.gasPrice !== undefined) tx['gasPrice'] = toHex(request.gasPrice);
  if (request.maxFeePerGas !== undefined) tx['maxFeePerGas'] = toHex(request.maxFeePerGas);
  if (request.maxPriorityFeePerGas !== undefined) tx['maxPriorityFeePerGas'] = toHex(request.maxPriorityFeePerGas);
  if (request.nonce !== undefined) tx['nonce'] = toHex(request.nonce);
  return tx;
}

/** A chain filter entry as EIP-7811 wants it (hex), from hex, a decimal or a CAIP-2 id. */
function hexChain(id: string): string {
  const ref = id.includes(':') ? id.slice(id.indexOf(':') + 1) : id;
  return toHex(ref);
}

function objectAnswer(method: string, response: unknown): Readonly<Record<string, unknown>> {
  if (typeof response !== 'object' || response === null || Array.isArray(response)) throw new UnexpectedWalletResponseError(method, response);
  return response as Record<string, unknown>;
}

export function eip155Methods(ctx: NamespaceContext): NamespaceMethods<'eip155'> {
  const { session } = ctx;

  /** An EIP-1193 request on the session's current eip155 chain; errors typed. */
  const eip1193 = async (method: string, params?: unknown): Promise<unknown> => {
    try {
      return await session.eip1193Request(params === undefined ? { method } : { method, params });
    } catch (err) {
      throw asError(err);
    }
  };

  const switchNetwork = async (network: CaipNetwork): Promise<void> => {
    const chainId = toHex(BigInt(network.id));
    try {
      await session.eip1193Request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      return;
    } catch (err) {
      if (!isUnrecognizedChain(err)) throw asError(err);
    }
    // docs/connection.md#network-switching: on an unrecognised chain (4902 or 32603), add it, then switch.
    const explorer = network.blockExplorers?.default.url;
    try {
      await session.eip1193Request({
        method: 'wallet_addEthereumChain',
        params: [{ chainId, rpcUrls: [...network.rpcUrls.default.http], chainName: network.name, nativeCurrency: network.nativeCurrency, ...(explorer ? { blockExplorerUrls: [explorer] } : {}) }],
      });
    } catch (err) {
      throw new ChainIsNotSupportedError({ cause: err });
    }
    await eip1193('wallet_switchEthereumChain', [{ chainId }]);
  };

  return {
    async signMessage({ address, message }) {
      return stringField('personal_sign', await eip1193('personal_sign', [utf8ToHex(message), address]), 'signature');
    },

    switchNetwork,

    async sendTransaction({ network, request }) {
      const ns = ctx.approved('sendTransaction');
      if (session.activeChain('eip155') !== network.caipNetworkId) await switchNetwork(network);
      const from = request.from ?? addressesOn(ns, network.caipNetworkId)[0];
      const hash = await eip1193('eth_sendTransaction', [rpcTransaction(request, from)]);
      if (typeof hash !== 'string') throw new UnexpectedWalletResponseError('eth_sendTransaction', hash);
      return hash;
    },

    async signTransaction({ network, address, request }) {
      const signed = await ctx.call('signTransaction', 'eth_signTransaction', [rpcTransaction(request, request.from ?? address)], network.caipNetworkId);
      if (typeof signed !== 'string' || !signed.startsWith('0x')) throw new UnexpectedWalletResponseError('eth_signTransaction', signed);
      return signed;
    },

    async estimateGas({ network, address, request }) {
      const { gas: _gas, gasPrice: _gasPrice, ...call } = request;
      const gas = await ctx.rpc().forNetwork(network).request<string>({ method: 'eth_estimateGas', params: [rpcTransaction(call, request.from ?? address)] });
      return BigInt(gas);
    },

    async sendCalls({ network, address, request }) {
      const params = sendCallsParams(request, network.id, address);
      const answer = await ctx.call('sendCalls', 'wallet_sendCalls', params, network.caipNetworkId);
      const id = sendCallsBundleId(answer);
      if (id === undefined) throw new UnexpectedWalletResponseError('wallet_sendCalls', answer);
      return id;
    },

    async getCallsStatus({ network, id }) {
      return objectAnswer('wallet_getCallsStatus', await ctx.call('getCallsStatus', 'wallet_getCallsStatus', [id], network.caipNetworkId));
    },

    async getCapabilities({ network, address }) {
      const answer = await ctx.call('getCapabilities', 'wallet_getCapabilities', [address, [toHex(BigInt(network.id))]], network.caipNetworkId);
      return objectAnswer('wallet_getCapabilities', answer);
    },

    async grantPermissions({ network, request }) {
      return ctx.call('grantPermissions', 'wallet_grantPermissions', [request], network.caipNetworkId);
    },

    async revokePermissions({ network, request }) {
      return ctx.call('revokePermissions', 'wallet_revokePermissions', [request], network.caipNetworkId);
    },

    async getAssets({ network, address, chainFilter }) {
      const params = [{ account: address, ...(chainFilter ? { chainFilter: chainFilter.map(hexChain) } : {}) }];
      return objectAnswer('wallet_getAssets', await ctx.call('getAssets', 'wallet_getAssets', params, network.caipNetworkId));
    },

    async getBalance({ address, network }) {
      const wei = await ctx.rpc().forNetwork(network).request<string>({ method: 'eth_getBalance', params: [address, 'latest'] });
      return { balance: formatUnits(BigInt(wei), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
    },
  };
}
