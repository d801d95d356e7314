/**
 * The two kinds of Bitcoin wallet the adapter drives, behind one interface:
 * - a wallet-standard wallet with the Exodus Bitcoin features (`bitcoin:connect`,
 *   `bitcoin:signMessage`, `bitcoin:signTransaction`, `bitcoin:signAndSendTransaction`) and
 *   `standard:connect` / `standard:disconnect` / `standard:events`;
 * - a sats-connect provider (`provider.request(method, params)` answering JSON-RPC 2.0:
 *   `getAccounts`, `wallet_getAccount`, `wallet_getNetwork`, `wallet_changeNetwork`,
 *   `signMessage`, `signPsbt`, `sendTransfer`, `wallet_renouncePermissions`; events through
 *   `addListener`).
 * Everything a wallet answers is checked and bounded before use.
 */
import { toProviderError } from 'latchkey/errors';
import { SwitchChainError, UserRejectedRequestError } from 'latchkey/errors';
import { bitcoinAddressNetwork, isBitcoinAddress } from './address';
import { BITCOIN_CHAINS, chainNameOf, refOfWalletChain } from './chains';
import { BitcoinTransferUnavailableError, InvalidBitcoinRequestError, UnexpectedBitcoinResponseError } from './errors';

type BitcoinAccountType = 'payment' | 'ordinals' | 'others';

export interface BitcoinAccount {
  readonly address: string;
  readonly type: BitcoinAccountType;
  /** Hex. */
  readonly publicKey?: string;
  readonly path?: string;
  /** The wallet's own account object (wallet-standard), handed back when signing. */
  readonly raw?: unknown;
}

interface PsbtRequest {
  readonly psbt: string;
  readonly signInputs: Readonly<Record<string, readonly number[]>>;
  readonly broadcast?: boolean;
}

interface WalletEvents {
  accounts(accounts: BitcoinAccount[]): void;
  chain(ref: string): void;
  disconnect(): void;
}

export interface BitcoinWallet {
  readonly name: string;
  /** `prompt: false`: only what the wallet already grants, never a prompt; null when nothing. */
  accounts(prompt: boolean): Promise<BitcoinAccount[] | null>;
  /** CAIP-2 reference of the chain the wallet is on, when it says. */
  chainRef(accounts: readonly BitcoinAccount[]): Promise<string | undefined>;
  switchChain(ref: string, accounts: readonly BitcoinAccount[]): Promise<void>;
  disconnect(): Promise<void>;
  /** Base64 signature (BIP-322 where the wallet offers it). */
  signMessage(account: BitcoinAccount, message: string): Promise<string>;
  signPsbt(request: PsbtRequest, accounts: readonly BitcoinAccount[]): Promise<{ psbt: string; txid?: string }>;
  sendTransfer(recipient: string, amount: bigint): Promise<string>;
  subscribe(events: WalletEvents): () => void;
}

const MAX_ACCOUNTS = 16;
/** A PSBT of at most 256 KiB (base64 ⅓ larger). */
export const MAX_PSBT_BASE64 = Math.ceil((256 * 1024 * 4) / 3) + 4;
const TXID = /^[0-9a-f]{64}$/i;
const HEX = /^[0-9a-f]*$/i;

type Fn = (...args: any[]) => any;

