/**
 * The send form's rules (docs/account-features.md#send-form-rules) and texts (docs/errors.md#snackbars), as pure functions: the
 * service and the views ask the same questions, and the tests pin every rule.
 */
import { parseUnits, type ChainNamespace, type TokenBalance } from 'latchkey';

export const SEND_TEXTS = Object.freeze({
  selectToken: 'Select Token',
  addAmount: 'Add Amount',
  insufficientFunds: 'Insufficient Funds',
  addAddress: 'Add Address',
  invalidAddress: 'Invalid Address',
  insufficientGas: 'Insufficient Gas Funds',
  gasPrice: 'Getting gas price',
  decimals: 'Unknown token decimals',
  preview: 'Preview Send',
  // snackbars (docs/errors.md#snackbars)
  started: 'Transaction started',
  failed: 'Something went wrong',
  solanaInvalid: 'Please enter a valid amount and receiver address',
  solanaFailed: 'Failed to send transaction. Please try again.',
  balanceUnavailable: 'Token Balance Unavailable',
} as const);

/** docs/connection.md#addresses: an EVM address is an optional 0x and 40 hex characters. */
export function isEvmAddress(value: string): boolean {
  return /^(0x)?[0-9a-fA-F]{40}$/.test(value);
}

/** docs/connection.md#addresses: a Solana address is 32 to 44 base58 characters. */
export function isSolanaAddress(value: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value);
}

/** A Bitcoin address by its shape: bech32 / bech32m (bc1, tb1, bcrt1) or base58 (1, 3, m, n, 2). The wallet checks the checksum. */
export function isBitcoinAddress(value: string): boolean {
  return /^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{8,87}$/.test(value.toLowerCase()) || /^[123mn][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(value);
}

/** Whether `value` is an address of `namespace` (false for a namespace this form does not know). */
export function isReceiverAddress(namespace: ChainNamespace | undefined, value: string): boolean {
  switch (namespace) {
    case 'eip155':
      return isEvmAddress(value);
    case 'solana':
      return isSolanaAddress(value);
    case 'bip122':
      return isBitcoinAddress(value);
    default:
      return false;
  }
}

/** An account name ('alice.latchkey.id'): dot-separated labels of letters, digits and hyphens, not an address. */
export function looksLikeName(value: string): boolean {
  return value.length <= 255 && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value) && !isEvmAddress(value);
}

