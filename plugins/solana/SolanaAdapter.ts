/**
 * The solana chain adapter: drives a wallet-standard Solana wallet (the connector's provider
 * is the wallet object) for connect / sign / send, and reads the chain (balance, blockhash)
 * through the kernel's RpcTransport, never through the wallet.
 *
 * - connect: `standard:connect`; reconnect: the wallet's authorised accounts, else
 *   `standard:connect` with `silent: true` (never a prompt); disconnect: `standard:disconnect`
 *   (bounded wait, failures ignored); account changes and a wallet-side disconnect through
 *   `standard:events`.
 * - Solana wallets have no "current chain": the app chooses the network, and each signing call
 *   names it (wallet-standard chain ids, ./chains.ts). switchNetwork therefore asks nothing.
 * - signMessage → base58 signature; signTransaction / signAllTransactions → signed wire bytes;
 *   sendTransaction (sign and send, with skipPreflight, preflightCommitment, maxRetries,
 *   minContextSlot) → base58 signature, through `solana:signAndSendTransaction`, or
 *   `solana:signTransaction` plus the node's `sendTransaction` when the wallet only signs;
 *   transfer builds a SOL transfer (web3.js, loaded then) with a recent blockhash.
 * - getBalance: `getBalance` in lamports, formatted with the network's decimals (9).
 *
 * Over 400 lines on purpose: one job, the ChainAdapter contract for Solana method by method (the
 * design review of 2026-11 keeps it whole).
 */
import { Subject } from 'rxjs';
import {
  Network as NetworkService,
  RpcTransport,
  caipAddress,
  formatUnits,
  type AdapterCall,
  type AdapterConnection,
  type AdapterEvent,
  type AdapterRequests,
  type CaipNetwork,
  type ChainAdapter,
  type Connector,
  type TransferRequest,
  type PluginContext,
} from 'latchkey';
import { base58Encode } from 'latchkey/encoding';
import { CapabilityNotSupportedError, UnauthorizedProviderError, toProviderError } from 'latchkey/errors';
import { isSolanaAddress } from './address';
import { SOLANA_CLUSTERS, networkForWalletChain, walletChainFor } from './chains';
import {
  InvalidSolanaTransactionError,
  InvalidSolanaTransferError,
  SolanaTransactionFailedError,
  SolanaWalletNotFoundError,
  UnexpectedSolanaResponseError,
} from './errors';

const NAMESPACE = 'solana' as const;
type SolanaRequest = AdapterRequests['solana']['transaction'];
type SendOptions = NonNullable<SolanaRequest['options']>;

/** How long disconnect waits for the wallet's `standard:disconnect`. */
const DISCONNECT_TIMEOUT_MS = 1000;
/** The most a transaction may weigh on the wire (Solana's packet data size). */
const MAX_TRANSACTION_BYTES = 1232;
/** How long a send through the node (a wallet that only signs) waits for 'confirmed'. */
const CONFIRM_TIMEOUT_MS = 30_000;
const CONFIRM_POLL_MS = 400;
const COMMITMENTS = new Set(['processed', 'confirmed', 'finalized']);
const MAX_ACCOUNTS = 16;
const U64_MAX = (1n << 64n) - 1n;

/** A wallet-standard account, as this adapter reads it. */
interface WalletAccount {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly string[];
  readonly features: readonly string[];
}

/** A wallet-standard wallet, as this adapter reads it. */
interface StandardWallet {
  readonly name: string;
  readonly chains: readonly string[];
  readonly features: Readonly<Record<string, Record<string, unknown> | undefined>>;
  readonly accounts: readonly WalletAccount[];
}

interface Session {
  readonly wallet: StandardWallet;
  account: WalletAccount;
  readonly off: () => void;
}

type Fn = (...args: any[]) => Promise<any>;

function isWallet(value: unknown): value is StandardWallet {
  try {
    const w = value as StandardWallet;
    return typeof w === 'object' && w !== null && typeof w.features === 'object' && w.features !== null && Array.isArray(w.chains);
  } catch {
    return false;
  }
}

