/**
 * A Solana development wallet that registers ONLY through wallet-standard (no `window.solana`,
 * no `window.phantom`). It holds a key derived from the public dev mnemonic (keys.ts: for
 * development only) and sends to the local chain's RPC (samples/solana).
 *
 * Features: standard:connect (with `silent`), standard:disconnect, standard:events,
 * solana:signMessage, solana:signTransaction, solana:signAndSendTransaction (legacy and v0;
 * skipPreflight, preflightCommitment, maxRetries, minContextSlot, commitment), solana:signIn.
 * Approvals are automatic unless `rejectNext` / `rejectAll` is set (a decline path to test).
 */
import { ed25519 } from '@noble/curves/ed25519';
import { base58, base64 } from '@scure/base';
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base';
import type {
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOutput,
  SolanaSignInInput,
  SolanaSignInOutput,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionInput,
  SolanaSignTransactionOutput,
  SolanaTransactionCommitment,
} from '@solana/wallet-standard-features';
import { approve, invalidInput, unauthorized, walletError, type ApprovalControl } from './errors';
import type { FetchLike } from './index';
import { primeDevSeed, solanaKey, type SolanaKey } from './keys';
import { parseWireTransaction, signWireTransaction } from './solanaWire';
import { devWalletBase, isBytes, makeAccount, publishWallet, sameAccount, standardFeatures, type DevWalletOptions } from './standard';

/** wallet-standard's names of the public clusters, and of "a local validator". */
export const SOLANA_MAINNET = 'solana:mainnet';
export const SOLANA_DEVNET = 'solana:devnet';
export const SOLANA_TESTNET = 'solana:testnet';
export const SOLANA_LOCALNET = 'solana:localnet';

const SOLANA_FEATURES = ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage', 'solana:signIn'] as const;
const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized']);
const MAX_MESSAGE_BYTES = 64 * 1024;

export interface SolanaLocalChain {
  /** CAIP-2 id of the local chain: `solana:` + the first 32 characters of its genesis hash. */
  readonly caipNetworkId: `solana:${string}`;
  /** Its HTTP JSON-RPC URL. */
  readonly rpcUrl: string;
}

export interface SolanaDevWalletOptions extends DevWalletOptions {
  /** The account on m/44'/501'/{accountIndex}'/0' of the dev mnemonic. */
  readonly accountIndex: number;
  readonly localChain: SolanaLocalChain;
  readonly fetch?: FetchLike;
  /** How long signAndSendTransaction waits for `options.commitment` (default 60 s). */
  readonly confirmTimeoutMs?: number;
}

export interface SolanaDevWallet extends ApprovalControl {
  /** The object registered with apps. */
  readonly wallet: Wallet;
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly connected: boolean;
  /** As if the user disconnected in the wallet: forgets the authorisation and emits `change`. */
  disconnect(): void;
  /** Unregisters from every app and stops listening. */
  uninstall(): void;
}

interface Persisted {
  authorized?: boolean;
}

