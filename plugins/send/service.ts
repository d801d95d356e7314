/**
 * The send form (docs/account-features.md#send): its state, the token balances it offers, the
 * receiver (an address, or a name resolved through ENS on the network, else the blockchain API), the gas figures, the
 * review estimate and the send itself, through the adapter's `transfer` capability in any
 * namespace (EVM native and ERC-20, Solana, Bitcoin).
 */
import {
  Store,
  localText,
  formatUnits,
  parseUnits,
  type Account,
  type BlockchainApi,
  type CaipNetwork,
  type ChainNamespace,
  type Connection,
  type Network,
  type Options,
  type Router,
  type RpcTransport,
  type Snackbar,
  type TokenBalance,
} from 'latchkey';
import type { SendForm, SendState } from './types';
import { messages } from './messages';
import {
  SEND_TEXTS,
  addressFromRecord,
  decimalsOf,
  isInsufficientGas,
  isNativeToken,
  isReceiverAddress,
  looksLikeName,
  parseAmount,
  sendProblem,
  solanaSendReady,
  tokenAddressOf,
  usableTokens,
} from './validation';
import { erc20Balance, erc20TransferCall, gasPrice } from './evm';
import { ensContracts, resolveEnsName } from 'latchkey/eip155';
import { NameNotResolvedError } from './errors';

/** docs/account-features.md#send: after a failed balance fetch, the next one waits 30 s. */
export const BALANCE_RETRY_MS = 30_000;
/** Gas of a plain native transfer, and a typical ERC-20 transfer, before the node's estimate. */
export const NATIVE_TRANSFER_GAS = 21_000n;
export const TOKEN_TRANSFER_GAS = 65_000n;
/** Names ENS governs on a network that has it (the API is not asked for them). */
const ENS_TLD = /\.eth$/i;
/** Texts the form shows while it waits (the plugin's own). */
export const RESOLVING_TEXT = 'Resolving name';

const EMPTY: SendState = {
  token: undefined,
  sendTokenAmount: undefined,
  receiverAddress: undefined,
  receiverProfileImageUrl: undefined,
  receiverProfileName: undefined,
  gasPrice: undefined,
  gasPriceInUSD: undefined,
  networkBalanceInUSD: undefined,
  loading: false,
  lastRetry: undefined,
  receiverInput: '',
  resolving: false,
  receiverError: undefined,
  gasLimit: undefined,
  gasEstimated: false,
  tokens: [],
  namespace: undefined,
  caipNetworkId: undefined,
};

/** A name resolved: the address it points to, the name as shown, its avatar. */
interface Resolved {
  readonly address: string;
  readonly name: string;
  readonly avatar: string | undefined;
}

export interface SendDeps {
  readonly connection: Connection;
  readonly network: Network;
  readonly account: Account;
  readonly blockchainApi: BlockchainApi;
  readonly options: Options;
  readonly rpc: RpcTransport;
  readonly snackbar: Snackbar;
  readonly router: Router;
  readonly now?: () => number;
}

export class SendFormImpl implements SendForm {
  private readonly store = new Store<SendState>(EMPTY);
  readonly state$ = this.store.state$;
  /** Bumped by every receiver change and reset: a late name answer for an older input is dropped. */
  private receiverSeq = 0;
  /** Bumped by reset: late balance and gas answers for an older form are dropped. */
  private formSeq = 0;
  private readonly now: () => number;

  constructor(private readonly deps: SendDeps) {
    this.now = deps.now ?? Date.now;
  }

  get state(): SendState {
    return this.store.state;
  }

  /** The active namespace, its network and the connected address; undefined when not connected. */
  private context(): { ns: ChainNamespace; network: CaipNetwork; address: string } | undefined {
    const ns = this.deps.network.state.activeNamespace;
    const network = this.deps.network.state.activeNetwork;
    if (!ns || !network) return undefined;
    const account = this.deps.account.get(ns);
    if (account.status !== 'connected' || !account.address) return undefined;
    return { ns, network, address: account.address };
  }

