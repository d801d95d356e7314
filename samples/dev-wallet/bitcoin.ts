/**
 * A Bitcoin development wallet that registers ONLY through wallet-standard, with the features
 * of the Exodus Bitcoin wallet standard (bitcoin:connect with purposes payment / ordinals,
 * bitcoin:signMessage, bitcoin:signTransaction, bitcoin:signAndSendTransaction) plus
 * standard:connect (with `silent`, so an app can reconnect without a prompt),
 * standard:disconnect and standard:events.
 *
 * Keys come from the public dev mnemonic (keys.ts; development only): payment = P2WPKH
 * (BIP-84), ordinals = P2TR key path (BIP-86), on testnet (tb1…) or regtest (bcrt1…). Never on
 * mainnet. Messages are signed with BIP-322 "simple" signatures (bip322.ts); PSBTs with
 * @scure/btc-signer.
 *
 * Sending: this machine has no Bitcoin node (Debian ships no bitcoind), so
 * bitcoin:signAndSendTransaction fails with "no Bitcoin node configured" unless `broadcastUrl`
 * names an Esplora-compatible API (`POST {broadcastUrl}/tx` with the raw transaction in hex,
 * answering the txid), e.g. a local electrs/esplora in front of a regtest bitcoind.
 */
import { SigHash, TEST_NETWORK, Transaction, p2tr, p2wpkh, utils } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base';
import { pubECDSA, signBip322, type Bip322AddressType } from './bip322';
import type {
  BitcoinAddressPurpose,
  BitcoinConnectInput,
  BitcoinConnectOutput,
  BitcoinSignAndSendTransactionInput,
  BitcoinSignAndSendTransactionOutput,
  BitcoinSignMessageInput,
  BitcoinSignMessageOutput,
  BitcoinSignTransactionInput,
  BitcoinSignTransactionOutput,
} from './bitcoinFeatures';
import { approve, invalidInput, unauthorized, walletError, type ApprovalControl } from './errors';
import { bitcoinKey, bitcoinOrdinalsPath, bitcoinPaymentPath, primeDevSeed, type BitcoinKey } from './keys';
import { devWalletBase, isBytes, makeAccount, publishWallet, sameAccount, standardFeatures, type DevWalletOptions } from './standard';

export const BITCOIN_TESTNET = 'bitcoin:testnet';
export const BITCOIN_REGTEST = 'bitcoin:regtest';
export type BitcoinDevChain = typeof BITCOIN_TESTNET | typeof BITCOIN_REGTEST;

export const REGTEST_NETWORK: BTC_NETWORK = { ...TEST_NETWORK, bech32: 'bcrt' };
const NETWORKS: Record<BitcoinDevChain, BTC_NETWORK> = { [BITCOIN_TESTNET]: TEST_NETWORK, [BITCOIN_REGTEST]: REGTEST_NETWORK };
const FEATURES = ['bitcoin:signMessage', 'bitcoin:signTransaction', 'bitcoin:signAndSendTransaction'] as const;
const PURPOSES: readonly BitcoinAddressPurpose[] = ['payment', 'ordinals'];
const SIGHASHES = new Set([SigHash.DEFAULT, SigHash.ALL, SigHash.NONE, SigHash.SINGLE, SigHash.ALL_ANYONECANPAY, SigHash.NONE_ANYONECANPAY, SigHash.SINGLE_ANYONECANPAY]);
const MAX_PSBT_BYTES = 256 * 1024;
const MAX_MESSAGE_BYTES = 64 * 1024;

export const NO_BITCOIN_NODE = 'no Bitcoin node configured';

export type BroadcastFetch = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

export interface BitcoinDevWalletOptions extends DevWalletOptions {
  /** The BIP-84 / BIP-86 account of the dev mnemonic (default 0). */
  readonly accountIndex?: number;
  /** The network at start (default bitcoin:testnet). */
  readonly chain?: BitcoinDevChain;
  /** An Esplora-compatible API to send through; without it sending fails with NO_BITCOIN_NODE. */
  readonly broadcastUrl?: string;
  readonly fetch?: BroadcastFetch;
}

export interface BitcoinDevAccount {
  readonly purpose: BitcoinAddressPurpose;
  readonly type: Bip322AddressType;
  readonly path: string;
  readonly account: WalletAccount;
}

export interface BitcoinDevWallet extends ApprovalControl {
  readonly wallet: Wallet;
  readonly chain: BitcoinDevChain;
  /** Both accounts on the current chain (authorised or not): payment, then ordinals. */
  readonly accounts: readonly BitcoinDevAccount[];
  readonly connected: boolean;
  /** Switches between testnet and regtest: the addresses change; emits `change`. */
  setChain(chain: BitcoinDevChain): void;
  disconnect(): void;
  uninstall(): void;
}

interface Persisted {
  purposes?: BitcoinAddressPurpose[];
  chain?: BitcoinDevChain;
}

interface KeyedAccount extends BitcoinDevAccount {
  readonly key: BitcoinKey;
}

