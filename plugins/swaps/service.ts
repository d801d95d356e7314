/**
 * The swap service: the Swap view's state and actions. The form (tokens, amount, slippage), its
 * balances and the quote (debounced after a change, refreshed while watched), then the Approve
 * step and the swap. Beside it: the tokens looked up on the chain (`tokenLookup.ts`), the send and
 * its receipt or revert (`revert.ts`), the API balances settled after a swap (`settle.ts`).
 */
import { formatUnits, isUserRejection, localText, Store, type Account, type BlockchainApi, type CaipNetwork, type Connection, type Events, type Network, type Options, type Snackbar } from 'latchkey';
import { DEFAULT_SLIPPAGE, MAX_TOKENS, QUOTE_DEBOUNCE_MS, QUOTE_REFRESH_MS, SWAP_DEADLINE_S } from './constants';
import {
  InsufficientBalanceError,
  isRetryable,
  isStale,
  InvalidSwapAmountError,
  QuoteExpiredError,
  QuoteFailedError,
  SwapDeclinedError,
  SwapError,
  SwapFailedError,
  SwapNotSupportedError,
} from './errors';
import { minimumReceived, parseAmount, slippageBps } from './math';
import { ChainReader, type ChainTransport } from './rpc';
import { messages } from './messages';
import { sendAndConfirm } from './revert';
import { settleApiBalances } from './settle';
import type { QuoteSource } from './sources/source';
import { configTokens, hostTokens, lookupToken } from './tokenLookup';
import { findToken, isNative, isSwapNetwork, mergeTokens, nativeToken, plainAddress, sameToken, searchTokens, sourceFor, suggestedTokens, tokenKey } from './tokens';
import type { SwapArguments, SwapState, SwapToken, Swaps, SwapsConfig } from './types';

export interface SwapsDeps {
  readonly config: SwapsConfig;
  readonly options: Options;
  readonly network: Network;
  readonly account: Account;
  readonly connection: Connection;
  readonly snackbar: Snackbar;
  readonly events?: Events;
  /** The kernel's blockchain API: its cached balances are read again after a swap. */
  readonly api?: Pick<BlockchainApi, 'configured' | 'balances'>;
  /** The kernel's RPC transport for a network. */
  transport(network: CaipNetwork): ChainTransport;
  /** The quote source of a kind (created once by the module). */
  source(kind: 'api' | 'onchain'): QuoteSource;
  /** The aggregator's base URL: `swapApiUrl`, else `blockchainApiUrl`. */
  apiUrl(): string | undefined;
  now?(): number;
  sleep?(ms: number): Promise<void>;
}

const INITIAL: SwapState = {
  status: 'idle',
  network: undefined,
  supported: false,
  tokens: [],
  suggested: [],
  from: undefined,
  to: undefined,
  amountText: '',
  balances: {},
  quote: undefined,
  slippage: DEFAULT_SLIPPAGE,
  minimumReceived: undefined,
  needsApproval: false,
  error: undefined,
  lastSwap: undefined,
};

export class SwapsService implements Swaps {
  private readonly store = new Store<SwapState>(INITIAL);
  readonly state$ = this.store.state$;
  /** Bumps on every change of the form: answers for an older form are dropped. */
  private seq = 0;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private watchers = 0;
  private refreshTimer: ReturnType<typeof setInterval> | undefined;
  private busy = false;

  constructor(private readonly deps: SwapsDeps) {}

