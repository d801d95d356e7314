/**
 * The swap service: the Swap view's state and actions. Tokens (the source's list, the host's
 * `tokens` option, the plugin's config, a pasted address looked up on the chain), balances and
 * allowances read through the kernel's RPC transport, quotes from the network's quote source,
 * the Approve step and the swap sent through the connected wallet's adapter
 * (`Connection.sendTransaction`), then followed to its receipt.
 */
import { formatUnits, isUserRejection, localText, parseUnits, Store, type Account, type BlockchainApi, type CaipNetwork, type Connection, type Events, type Network, type Options, type Snackbar } from 'latchkey';
import { errorChain } from 'latchkey/errors';
import { API_SETTLE_INTERVAL_MS, API_SETTLE_READS, DEFAULT_SLIPPAGE, MAX_TOKENS, QUOTE_DEBOUNCE_MS, QUOTE_REFRESH_MS, RECEIPT_TIMEOUT_MS, SWAP_DEADLINE_S } from './constants';
import {
  InsufficientBalanceError,
  isRetryable,
  isStale,
  InvalidSwapAmountError,
  NoRouteError,
  QuoteExpiredError,
  QuoteFailedError,
  SlippageExceededError,
  SwapDeclinedError,
  SwapError,
  SwapFailedError,
  SwapNotSupportedError,
} from './errors';
import { minimumReceived, parseAmount, slippageBps, withHeadroom } from './math';
import { ChainReader, type ChainTransport } from './rpc';
import { isRevert } from './sources/onchain';
import { messages } from './messages';
import type { QuoteSource } from './sources/source';
import { findToken, isNative, isSwapNetwork, mergeTokens, nativeToken, plainAddress, sameToken, searchTokens, sourceFor, suggestedTokens, tokenKey } from './tokens';
import type { SwapArguments, SwapState, SwapToken, SwapTransaction, Swaps, SwapsConfig } from './types';

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

/** Every message and detail in an error's chain, for matching a revert reason. */
function chainText(err: unknown): string {
  return errorChain(err)
    .map((e) => `${String(e['message'] ?? '')} ${String(e['details'] ?? '')} ${String(e['shortMessage'] ?? '')}`)
    .join(' | ');
}

