/**
 * The bip122 chain adapter over a wallet-standard Bitcoin wallet or a sats-connect provider
 * (./wallets.ts).
 *
 * - connect asks for the payment and ordinals accounts; the account records carry namespace,
 *   address, type (payment / ordinals / others), public key and path when the wallet gives
 *   them. The connection's address is the account of the namespace's preferred account type
 *   (docs/connection.md#namespaces-and-data-shapes: payment), else the first.
 * - reconnect never prompts (wallet-standard: the granted accounts or `standard:connect` with
 *   `silent`; sats-connect: `wallet_getAccount`).
 * - signMessage: base64 signature (BIP-322 simple from wallet-standard wallets and, asked
 *   for, from sats-connect). signPsbt: base64 PSBT in and out, `signInputs` by address,
 *   `broadcast` sends. sendTransaction / transfer: a payment `{ recipient, amount }` in
 *   satoshis (sats-connect `sendTransfer`; a wallet-standard wallet has none:
 *   BitcoinTransferUnavailableError).
 * - getBalance: an Esplora-compatible API per network when configured, else
 *   BitcoinBalanceUnavailableError (no Bitcoin node or index here).
 */
import { Subject } from 'rxjs';
import {
  Account,
  HttpClient,
  caipAddress,
  formatUnits,
  type AdapterCall,
  type AdapterConnection,
  type AdapterEvent,
  type AdapterRequests,
  type AccountRecord,
  type CaipNetwork,
  type CaipNetworkId,
  type ChainAdapter,
  type Connector,
  type TransferRequest,
  type PluginContext,
} from 'latchkey';
import { CapabilityNotSupportedError, UnauthorizedProviderError } from 'latchkey/errors';
import { isBitcoinAddress } from './address';
import { addressNetworkOf } from './chains';
import {
  BitcoinBalanceUnavailableError,
  BitcoinWalletNotFoundError,
  InvalidBitcoinRequestError,
  InvalidBitcoinTransferError,
  UnexpectedBitcoinResponseError,
} from './errors';
import {
  MAX_PSBT_BASE64,
  isStandardWallet,
  satsConnectWallet,
  standardBitcoinWallet,
  type BitcoinAccount,
  type BitcoinWallet,
} from './wallets';

const NAMESPACE = 'bip122' as const;
type PaymentRequest = AdapterRequests['bip122']['transaction'];
type PsbtRequest = AdapterRequests['bip122']['psbt'];

/** All the bitcoin there will ever be, in satoshis. */
const MAX_SATS = 21_000_000n * 100_000_000n;
/** How long disconnect waits for the wallet. */
const DISCONNECT_TIMEOUT_MS = 1000;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MAX_SIGN_INPUTS = 256;

interface Session {
  readonly wallet: BitcoinWallet;
  accounts: BitcoinAccount[];
  readonly off: () => void;
}

export interface BitcoinAdapterConfig {
  readonly esploraUrls?: Readonly<Record<CaipNetworkId, string>>;
}

