/**
 * What the send form reads from an EVM chain itself, through the kernel's RPC transport
 * (never the wallet): the gas price, an ERC-20's balance and metadata when no data API is
 * configured, and the call an ERC-20 transfer makes (to estimate its gas).
 */
import { getAddress, hexToBigInt, isAddress, type Hex } from 'viem';
import { formatUnits, type CaipNetwork, type TokenBalance } from 'latchkey';
import { erc20Calldata, readErc20 } from 'latchkey/eip155';

interface Rpc {
  request<T = unknown>(request: { readonly method: string; readonly params?: unknown }): Promise<T>;
}

export async function gasPrice(rpc: Rpc): Promise<bigint> {
  return hexToBigInt(await rpc.request<Hex>({ method: 'eth_gasPrice' }));
}

/** The call of an ERC-20 `transfer(to, amount)`. */
export function erc20TransferCall(token: string, to: string, amount: bigint): { readonly to: string; readonly data: Hex } {
  if (!isAddress(token, { strict: false }) || !isAddress(to, { strict: false })) throw new TypeError('Invalid token or receiver address');
  return { to: getAddress(token), data: erc20Calldata.transfer(getAddress(to), amount) };
}

/** An ERC-20 holding read from the chain, in the token-balance shape (docs/account-features.md#blockchain-api) (no price: 0). */
export async function erc20Balance(rpc: Rpc, network: CaipNetwork, token: string, holder: string): Promise<TokenBalance> {
  const { balance, decimals, symbol, name } = await readErc20(rpc, token, { holder });
  if (balance === undefined || decimals === undefined || symbol === undefined) throw new TypeError(`${token.slice(0, 64)} does not answer as an ERC-20 token`);
  const address = getAddress(token);
  return {
    name: name || symbol,
    symbol,
    chainId: network.caipNetworkId,
    address: `${network.caipNetworkId}:${address}`,
    price: 0,
    iconUrl: '',
    quantity: { decimals: String(decimals), numeric: formatUnits(balance, decimals) },
  };
}