/** The wallet's Solana accounts: a valid address, a 32-byte key, a `solana:` chain (or no chains listed). */
function solanaAccounts(list: unknown): WalletAccount[] {
  if (!Array.isArray(list)) return [];
  return list.slice(0, MAX_ACCOUNTS).filter((a): a is WalletAccount => {
    try {
      const acc = a as WalletAccount;
      if (!isSolanaAddress(acc?.address) || !(acc.publicKey instanceof Uint8Array) || acc.publicKey.length !== 32) return false;
      const chains = Array.isArray(acc.chains) ? acc.chains : [];
      return chains.length === 0 || chains.some((c) => typeof c === 'string' && c.startsWith('solana:'));
    } catch {
      return false;
    }
  });
}

function bytes64(value: unknown, what: string): Uint8Array {
  if (value instanceof Uint8Array && value.length === 64) return value;
  throw new UnexpectedSolanaResponseError(what, { details: 'Expected a 64-byte signature.' });
}

function checkTransaction(tx: unknown): Uint8Array {
  if (!(tx instanceof Uint8Array)) throw new InvalidSolanaTransactionError('The transaction must be a Uint8Array (legacy or versioned wire format).');
  if (tx.length === 0 || tx.length > MAX_TRANSACTION_BYTES) {
    throw new InvalidSolanaTransactionError(`A transaction has 1 to ${MAX_TRANSACTION_BYTES} bytes; this one has ${tx.length}.`);
  }
  return tx;
}

/** The four send options of docs/connection.md#signing-and-sending, checked; absent ones left out. */
function checkOptions(options: unknown): SendOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) throw new InvalidSolanaTransactionError('options must be an object.');
  const o = options as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (o['skipPreflight'] !== undefined) {
    if (typeof o['skipPreflight'] !== 'boolean') throw new InvalidSolanaTransactionError('skipPreflight must be a boolean.');
    out['skipPreflight'] = o['skipPreflight'];
  }
  if (o['preflightCommitment'] !== undefined) {
    if (!COMMITMENTS.has(o['preflightCommitment'] as string)) throw new InvalidSolanaTransactionError('preflightCommitment must be processed, confirmed or finalized.');
    out['preflightCommitment'] = o['preflightCommitment'];
  }
  for (const k of ['maxRetries', 'minContextSlot'] as const) {
    if (o[k] === undefined) continue;
    if (typeof o[k] !== 'number' || !Number.isSafeInteger(o[k]) || (o[k] as number) < 0) throw new InvalidSolanaTransactionError(`${k} must be a non-negative integer.`);
    out[k] = o[k];
  }
  return out as SendOptions;
}

function toBase64(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(s);
}