export class BitcoinAdapter implements ChainAdapter<'bip122'> {
  readonly namespace = NAMESPACE;
  private readonly events = new Subject<AdapterEvent>();
  readonly events$ = this.events.asObservable();
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly ctx: PluginContext,
    private readonly config: BitcoinAdapterConfig = {},
  ) {}

  async connect({ connector, network }: { connector: Connector; network?: CaipNetwork }): Promise<AdapterConnection> {
    const wallet = this.walletOf(connector);
    const accounts = await wallet.accounts(true);
    if (!accounts || accounts.length === 0) throw new UnauthorizedProviderError({ details: `${wallet.name} returned no Bitcoin account.` });
    return this.establish(connector, wallet, accounts, network);
  }

  async reconnect({ connector, network }: { connector: Connector; network?: CaipNetwork }): Promise<AdapterConnection | null> {
    const wallet = this.walletOf(connector);
    const accounts = await wallet.accounts(false);
    return accounts && accounts.length > 0 ? this.establish(connector, wallet, accounts, network) : null;
  }

  async disconnect({ connector }: { connector: Connector }): Promise<void> {
    const session = this.sessions.get(connector.id);
    this.unsubscribe(connector.id);
    let wallet: BitcoinWallet | undefined = session?.wallet;
    try {
      wallet ??= this.walletOf(connector);
    } catch {
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = wallet.disconnect().catch(() => undefined);
    try {
      await Promise.race([done, new Promise<void>((r) => (timer = setTimeout(r, DISCONNECT_TIMEOUT_MS)))]);
    } finally {
      clearTimeout(timer);
    }
  }

  async switchNetwork({ connector, network }: { connector: Connector; network: CaipNetwork }): Promise<void> {
    const session = this.session(connector);
    await session.wallet.switchChain(String(network.id), session.accounts);
    this.events.next({ type: 'chainChanged', namespace: NAMESPACE, chainId: network.id, connectorId: connector.id });
  }

  async signMessage({ connector, address, message }: { connector: Connector; address: string; message: string }): Promise<string> {
    const session = this.session(connector);
    const account = session.accounts.find((a) => a.address === address) ?? this.primary(session.accounts);
    return session.wallet.signMessage(account, message);
  }

  async signPsbt({ connector, request }: AdapterCall & { readonly request: PsbtRequest }): Promise<{ readonly psbt: string; readonly txid?: string }> {
    const session = this.session(connector);
    const psbt = request?.psbt;
    if (typeof psbt !== 'string' || psbt.length === 0 || psbt.length > MAX_PSBT_BASE64 || !BASE64.test(psbt)) {
      throw new InvalidBitcoinRequestError('psbt must be a base64 PSBT of at most 256 KiB.');
    }
    const signInputs = request.signInputs;
    if (typeof signInputs !== 'object' || signInputs === null || Array.isArray(signInputs)) throw new InvalidBitcoinRequestError('signInputs must map addresses to input indexes.');
    let count = 0;
    for (const [address, indexes] of Object.entries(signInputs)) {
      if (!session.accounts.some((a) => a.address === address)) throw new InvalidBitcoinRequestError(`${address} is not an account of this connection.`);
      if (!Array.isArray(indexes) || indexes.length === 0 || indexes.some((i) => !Number.isInteger(i) || i < 0 || i > 0xffff)) {
        throw new InvalidBitcoinRequestError(`signInputs['${address}'] must list input indexes.`);
      }
      count += indexes.length;
    }
    if (count === 0 || count > MAX_SIGN_INPUTS) throw new InvalidBitcoinRequestError(`Sign 1 to ${MAX_SIGN_INPUTS} inputs.`);
    if (request.broadcast !== undefined && typeof request.broadcast !== 'boolean') throw new InvalidBitcoinRequestError('broadcast must be a boolean.');
    return session.wallet.signPsbt({ psbt, signInputs, ...(request.broadcast ? { broadcast: true } : {}) }, session.accounts);
  }

  /** A payment of `amount` satoshis to `recipient` (an address of the active network); returns the txid. */
  async sendTransaction({ connector, network, request }: AdapterCall & { readonly request: PaymentRequest }): Promise<string> {
    const session = this.session(connector);
    const amount = request?.amount;
    if (!isBitcoinAddress(request?.recipient, addressNetworkOf(network)) || typeof amount !== 'bigint' || amount <= 0n || amount > MAX_SATS) {
      throw new InvalidBitcoinTransferError();
    }
    return session.wallet.sendTransfer(request.recipient, amount);
  }

  /** A payment in bitcoin (no tokens on bip122: a `token` is refused with CapabilityNotSupportedError). */
  async transfer(params: AdapterCall & { readonly request: TransferRequest }): Promise<string> {
    if (params.request?.token !== undefined) throw new CapabilityNotSupportedError('transfer (token)', NAMESPACE);
    return this.sendTransaction({ ...params, request: { recipient: params.request?.to, amount: params.request?.amount } });
  }

  /** The connection's account records, as the wallet grants them now (no prompt). */
  async getAccountAddresses({ connector }: { connector: Connector }): Promise<readonly AccountRecord[]> {
    const session = this.session(connector);
    const accounts = (await session.wallet.accounts(false)) ?? [];
    if (accounts.length > 0) session.accounts = accounts;
    return session.accounts.map(record);
  }

  async getBalance({ address, network }: { address: string; network: CaipNetwork }): Promise<{ balance: string; symbol: string }> {
    const base = this.config.esploraUrls?.[network.caipNetworkId];
    if (!base) throw new BitcoinBalanceUnavailableError(network.caipNetworkId);
    if (!isBitcoinAddress(address)) throw new InvalidBitcoinRequestError(`${address} is not a Bitcoin address.`);
    const stats = await this.ctx.get<HttpClient>(HttpClient).get<{ chain_stats?: Stats; mempool_stats?: Stats }>({
      path: `${base.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}`,
      maxBytes: 64 * 1024,
    });
    const sats = net(stats?.chain_stats) + net(stats?.mempool_stats);
    if (sats < 0n) throw new UnexpectedBitcoinResponseError('the Esplora API', { data: stats });
    return { balance: formatUnits(sats, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
  }

  // --- internals ------------------------------------------------------------

  private walletOf(connector: Connector): BitcoinWallet {
    const known = this.sessions.get(connector.id)?.wallet;
    const provider = connector.provider;
    if (isStandardWallet(provider)) return known ?? standardBitcoinWallet(provider);
    if (typeof (provider as { request?: unknown } | undefined)?.request === 'function') {
      return known ?? satsConnectWallet(connector.name, provider as Parameters<typeof satsConnectWallet>[1]);
    }
    if (known) return known;
    throw new BitcoinWalletNotFoundError({ details: `Connector ${connector.id} carries no Bitcoin wallet.` });
  }

  private session(connector: Connector): Session {
    const session = this.sessions.get(connector.id);
    if (!session) throw new UnauthorizedProviderError({ details: `${connector.name} is not connected for Bitcoin.` });
    return session;
  }

  /** The account of the preferred account type (default payment), else the first. */
  private primary(accounts: readonly BitcoinAccount[]): BitcoinAccount {
    let preferred: string | undefined;
    try {
      preferred = this.ctx.get<Account>(Account).get(NAMESPACE).preferredAccountType;
    } catch {
      preferred = undefined;
    }
    return accounts.find((a) => a.type === (preferred ?? 'payment')) ?? accounts.find((a) => a.type === 'payment') ?? accounts[0]!;
  }

  private async establish(connector: Connector, wallet: BitcoinWallet, accounts: BitcoinAccount[], network: CaipNetwork | undefined): Promise<AdapterConnection> {
    const chainId = (await wallet.chainRef(accounts).catch(() => undefined)) ?? (network ? String(network.id) : undefined);
    if (!chainId) throw new UnexpectedBitcoinResponseError(`${wallet.name}`, { details: 'The wallet names no Bitcoin network.' });
    const primary = this.primary(accounts);
    this.subscribe(connector.id, wallet, accounts);
    return { address: primary.address, caipAddress: caipAddress(NAMESPACE, chainId, primary.address), chainId, accounts: accounts.map(record) };
  }

  private subscribe(connectorId: string, wallet: BitcoinWallet, accounts: BitcoinAccount[]): void {
    this.unsubscribe(connectorId);
    const session: Session = {
      wallet,
      accounts,
      off: wallet.subscribe({
        accounts: (list) => {
          const before = this.primary(session.accounts).address;
          session.accounts = list;
          const primary = this.primary(list);
          if (primary.address !== before) {
            this.events.next({ type: 'accountsChanged', namespace: NAMESPACE, accounts: [primary.address, ...list.filter((a) => a !== primary).map((a) => a.address)], connectorId });
          }
        },
        chain: (ref) => this.events.next({ type: 'chainChanged', namespace: NAMESPACE, chainId: ref, connectorId }),
        disconnect: () => {
          this.unsubscribe(connectorId);
          this.events.next({ type: 'disconnect', namespace: NAMESPACE, connectorId });
        },
      }),
    };
    this.sessions.set(connectorId, session);
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

interface Stats {
  readonly funded_txo_sum?: unknown;
  readonly spent_txo_sum?: unknown;
}

function net(stats: Stats | undefined): bigint {
  const n = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : undefined);
  const funded = n(stats?.funded_txo_sum);
  const spent = n(stats?.spent_txo_sum);
  if (funded === undefined || spent === undefined) throw new UnexpectedBitcoinResponseError('the Esplora API', { data: stats });
  return funded - spent;
}

function record(a: BitcoinAccount): AccountRecord {
  return { namespace: NAMESPACE, address: a.address, type: a.type, ...(a.publicKey ? { publicKey: a.publicKey } : {}), ...(a.path ? { path: a.path } : {}) };
}
