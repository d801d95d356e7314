import type { TokenBalance } from 'latchkey';
import {
  SEND_TEXTS,
  addressFromRecord,
  decimalsOf,
  evmCoinType,
  isBitcoinAddress,
  isEvmAddress,
  isInsufficientGas,
  isNativeToken,
  isReceiverAddress,
  isSolanaAddress,
  looksLikeName,
  parseAmount,
  sendProblem,
  solanaSendReady,
  tokenAddressOf,
  usableTokens,
  type SendCheck,
} from './validation';

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SOL = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96';
const LKD = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  price: 2000,
  iconUrl: '',
  quantity: { decimals: '18', numeric: '1.5' },
};
const lkd: TokenBalance = { ...eth, name: 'Latchkey Dev Token', symbol: 'LKD', address: `eip155:31337:${LKD}`, price: 0, quantity: { decimals: '18', numeric: '1000' } };

describe('addresses (docs/connection.md#addresses)', () => {
  it('EVM: optional 0x plus 40 hex characters', () => {
    expect(isEvmAddress(EVM)).toBe(true);
    expect(isEvmAddress(EVM.slice(2))).toBe(true);
    expect(isEvmAddress(EVM.slice(0, 41))).toBe(false);
    expect(isEvmAddress(`${EVM}0`)).toBe(false);
    expect(isEvmAddress('0xZZ97970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false);
  });

  it('Solana: 32 to 44 base58 characters', () => {
    expect(isSolanaAddress(SOL)).toBe(true);
    expect(isSolanaAddress('1'.repeat(32))).toBe(true);
    expect(isSolanaAddress('1'.repeat(31))).toBe(false);
    expect(isSolanaAddress('1'.repeat(45))).toBe(false);
    expect(isSolanaAddress(`${SOL.slice(0, 40)}0OIl`)).toBe(false); // 0, O, I, l are not base58
  });

  it('Bitcoin by shape, and the receiver check per namespace', () => {
    expect(isBitcoinAddress('tb1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelvmc7t8')).toBe(true);
    expect(isBitcoinAddress('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(true);
    expect(isBitcoinAddress('tb1qb')).toBe(false);
    expect(isReceiverAddress('eip155', EVM)).toBe(true);
    expect(isReceiverAddress('eip155', SOL)).toBe(false);
    expect(isReceiverAddress('solana', SOL)).toBe(true);
    expect(isReceiverAddress('solana', EVM)).toBe(false);
    expect(isReceiverAddress('polkadot', EVM)).toBe(false);
    expect(isReceiverAddress(undefined, EVM)).toBe(false);
  });

  it('a name has dot-separated labels and is not an address', () => {
    expect(looksLikeName('alice.latchkey.id')).toBe(true);
    expect(looksLikeName('vitalik.eth')).toBe(true);
    expect(looksLikeName('alice')).toBe(false);
    expect(looksLikeName(EVM)).toBe(false);
    expect(looksLikeName('al ice.eth')).toBe(false);
    expect(looksLikeName(`${'a'.repeat(300)}.eth`)).toBe(false);
  });
});

describe('tokens', () => {
  it('the native currency has no address or a placeholder one', () => {
    expect(isNativeToken(eth)).toBe(true);
    expect(isNativeToken({ address: undefined })).toBe(true);
    expect(isNativeToken({ address: 'solana:5eyk:So11111111111111111111111111111111111111111' })).toBe(true);
    expect(isNativeToken(lkd)).toBe(false);
    expect(isNativeToken(undefined)).toBe(false);
    expect(tokenAddressOf(lkd)).toBe(LKD);
    expect(tokenAddressOf({ address: LKD })).toBe(LKD);
    expect(tokenAddressOf(eth)).toBeUndefined();
  });

  it('zero-decimal tokens are left out as low quality, and so are other networks', () => {
    const spam = { ...lkd, symbol: 'SPAM', quantity: { decimals: '0', numeric: '1000000' } };
    const other = { ...lkd, chainId: 'eip155:1' };
    expect(usableTokens([eth, lkd, spam, other], 'eip155:31337').map((t) => t.symbol)).toEqual(['ETH', 'LKD']);
  });

  it('decimals must be a whole number 0..255', () => {
    expect(decimalsOf(eth)).toBe(18);
    expect(decimalsOf({ quantity: { decimals: '256', numeric: '1' } })).toBeUndefined();
    expect(decimalsOf({ quantity: { decimals: '1.5', numeric: '1' } })).toBeUndefined();
    expect(decimalsOf(undefined)).toBeUndefined();
  });

  it('an amount is a positive decimal within the token decimals', () => {
    expect(parseAmount('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(parseAmount('.5', 6)).toBe(500_000n);
    expect(parseAmount('0', 18)).toBeUndefined();
    expect(parseAmount('-1', 18)).toBeUndefined();
    expect(parseAmount('1e3', 18)).toBeUndefined();
    expect(parseAmount('0.0000001', 6)).toBeUndefined();
    expect(parseAmount('', 18)).toBeUndefined();
    expect(parseAmount('.', 18)).toBeUndefined();
  });
});

describe('insufficient gas (docs/account-features.md#send-form-rules)', () => {
  const base = { smartAccount: false, nativeBalance: 10n ** 18n, gasCost: 21_000n * 10n ** 9n, networkBalanceInUSD: undefined, gasPriceInUSD: undefined };

  it('a balance of zero is insufficient', () => {
    expect(isInsufficientGas({ ...base, nativeBalance: 0n })).toBe(true);
    expect(isInsufficientGas({ ...base, networkBalanceInUSD: '0', gasPriceInUSD: 0.01 })).toBe(true);
  });

  it('gas costing more than the native balance in USD is insufficient', () => {
    expect(isInsufficientGas({ ...base, networkBalanceInUSD: '1.5', gasPriceInUSD: 2 })).toBe(true);
    expect(isInsufficientGas({ ...base, networkBalanceInUSD: '3000', gasPriceInUSD: 0.04 })).toBe(false);
  });

  it('without a price, the same comparison in the native unit', () => {
    expect(isInsufficientGas({ ...base, gasCost: 2n * 10n ** 18n })).toBe(true);
    expect(isInsufficientGas(base)).toBe(false);
    expect(isInsufficientGas({ ...base, nativeBalance: undefined })).toBe(false);
  });

  it('smart accounts count as sufficient', () => {
    expect(isInsufficientGas({ ...base, smartAccount: true, nativeBalance: 0n })).toBe(false);
    expect(isInsufficientGas({ ...base, smartAccount: true, networkBalanceInUSD: '0', gasPriceInUSD: 1 })).toBe(false);
  });
});

describe('the form, in the order its button names problems', () => {
  const ok: SendCheck = { namespace: 'eip155', token: eth, amount: '0.1', receiverAddress: EVM, gasPrice: 10n ** 9n, insufficientGas: false };

  it.each<[string, Partial<SendCheck>, string | undefined]>([
    ['no token', { token: undefined }, SEND_TEXTS.selectToken],
    ['no amount', { amount: '' }, SEND_TEXTS.addAmount],
    ['a zero amount', { amount: '0' }, SEND_TEXTS.addAmount],
    ['a non-number', { amount: 'abc' }, SEND_TEXTS.addAmount],
    ['more than the balance', { amount: '1.6' }, SEND_TEXTS.insufficientFunds],
    ['the whole balance', { amount: '1.5' }, undefined],
    ['no receiver', { receiverAddress: ' ' }, SEND_TEXTS.addAddress],
    ['a bad receiver', { receiverAddress: '0x1234' }, SEND_TEXTS.invalidAddress],
    ['a Solana receiver on EVM', { receiverAddress: SOL }, SEND_TEXTS.invalidAddress],
    ['a native send without gas price', { gasPrice: undefined }, SEND_TEXTS.gasPrice],
    ['a token send without gas price', { token: lkd, gasPrice: undefined }, undefined],
    ['unknown decimals', { token: { ...eth, quantity: { decimals: 'x', numeric: '1' } } }, SEND_TEXTS.decimals],
    ['insufficient gas', { insufficientGas: true }, SEND_TEXTS.insufficientGas],
    ['a complete form', {}, undefined],
  ])('%s', (_name, patch, expected) => {
    expect(sendProblem({ ...ok, ...patch })).toBe(expected);
  });

  it('Solana needs amount and receiver, no gas figures', () => {
    const sol: TokenBalance = { ...eth, symbol: 'SOL', chainId: 'solana:x', address: undefined, quantity: { decimals: '9', numeric: '100' } };
    expect(sendProblem({ namespace: 'solana', token: sol, amount: '1', receiverAddress: SOL, gasPrice: undefined, insufficientGas: true })).toBeUndefined();
    expect(solanaSendReady('1', SOL)).toBe(true);
    expect(solanaSendReady('', SOL)).toBe(false);
    expect(solanaSendReady('1', undefined)).toBe(false);
  });
});

describe('names to addresses', () => {
  it('ENSIP-11 coin types: 60 for Ethereum, 0x80000000 | chainId otherwise', () => {
    expect(evmCoinType(1)).toBe(60);
    expect(evmCoinType(31337)).toBe(0x80000000 + 31337);
  });

  it("picks the chain's own address, else Ethereum's, else the first", () => {
    const own = { [String(0x80000000 + 31337)]: { address: '0xown' }, '60': { address: '0xeth' } };
    expect(addressFromRecord(own, 31337)).toBe('0xown');
    expect(addressFromRecord({ '60': { address: '0xeth' } }, 31337)).toBe('0xeth');
    expect(addressFromRecord({ '2147483658': { address: '0xten' } }, 31337)).toBe('0xten');
    expect(addressFromRecord({}, 1)).toBeUndefined();
  });
});