export class SolanaAdapter implements ChainAdapter<'solana'> {
  readonly namespace = NAMESPACE;
  private readonly events = new Subject<AdapterEvent>();
  readonly events$ = this.events.asObservable();
  /** Live connections by connector id. */
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly ctx: PluginContext) {}

  async connect({ connector, network }: { connector: Connector; network?: CaipNetwork }): Promise<AdapterConnection> {
    const wallet = this.walletOf(connector);
    const out = await this.call(wallet, 'standard:connect', 'connect', {});
    const accounts = solanaAccounts((out as { accounts?: unknown } | undefined)?.accounts);
    if (accounts.length === 0) throw new UnauthorizedProviderError({ details: `${wallet.name} returned no Solana account.` });
    return this.establish(connector, wallet, accounts, network);
  }

  async reconnect({ connector, network }: { connector: Connector; network?: CaipNetwork }): Promise<AdapterConnection | null> {
    const wallet = this.walletOf(connector);
    let accounts = solanaAccounts(wallet.accounts);
    if (accounts.length === 0) {
      if (typeof wallet.features['standard:connect']?.['connect'] !== 'function') return null;
      // `silent`: the wallet must not prompt; it answers only what it already grants.
      const out = await this.call(wallet, 'standard:connect', 'connect', { silent: true });
      accounts = solanaAccounts((out as { accounts?: unknown } | undefined)?.accounts);
    }
    return accounts.length === 0 ? null : this.establish(connector, wallet, accounts, network);
  }

  async disconnect({ connector }: { connector: Connector }): Promise<void> {
    const wallet = isWallet(connector.provider) ? connector.provider : this.sessions.get(connector.id)?.wallet;
    this.unsubscribe(connector.id);
    const disconnect = wallet?.features['standard:disconnect']?.['disconnect'];
    if (typeof disconnect !== 'function') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = Promise.resolve()
      .then(() => (disconnect as Fn).call(wallet!.features['standard:disconnect']))
      .catch(() => undefined);
    try {
      await Promise.race([done, new Promise<void>((r) => (timer = setTimeout(r, DISCONNECT_TIMEOUT_MS)))]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Solana wallets hold no current chain: the app's choice is all there is. Reported as chainChanged. */
  async switchNetwork({ connector, network }: { connector: Connector; network: CaipNetwork }): Promise<void> {
    this.events.next({ type: 'chainChanged', namespace: NAMESPACE, chainId: network.id, connectorId: connector.id });
  }

  async signMessage({ connector, message }: { connector: Connector; address: string; message: string }): Promise<string> {
    const { wallet, account } = this.session(connector);
    const out = await this.call(wallet, 'solana:signMessage', 'signMessage', { account, message: new TextEncoder().encode(message) });
    return base58Encode(bytes64((out as { signature?: unknown }[] | undefined)?.[0]?.signature, `${wallet.name} (signMessage)`));
  }

  async signTransaction({ connector, network, request }: AdapterCall & { readonly request: SolanaRequest }): Promise<Uint8Array> {
    const [signed] = await this.signAll(connector, network, [request]);
    return signed!;
  }

  async signAllTransactions({ connector, network, requests }: AdapterCall & { readonly requests: readonly SolanaRequest[] }): Promise<readonly Uint8Array[]> {
    return this.signAll(connector, network, requests);
  }

  /** Signs and sends; returns the base58 signature. */
  async sendTransaction({ connector, network, request }: AdapterCall & { readonly request: SolanaRequest }): Promise<string> {
    return this.signAndSend(connector, network, checkTransaction(request?.transaction), checkOptions(request?.options));
  }

  /**
   * Sends `amount` lamports to `to`: a System Program transfer with a recent blockhash (read
   * through the RPC transport), signed and sent by the wallet, confirmed ('confirmed'). Texts
   * (docs/errors.md#plugin-errors): an invalid amount or receiver → 'Please enter a valid amount and receiver address';
   * any failure after that → 'Failed to send transaction. Please try again.' (cause kept).
   */
  async transfer({ connector, network, address, request }: AdapterCall & { readonly request: TransferRequest }): Promise<string> {
    // SPL token transfers (associated token accounts) are not built here yet.
    if (request?.token !== undefined) throw new CapabilityNotSupportedError('transfer (token)', 'solana');
    const amount = request?.amount;
    if (!isSolanaAddress(request?.to) || typeof amount !== 'bigint' || amount <= 0n || amount > U64_MAX) throw new InvalidSolanaTransferError();
    const from = this.sessions.get(connector.id)?.account.address ?? address;
    try {
      const latest = await this.rpc(network).request<{ value?: { blockhash?: unknown; lastValidBlockHeight?: unknown } }>({
        method: 'getLatestBlockhash',
        params: [{ commitment: 'confirmed' }],
      });
      const blockhash = latest?.value?.blockhash;
      const lastValidBlockHeight = latest?.value?.lastValidBlockHeight;
      if (!isSolanaAddress(blockhash) || typeof lastValidBlockHeight !== 'number') throw new UnexpectedSolanaResponseError('getLatestBlockhash', { data: latest });
      const { buildTransfer } = await import('./transfer');
      const transaction = buildTransfer({ from, to: request.to, lamports: amount, blockhash, lastValidBlockHeight });
      return await this.signAndSend(connector, network, transaction, { preflightCommitment: 'confirmed' }, 'confirmed');
    } catch (err) {
      throw new SolanaTransactionFailedError({ cause: err, details: err instanceof Error ? err.message : undefined });
    }
  }

  async getBalance({ address, network }: { address: string; network: CaipNetwork }): Promise<{ balance: string; symbol: string }> {
    const result = await this.rpc(network).request<{ value?: unknown }>({ method: 'getBalance', params: [address, { commitment: 'confirmed' }] });
    const lamports = result?.value;
    if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0) throw new UnexpectedSolanaResponseError('getBalance', { data: result });
    return { balance: formatUnits(BigInt(lamports), network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
  }

  // --- internals ------------------------------------------------------------

  private rpc(network: CaipNetwork) {
    return this.ctx.get<RpcTransport>(RpcTransport).forNetwork(network);
  }

  private walletOf(connector: Connector): StandardWallet {
    const wallet = isWallet(connector.provider) ? connector.provider : this.sessions.get(connector.id)?.wallet;
    if (!wallet) throw new SolanaWalletNotFoundError({ details: `Connector ${connector.id} carries no wallet-standard wallet.` });
    return wallet;
  }

  private session(connector: Connector): Session {
    const session = this.sessions.get(connector.id);
    if (!session) throw new UnauthorizedProviderError({ details: `${connector.name} is not connected for Solana.` });
    return session;
  }

  /** Calls `feature.method(...args)` on the wallet; a missing feature is CapabilityNotSupportedError, a wallet error a typed provider error. */
  private async call(wallet: StandardWallet, feature: string, method: string, ...args: unknown[]): Promise<unknown> {
    const f = wallet.features[feature];
    const fn = f?.[method];
    if (typeof fn !== 'function') throw new CapabilityNotSupportedError(feature, NAMESPACE);
    try {
      return await (fn as Fn).apply(f, args);
    } catch (err) {
      throw toProviderError(err);
    }
  }

  private async signAll(connector: Connector, network: CaipNetwork, requests: readonly SolanaRequest[]): Promise<Uint8Array[]> {
    const { wallet, account } = this.session(connector);
    if (!Array.isArray(requests) || requests.length === 0) throw new InvalidSolanaTransactionError('Nothing to sign.');
    const chain = walletChainFor(network, wallet.chains);
    const inputs = requests.map((r) => {
      const o = checkOptions(r?.options);
      // signTransaction takes the read options only
      const options = { ...(o.preflightCommitment ? { preflightCommitment: o.preflightCommitment } : {}), ...(o.minContextSlot !== undefined ? { minContextSlot: o.minContextSlot } : {}) };
      return { account, transaction: checkTransaction(r?.transaction), chain, ...(Object.keys(options).length ? { options } : {}) };
    });
    const out = await this.call(wallet, 'solana:signTransaction', 'signTransaction', ...inputs);
    if (!Array.isArray(out) || out.length !== inputs.length) throw new UnexpectedSolanaResponseError(`${wallet.name} (signTransaction)`);
    return out.map((o: { signedTransaction?: unknown }) => {
      if (!(o?.signedTransaction instanceof Uint8Array)) throw new UnexpectedSolanaResponseError(`${wallet.name} (signTransaction)`);
      return o.signedTransaction;
    });
  }

  private async signAndSend(connector: Connector, network: CaipNetwork, transaction: Uint8Array, options: SendOptions, commitment?: 'confirmed'): Promise<string> {
    const { wallet, account } = this.session(connector);
    const chain = walletChainFor(network, wallet.chains);
    if (typeof wallet.features['solana:signAndSendTransaction']?.['signAndSendTransaction'] === 'function') {
      const out = await this.call(wallet, 'solana:signAndSendTransaction', 'signAndSendTransaction', {
        account,
        transaction,
        chain,
        options: { ...options, ...(commitment ? { commitment } : {}) },
      });
      return base58Encode(bytes64((out as { signature?: unknown }[] | undefined)?.[0]?.signature, `${wallet.name} (signAndSendTransaction)`));
    }
    if (typeof wallet.features['solana:signTransaction']?.['signTransaction'] !== 'function') {
      throw new CapabilityNotSupportedError('solana:signAndSendTransaction', NAMESPACE);
    }
    // A wallet that only signs: the node sends it.
    const [signed] = await this.signAll(connector, network, [{ transaction, options }]);
    const signature = await this.rpc(network).request<unknown>({ method: 'sendTransaction', params: [toBase64(signed!), { encoding: 'base64', ...options }] });
    if (!isSignature(signature)) throw new UnexpectedSolanaResponseError('sendTransaction', { data: signature });
    if (commitment) await this.confirm(network, signature);
    return signature;
  }

  /** Waits until the node reports `signature` confirmed (or failed), at most {@link CONFIRM_TIMEOUT_MS}. */
  private async confirm(network: CaipNetwork, signature: string): Promise<void> {
    const deadline = Date.now() + CONFIRM_TIMEOUT_MS;
    for (;;) {
      const result = await this.rpc(network).request<{ value?: ({ err?: unknown; confirmationStatus?: string } | null)[] }>({
        method: 'getSignatureStatuses',
        params: [[signature]],
      });
      const status = result?.value?.[0];
      if (status?.err) throw new UnexpectedSolanaResponseError('the node', { details: `Transaction ${signature} failed: ${JSON.stringify(status.err)}` });
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
      if (Date.now() > deadline) throw new UnexpectedSolanaResponseError('the node', { details: `Transaction ${signature} was not confirmed within ${CONFIRM_TIMEOUT_MS} ms.` });
      await new Promise((r) => setTimeout(r, CONFIRM_POLL_MS));
    }
  }

  private establish(connector: Connector, wallet: StandardWallet, accounts: WalletAccount[], network: CaipNetwork | undefined): AdapterConnection {
    const account = accounts[0]!;
    this.subscribe(connector.id, wallet, account);
    const chainId = network?.chainNamespace === NAMESPACE ? network.id : this.chainOf(account, wallet);
    return {
      address: account.address,
      caipAddress: caipAddress(NAMESPACE, chainId, account.address),
      chainId,
      accounts: accounts.map((a) => ({ namespace: NAMESPACE, address: a.address, type: 'eoa', publicKey: base58Encode(a.publicKey) })),
    };
  }

  /** The app's network for the first chain the account (else the wallet) lists; mainnet when none maps. */
  private chainOf(account: WalletAccount, wallet: StandardWallet): string | number {
    const requested = this.ctx.get<NetworkService>(NetworkService).state.namespaces.solana.requestedCaipNetworks;
    const chains = [...(Array.isArray(account.chains) ? account.chains : []), ...wallet.chains];
    for (const chain of chains) {
      const n = typeof chain === 'string' ? networkForWalletChain(chain, requested) : undefined;
      if (n) return n.id;
    }
    return requested[0]?.id ?? SOLANA_CLUSTERS.mainnet;
  }

  private subscribe(connectorId: string, wallet: StandardWallet, account: WalletAccount): void {
    this.unsubscribe(connectorId);
    const on = wallet.features['standard:events']?.['on'];
    let off: () => void = () => {};
    if (typeof on === 'function') {
      try {
        const result = (on as (event: string, listener: (p: { accounts?: unknown }) => void) => unknown).call(wallet.features['standard:events'], 'change', (properties) =>
          this.onChange(connectorId, properties),
        );
        if (typeof result === 'function') off = result as () => void;
      } catch {
        /* a wallet without working events: no live account changes */
      }
    }
    this.sessions.set(connectorId, { wallet, account, off });
  }

  private onChange(connectorId: string, properties: { accounts?: unknown } | undefined): void {
    const session = this.sessions.get(connectorId);
    if (!session || !properties || !('accounts' in properties)) return;
    const accounts = solanaAccounts(properties.accounts);
    if (accounts.length === 0) {
      this.unsubscribe(connectorId);
      this.events.next({ type: 'disconnect', namespace: NAMESPACE, connectorId });
      return;
    }
    if (accounts[0]!.address === session.account.address) {
      session.account = accounts[0]!;
      return;
    }
    session.account = accounts[0]!;
    this.events.next({ type: 'accountsChanged', namespace: NAMESPACE, accounts: accounts.map((a) => a.address), connectorId });
  }

  private unsubscribe(connectorId: string): void {
    const session = this.sessions.get(connectorId);
    if (!session) return;
    this.sessions.delete(connectorId);
    try {
      session.off();
    } catch {
      /* ignore */
    }
  }
}

function isSignature(value: unknown): value is string {
  return typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(value);
}
