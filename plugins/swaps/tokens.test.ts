import { defineNetwork } from 'latchkey';
import { DEFAULT_SLIPPAGE, NATIVE_TOKEN_ADDRESS, SWAP_NETWORKS } from './constants';
import { findToken, isNative, isSwapNetwork, mergeTokens, nativeToken, nativeTokenAddress, networkOf, plainAddress, searchTokens, sourceFor, suggestedTokens } from './tokens';
import type { SwapToken } from './types';

const net = (id: number | string, ns: 'eip155' | 'solana' = 'eip155') =>
  defineNetwork({
    id,
    name: `Chain ${id}`,
    chainNamespace: ns,
    caipNetworkId: `${ns}:${id}`,
    nativeCurrency: { name: 'Ether', symbol: ns === 'solana' ? 'SOL' : 'ETH', decimals: ns === 'solana' ? 9 : 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  });

const LKD: SwapToken = { address: 'eip155:31337:0x700b6a60ce7eaaea56f065753d8dcb9653dbad35', symbol: 'LKD', name: 'Latchkey Dev Token', decimals: 18 };
const USDC: SwapToken = { address: 'eip155:31337:0x0000000000000000000000000000000000000abc', symbol: 'USDC', name: 'USD Coin', decimals: 6 };
const USDT: SwapToken = { address: 'eip155:31337:0x0000000000000000000000000000000000000def', symbol: 'USDT', name: 'Tether USD', decimals: 6 };

describe('docs/account-features.md#swaps: swap networks, default slippage, native placeholders', () => {
  it('lists the twelve eip155 swap chains of the spec', () => {
    expect(SWAP_NETWORKS.map((id) => Number(id.split(':')[1]))).toEqual([1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]);
    expect(SWAP_NETWORKS.every((id) => id.startsWith('eip155:'))).toBe(true);
    expect(DEFAULT_SLIPPAGE).toBe(1);
  });

  it('swaps on those networks, on networks the host adds or gives an exchange for, never outside eip155', () => {
    expect(isSwapNetwork(net(1), {})).toBe(true);
    expect(isSwapNetwork(net(8453), {})).toBe(true);
    expect(isSwapNetwork(net(31337), {})).toBe(false);
    expect(isSwapNetwork(net(31337), { networks: ['eip155:31337'] })).toBe(true);
    expect(isSwapNetwork(net(31337), { exchanges: { 'eip155:31337': { router: '0x1', factory: '0x2', weth: '0x3' } } })).toBe(true);
    expect(isSwapNetwork(net(11155111), {})).toBe(false); // a testnet not listed
    expect(isSwapNetwork(net('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana'), { networks: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })).toBe(false);
    expect(isSwapNetwork(undefined, {})).toBe(false);
  });

  it('has a native placeholder per namespace', () => {
    expect(NATIVE_TOKEN_ADDRESS).toEqual({ eip155: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', solana: 'So11111111111111111111111111111111111111111', bip122: '0x', polkadot: '0x' });
    expect(nativeTokenAddress('solana')).toBe('So11111111111111111111111111111111111111111');
    expect(nativeToken(net(1))).toEqual({ address: 'eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', symbol: 'ETH', name: 'Ether', decimals: 18 });
    expect(nativeToken(net('abc', 'solana')).address).toBe('solana:abc:So11111111111111111111111111111111111111111');
    expect(isNative({ address: 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' })).toBe(true);
    expect(isNative({ address: 'solana:abc:So11111111111111111111111111111111111111111' })).toBe(true);
    expect(isNative(LKD)).toBe(false);
    expect(plainAddress(LKD.address)).toBe('0x700b6a60ce7eaaea56f065753d8dcb9653dbad35');
    expect(networkOf(LKD.address)).toBe('eip155:31337');
  });

  it('chooses the source: the aggregator when configured, else the exchange; or as told', () => {
    const exchanges = { 'eip155:31337': { router: '0x1', factory: '0x2', weth: '0x3' } } as const;
    expect(sourceFor('eip155:31337', { exchanges }, 'http://api')).toBe('api');
    expect(sourceFor('eip155:31337', { exchanges }, undefined)).toBe('onchain');
    expect(sourceFor('eip155:1', { exchanges }, undefined)).toBeUndefined();
    expect(sourceFor('eip155:31337', { exchanges, source: 'onchain' }, 'http://api')).toBe('onchain');
    expect(sourceFor('eip155:31337', { source: 'api' }, undefined)).toBeUndefined();
  });
});

describe('token lists', () => {
  const eth = nativeToken(net(31337));
  const tokens = [eth, LKD, USDC, USDT];

  it('finds swap arguments by symbol (any case), plain address or CAIP-10 address', () => {
    expect(findToken(tokens, 'lkd')).toBe(LKD);
    expect(findToken(tokens, 'ETH')).toBe(eth);
    expect(findToken(tokens, '0x700B6A60CE7EAAEA56F065753D8DCB9653DBAD35')).toBe(LKD);
    expect(findToken(tokens, 'eip155:31337:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35')).toBe(LKD);
    expect(findToken(tokens, 'eip155:1:0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35')).toBeUndefined();
    expect(findToken(tokens, 'DOGE')).toBeUndefined();
    expect(findToken(tokens, undefined)).toBeUndefined();
  });

  it('suggests the host’s tokens first, then well-known symbols', () => {
    expect(suggestedTokens(tokens, [plainAddress(LKD.address)]).map((t) => t.symbol)).toEqual(['LKD', 'ETH', 'USDC', 'USDT']);
    expect(suggestedTokens(tokens, []).map((t) => t.symbol)).toEqual(['ETH', 'USDC', 'USDT']);
    expect(suggestedTokens(tokens, [], 2)).toHaveLength(2);
  });

  it('searches symbols (prefix first), names and addresses; merges without duplicates', () => {
    expect(searchTokens(tokens, 'us').map((t) => t.symbol)).toEqual(['USDC', 'USDT']);
    expect(searchTokens(tokens, 'tether').map((t) => t.symbol)).toEqual(['USDT']);
    expect(searchTokens(tokens, 'd').map((t) => t.symbol)).toEqual(['LKD', 'USDC', 'USDT']);
    expect(searchTokens(tokens, '0x700b6a60ce7eaaea56f065753d8dcb9653dbad35')).toEqual([LKD]);
    expect(searchTokens(tokens, '  ')).toEqual(tokens);
    expect(mergeTokens([[LKD, eth], [{ ...LKD, symbol: 'DUP', address: LKD.address.toUpperCase() }, USDC]], 10).map((t) => t.symbol)).toEqual(['LKD', 'ETH', 'USDC']);
    expect(mergeTokens([tokens], 2)).toHaveLength(2);
  });
});
