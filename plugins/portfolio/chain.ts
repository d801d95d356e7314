/**
 * Balances read from the chain itself, for hosts without a blockchain API (issue 11): the
 * native balance, plus the token the host's `tokens` option names for the network (docs/account-features.md#portfolio:
 * `tokens: Record<CaipNetworkId, { address, image? }>`). On eip155 the token's
 * balanceOf, decimals, symbol and name are `eth_call`s made in the same tick, so a batching
 * transport (RpcTransport `{ batch: true }`) sends them with eth_getBalance as one JSON-RPC
 * batch. Every answer is checked: a node is not trusted to give well-formed hex.
 */
import { LatchkeyError, formatUnits, type CaipNetwork, type TokenBalance } from 'latchkey';
import { readErc20 } from 'latchkey/eip155';

/** The slice of a kernel Transport this reader uses. */
export interface ChainReader {
  request<T = unknown>(request: { readonly method: string; readonly params?: unknown }): Promise<T>;
}

export type TokenOption = { readonly address: string; readonly image?: string };

/** docs/account-features.md#portfolio: native token address placeholders per namespace (AppKit's values). */
const NATIVE_TOKEN_ADDRESS: Readonly<Record<string, string>> = {
  eip155: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  solana: 'So11111111111111111111111111111111111111111',
};


const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** A base58 Solana address, 32 to 44 characters (docs/connection.md#addresses). */
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** Longest token name or symbol kept. */
const MAX_TEXT = 64;

class ChainBalanceError extends LatchkeyError {
  override name = 'ChainBalanceError';
  constructor(message: string) {
    super(message, { code: 'chain_balance' });
  }
}

/** A quantity answer (eth_getBalance), or undefined when it is not one. */
export function decodeUint(hex: unknown): bigint | undefined {
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(hex)) return undefined;
  return BigInt(hex);
}


async function evmBalances(reader: ChainReader, network: CaipNetwork, address: string, token: TokenOption | undefined): Promise<TokenBalance[]> {
  if (!EVM_ADDRESS.test(address)) throw new ChainBalanceError(`Not an EVM address: ${address}`);
  const tokenAddress = token && EVM_ADDRESS.test(token.address) ? token.address : undefined;
  // All in one tick: one batch on a batching transport.
  const native = reader.request<unknown>({ method: 'eth_getBalance', params: [address, 'latest'] });
  const reads = tokenAddress ? readErc20(reader, tokenAddress, { holder: address, maxSymbol: MAX_TEXT, maxName: MAX_TEXT }) : undefined;
  const wei = decodeUint(await native);
  if (wei === undefined) throw new ChainBalanceError('The node answered eth_getBalance with something other than a quantity');
  const { decimals, symbol, name } = network.nativeCurrency;
  const out: TokenBalance[] = [
    {
      name,
      symbol,
      chainId: network.caipNetworkId,
      address: `${network.caipNetworkId}:${NATIVE_TOKEN_ADDRESS['eip155']}`,
      price: 0,
      iconUrl: '',
      quantity: { decimals: String(decimals), numeric: formatUnits(wei, decimals) },
    },
  ];
  if (reads && tokenAddress) {
    const { balance, decimals: tokenDecimals, symbol: tokenSymbol, name: tokenName } = await reads;
    // Not an ERC-20 (no balanceOf / decimals answer) or an absurd decimals value: not shown.
    if (balance !== undefined && tokenDecimals !== undefined) {
      const symbolText = tokenSymbol ?? 'UNKNOWN';
      out.push({
        name: tokenName ?? symbolText,
        symbol: symbolText,
        chainId: network.caipNetworkId,
        address: `${network.caipNetworkId}:${tokenAddress}`,
        price: 0,
        iconUrl: token?.image ?? '',
        quantity: { decimals: String(tokenDecimals), numeric: formatUnits(balance, tokenDecimals) },
      });
    }
  }
  return out;
}

async function solanaBalances(reader: ChainReader, network: CaipNetwork, address: string): Promise<TokenBalance[]> {
  if (!SOLANA_ADDRESS.test(address)) throw new ChainBalanceError(`Not a Solana address: ${address}`);
  const answer = await reader.request<unknown>({ method: 'getBalance', params: [address, { commitment: 'confirmed' }] });
  const lamports = (answer as { value?: unknown } | null)?.value;
  if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0) {
    throw new ChainBalanceError('The node answered getBalance with something other than lamports');
  }
  const { decimals, symbol, name } = network.nativeCurrency;
  return [
    {
      name,
      symbol,
      chainId: network.caipNetworkId,
      address: `${network.caipNetworkId}:${NATIVE_TOKEN_ADDRESS['solana']}`,
      price: 0,
      iconUrl: '',
      quantity: { decimals: String(decimals), numeric: formatUnits(BigInt(lamports), decimals) },
    },
  ];
}

/**
 * The balances of `address` on `network`, read from the chain: the native currency first, then
 * the `tokens` option's token for the network (eip155; a Solana SPL entry is not read here).
 * Throws ChainBalanceError (or the transport's error) when the native balance cannot be read.
 */
export function readChainBalances(params: {
  readonly reader: ChainReader;
  readonly network: CaipNetwork;
  readonly address: string;
  readonly tokens?: Readonly<Record<string, TokenOption>> | undefined;
}): Promise<TokenBalance[]> {
  const { reader, network, address, tokens } = params;
  if (network.chainNamespace === 'eip155') return evmBalances(reader, network, address, tokens?.[network.caipNetworkId]);
  if (network.chainNamespace === 'solana') return solanaBalances(reader, network, address);
  return Promise.reject(new ChainBalanceError(`No balances on ${network.chainNamespace}`));
}
