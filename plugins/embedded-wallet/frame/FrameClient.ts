/**
 * The page side of the wallet frame: a hidden, fixed-position iframe on the wallet service's
 * origin, and request / reply over postMessage (the protocol: latchkey/plugins/embedded-wallet/protocol).
 *
 * - Created on the first `ready()` (the service calls it when needed), loaded with projectId,
 *   chainId, version and enableLogger. `READY` arrives, and 500 ms later the frame counts as
 *   initialised (docs/embedded-wallet.md#the-wallet-frame); requests wait for that. A frame that does not load (error,
 *   no READY in time) fails with 'Unable to load email login dependency'; the next `ready()`
 *   tries a fresh one.
 * - Messages go to `iframe.contentWindow` with the service's exact origin as target; a message
 *   counts only when it comes from that window at that origin and passes the schema. Everything
 *   else is dropped without a trace in the client's state.
 * - CONNECT_EMAIL, CONNECT_DEVICE, CONNECT_OTP, CONNECT_SOCIAL and GET_SOCIAL_REDIRECT_URI time out
 *   after 30000 ms: the timeout callback runs and the request is aborted. Every other request but
 *   a not-safe RPC request (the user takes their time) has a 60 s ceiling, so a frame that
 *   stopped answering never leaves a promise pending for ever.
 * - The checks of the frame's messages (zod schemas) load with the first frame: ./inbox.ts.
 */
import type { FrameMessage, PayloadOf, RequestName, ResultOf } from 'latchkey/plugins/embedded-wallet/protocol';
import { appMessage, rpcSafety } from '../protocol/names';
import { CODES, EmbeddedWalletError, FrameLoadError, REQUEST_ABORTED, SOMETHING_WENT_WRONG, frameError } from '../errors';
import { FrameInbox } from './inbox';

/** docs/embedded-wallet.md#the-wallet-frame: after READY the client waits this long before treating the frame as initialised. */
export const FRAME_READY_DELAY_MS = 500;
/** docs/embedded-wallet.md#timeouts: connect email, device, otp, social and get social redirect URI. */
export const REQUEST_TIMEOUT_MS = 30_000;
const TIMED_REQUESTS: readonly RequestName[] = ['CONNECT_EMAIL', 'CONNECT_DEVICE', 'CONNECT_OTP', 'CONNECT_SOCIAL', 'GET_SOCIAL_REDIRECT_URI'];
/** Every other request but a not-safe RPC request. */
export const REQUEST_CEILING_MS = 60_000;
/** The frame page loaded (its `load` event) but said nothing for this long: it failed. */
export const READY_AFTER_LOAD_MS = 10_000;
/** No READY this long after the iframe was created: it failed. */
export const FRAME_LOAD_TIMEOUT_MS = 30_000;
/** Requests waiting for a reply at once; more are refused. */
export const MAX_PENDING = 64;
/** The protocol version sent in the frame's URL (AppKit's frame protocol version). */
const PROTOCOL_VERSION = '4';

export type FrameStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface FrameClientOptions {
  /** The wallet service (its frame page is `${serviceUrl}/frame`). */
  readonly serviceUrl: string;
  readonly projectId: string;
  /** The chain the wallet starts on, read when the iframe is created. */
  readonly chainId: () => string | number;
  readonly enableLogger: boolean;
  /** The page's window (the kernel's Environment). */
  readonly window: Window;
  /** z-index of the iframe while it is shown (above the modal). */
  readonly zIndex: () => number;
  /** Runs each time the frame becomes initialised (also after a RELOAD). */
  readonly onInit?: () => void;
  readonly onStatus?: (status: FrameStatus) => void;
  readonly onSession?: (token: string) => void;
  /** Runs when a timed request times out, before it is aborted. */
  readonly onTimeout?: (request: RequestName) => void;
}

interface Pending {
  readonly name: RequestName;
  readonly safe: boolean;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface Deferred {
  readonly promise: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined); // observed by whoever awaits; never an unhandled rejection
  return { promise, resolve, reject };
}