/** What a revert of the router (or a node's refusal) means for the person swapping. */
function revertError(err: unknown, slippage: number, symbol: string): SwapError {
  const text = chainText(err);
  if (/INSUFFICIENT_OUTPUT_AMOUNT/.test(text)) return new SlippageExceededError(slippage, { cause: err });
  if (/UniswapV2Router: EXPIRED|\bEXPIRED\b/.test(text)) return new QuoteExpiredError({ cause: err });
  if (/insufficient funds|TRANSFER_FROM_FAILED|exceeds balance/i.test(text)) return new InsufficientBalanceError(symbol, { cause: err });
  if (/INSUFFICIENT_LIQUIDITY|INSUFFICIENT_INPUT_AMOUNT|INVALID_PATH/.test(text)) return new NoRouteError({ cause: err });
  const reason = /reverted(?: with reason(?: string)?)?:?\s*([^|]{1,160})/i.exec(text)?.[1]?.trim();
  return new SwapFailedError({ ...(reason ? { details: reason } : {}), cause: err });
}

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
      this.configTokens(network, reader),
      this.hostTokens(network, reader),
    ]);
    if (seq !== this.seq) return;
    const tokens = mergeTokens([[native], fromSource, fromConfig, fromHost], MAX_TOKENS);
    const hostAddresses = [...fromHost, ...fromConfig].map((t) => t.address);
    const from = findToken(tokens, args.fromToken) ?? (args.fromToken ? await this.lookup(args.fromToken, network, reader) : undefined) ?? native;
    let to = findToken(tokens, args.toToken) ?? (args.toToken ? await this.lookup(args.toToken, network, reader) : undefined);
    if (seq !== this.seq) return;
    if (sameToken(from, to)) to = undefined;
    const all = mergeTokens([tokens, [from], to ? [to] : []], MAX_TOKENS);
    this.store.patch({ status: 'idle', tokens: all, suggested: suggestedTokens(all, hostAddresses), from, to });
    await this.loadBalances();
    this.schedule(0);
  }

  /** The plugin config's tokens for the network (symbol and decimals read from the chain when missing). */
  private async configTokens(network: CaipNetwork, reader: ChainReader): Promise<SwapToken[]> {
    const list = this.deps.config.tokens?.[network.caipNetworkId] ?? [];
    const out = await Promise.all(
      list.slice(0, MAX_TOKENS).map(async (t) => {
        const address = t.address.includes(':') ? t.address : `${network.caipNetworkId}:${t.address}`;
        if (t.symbol && t.decimals !== undefined) return { address, symbol: t.symbol, name: t.name ?? t.symbol, decimals: t.decimals, ...(t.logoUri ? { logoUri: t.logoUri } : {}) };
        return this.lookup(address, network, reader);
      }),
    );
    return out.filter((t): t is SwapToken => t !== undefined);
  }

  /** The host's `tokens` option entry for the network (spec section 3), looked up on the chain. */
  private async hostTokens(network: CaipNetwork, reader: ChainReader): Promise<SwapToken[]> {
    const entry = this.deps.options.state.tokens?.[network.caipNetworkId];
    if (!entry) return [];
    const token = await this.lookup(entry.address, network, reader);
    return token ? [{ ...token, ...(entry.image ? { logoUri: entry.image } : {}) }] : [];
  }

  /** An ERC-20 by address: symbol(), name() and decimals() from the chain; undefined when it does not answer like one. */
  private async lookup(ref: string, network: CaipNetwork, reader: ChainReader): Promise<SwapToken | undefined> {
    const address = plainAddress(ref);
    if (!/^0x[0-9a-fA-F]{40}$/.test(address) || (ref.includes(':') && !ref.toLowerCase().startsWith(`${network.caipNetworkId}:`))) return undefined;
    // Not an ERC-20 (no code, a revert, an answer that does not decode): no symbol or decimals.
    const { symbol, name, decimals } = await reader.token(address);
    if (!symbol || decimals === undefined || decimals > 36) return undefined;
    return { address: `${network.caipNetworkId}:${address.toLowerCase()}`, symbol, name: name || symbol, decimals };
  }

  async search(query: string): Promise<readonly SwapToken[]> {
    const { tokens, network } = this.state;
    const found = searchTokens(tokens, query);
    const q = query.trim();
    if (found.length || !network || !/^0x[0-9a-fA-F]{40}$/.test(q)) return found;
    const token = await this.lookup(q, network, new ChainReader(this.deps.transport(network)));
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

  /** Sends a transaction through the wallet (with a gas limit from the node's estimate) and waits for its receipt. */
  private async send(tx: SwapTransaction, user: string, reader: ChainReader, symbol: string): Promise<string> {
    const slippage = this.state.slippage;
    let gas: bigint | undefined;
    try {
      gas = withHeadroom(await reader.estimateGas({ from: user, to: tx.to, data: tx.data, value: tx.value }));
    } catch (err) {
      // the router refuses it now: say why before the wallet asks anything
      if (isRevert(err) || /insufficient funds/i.test(chainText(err))) throw revertError(err, slippage, symbol);
      gas = undefined; // the node could not estimate: the wallet will
    }
    let hash: string;
    try {
      hash = await this.deps.connection.sendTransaction({ to: tx.to, data: tx.data, value: tx.value, ...(gas ? { gas } : {}) }, 'eip155');
    } catch (err) {
      if (isUserRejection(err)) throw new SwapDeclinedError({ cause: err });
      throw revertError(err, slippage, symbol);
    }
    const receipt = await reader.waitForReceipt(hash, RECEIPT_TIMEOUT_MS);
    if (!receipt) throw new SwapFailedError({ details: `Transaction ${hash} was not confirmed within 4 minutes.` });
    if (receipt.status === 'reverted') {
      // replay it on the state before its block to learn why
      const why = await reader.call(tx.to, tx.data, `0x${(receipt.blockNumber - 1n).toString(16)}`, user, tx.value).then(
        () => new SwapFailedError({ details: `Transaction ${hash} reverted.` }),
        (err: unknown) => revertError(err, slippage, symbol),
      );
      throw why;
    }
    return hash;
  }

  /**
   * After a swap: reads the blockchain API's balances of the account again (forced, which also
   * renews its 30 s cache) until its index shows what the chain now holds of the swapped ERC-20s,
   * so the Account view's Tokens tab does not show the balances of before the swap. Bounded
   * (API_SETTLE_READS reads, and API_SETTLE_READS × API_SETTLE_INTERVAL_MS in all, answers included:
   * a slow API must not hold back the outcome the visitor waits for); an API that fails or lags is left as it is.
   */
  private async settleApiBalances(network: CaipNetwork, user: string, tokens: readonly SwapToken[], reader: ChainReader): Promise<void> {
    const api = this.deps.api;
    if (!api?.configured) return;
    const sleep = this.deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
    const end = Date.now() + API_SETTLE_READS * API_SETTLE_INTERVAL_MS;
    const inTime = <T>(p: Promise<T>): Promise<T> => Promise.race([p, sleep(Math.max(0, end - Date.now())).then(() => Promise.reject(new Error('settle budget spent')))]);
    try {
      const erc20 = tokens.filter((t) => !isNative(t));
      const held = await inTime(Promise.all(erc20.map((t) => reader.tokenBalance(plainAddress(t.address), user))));
      for (let read = 1; ; read++) {
        const listed = await inTime(api.balances({ address: user, caipNetworkId: network.caipNetworkId, force: true }));
        const shows = erc20.every((t, i) => {
          const row = listed.find((b) => b.address !== undefined && tokenKey(b.address) === tokenKey(t.address));
          // the API leaves zero ERC-20 balances out
          return row ? parseUnits(row.quantity.numeric, Number(row.quantity.decimals)) === held[i] : held[i] === 0n;
        });
        if (shows || read >= API_SETTLE_READS || Date.now() >= end) return;
        await sleep(API_SETTLE_INTERVAL_MS);
      }
    } catch {
      // the balances are the API's business; the swap itself succeeded
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
      await this.send(tx, user, reader, s.quote.from.symbol);
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
      const hash = await this.send(tx, user, reader, quote.from.symbol);
      const shown = formatUnits(quote.amountOut, quote.to.decimals);
      this.store.patch({ status: 'done', lastSwap: { hash, amountIn: quote.amountIn, amountOut: quote.amountOut }, quote: undefined, minimumReceived: undefined, amountText: '' });
      this.track('SWAP_SUCCESS');
      void this.loadBalances();
      void this.deps.connection.refreshBalance('eip155', { force: true }).catch(() => undefined);
      await this.settleApiBalances(s.network, user, [quote.from, quote.to], reader);
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
