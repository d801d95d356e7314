/**
 * What the demo's "Sign message" and "Send" do in each namespace: check a signature the way
 * that chain does (EVM: ecrecover through viem; Solana: ed25519 over the message bytes with
 * the address as the public key; Bitcoin: BIP-322 simple), and send a small amount of the
 * native currency between the dev wallets' own accounts.
 */
import type { ChainNamespace, Kernel } from 'latchkey';
import accounts from '../dev-wallet/accounts.json';

/** 0.01 ETH in wei: what the demo's EVM send moves (a literal: no unit helper on the page's start). */
const ONE_HUNDREDTH_ETH = 10n ** 16n;
/** anvil's dev accounts #0 and #1: the demo sends between them. */
const ANVIL_ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ANVIL_ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SOLANA_0 = accounts.solana[0]!.address;
const SOLANA_1 = accounts.solana[1]!.address;
const BTC_PAYMENT = accounts.bitcoin.testnet.payment.address;
const BTC_ORDINALS = accounts.bitcoin.testnet.ordinals.address;

/** The amount each namespace's "Send" moves, as the button says it. */
export const SEND_LABEL: Readonly<Record<ChainNamespace, string>> = {
  eip155: '0.01 ETH',
  solana: '0.01 SOL',
  bip122: '0.0001 BTC',
  polkadot: '',
};

/**
 * True when `signature` is `address`'s signature of `message` in `namespace` (./verify.ts, loaded
 * on the first check: the curves and codecs it needs are not on the page's start).
 */
export async function verifySignature(namespace: ChainNamespace, address: string, message: string, signature: string): Promise<boolean> {
  return (await import('./verify')).verifySignature(namespace, address, message, signature);
}

/** Sends the demo amount from `from` to the other dev account of the namespace; returns the hash / signature / txid and the receiver. */
export async function demoSend(kernel: Pick<Kernel, 'connection'>, namespace: ChainNamespace, from: string): Promise<{ hash: string; to: string }> {
  switch (namespace) {
    case 'eip155': {
      const to = from.toLowerCase() === ANVIL_ACCOUNT_1.toLowerCase() ? ANVIL_ACCOUNT_0 : ANVIL_ACCOUNT_1;
      return { hash: await kernel.connection.sendTransaction({ to, value: ONE_HUNDREDTH_ETH }, 'eip155'), to };
    }
    case 'solana': {
      const to = from === SOLANA_1 ? SOLANA_0 : SOLANA_1;
      return { hash: await kernel.connection.transfer({ to, amount: 10_000_000n }, 'solana'), to };
    }
    case 'bip122': {
      const to = from === BTC_ORDINALS ? BTC_PAYMENT : BTC_ORDINALS;
      return { hash: await kernel.connection.transfer({ to, amount: 10_000n }, 'bip122'), to };
    }
    default:
      throw new Error(`The demo does not send in ${namespace}`);
  }
}