/** Where the iframe sits while it is shown (viewport pixels). */
export interface FrameRect {
  readonly top: number;
  readonly left: number;
  readonly width: number;
  readonly height: number;
}

export class FrameClient {
  readonly origin: string;
  private readonly frameUrl: string;
  private iframe: HTMLIFrameElement | undefined;
  private statusValue: FrameStatus = 'idle';
  private init: Deferred | undefined;
  private readonly pending = new Map<string, Pending>();
  private readonly idPrefix = Math.random().toString(36).slice(2, 10);
  private counter = 0;
  private loadTimers: ReturnType<typeof setTimeout>[] = [];
  private initTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly inbox = new FrameInbox(
    (msg) => this.handle(msg),
    () => this.dropped++,
  );
  /** Messages dropped (foreign window or origin, invalid, unknown): diagnostics and tests. */
  dropped = 0;

  constructor(private readonly opts: FrameClientOptions) {
    const base = new URL(opts.serviceUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new TypeError('walletServiceUrl must be an http(s) URL');
    this.origin = base.origin;
    this.frameUrl = `${base.href.replace(/\/+$/, '')}/frame`;
    opts.window.addEventListener('message', this.onMessage);
  }

  get status(): FrameStatus {
    return this.statusValue;
  }

  /** The iframe, once created. */
  get element(): HTMLIFrameElement | undefined {
    return this.iframe;
  }

  /** Creates the frame if there is none (or the last one failed) and resolves once it is initialised. */
  ready(): Promise<void> {
    if (this.disposed) return Promise.reject(new FrameLoadError('the embedded wallet was stopped'));
    if (this.statusValue === 'ready') return Promise.resolve();
    if (this.statusValue === 'loading' && this.init) return this.init.promise;
    this.create();
    return this.init!.promise;
  }

  /**
   * Sends request `name` (after `ready()`) and resolves with its success payload. Rejects with the
   * frame's message (a missing one reads 'An error occurred'), FrameLoadError, or on a timeout /
   * abort 'Request was aborted' (RPC) / 'Something went wrong' (the others).
   */
  async request<K extends RequestName>(name: K, payload: PayloadOf<K>): Promise<ResultOf<K>> {
    if (this.pending.size >= MAX_PENDING) throw new EmbeddedWalletError('Too many requests at once', { request: name });
    await this.ready();
    const id = `${this.idPrefix}-${++this.counter}`;
    const method = name === 'RPC_REQUEST' ? (payload as PayloadOf<'RPC_REQUEST'>).method : undefined;
    const safe = method === undefined || rpcSafety(method) === 'safe';
    return new Promise<ResultOf<K>>((resolve, reject) => {
      const entry: Pending = { name, safe, resolve: resolve as (v: unknown) => void, reject, timer: undefined };
      const timed = TIMED_REQUESTS.includes(name);
      if (timed || safe) {
        entry.timer = setTimeout(
          () => {
            if (this.pending.get(id) !== entry) return;
            if (timed) {
              try {
                this.opts.onTimeout?.(name);
              } catch (err) {
                console.error('[latchkey] embedded wallet: the timeout callback threw', err);
              }
            }
            this.settle(id, undefined, this.abortError(name));
          },
          timed ? REQUEST_TIMEOUT_MS : REQUEST_CEILING_MS,
        );
      }
      this.pending.set(id, entry);
      this.log('request', name, id);
      try {
        this.post(appMessage(name, id, payload));
      } catch (err) {
        this.settle(id, undefined, new EmbeddedWalletError(SOMETHING_WENT_WRONG, { request: name, cause: err }));
      }
    });
  }

  /**
   * Rejects every open not-safe RPC request with 'Request was aborted' and tells the frame
   * (RPC_ABORT closes its approval). Safe requests go on. Returns how many were rejected.
   */
  abortNotSafe(): number {
    let n = 0;
    for (const [id, p] of [...this.pending]) {
      if (p.name === 'RPC_REQUEST' && !p.safe) {
        this.settle(id, undefined, this.abortError('RPC_REQUEST'));
        n++;
      }
    }
    if (n > 0 && this.statusValue === 'ready') {
      try {
        this.post(appMessage('RPC_ABORT', undefined));
      } catch {
        /* the frame is gone: nothing to close */
      }
    }
    return n;
  }

  /** Open not-safe RPC requests (waiting for the user). */
  notSafePending(): number {
    let n = 0;
    for (const p of this.pending.values()) if (p.name === 'RPC_REQUEST' && !p.safe) n++;
    return n;
  }

  /** Shows the iframe over `rect` (the approval surface), above the modal. */
  show(rect: FrameRect): void {
    const f = this.iframe;
    if (!f) return;
    const s = f.style;
    s.top = `${Math.round(rect.top)}px`;
    s.left = `${Math.round(rect.left)}px`;
    s.width = `${Math.round(rect.width)}px`;
    s.height = `${Math.round(rect.height)}px`;
    s.zIndex = String(this.opts.zIndex());
    s.display = 'block';
  }

  hide(): void {
    if (this.iframe) this.iframe.style.display = 'none';
  }

  /** Removes the iframe and the listener; open requests fail. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.opts.window.removeEventListener('message', this.onMessage);
    this.teardown(new FrameLoadError('the embedded wallet was stopped'));
  }

  // ---------------------------------------------------------------- internals

  private create(): void {
    this.teardown(undefined);
    const doc = this.opts.window.document;
    if (!doc?.body) {
      this.init = deferred();
      this.fail('the page has no document body');
      return;
    }
    const url = new URL(this.frameUrl);
    url.searchParams.set('projectId', this.opts.projectId);
    url.searchParams.set('chainId', String(this.opts.chainId()));
    url.searchParams.set('version', PROTOCOL_VERSION);
    url.searchParams.set('enableLogger', String(this.opts.enableLogger));
    const iframe = doc.createElement('iframe');
    iframe.src = url.href;
    iframe.title = 'Embedded wallet';
    // Firefox has no location.ancestorOrigins: the frame reads our origin from the referrer.
    iframe.referrerPolicy = 'origin';
    iframe.setAttribute('data-latchkey-wallet-frame', '');
    // Part of the modal while laid over ApproveTransaction: the dialog lets focus go into it (its Approve and
    // Reject buttons) instead of pulling it back (ui/dialog/Dialog.tsx).
    iframe.setAttribute('data-lk-modal-part', '');
    const s = iframe.style;
    s.position = 'fixed';
    s.display = 'none';
    s.border = 'none';
    s.margin = '0';
    s.padding = '0';
    s.background = 'transparent';
    s.colorScheme = 'normal';
    s.zIndex = String(this.opts.zIndex());
    iframe.addEventListener('error', () => this.iframe === iframe && this.fail('the frame page did not load'));
    iframe.addEventListener('load', () => {
      if (this.iframe !== iframe || this.statusValue !== 'loading') return;
      this.loadTimers.push(setTimeout(() => this.iframe === iframe && this.statusValue === 'loading' && this.fail('the frame page loaded but never signalled READY'), READY_AFTER_LOAD_MS));
    });
    this.init = deferred();
    this.setStatus('loading');
    this.iframe = iframe;
    this.loadTimers.push(setTimeout(() => this.iframe === iframe && this.statusValue === 'loading' && this.fail('no READY from the frame'), FRAME_LOAD_TIMEOUT_MS));
    doc.body.append(iframe);
    this.inbox.load().catch(() => this.iframe === iframe && this.fail("the frame's message checks did not load"));
  }

  private fail(details: string): void {
    const error = new FrameLoadError(details);
    const init = this.init;
    this.teardown(error);
    this.setStatus('failed');
    init?.reject(error);
    this.log('failed:', details);
  }

  /** Removes the iframe, clears timers and fails the open requests (with `error`, or silently when none). */
  private teardown(error: Error | undefined): void {
    for (const t of this.loadTimers) clearTimeout(t);
    this.loadTimers = [];
    if (this.initTimer !== undefined) clearTimeout(this.initTimer);
    this.initTimer = undefined;
    this.iframe?.remove();
    this.iframe = undefined;
    this.inbox.clear();
    for (const [id] of [...this.pending]) this.settle(id, undefined, error ?? new FrameLoadError());
    if (error && this.init && this.statusValue === 'loading') this.init.reject(error);
    if (this.statusValue !== 'idle') this.setStatus('idle');
  }

  private setStatus(status: FrameStatus): void {
    if (this.statusValue === status) return;
    this.statusValue = status;
    this.opts.onStatus?.(status);
  }

  private post(message: { type: string }): void {
    const target = this.iframe?.contentWindow;
    if (!target) throw new FrameLoadError('the frame is not there');
    target.postMessage(message, this.origin);
  }

  private abortError(name: RequestName): EmbeddedWalletError {
    return name === 'RPC_REQUEST'
      ? new EmbeddedWalletError(REQUEST_ABORTED, { code: CODES.rejected, request: name })
      : new EmbeddedWalletError(SOMETHING_WENT_WRONG, { request: name });
  }

  private settle(id: string, value: unknown, error: unknown): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (p.timer !== undefined) clearTimeout(p.timer);
    if (error !== undefined) p.reject(error);
    else p.resolve(value);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    const frameWindow = this.iframe?.contentWindow;
    // Only the frame's own window at the service's exact origin is heard.
    if (!frameWindow || event.source !== frameWindow || event.origin !== this.origin) {
      if (typeof (event.data as { type?: unknown } | null)?.type === 'string') this.dropped++;
      return;
    }
    this.inbox.accept(event.data);
  };