function toBase64(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

function typeOf(value: unknown): BitcoinAccountType {
  return value === 'payment' || value === 'ordinals' ? value : 'others';
}

// --- wallet-standard ----------------------------------------------------------

interface StandardAccount {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly string[];
  readonly label?: string;
}

interface StandardWallet {
  readonly name: string;
  readonly chains: readonly string[];
  readonly features: Readonly<Record<string, Record<string, unknown> | undefined>>;
  readonly accounts: readonly unknown[];
}

export function isStandardWallet(value: unknown): value is StandardWallet {
  try {
    const w = value as StandardWallet;
    return typeof w === 'object' && w !== null && typeof w.features === 'object' && w.features !== null && Array.isArray(w.chains);
  } catch {
    return false;
  }
}

function standardAccounts(list: unknown, purposes?: readonly BitcoinAccountType[]): BitcoinAccount[] {
  if (!Array.isArray(list)) return [];
  const out: BitcoinAccount[] = [];
  list.slice(0, MAX_ACCOUNTS).forEach((a, i) => {
    try {
      const acc = a as StandardAccount;
      const chains = Array.isArray(acc.chains) ? acc.chains : [];
      if (!isBitcoinAddress(acc.address) || !(acc.publicKey instanceof Uint8Array) || acc.publicKey.length > 65) return;
      if (chains.length > 0 && !chains.some((c) => typeof c === 'string' && c.startsWith('bitcoin:'))) return;
      const type = acc.label === 'payment' || acc.label === 'ordinals' ? acc.label : (purposes?.[i] ?? 'others');
      out.push({ address: acc.address, type, publicKey: hex(acc.publicKey), raw: acc });
    } catch {
      /* a throwing account: skipped */
    }
  });
  return out;
}

export function standardBitcoinWallet(wallet: StandardWallet): BitcoinWallet {
  const call = async (feature: string, method: string, ...args: unknown[]): Promise<unknown> => {
    const f = wallet.features[feature];
    const fn = f?.[method];
    if (typeof fn !== 'function') throw new InvalidBitcoinRequestError(`${wallet.name} does not offer ${feature}.`, { data: { feature } });
    try {
      return await (fn as Fn).apply(f, args);
    } catch (err) {
      throw toProviderError(err);
    }
  };
  const has = (feature: string, method: string) => typeof wallet.features[feature]?.[method] === 'function';
  const chainOf = (accounts: readonly BitcoinAccount[]): string | undefined => {
    for (const a of accounts) {
      const chains = (a.raw as StandardAccount | undefined)?.chains ?? [];
      for (const c of chains) {
        if (refOfWalletChain(c)) return c;
      }
    }
    return wallet.chains.find((c) => refOfWalletChain(c));
  };
  const rawOf = (accounts: readonly BitcoinAccount[], address: string) => {
    const found = accounts.find((a) => a.address === address);
    if (!found) throw new InvalidBitcoinRequestError(`${address} is not an account of this connection.`);
    return found.raw;
  };
  return {
    name: wallet.name,
    async accounts(prompt) {
      if (!prompt) {
        const granted = standardAccounts(wallet.accounts);
        if (granted.length > 0) return granted;
        if (!has('standard:connect', 'connect')) return null;
        const out = (await call('standard:connect', 'connect', { silent: true })) as { accounts?: unknown } | undefined;
        const list = standardAccounts(out?.accounts);
        return list.length > 0 ? list : null;
      }
      if (has('bitcoin:connect', 'connect')) {
        const purposes = ['payment', 'ordinals'] as const;
        const out = (await call('bitcoin:connect', 'connect', { purposes })) as { accounts?: unknown } | undefined;
        return standardAccounts(out?.accounts, purposes);
      }
      const out = (await call('standard:connect', 'connect', {})) as { accounts?: unknown } | undefined;
      return standardAccounts(out?.accounts);
    },
    async chainRef(accounts) {
      return refOfWalletChain(chainOf(accounts));
    },
    async switchChain(ref, accounts) {
      const current = refOfWalletChain(chainOf(accounts));
      if (current === ref) return;
      // The standard has no switch request: the visitor changes networks in the wallet.
      const name = chainNameOf(ref) ?? ref;
      throw new SwitchChainError({ details: `${wallet.name} is on ${chainNameOf(current ?? '') ?? 'another network'}; switch it to ${name} in the wallet.` });
    },
    async disconnect() {
      if (has('standard:disconnect', 'disconnect')) await call('standard:disconnect', 'disconnect');
    },
    async signMessage(account, message) {
      const out = (await call('bitcoin:signMessage', 'signMessage', { account: account.raw, message: new TextEncoder().encode(message) })) as { signature?: unknown }[] | undefined;
      const signature = out?.[0]?.signature;
      if (!(signature instanceof Uint8Array) || signature.length === 0 || signature.length > 1024) throw new UnexpectedBitcoinResponseError(`${wallet.name} (signMessage)`);
      return toBase64(signature);
    },
    async signPsbt(request, accounts) {
      const chain = chainOf(accounts);
      if (!chain) throw new InvalidBitcoinRequestError(`${wallet.name} lists no Bitcoin chain.`);
      const input = {
        psbt: fromBase64(request.psbt),
        chain,
        inputsToSign: Object.entries(request.signInputs).map(([address, indexes]) => ({ account: rawOf(accounts, address), signingIndexes: [...indexes] })),
      };
      if (request.broadcast) {
        const out = (await call('bitcoin:signAndSendTransaction', 'signAndSendTransaction', input)) as { txId?: unknown }[] | undefined;
        const txid = out?.[0]?.txId;
        if (typeof txid !== 'string' || !TXID.test(txid)) throw new UnexpectedBitcoinResponseError(`${wallet.name} (signAndSendTransaction)`);
        // The standard answers the transaction id only.
        return { psbt: request.psbt, txid };
      }
      const out = (await call('bitcoin:signTransaction', 'signTransaction', input)) as { signedPsbt?: unknown }[] | undefined;
      const signed = out?.[0]?.signedPsbt;
      if (!(signed instanceof Uint8Array) || signed.length === 0) throw new UnexpectedBitcoinResponseError(`${wallet.name} (signTransaction)`);
      return { psbt: toBase64(signed) };
    },
    async sendTransfer() {
      throw new BitcoinTransferUnavailableError(wallet.name);
    },
    subscribe(events) {
      const on = wallet.features['standard:events']?.['on'];
      if (typeof on !== 'function') return () => {};
      try {
        const off = (on as Fn).call(wallet.features['standard:events'], 'change', (p: { accounts?: unknown } | undefined) => {
          if (!p || !('accounts' in p)) return;
          const list = standardAccounts(p.accounts);
          if (list.length === 0) return events.disconnect();
          events.accounts(list);
          const ref = refOfWalletChain(chainOf(list));
          if (ref) events.chain(ref);
        });
        return typeof off === 'function' ? off : () => {};
      } catch {
        return () => {};
      }
    },
  };
}

// --- sats-connect -------------------------------------------------------------

interface SatsProvider {
  request(method: string, params: unknown): Promise<unknown>;
  addListener?: Fn;
}

/** sats-connect's code for "the user rejected the request". */
const SATS_USER_REJECTION = -32000;

function satsAccounts(list: unknown): BitcoinAccount[] {
  if (!Array.isArray(list)) return [];
  const out: BitcoinAccount[] = [];
  for (const a of list.slice(0, MAX_ACCOUNTS)) {
    try {
      const acc = a as { address?: unknown; publicKey?: unknown; purpose?: unknown; derivationPath?: unknown };
      if (!isBitcoinAddress(acc.address)) continue; // stacks / starknet / spark addresses are not ours
      const publicKey = typeof acc.publicKey === 'string' && acc.publicKey.length <= 130 && HEX.test(acc.publicKey) ? acc.publicKey : undefined;
      const path = typeof acc.derivationPath === 'string' && acc.derivationPath.length <= 64 ? acc.derivationPath : undefined;
      out.push({ address: acc.address as string, type: typeOf(acc.purpose), ...(publicKey ? { publicKey } : {}), ...(path ? { path } : {}) });
    } catch {
      /* skipped */
    }
  }
  return out;
}

export function satsConnectWallet(name: string, provider: SatsProvider): BitcoinWallet {
  const request = async (method: string, params: unknown): Promise<any> => {
    let res: any;
    try {
      res = await provider.request(method, params);
    } catch (err) {
      throw toProviderError(err);
    }
    const error = res?.error ?? (res?.status === 'error' ? res.error : undefined);
    if (error) {
      if (error.code === SATS_USER_REJECTION) throw new UserRejectedRequestError({ cause: error, details: typeof error.message === 'string' ? error.message : undefined });
      throw toProviderError(error);
    }
    if (res && typeof res === 'object' && 'result' in res) return res.result;
    throw new UnexpectedBitcoinResponseError(`${name} (${method})`, { data: res });
  };
  const networkRef = (result: any): string | undefined => refOfWalletChain(result?.bitcoin?.name);
  return {
    name,
    async accounts(prompt) {
      if (!prompt) {
        const result = await request('wallet_getAccount', null).catch(() => undefined);
        const list = satsAccounts(result?.addresses);
        return list.length > 0 ? list : null;
      }
      return satsAccounts(await request('getAccounts', { purposes: ['payment', 'ordinals'], message: 'Connect your Bitcoin accounts' }));
    },
    async chainRef(accounts) {
      const ref = networkRef(await request('wallet_getNetwork', null).catch(() => undefined));
      if (ref) return ref;
      const kind = bitcoinAddressNetwork(accounts[0]?.address);
      return kind ? BITCOIN_CHAINS[kind]!.ref : undefined;
    },
    async switchChain(ref) {
      const name = chainNameOf(ref);
      if (!name) throw new SwitchChainError({ details: `No Bitcoin network is known by ${ref}.` });
      await request('wallet_changeNetwork', { name: BITCOIN_CHAINS[name]!.sats });
    },
    async disconnect() {
      await request('wallet_renouncePermissions', null);
    },
    async signMessage(account, message) {
      const result = await request('signMessage', { address: account.address, message, protocol: 'BIP322' });
      const signature = result?.signature;
      if (typeof signature !== 'string' || signature.length === 0 || signature.length > 2048) throw new UnexpectedBitcoinResponseError(`${name} (signMessage)`);
      return signature;
    },
    async signPsbt(req) {
      const result = await request('signPsbt', { psbt: req.psbt, signInputs: req.signInputs, ...(req.broadcast ? { broadcast: true } : {}) });
      const psbt = result?.psbt;
      const txid = result?.txid;
      if (typeof psbt !== 'string' || psbt.length > MAX_PSBT_BASE64 * 2) throw new UnexpectedBitcoinResponseError(`${name} (signPsbt)`);
      if (txid !== undefined && (typeof txid !== 'string' || !TXID.test(txid))) throw new UnexpectedBitcoinResponseError(`${name} (signPsbt)`);
      return { psbt, ...(txid ? { txid } : {}) };
    },
    async sendTransfer(recipient, amount) {
      const result = await request('sendTransfer', { recipients: [{ address: recipient, amount: Number(amount) }] });
      const txid = result?.txid;
      if (typeof txid !== 'string' || !TXID.test(txid)) throw new UnexpectedBitcoinResponseError(`${name} (sendTransfer)`);
      return txid;
    },
    subscribe(events) {
      const add = provider.addListener;
      if (typeof add !== 'function') return () => {};
      const offs: unknown[] = [];
      const listen = (eventName: string, cb: (e: any) => void) => {
        try {
          offs.push(add.call(provider, { eventName, cb }));
        } catch {
          /* a wallet without that event */
        }
      };
      listen('accountChange', () => {
        void request('wallet_getAccount', null).then(
          (r) => {
            const list = satsAccounts(r?.addresses);
            if (list.length === 0) events.disconnect();
            else events.accounts(list);
          },
          () => events.disconnect(),
        );
      });
      listen('networkChange', (e) => {
        const ref = networkRef(e);
        if (ref) events.chain(ref);
      });
      listen('disconnect', () => events.disconnect());
      return () => {
        for (const off of offs) if (typeof off === 'function') off();
      };
    },
  };
}