  get state(): SwapState {
    return this.store.state;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private user(): string | undefined {
    const a = this.deps.account.get('eip155');
    return a.status === 'connected' ? a.address : undefined;
  }

  private reader(): ChainReader | undefined {
    const network = this.state.network;
    return network ? new ChainReader(this.deps.transport(network)) : undefined;
  }

  private sourceOf(network: CaipNetwork): QuoteSource | undefined {
    const kind = sourceFor(network.caipNetworkId, this.deps.config, this.deps.apiUrl());
    return kind ? this.deps.source(kind) : undefined;
  }

  private track(event: string, message?: string): void {
    const s = this.state;
    this.deps.events?.track({
      type: 'track',
      event,
      properties: {
        network: s.network?.caipNetworkId ?? '',
        swapFromToken: s.from?.symbol ?? '',
        swapToToken: s.to?.symbol ?? '',
        swapFromAmount: s.amountText,
        swapToAmount: s.quote ? formatUnits(s.quote.amountOut, s.quote.to.decimals) : '',
        ...(message !== undefined ? { message } : {}),
      },
    });
  }

  async init(args: SwapArguments = {}): Promise<void> {
    const seq = ++this.seq;
    const network = this.deps.network.state.activeNetwork;
    const slippage = this.state.slippage;
    const source = network && isSwapNetwork(network, this.deps.config) ? this.sourceOf(network) : undefined;
    if (!network || !source) {
      this.store.set({ ...INITIAL, slippage, network, error: new SwapNotSupportedError(network?.name ?? 'this network') });
      return;
    }
    const native = nativeToken(network);
    this.store.set({ ...INITIAL, slippage, network, supported: true, status: 'loading', tokens: [native], from: native, amountText: args.amount ?? '' });
    this.track('OPEN_SWAP');
    const reader = new ChainReader(this.deps.transport(network));
    const [fromSource, fromConfig, fromHost] = await Promise.all([
      source.tokens(network).catch(() => [] as SwapToken[]),
      configTokens(this.deps.config, network, reader),
      hostTokens(this.deps.options, network, reader),
    ]);
    if (seq !== this.seq) return;
    const tokens = mergeTokens([[native], fromSource, fromConfig, fromHost], MAX_TOKENS);
    const hostAddresses = [...fromHost, ...fromConfig].map((t) => t.address);
    const from = findToken(tokens, args.fromToken) ?? (args.fromToken ? await lookupToken(args.fromToken, network, reader) : undefined) ?? native;
    let to = findToken(tokens, args.toToken) ?? (args.toToken ? await lookupToken(args.toToken, network, reader) : undefined);
    if (seq !== this.seq) return;
    if (sameToken(from, to)) to = undefined;
    const all = mergeTokens([tokens, [from], to ? [to] : []], MAX_TOKENS);
    this.store.patch({ status: 'idle', tokens: all, suggested: suggestedTokens(all, hostAddresses), from, to });
    await this.loadBalances();
    this.schedule(0);
  }

  async search(query: string): Promise<readonly SwapToken[]> {
    const { tokens, network } = this.state;
    const found = searchTokens(tokens, query);
    const q = query.trim();
    if (found.length || !network || !/^0x[0-9a-fA-F]{40}$/.test(q)) return found;
    const token = await lookupToken(q, network, new ChainReader(this.deps.transport(network)));
    if (!token) return [];
    this.store.patch((s) => ({ tokens: mergeTokens([s.tokens, [token]], MAX_TOKENS) }));
    return [token];
  }

  private async loadBalances(): Promise<void> {
    const user = this.user();
    const reader = this.reader();
    const { from, to } = this.state;
    if (!user || !reader) return;
    const tokens = [from, to].filter((t): t is SwapToken => Boolean(t));
    const results = await Promise.allSettled(tokens.map((t) => (isNative(t) ? reader.nativeBalance(user) : reader.tokenBalance(plainAddress(t.address), user))));
    const balances: Record<string, bigint> = { ...this.state.balances };
    results.forEach((r, i) => {
      if (r.status === 'fulfilled') balances[tokenKey(tokens[i]!.address)] = r.value;
    });
    this.store.patch({ balances });
  }

  setFrom(token: SwapToken): void {
    if (sameToken(token, this.state.to)) return this.flip();
    this.store.patch((s) => ({ from: token, tokens: mergeTokens([s.tokens, [token]], MAX_TOKENS) }));
    this.changed();
    void this.loadBalances();
  }

  setTo(token: SwapToken): void {
    if (sameToken(token, this.state.from)) return this.flip();
    this.store.patch((s) => ({ to: token, tokens: mergeTokens([s.tokens, [token]], MAX_TOKENS) }));
    this.changed();
    void this.loadBalances();
  }

  setAmount(text: string): void {
    this.store.patch({ amountText: text.slice(0, 80) });
    this.changed();
  }

  flip(): void {
    const { from, to, quote } = this.state;
    const amountText = quote && to ? formatUnits(quote.amountOut, to.decimals) : this.state.amountText;
    this.store.patch({ from: to ?? from, to: to ? from : undefined, amountText });
    this.changed();
    void this.loadBalances();
  }

  setSlippage(percent: number): void {
    slippageBps(percent); // throws InvalidSlippageError
    const quote = this.state.quote;
    this.store.patch({ slippage: percent, minimumReceived: quote ? minimumReceived(quote.amountOut, percent) : undefined });
  }

  /** The form changed: drop the quote, check the amount, quote again after the debounce. */
  private changed(): void {
    ++this.seq;
    const { from, amountText } = this.state;
    const invalid = amountText.trim() !== '' && from !== undefined && parseAmount(amountText, from.decimals) === undefined;
    this.store.patch({ quote: undefined, minimumReceived: undefined, needsApproval: false, error: invalid ? new InvalidSwapAmountError() : undefined, status: this.state.supported ? 'idle' : this.state.status });
    if (!invalid) this.schedule(QUOTE_DEBOUNCE_MS);
  }

  private schedule(ms: number): void {
    if (this.debounce !== undefined) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      void this.refreshQuote();
    }, ms);
  }

  async refreshQuote(): Promise<void> {
    const s = this.state;
    const user = this.user();
    if (!s.supported || !s.network || !s.from || !s.to || this.busy) return;
    const amountIn = parseAmount(s.amountText, s.from.decimals);
    if (amountIn === undefined || !user) return;
    const source = this.sourceOf(s.network);
    if (!source) return;
    const seq = ++this.seq;
    this.store.patch({ status: 'quoting' });
    const network = s.network;
    try {
      const quote = await source.quote({ network, from: s.from, to: s.to, amountIn, user });
      if (seq !== this.seq) return;
      await this.loadBalances();
      const balance = this.state.balances[tokenKey(s.from.address)];
      const fee = quote.gas * quote.gasPrice;
      let error: SwapError | undefined;
      if (balance !== undefined && (amountIn > balance || (isNative(s.from) && amountIn + fee > balance))) error = new InsufficientBalanceError(s.from.symbol);
      const allowance = error ? undefined : await source.allowance({ network, token: s.from, owner: user });
      if (seq !== this.seq) return;
      this.store.patch({
        status: 'ready',
        quote,
        minimumReceived: minimumReceived(quote.amountOut, this.state.slippage),
        needsApproval: allowance !== undefined && allowance < amountIn,
        error,
      });
    } catch (err) {
      if (seq !== this.seq) return;
      const error = err instanceof SwapError ? err : new QuoteFailedError({ cause: err });
      this.store.patch({ status: 'idle', quote: undefined, minimumReceived: undefined, needsApproval: false, error });
    }
  }

  private fail(err: unknown, event: string): SwapError {
    const error = err instanceof SwapError ? err : isUserRejection(err) ? new SwapDeclinedError({ cause: err }) : new SwapFailedError({ cause: err });
    this.store.patch({ status: this.state.quote ? 'ready' : 'idle', error });
    this.deps.snackbar.error(error.text?.short ?? error.shortMessage);
    this.track(event, error.shortMessage);
    return error;
  }

  async approve(): Promise<void> {
    const s = this.state;
    const user = this.user();
    const reader = this.reader();
    if (!s.quote || !s.needsApproval || !s.network || !user || !reader || this.busy) return;
    const source = this.sourceOf(s.network);
    if (!source) return;
    ++this.seq;
    this.busy = true;
    this.store.patch({ status: 'approving', error: undefined });
    this.deps.snackbar.loading(localText(messages, 'approveInWallet'));
    try {
      const tx = await source.approveTransaction({ network: s.network, token: s.quote.from, to: s.quote.to, owner: user, amount: s.quote.amountIn });
      await sendAndConfirm(this.deps.connection, tx, user, reader, s.quote.from.symbol, this.state.slippage);
      const allowance = await source.allowance({ network: s.network, token: s.quote.from, owner: user });
      this.store.patch({ status: 'ready', needsApproval: allowance < s.quote.amountIn });
      this.deps.snackbar.success(localText(messages, 'approved', { symbol: s.quote.from.symbol }));
    } catch (err) {
      throw this.fail(err, 'SWAP_APPROVAL_ERROR');
    } finally {
      this.busy = false;
    }
  }

  async swap(): Promise<string> {
    const s = this.state;
    const user = this.user();
    const reader = this.reader();
    const quote = s.quote;
    if (!quote || !s.network || !user || !reader || this.busy || s.needsApproval || (s.error && !isRetryable(s.error))) {
      throw s.error ?? new QuoteFailedError({ details: 'There is no quote to swap yet.' });
    }
    const source = this.sourceOf(s.network);
    if (!source) throw new SwapNotSupportedError(s.network.name);
    if (this.now() > quote.expiresAt) {
      const error = new QuoteExpiredError();
      this.store.patch({ error });
      throw error;
    }
    ++this.seq; // a quote on its way no longer applies
    this.busy = true;
    this.store.patch({ status: 'swapping', error: undefined });
    this.track('INITIATE_SWAP');
    this.deps.snackbar.loading(localText(messages, 'confirmInWallet'));
    try {
      const tx = await source.swapTransaction({ network: s.network, quote, slippage: s.slippage, user, deadline: Math.floor(this.now() / 1000) + SWAP_DEADLINE_S });
      const hash = await sendAndConfirm(this.deps.connection, tx, user, reader, quote.from.symbol, this.state.slippage);
      const shown = formatUnits(quote.amountOut, quote.to.decimals);
      this.store.patch({ status: 'done', lastSwap: { hash, amountIn: quote.amountIn, amountOut: quote.amountOut }, quote: undefined, minimumReceived: undefined, amountText: '' });
      this.track('SWAP_SUCCESS');
      void this.loadBalances();
      void this.deps.connection.refreshBalance('eip155', { force: true }).catch(() => undefined);
      await settleApiBalances(this.deps.api, this.deps.sleep, s.network, user, [quote.from, quote.to], reader);
      // Raised last, as the view leaves for the Account view: while "Confirm in wallet" is open it
      // opens after the snackbar's swap delay, in the view the visitor lands on. Raised before the
      // settle, it opened in the Swap view and went with it (a flash, or nothing, when the API
      // caught up within a few hundred ms).
      this.deps.snackbar.success(localText(messages, 'swapped', { from: quote.from.symbol, amount: shown.length > 12 ? shown.slice(0, 12) : shown, to: quote.to.symbol }));
      return hash;
    } catch (err) {
      throw this.fail(err, 'SWAP_ERROR');
    } finally {
      this.busy = false;
    }
  }

  watch(): () => void {
    this.watchers++;
    if (this.watchers === 1) {
      this.refreshTimer = setInterval(() => {
        const s = this.state;
        if (!this.busy && s.quote && !isStale(s.error) && (s.status === 'ready' || s.status === 'idle')) void this.refreshQuote();
      }, QUOTE_REFRESH_MS);
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      if (--this.watchers === 0) {
        clearInterval(this.refreshTimer);
        if (this.debounce !== undefined) clearTimeout(this.debounce);
        this.debounce = undefined;
        this.refreshTimer = undefined;
        ++this.seq;
      }
    };
  }

  /** A disconnect: nothing of the session's swap is kept. */
  reset(): void {
    ++this.seq;
    if (this.debounce !== undefined) clearTimeout(this.debounce);
    this.debounce = undefined;
    this.store.set({ ...INITIAL, slippage: this.state.slippage });
  }
}