  /** A message from the frame's window, parsed. */
  private handle(msg: FrameMessage): void {
    if (this.disposed) return;
    switch (msg.kind) {
      case 'ignored':
        this.dropped++;
        this.log('dropped:', msg.reason);
        return;
      case 'ready':
        this.log('READY', msg.version ?? '');
        this.onReady();
        return;
      case 'session':
        this.opts.onSession?.(msg.token);
        return;
      default: {
        const p = this.pending.get(msg.id);
        // A reply nobody asked for, or of another request's type: dropped.
        if (!p || p.name !== msg.name) {
          this.dropped++;
          return;
        }
        this.log('reply', msg.name, msg.kind, msg.id);
        if (msg.kind === 'success') {
          this.settle(msg.id, msg.payload, undefined);
          if (msg.name === 'RELOAD') this.reinitialising();
        } else if (msg.kind === 'error') this.settle(msg.id, undefined, frameError(msg.message, msg.name));
        else this.settle(msg.id, undefined, new EmbeddedWalletError(`The wallet frame sent an invalid answer to ${msg.name}`, { request: msg.name }));
      }
    }
  }

  private onReady(): void {
    if (this.statusValue === 'ready') this.reinitialising(); // the frame reloaded
    if (this.statusValue !== 'loading') return;
    for (const t of this.loadTimers) clearTimeout(t);
    this.loadTimers = [];
    if (this.initTimer !== undefined) clearTimeout(this.initTimer);
    const init = this.init;
    this.initTimer = setTimeout(() => {
      this.initTimer = undefined;
      if (this.statusValue !== 'loading' || this.init !== init) return;
      this.setStatus('ready');
      init?.resolve();
      this.opts.onInit?.();
    }, FRAME_READY_DELAY_MS);
  }

  /** After RELOAD (or an unasked READY): requests wait for the next READY + 500 ms. */
  private reinitialising(): void {
    if (this.statusValue !== 'ready') return;
    this.init = deferred();
    this.setStatus('loading');
    const iframe = this.iframe;
    this.loadTimers.push(setTimeout(() => this.iframe === iframe && this.statusValue === 'loading' && this.fail('no READY after a reload'), FRAME_LOAD_TIMEOUT_MS));
  }

  private log(...args: unknown[]): void {
    if (this.opts.enableLogger) console.debug('[latchkey] embedded wallet:', ...args);
  }
}
