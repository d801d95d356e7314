/**
 * What the send form reads from an EVM chain itself, through the kernel's RPC transport
 * (never the wallet): the gas price, an ERC-20's balance and metadata when no data API is
 * configured, and the call an ERC-20 transfer makes (to estimate its gas).
 */
import { decodeFunctionResult, encodeFunctionData, erc20Abi, getAddress, hexToBigInt, isAddress, type Hex } from 'viem';
import { formatUnits, type CaipNetwork, type TokenBalance } from 'latchkey';

interface Rpc {
  request<T = unknown>(request: { readonly method: string; readonly params?: unknown }): Promise<T>;
}

export async function gasPrice(rpc: Rpc): Promise<bigint> {
  return hexToBigInt(await rpc.request<Hex>({ method: 'eth_gasPrice' }));
}

/** The call of an ERC-20 `transfer(to, amount)`. */
export function erc20TransferCall(token: string, to: string, amount: bigint): { readonly to: string; readonly data: Hex } {
  if (!isAddress(token, { strict: false }) || !isAddress(to, { strict: false })) throw new TypeError('Invalid token or receiver address');
  return { to: getAddress(token), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [getAddress(to), amount] }) };
}

async function read<T>(rpc: Rpc, token: string, functionName: 'balanceOf' | 'decimals' | 'symbol' | 'name', args: readonly unknown[] = []): Promise<T> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName, args } as never);
  const result = await rpc.request<Hex>({ method: 'eth_call', params: [{ to: token, data }, 'latest'] });
  return decodeFunctionResult({ abi: erc20Abi, functionName, data: result } as never) as T;
}

/** An ERC-20 holding read from the chain, in the spec's Token balance shape (no price: 0). */
export async function erc20Balance(rpc: Rpc, network: CaipNetwork, token: string, holder: string): Promise<TokenBalance> {
  if (!isAddress(token, { strict: false })) throw new TypeError(`Invalid token address ${token.slice(0, 64)}`);
  const address = getAddress(token);
  const [balance, decimals, symbol, name] = await Promise.all([
    read<bigint>(rpc, address, 'balanceOf', [holder]),
    read<number>(rpc, address, 'decimals'),
    read<string>(rpc, address, 'symbol'),
    read<string>(rpc, address, 'name').catch(() => ''),
  ]);
  return {
    name: name || symbol,
    symbol,
    chainId: network.caipNetworkId,
    address: `${network.caipNetworkId}:${address}`,
    price: 0,
    iconUrl: '',
    quantity: { decimals: String(decimals), numeric: formatUnits(balance, Number(decimals)) },
  };
}