  async load(options: { readonly force?: boolean } = {}): Promise<void> {
    const ctx = this.context();
    if (!ctx) return;
    if (this.state.caipNetworkId !== ctx.network.caipNetworkId) {
      this.reset();
      this.store.patch({ namespace: ctx.ns, caipNetworkId: ctx.network.caipNetworkId });
    }
    const seq = this.formSeq;
    await Promise.all([this.loadTokens(ctx, seq, options.force === true), ctx.ns === 'eip155' ? this.loadGasPrice(ctx.network, seq) : undefined]);
  }

  private async loadTokens(ctx: { ns: ChainNamespace; network: CaipNetwork; address: string }, seq: number, force: boolean): Promise<void> {
    const { lastRetry } = this.state;
    if (!force && lastRetry !== undefined && this.now() - lastRetry < BALANCE_RETRY_MS) return;
    this.store.patch({ loading: true });
    try {
      const tokens = await this.fetchTokens(ctx, force);
      if (seq !== this.formSeq) return;
      const current = this.state.token;
      // Keep the chosen token with its fresh balance; else the native currency first.
      const token =
        (current && tokens.find((t) => t.address === current.address && t.symbol === current.symbol)) ?? (current ? undefined : tokens.find(isNativeToken) ?? tokens[0]);
      this.store.patch({ tokens, lastRetry: undefined, ...(token || !current ? { token } : {}) });
      this.updateUsd();
    } catch {
      if (seq !== this.formSeq) return;
      this.store.patch({ lastRetry: this.now() });
      this.deps.snackbar.error(localText(messages, 'balanceUnavailable'));
    } finally {
      if (seq === this.formSeq) this.store.patch({ loading: false });
    }
  }

  /**
   * The blockchain API's balances when one is configured (docs/account-features.md#which-namespaces-have-what: balances for eip155
   * and solana); otherwise the chain itself: the native balance through the adapter and, on
   * EVM, the host's `tokens` entry for this network.
   */
  private async fetchTokens(ctx: { ns: ChainNamespace; network: CaipNetwork; address: string }, force: boolean): Promise<TokenBalance[]> {
    const { ns, network, address } = ctx;
    const api = this.deps.blockchainApi;
    if (api.configured && (ns === 'eip155' || ns === 'solana')) {
      return usableTokens(await api.balances({ address, caipNetworkId: network.caipNetworkId, force }), network.caipNetworkId);
    }
    const session = await this.deps.connection.session(ns);
    const native = await session.adapter.getBalance({ address, network });
    const out: TokenBalance[] = [
      {
        name: network.nativeCurrency.name,
        symbol: native.symbol,
        chainId: network.caipNetworkId,
        price: 0,
        iconUrl: '',
        quantity: { decimals: String(network.nativeCurrency.decimals), numeric: native.balance },
      },
    ];
    const configured = ns === 'eip155' ? this.deps.options.state.tokens?.[network.caipNetworkId] : undefined;
    if (configured?.address) out.push(await erc20Balance(this.deps.rpc.forNetwork(network), network, configured.address, address));
    return usableTokens(out, network.caipNetworkId);
  }

  private async loadGasPrice(network: CaipNetwork, seq: number): Promise<void> {
    try {
      const price = await gasPrice(this.deps.rpc.forNetwork(network));
      if (seq !== this.formSeq) return;
      this.store.patch({ gasPrice: price });
      this.updateUsd();
    } catch (err) {
      // The form says it is still getting the gas price; the next load tries again.
      console.warn('[latchkey] send: could not read the gas price', err);
    }
  }

  setToken(token: TokenBalance | undefined): void {
    this.store.patch({ token, gasLimit: undefined, gasEstimated: false });
    this.updateUsd();
  }

  setAmount(amount: string): void {
    this.store.patch({ sendTokenAmount: amount, gasEstimated: false });
  }