export function installBitcoinDevWallet(options: BitcoinDevWalletOptions): BitcoinDevWallet {
  // the seed by the platform's PBKDF2 now, ready before the first connect reads the keys (keys.ts)
  void primeDevSeed();
  const accountIndex = options.accountIndex ?? 0;
  const { host, events, persisted, persist: keep } = devWalletBase<Persisted>('Bitcoin', options, `latchkey-dev-wallet:bitcoin:${accountIndex}`);
  const doFetch: BroadcastFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  // Keys are derived on first use (a page that never connects never pays the CPU for them).
  let keys: { payment: BitcoinKey; ordinals: BitcoinKey } | undefined;
  const getKeys = () => (keys ??= { payment: bitcoinKey(bitcoinPaymentPath(accountIndex)), ordinals: bitcoinKey(bitcoinOrdinalsPath(accountIndex)) });
  const chains = Object.freeze([BITCOIN_TESTNET, BITCOIN_REGTEST] as IdentifierString[]);

  let chain: BitcoinDevChain = persisted.chain === BITCOIN_REGTEST || persisted.chain === BITCOIN_TESTNET ? persisted.chain : (options.chain ?? BITCOIN_TESTNET);
  let purposes = new Set<BitcoinAddressPurpose>((persisted.purposes ?? []).filter((p) => PURPOSES.includes(p)));

  const buildAccounts = (c: BitcoinDevChain): KeyedAccount[] => {
    const network = NETWORKS[c];
    const { payment: paymentKey, ordinals: ordinalsKey } = getKeys();
    const xOnly = utils.pubSchnorr(ordinalsKey.privateKey);
    return [
      {
        purpose: 'payment',
        type: 'p2wpkh',
        path: paymentKey.path,
        key: paymentKey,
        account: makeAccount({ address: p2wpkh(paymentKey.publicKey, network).address!, publicKey: paymentKey.publicKey, chains: [c], features: FEATURES, label: 'payment' }),
      },
      {
        purpose: 'ordinals',
        type: 'p2tr',
        path: ordinalsKey.path,
        key: ordinalsKey,
        account: makeAccount({ address: p2tr(xOnly, undefined, network).address!, publicKey: xOnly, chains: [c], features: FEATURES, label: 'ordinals' }),
      },
    ];
  };
  let accountsCache: { chain: BitcoinDevChain; list: KeyedAccount[] } | undefined;
  const allAccounts = (): KeyedAccount[] => {
    if (accountsCache?.chain !== chain) accountsCache = { chain, list: buildAccounts(chain) };
    return accountsCache.list;
  };
  const authorizedAccounts = () => (purposes.size === 0 ? [] : allAccounts().filter((a) => purposes.has(a.purpose)));

  const persist = () => keep({ purposes: [...purposes], chain });
  const emitAccounts = () => events.emit({ accounts: wallet.accounts });

  const authorize = (wanted: readonly BitcoinAddressPurpose[]) => {
    const missing = wanted.filter((p) => !purposes.has(p));
    if (missing.length === 0) return;
    approve(control);
    for (const p of missing) purposes.add(p);
    persist();
    emitAccounts();
  };

  const findAccount = (claimed: unknown): KeyedAccount => {
    const found = authorizedAccounts().find((a) => sameAccount(claimed, a.account));
    if (!found) throw unauthorized();
    return found;
  };

  const checkChain = (c: unknown) => {
    if (c !== chain) {
      if (typeof c === 'string' && chains.includes(c as IdentifierString)) throw walletError(4901, `The Bitcoin dev wallet is on ${chain}, not ${c}`);
      throw invalidInput(`Unsupported chain ${JSON.stringify(c)}; this wallet knows ${chains.join(', ')}`);
    }
  };

  /** Validates a signTransaction input and returns the PSBT with the requested inputs signed. */
  const signPsbt = (input: BitcoinSignTransactionInput, validateOnly: boolean): Transaction => {
    if (!input || typeof input !== 'object') throw invalidInput('expected { psbt, chain, inputsToSign }');
    checkChain(input.chain);
    if (!isBytes(input.psbt) || input.psbt.length === 0 || input.psbt.length > MAX_PSBT_BYTES) {
      throw invalidInput(`psbt must be a non-empty Uint8Array of at most ${MAX_PSBT_BYTES} bytes`);
    }
    let tx: Transaction;
    try {
      tx = Transaction.fromPSBT(input.psbt);
    } catch (err) {
      throw invalidInput(`Invalid PSBT: ${(err as Error).message}`);
    }
    if (!Array.isArray(input.inputsToSign) || input.inputsToSign.length === 0) throw invalidInput('inputsToSign must list at least one input');
    const plan: { acc: KeyedAccount; index: number; sigHash?: number }[] = [];
    for (const item of input.inputsToSign) {
      const acc = findAccount(item?.account);
      if (!Array.isArray(item.signingIndexes) || item.signingIndexes.length === 0) throw invalidInput('signingIndexes must list at least one input index');
      if (item.sigHash !== undefined && !SIGHASHES.has(item.sigHash)) throw invalidInput(`Unsupported sigHash ${JSON.stringify(item.sigHash)}`);
      for (const index of item.signingIndexes) {
        if (!Number.isInteger(index) || index < 0 || index >= tx.inputsLength) throw invalidInput(`Input index ${JSON.stringify(index)} is out of range (the PSBT has ${tx.inputsLength} inputs)`);
        plan.push({ acc, index, sigHash: item.sigHash });
      }
    }
    if (validateOnly) return tx;
    for (const { acc, index, sigHash } of plan) {
      try {
        if (sigHash !== undefined) tx.updateInput(index, { sighashType: sigHash }, true);
        const signed = tx.signIdx(acc.key.privateKey, index, sigHash !== undefined ? [sigHash] : undefined);
        if (!signed) throw new Error('nothing to sign for this key');
      } catch (err) {
        throw invalidInput(`Cannot sign input ${index} with the ${acc.purpose} account: ${(err as Error).message}`);
      }
    }
    return tx;
  };

  const control: BitcoinDevWallet = {
    rejectNext: false,
    rejectAll: false,
    get wallet() {
      return wallet;
    },
    get chain() {
      return chain;
    },
    get accounts() {
      return allAccounts().map(({ purpose, type, path, account }) => ({ purpose, type, path, account }));
    },
    get connected() {
      return purposes.size > 0;
    },
    setChain(next) {
      if (!(next in NETWORKS)) throw new Error(`Bitcoin dev wallet: unsupported chain ${next}`);
      if (next === chain) return;
      chain = next;
      persist();
      emitAccounts();
    },
    disconnect() {
      if (purposes.size === 0) return;
      purposes = new Set();
      persist();
      emitAccounts();
    },
    uninstall: () => unregister(),
  };

  const features = {
    ...standardFeatures({
      events,
      isAuthorized: () => purposes.size > 0,
      authorize: () => authorize(PURPOSES),
      disconnect: () => control.disconnect(),
      accounts: () => wallet.accounts,
    }),
    'bitcoin:connect': {
      version: '1.0.0',
      connect: async (input: BitcoinConnectInput): Promise<BitcoinConnectOutput> => {
        const wanted = input?.purposes;
        if (!Array.isArray(wanted) || wanted.length === 0 || wanted.some((p) => !PURPOSES.includes(p)) || new Set(wanted).size !== wanted.length) {
          throw invalidInput('purposes must be a non-empty list of distinct "payment" / "ordinals"');
        }
        authorize(wanted);
        return { accounts: wanted.map((p) => allAccounts().find((a) => a.purpose === p)!.account) };
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs: readonly BitcoinSignMessageInput[]): Promise<readonly BitcoinSignMessageOutput[]> => {
        const plan = inputs.map((input) => {
          const acc = findAccount(input?.account);
          if (!isBytes(input.message) || input.message.length > MAX_MESSAGE_BYTES) throw invalidInput(`message must be a Uint8Array of at most ${MAX_MESSAGE_BYTES} bytes`);
          return { acc, message: input.message };
        });
        approve(control);
        const network = NETWORKS[chain];
        return plan.map(({ acc, message }) => ({
          signedMessage: message.slice(),
          signature: signBip322(message, acc.key.privateKey, acc.type, network),
        }));
      },
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      signTransaction: async (...inputs: readonly BitcoinSignTransactionInput[]): Promise<readonly BitcoinSignTransactionOutput[]> => {
        for (const input of inputs) signPsbt(input, true);
        approve(control);
        return inputs.map((input) => ({ signedPsbt: signPsbt(input, false).toPSBT() }));
      },
    },
    'bitcoin:signAndSendTransaction': {
      version: '1.0.0',
      signAndSendTransaction: async (...inputs: readonly BitcoinSignAndSendTransactionInput[]): Promise<readonly BitcoinSignAndSendTransactionOutput[]> => {
        for (const input of inputs) signPsbt(input, true);
        if (!options.broadcastUrl) {
          throw walletError(-32603, `${NO_BITCOIN_NODE}: the Bitcoin dev wallet can sign, but nothing on this machine relays Bitcoin transactions (give it a broadcastUrl to an Esplora API)`);
        }
        approve(control);
        const out: BitcoinSignAndSendTransactionOutput[] = [];
        for (const input of inputs) {
          const tx = signPsbt(input, false);
          try {
            tx.finalize();
          } catch (err) {
            throw invalidInput(`The transaction is not fully signed: ${(err as Error).message}`);
          }
          const res = await doFetch(`${options.broadcastUrl.replace(/\/$/, '')}/tx`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: tx.hex });
          const text = (await res.text()).trim();
          if (!res.ok) throw walletError(-32603, `The Bitcoin node refused the transaction (HTTP ${res.status}): ${text.slice(0, 200)}`);
          if (text !== tx.id) throw walletError(-32603, `The Bitcoin node answered ${text.slice(0, 80)}, not the transaction id ${tx.id}`);
          out.push({ txId: tx.id });
        }
        return out;
      },
    },
  };

  const { wallet, unregister } = publishWallet({ name: options.name, icon: options.icon, chains, features, accounts: () => authorizedAccounts().map((a) => a.account) }, host);
  return control;
}