/** The native currency's placeholder addresses (EIP-7528 for EVM, the SOL mint for Solana). */
const NATIVE_PLACEHOLDERS = ['0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 'so11111111111111111111111111111111111111111'];

/** The token's own address (the last part of its CAIP-10 id), undefined for the native currency. */
export function tokenAddressOf(token: Pick<TokenBalance, 'address'> | undefined): string | undefined {
  const raw = token?.address;
  if (!raw) return undefined;
  const address = raw.split(':').pop() ?? '';
  return address === '' || NATIVE_PLACEHOLDERS.includes(address.toLowerCase()) ? undefined : address;
}

export function isNativeToken(token: Pick<TokenBalance, 'address'> | undefined): boolean {
  return token !== undefined && tokenAddressOf(token) === undefined;
}

/** The token's decimals as a whole number 0..255, else undefined. */
export function decimalsOf(token: Pick<TokenBalance, 'quantity'> | undefined): number | undefined {
  const text = token?.quantity.decimals;
  if (typeof text !== 'string' || !/^\d{1,3}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= 255 ? n : undefined;
}

/** `text` in the smallest unit when it is a positive decimal with at most `decimals` digits after the point, else undefined. */
export function parseAmount(text: string | undefined, decimals: number): bigint | undefined {
  const t = text?.trim() ?? '';
  const m = /^(\d*)(?:\.(\d*))?$/.exec(t);
  if (!m || (m[1] === '' && (m[2] ?? '') === '') || (m[2] ?? '').length > decimals) return undefined;
  const value = parseUnits(t, decimals);
  return value > 0n ? value : undefined;
}

/** docs/account-features.md#send: tokens with zero decimals are left out as low quality. */
export function usableTokens(tokens: readonly TokenBalance[], caipNetworkId: string | undefined): TokenBalance[] {
  return tokens.filter((t) => t.quantity.decimals !== '0' && (caipNetworkId === undefined || t.chainId === caipNetworkId));
}

export interface GasCheck {
  /** A smart account pays gas its own way: always sufficient. */
  readonly smartAccount: boolean;
  /** Native balance, smallest unit. */
  readonly nativeBalance: bigint | undefined;
  /** Cost of this send's gas, smallest unit of the native currency. */
  readonly gasCost: bigint | undefined;
  readonly networkBalanceInUSD: string | undefined;
  readonly gasPriceInUSD: number | undefined;
}

/**
 * docs/account-features.md#send-form-rules: insufficient gas when the balance is zero, or the gas costs more than the
 * native balance, in USD when the data API priced both, else in the native currency's own
 * unit (the same comparison when the price is positive). Smart accounts count as sufficient.
 * With nothing known yet, it is not (yet) insufficient.
 */
export function isInsufficientGas(check: GasCheck): boolean {
  if (check.smartAccount) return false;
  if (check.networkBalanceInUSD !== undefined && check.gasPriceInUSD !== undefined) {
    const balance = Number(check.networkBalanceInUSD);
    if (balance === 0) return true;
    return check.gasPriceInUSD > balance;
  }
  if (check.nativeBalance === undefined) return false;
  if (check.nativeBalance === 0n) return true;
  return check.gasCost !== undefined && check.gasCost > check.nativeBalance;
}

export interface SendCheck {
  readonly namespace: ChainNamespace | undefined;
  readonly token: TokenBalance | undefined;
  readonly amount: string | undefined;
  readonly receiverAddress: string | undefined;
  readonly gasPrice: bigint | undefined;
  readonly insufficientGas: boolean;
}

/**
 * The first problem of the form, as the text of its button, or undefined when it can be
 * reviewed. In order: token, amount, funds, receiver, its address form, and for EVM the gas
 * (a native send also needs the gas price and the decimals; docs/account-features.md#send-form-rules).
 */
export function sendProblem(check: SendCheck): string | undefined {
  const { token, namespace } = check;
  if (!token) return SEND_TEXTS.selectToken;
  const decimals = decimalsOf(token);
  if (!check.amount?.trim()) return SEND_TEXTS.addAmount;
  if (decimals === undefined) return SEND_TEXTS.decimals;
  const amount = parseAmount(check.amount, decimals);
  if (amount === undefined) return SEND_TEXTS.addAmount;
  const held = parseAmount(token.quantity.numeric, decimals) ?? 0n;
  if (amount > held) return SEND_TEXTS.insufficientFunds;
  const receiver = check.receiverAddress?.trim();
  if (!receiver) return SEND_TEXTS.addAddress;
  if (!isReceiverAddress(namespace, receiver)) return SEND_TEXTS.invalidAddress;
  if (namespace === 'eip155') {
    if (isNativeToken(token) && check.gasPrice === undefined) return SEND_TEXTS.gasPrice;
    if (check.insufficientGas) return SEND_TEXTS.insufficientGas;
  }
  return undefined;
}

/** docs/account-features.md#send-form-rules, Solana: a send needs an amount and a receiver. */
export function solanaSendReady(amount: string | undefined, receiver: string | undefined): boolean {
  return Boolean(amount?.trim()) && Boolean(receiver?.trim());
}

/** ENSIP-11 coin type of an EVM chain: 60 for Ethereum mainnet, else 0x80000000 | chainId. */
export function evmCoinType(chainId: number): number {
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0;
}

/** The address a name record gives for `chainId` (its coin type, else Ethereum's, else the first). */
export function addressFromRecord(addresses: Readonly<Record<string, { readonly address: string }>>, chainId: number | undefined): string | undefined {
  const own = chainId !== undefined ? addresses[String(evmCoinType(chainId))] : undefined;
  return (own ?? addresses['60'] ?? Object.values(addresses)[0])?.address;
}
