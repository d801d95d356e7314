import { usdc } from 'viem/tokens';
import { tokenMark } from './tokens';
import { CHAIN_ICONS, ETHEREUM_MARK } from './chains';
import { monogram } from './svg';

const USDC_MAINNET = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp';
/** The brand's mark, as the listed contract gets it. */
const USDC_MARK = tokenMark({ symbol: 'USDC', chainId: 'eip155:1', address: USDC_MAINNET });

describe('token marks: by what a token is, never by its symbol alone', () => {
  it("a listed contract on its own network gets the brand's mark (plain or CAIP-10 address, any case)", () => {
    expect(USDC_MARK).not.toBe(monogram('USDC'));
    expect(tokenMark({ symbol: 'USDC', address: `eip155:1:${USDC_MAINNET.toLowerCase()}` })).toBe(USDC_MARK);
    expect(tokenMark({ symbol: 'USDC', chainId: 'eip155:8453', address: `eip155:8453:${USDC_BASE}` })).toBe(USDC_MARK);
    expect(tokenMark({ symbol: 'USDC', chainId: SOLANA, address: USDC_SOLANA })).toBe(USDC_MARK);
    // the brand's mark follows the contract, not the symbol the token (or a data service) gives it
    expect(tokenMark({ symbol: 'usd coin', chainId: 'eip155:1', address: USDC_MAINNET })).toBe(USDC_MARK);
    expect(tokenMark({ symbol: 'USDT', chainId: 'eip155:1', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' })).not.toBe(monogram('USDT'));
    expect(tokenMark({ symbol: 'WETH', chainId: 'eip155:8453', address: '0x4200000000000000000000000000000000000006' })).toBe(ETHEREUM_MARK);
  });

  it('a token named USDC at an address that is not listed gets the monogram', () => {
    const fake = '0x1111111111111111111111111111111111111111';
    for (const token of [
      { symbol: 'USDC', chainId: 'eip155:1', address: fake },
      { symbol: 'USDC', address: `eip155:1:${fake}` },
      { symbol: 'USDC', chainId: 'eip155:31337', address: fake },
      { symbol: 'USDC', chainId: SOLANA, address: 'So11111111111111111111111111111111111111112' },
      // the Solana mint in another case is another mint
      { symbol: 'USDC', chainId: SOLANA, address: USDC_SOLANA.toLowerCase() },
    ]) {
      expect(tokenMark(token)).toBe(monogram('USDC'));
    }
    expect(tokenMark({ symbol: 'USDT', chainId: 'eip155:1', address: fake })).toBe(monogram('USDT'));
    expect(tokenMark({ symbol: 'WETH', chainId: 'eip155:1', address: fake })).toBe(monogram('WETH'));
    expect(tokenMark({ symbol: 'DAI', chainId: 'eip155:1', address: fake })).toBe(monogram('DAI'));
    expect(tokenMark({ symbol: 'LKD', chainId: 'eip155:31337', address: fake })).toBe(monogram('LKD'));
  });

  it("a listed address on another network than its brand's gets the monogram", () => {
    // mainnet USDC's address on Base, Base USDC's on mainnet, a testnet, the local chain
    expect(tokenMark({ symbol: 'USDC', chainId: 'eip155:8453', address: USDC_MAINNET })).toBe(monogram('USDC'));
    expect(tokenMark({ symbol: 'USDC', address: `eip155:1:${USDC_BASE}` })).toBe(monogram('USDC'));
    expect(tokenMark({ symbol: 'USDC', chainId: 'eip155:11155111', address: USDC_MAINNET })).toBe(monogram('USDC'));
    expect(tokenMark({ symbol: 'USDC', chainId: 'eip155:31337', address: USDC_MAINNET })).toBe(monogram('USDC'));
    expect(tokenMark({ symbol: 'USDC', chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', address: USDC_SOLANA })).toBe(monogram('USDC'));
    // a CAIP-10 address whose network is not the token's: not trusted
    expect(tokenMark({ symbol: 'USDC', chainId: 'eip155:8453', address: `eip155:1:${USDC_MAINNET}` })).toBe(monogram('USDC'));
  });

  it('without a network, no brand mark (a symbol and an address alone say nothing)', () => {
    expect(tokenMark({ symbol: 'USDC' })).toBe(monogram('USDC'));
    expect(tokenMark({ symbol: 'ETH' })).toBe(monogram('ETH'));
    expect(tokenMark({ symbol: 'USDC', address: USDC_MAINNET })).toBe(monogram('USDC'));
  });

  it("a native currency gets its network's mark whatever its symbol (no address, or the namespace's placeholder)", () => {
    expect(tokenMark({ symbol: 'ETH', chainId: 'eip155:1' })).toBe(ETHEREUM_MARK);
    expect(tokenMark({ symbol: 'USDC', chainId: 'eip155:1' })).toBe(ETHEREUM_MARK);
    expect(tokenMark({ symbol: 'ETH', address: 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE' })).toBe(ETHEREUM_MARK);
    expect(tokenMark({ symbol: 'ETH', chainId: 'eip155:8453', address: 'eip155:8453:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' })).toBe(CHAIN_ICONS.base);
    expect(tokenMark({ symbol: 'POL', chainId: 'eip155:137' })).toBe(CHAIN_ICONS.polygon);
    expect(tokenMark({ symbol: 'ETH', chainId: 'eip155:31337' })).toBe(CHAIN_ICONS.local);
    expect(tokenMark({ symbol: 'SOL', chainId: SOLANA, address: `${SOLANA}:So11111111111111111111111111111111111111111` })).toBe(CHAIN_ICONS.solana);
    expect(tokenMark({ symbol: 'BTC', chainId: 'bip122:000000000019d6689c085ae165831e93' })).toBe(CHAIN_ICONS.bitcoin);
    // a chain without a bundled mark: the monogram
    expect(tokenMark({ symbol: 'XYZ', chainId: 'eip155:999999' })).toBe(monogram('XYZ'));
    // "ETH" that is a contract is not the native currency
    expect(tokenMark({ symbol: 'ETH', chainId: 'eip155:1', address: '0x1111111111111111111111111111111111111111' })).toBe(monogram('ETH'));
  });

  it("the USDC contracts are viem's (viem/tokens, Circle's list)", () => {
    for (const id of [1, 10, 137, 8453, 42161] as const) {
      const address = usdc.addresses[id];
      expect(tokenMark({ symbol: 'x', chainId: `eip155:${id}`, address })).toBe(USDC_MARK);
    }
  });
});