  async setReceiver(input: string): Promise<void> {
    const seq = ++this.receiverSeq;
    const text = input.trim();
    const ns = this.state.namespace ?? this.deps.network.state.activeNamespace;
    this.store.patch({
      receiverInput: input,
      receiverAddress: text || undefined,
      receiverProfileName: undefined,
      receiverProfileImageUrl: undefined,
      receiverError: undefined,
      resolving: false,
      gasEstimated: false,
    });
    if (!text || isReceiverAddress(ns, text) || ns !== 'eip155' || !looksLikeName(text)) return;
    const network = this.deps.network.state.activeNetwork;
    const ens = ensContracts(network);
    const api = this.deps.blockchainApi.configured ? this.deps.blockchainApi : undefined;
    if (!ens && !api) return; // nothing resolves names here: the form says 'Invalid Address'
    this.store.patch({ resolving: true });
    try {
      // a .eth name on a network with ENS is ENS's alone; other names fall back to the API's zones
      const ensOnly = ens !== undefined && ENS_TLD.test(text);
      const found = (ens && network && (await this.resolveEns(network, ens, text))) || (!ensOnly && api && (await this.resolveApi(api, network, text)));
      if (seq !== this.receiverSeq) return;
      this.store.patch(
        found
          ? { resolving: false, receiverAddress: found.address, receiverProfileName: found.name, receiverProfileImageUrl: found.avatar }
          : // the name stays as typed: the form then says 'Invalid Address', and why
            { resolving: false, receiverAddress: text, receiverError: new NameNotResolvedError(text) },
      );
    } catch (err) {
      if (seq === this.receiverSeq) this.store.patch({ resolving: false, receiverAddress: text, receiverError: new NameNotResolvedError(text, { cause: err }) });
    }
  }

  /** ENS on the network (its code loads with the first name): the address and avatar, or undefined. */
  private async resolveEns(network: CaipNetwork, contracts: NonNullable<ReturnType<typeof ensContracts>>, text: string): Promise<Resolved | undefined> {
    const r = await resolveEnsName(this.deps.rpc.forNetwork(network), contracts, text);
    return r.address ? { address: r.address, name: r.name, avatar: r.avatar ?? undefined } : undefined;
  }

  /** The blockchain API's names (docs/account-features.md#blockchain-api): the address for this chain, or undefined. */
  private async resolveApi(api: BlockchainApi, network: CaipNetwork | undefined, text: string): Promise<Resolved | undefined> {
    const record = await api.lookupName(text.toLowerCase());
    const chainId = typeof network?.id === 'number' ? network.id : Number(network?.id);
    const address = record ? addressFromRecord(record.addresses, Number.isFinite(chainId) ? chainId : undefined) : undefined;
    return address ? { address, name: record!.name, avatar: record!.attributes['avatar'] } : undefined;
  }

  /** Gas units for this send: the node's estimate after review, else the typical figure. */
  private gasLimit(): bigint {
    return this.state.gasLimit ?? (isNativeToken(this.state.token) ? NATIVE_TRANSFER_GAS : TOKEN_TRANSFER_GAS);
  }

  private nativeToken(): TokenBalance | undefined {
    return this.state.tokens.find(isNativeToken);
  }

  /** Native balance in the smallest unit (from the token list, else the account's balance). */
  private nativeBalance(): bigint | undefined {
    const network = this.deps.network.state.activeNetwork;
    const ns = this.state.namespace;
    const numeric = this.nativeToken()?.quantity.numeric ?? (ns ? this.deps.account.get(ns).balance : undefined);
    if (numeric === undefined || !network) return undefined;
    try {
      return parseUnits(numeric, network.nativeCurrency.decimals);
    } catch {
      return undefined;
    }
  }

  /** The fee of this send in the native currency's smallest unit (EVM), when the gas price is known. */
  gasCost(): bigint | undefined {
    return this.state.gasPrice === undefined ? undefined : this.state.gasPrice * this.gasLimit();
  }

  /** gasPriceInUSD and networkBalanceInUSD, from the native currency's price when the data API gives one. */
  private updateUsd(): void {
    const native = this.nativeToken();
    const network = this.deps.network.state.activeNetwork;
    const price = native?.price ?? 0;
    if (!native || !network || !(price > 0)) {
      this.store.patch({ gasPriceInUSD: undefined, networkBalanceInUSD: undefined });
      return;
    }
    const cost = this.gasCost();
    const decimals = network.nativeCurrency.decimals;
    this.store.patch({
      networkBalanceInUSD: String(Number(native.quantity.numeric) * price),
      gasPriceInUSD: cost === undefined ? undefined : Number(formatUnits(cost, decimals)) * price,
    });
  }