/** Creates the wallet and registers it through wallet-standard. */
export function installSolanaDevWallet(options: SolanaDevWalletOptions): SolanaDevWallet {
  // the seed by the platform's PBKDF2 now, ready before the first connect reads the keys (keys.ts)
  void primeDevSeed();
  const { host, events, persisted, persist } = devWalletBase<Persisted>('Solana', options, `latchkey-dev-wallet:solana:${options.accountIndex}`);
  if (!/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(options.localChain.caipNetworkId)) {
    throw new Error(`Solana dev wallet: invalid local chain id ${options.localChain.caipNetworkId}`);
  }
  if (!Number.isInteger(options.accountIndex) || options.accountIndex < 0) throw new Error(`Solana dev wallet: invalid account index ${options.accountIndex}`);
  // Derived on first use (the mnemonic's PBKDF2 and the curve tables cost a few hundred ms of
  // CPU), so a page that never connects never pays for it.
  let keyCache: SolanaKey | undefined;
  const key = () => (keyCache ??= solanaKey(options.accountIndex));
  let accountCache: WalletAccount | undefined;
  const account = () => (accountCache ??= makeAccount({ address: key().address, publicKey: key().publicKey, chains, features: SOLANA_FEATURES }));
  const doFetch: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const confirmTimeoutMs = options.confirmTimeoutMs ?? 60_000;
  const localIds = new Set<string>([options.localChain.caipNetworkId, SOLANA_LOCALNET]);
  const chains = Object.freeze([options.localChain.caipNetworkId, SOLANA_LOCALNET, SOLANA_MAINNET, SOLANA_DEVNET, SOLANA_TESTNET] as IdentifierString[]);
  let authorized = persisted.authorized === true;

  const control: SolanaDevWallet = {
    rejectNext: false,
    rejectAll: false,
    get wallet() {
      return wallet;
    },
    get address() {
      return key().address;
    },
    get publicKey() {
      return key().publicKey.slice();
    },
    get connected() {
      return authorized;
    },
    disconnect: () => setAuthorized(false),
    uninstall: () => unregister(),
  };

  const setAuthorized = (value: boolean) => {
    if (authorized === value) return;
    authorized = value;
    persist({ authorized });
    events.emit({ accounts: wallet.accounts });
  };

  const requireAccount = (claimed: unknown): WalletAccount => {
    if (!authorized || !sameAccount(claimed, account())) throw unauthorized();
    return account();
  };

  const checkChain = (chain: unknown, required: boolean): string | undefined => {
    if (chain === undefined && !required) return undefined;
    if (typeof chain !== 'string' || !chains.includes(chain as IdentifierString)) {
      throw invalidInput(`Unsupported chain ${JSON.stringify(chain)}; this wallet knows ${chains.join(', ')}`);
    }
    return chain;
  };

  const checkOptions = (opts: unknown) => {
    if (opts === undefined) return {} as Record<string, unknown>;
    if (!opts || typeof opts !== 'object') throw invalidInput('options must be an object');
    const o = opts as Record<string, unknown>;
    for (const k of ['preflightCommitment', 'commitment'] as const) {
      if (o[k] !== undefined && !COMMITMENTS.has(o[k] as string)) throw invalidInput(`${k} must be processed, confirmed or finalized`);
    }
    if (o.skipPreflight !== undefined && typeof o.skipPreflight !== 'boolean') throw invalidInput('skipPreflight must be a boolean');
    for (const k of ['maxRetries', 'minContextSlot'] as const) {
      if (o[k] !== undefined && (typeof o[k] !== 'number' || !Number.isSafeInteger(o[k]) || (o[k] as number) < 0)) {
        throw invalidInput(`${k} must be a non-negative integer`);
      }
    }
    return o;
  };

  let rpcId = 0;
  const rpc = async (method: string, params: unknown[]): Promise<any> => {
    let res;
    try {
      res = await doFetch(options.localChain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
      });
    } catch (cause) {
      throw walletError(-32603, `Solana dev wallet could not reach ${options.localChain.rpcUrl}: ${(cause as Error)?.message ?? cause}`);
    }
    if (!res.ok) throw walletError(-32603, `Solana dev wallet: ${options.localChain.rpcUrl} answered HTTP ${res.status}`);
    const body = await res.json();
    if (body?.error) {
      const err = walletError(typeof body.error.code === 'number' ? body.error.code : -32603, String(body.error.message ?? 'RPC error'));
      if (body.error.data !== undefined) (err as unknown as { data: unknown }).data = body.error.data;
      throw err;
    }
    return body?.result;
  };

  const signTransactionBytes = (transaction: unknown): { signed: Uint8Array; signature: Uint8Array } => {
    if (!isBytes(transaction)) throw invalidInput('transaction must be a Uint8Array');
    try {
      return signWireTransaction(transaction, key().secretKey, key().publicKey);
    } catch (err) {
      throw invalidInput(`Cannot sign this transaction: ${(err as Error).message}`);
    }
  };

  const waitFor = async (signature: string, level: SolanaTransactionCommitment) => {
    const rank = { processed: 0, confirmed: 1, finalized: 2 } as const;
    const deadline = Date.now() + confirmTimeoutMs;
    for (;;) {
      const { value } = await rpc('getSignatureStatuses', [[signature]]);
      const st = value?.[0];
      if (st) {
        if (st.err) throw walletError(-32603, `Transaction ${signature} failed: ${JSON.stringify(st.err)}`);
        if (rank[(st.confirmationStatus ?? 'processed') as SolanaTransactionCommitment] >= rank[level]) return;
      }
      if (Date.now() > deadline) throw walletError(-32603, `Transaction ${signature} was not ${level} within ${confirmTimeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 150));
    }
  };

  const signInMessage = (input: SolanaSignInInput): string => {
    const field = (name: keyof SolanaSignInInput, v: unknown) => {
      if (v === undefined) return undefined;
      if (typeof v !== 'string' || /[\r\n]/.test(v) || v.length > 1024) throw invalidInput(`signIn: ${String(name)} must be a one-line string`);
      return v;
    };
    const location = (host as unknown as { location?: { host?: string } }).location;
    const domain = field('domain', input.domain) ?? location?.host;
    if (!domain) throw invalidInput('signIn: domain is required');
    if (input.address !== undefined && input.address !== key().address) throw invalidInput('signIn: address is not this wallet\'s account');
    const statement = field('statement', input.statement);
    const lines = [`${domain} wants you to sign in with your Solana account:`, key().address];
    if (statement) lines.push('', statement);
    const fields: string[] = [];
    const add = (label: string, name: keyof SolanaSignInInput) => {
      const v = field(name, input[name]);
      if (v !== undefined) fields.push(`${label}: ${v}`);
    };
    add('URI', 'uri');
    add('Version', 'version');
    add('Chain ID', 'chainId');
    add('Nonce', 'nonce');
    add('Issued At', 'issuedAt');
    add('Expiration Time', 'expirationTime');
    add('Not Before', 'notBefore');
    add('Request ID', 'requestId');
    if (input.resources !== undefined) {
      if (!Array.isArray(input.resources) || input.resources.length > 32) throw invalidInput('signIn: resources must be an array of at most 32 strings');
      fields.push('Resources:', ...input.resources.map((r, i) => `- ${field(`resources[${i}]` as keyof SolanaSignInInput, r)}`));
    }
    if (fields.length) lines.push('', ...fields);
    return lines.join('\n');
  };

  const features = {
    ...standardFeatures({
      events,
      isAuthorized: () => authorized,
      authorize: () => {
        approve(control);
        setAuthorized(true);
      },
      disconnect: () => setAuthorized(false),
      accounts: () => wallet.accounts,
    }),
    'solana:signMessage': {
      version: '1.1.0',
      signMessage: async (...inputs: readonly SolanaSignMessageInput[]): Promise<readonly SolanaSignMessageOutput[]> => {
        for (const input of inputs) {
          requireAccount(input?.account);
          if (!isBytes(input.message) || input.message.length > MAX_MESSAGE_BYTES) throw invalidInput(`message must be a Uint8Array of at most ${MAX_MESSAGE_BYTES} bytes`);
        }
        approve(control);
        return inputs.map((input) => ({
          signedMessage: input.message.slice(),
          signature: ed25519.sign(input.message, key().secretKey),
          signatureType: 'ed25519' as const,
        }));
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0] as const,
      signTransaction: async (...inputs: readonly SolanaSignTransactionInput[]): Promise<readonly SolanaSignTransactionOutput[]> => {
        for (const input of inputs) {
          requireAccount(input?.account);
          checkChain(input.chain, false);
          checkOptions(input.options);
          if (!isBytes(input.transaction)) throw invalidInput('transaction must be a Uint8Array');
          try {
            parseWireTransaction(input.transaction);
          } catch (err) {
            throw invalidInput(`Cannot sign this transaction: ${(err as Error).message}`);
          }
        }
        approve(control);
        return inputs.map((input) => ({ signedTransaction: signTransactionBytes(input.transaction).signed }));
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0] as const,
      signAndSendTransaction: async (...inputs: readonly SolanaSignAndSendTransactionInput[]): Promise<readonly SolanaSignAndSendTransactionOutput[]> => {
        for (const input of inputs) {
          requireAccount(input?.account);
          const chain = checkChain(input.chain, true)!;
          if (!localIds.has(chain)) {
            throw walletError(4901, `The Solana dev wallet sends only on the local chain (${options.localChain.caipNetworkId}); ${chain} has no RPC here`);
          }
          checkOptions(input.options);
          if (!isBytes(input.transaction)) throw invalidInput('transaction must be a Uint8Array');
        }
        approve(control);
        const out: SolanaSignAndSendTransactionOutput[] = [];
        for (const input of inputs) {
          const { signed } = signTransactionBytes(input.transaction);
          const o = checkOptions(input.options);
          const config: Record<string, unknown> = { encoding: 'base64' };
          for (const k of ['skipPreflight', 'preflightCommitment', 'maxRetries', 'minContextSlot'] as const) if (o[k] !== undefined) config[k] = o[k];
          const sent = await rpc('sendTransaction', [base64.encode(signed), config]);
          if (typeof sent !== 'string') throw walletError(-32603, 'Solana dev wallet: the node returned no signature');
          if (o.commitment) await waitFor(sent, o.commitment as SolanaTransactionCommitment);
          out.push({ signature: base58.decode(sent) });
        }
        return out;
      },
    },
    'solana:signIn': {
      version: '1.0.0',
      signIn: async (...inputs: readonly SolanaSignInInput[]): Promise<readonly SolanaSignInOutput[]> => {
        const texts = inputs.map((input) => signInMessage(input ?? {}));
        approve(control);
        setAuthorized(true);
        return texts.map((text) => {
          const signedMessage = new TextEncoder().encode(text);
          return { account: account(), signedMessage, signature: ed25519.sign(signedMessage, key().secretKey), signatureType: 'ed25519' as const };
        });
      },
    },
  };

  const { wallet, unregister } = publishWallet({ name: options.name, icon: options.icon, chains, features, accounts: () => (authorized ? [account()] : []) }, host);
  return control;
}