  private isSmartAccount(): boolean {
    const ns = this.state.namespace;
    if (!ns) return false;
    const account = this.deps.account.get(ns);
    if (account.smartAccountDeployed === true) return true;
    const me = account.address?.toLowerCase();
    return account.allAccounts.some((a) => a.address.toLowerCase() === me && a.type === 'smartAccount');
  }

  problem(): string | undefined {
    const s = this.state;
    if (s.resolving) return RESOLVING_TEXT;
    return sendProblem({
      namespace: s.namespace,
      token: s.token,
      amount: s.sendTokenAmount,
      receiverAddress: s.receiverAddress,
      gasPrice: s.gasPrice,
      insufficientGas: isInsufficientGas({
        smartAccount: this.isSmartAccount(),
        nativeBalance: this.nativeBalance(),
        gasCost: this.gasCost(),
        networkBalanceInUSD: s.networkBalanceInUSD,
        gasPriceInUSD: s.gasPriceInUSD,
      }),
    });
  }

  /** The amount in the token's smallest unit (the form must be valid). */
  private amount(): bigint {
    return parseAmount(this.state.sendTokenAmount, decimalsOf(this.state.token) ?? 0) ?? 0n;
  }

  async review(): Promise<boolean> {
    const s = this.state;
    if (s.namespace === 'solana' && !solanaSendReady(s.sendTokenAmount, s.receiverAddress)) {
      this.deps.snackbar.error(localText(messages, 'solanaInvalid'));
      return false;
    }
    if (this.problem() !== undefined) return false;
    if (s.namespace !== 'eip155') return true;
    const seq = this.formSeq;
    try {
      const session = await this.deps.connection.session('eip155', 'estimateGas');
      const token = tokenAddressOf(s.token);
      const to = s.receiverAddress!.trim();
      const request = token ? { ...erc20TransferCall(token, to, this.amount()), from: session.address } : { to, value: this.amount(), from: session.address };
      const gas = await session.adapter.estimateGas!({ ...session, request: request as never });
      if (seq !== this.formSeq) return false;
      this.store.patch({ gasLimit: gas, gasEstimated: true });
    } catch (err) {
      // The review shows the typical figure; the wallet estimates again when it sends.
      console.warn('[latchkey] send: gas estimate failed', err);
      this.store.patch({ gasLimit: undefined, gasEstimated: false });
    }
    this.updateUsd();
    return this.problem() === undefined;
  }

  async send(): Promise<string | undefined> {
    const s = this.state;
    const ns = s.namespace ?? this.deps.network.state.activeNamespace;
    if (s.loading || !ns) return undefined;
    if (ns === 'solana' && !solanaSendReady(s.sendTokenAmount, s.receiverAddress)) {
      this.deps.snackbar.error(localText(messages, 'solanaInvalid'));
      return undefined;
    }
    if (this.problem() !== undefined) return undefined;
    this.store.patch({ loading: true });
    const seq = this.formSeq;
    try {
      const session = await this.deps.connection.session(ns, 'transfer');
      const token = tokenAddressOf(s.token);
      const hash = await session.adapter.transfer!({
        ...session,
        request: { to: s.receiverAddress!.trim(), amount: this.amount(), ...(token ? { token } : {}) },
      });
      this.deps.snackbar.success(localText(messages, 'started'));
      this.reset();
      this.deps.router.reset('Account');
      void this.deps.connection.refreshBalance(ns, { force: true }).catch(() => undefined);
      return hash;
    } catch (err) {
      console.warn('[latchkey] send failed', err);
      if (seq === this.formSeq) this.store.patch({ loading: false });
      this.deps.snackbar.error(localText(messages, ns === 'solana' ? 'solanaFailed' : 'failed'));
      return undefined;
    }
  }

  reset(): void {
    this.formSeq++;
    this.receiverSeq++;
    this.store.set(EMPTY);
  }
}
