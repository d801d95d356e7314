/**
 * A stand-in for the wallet frame in jsdom tests: it notices the client's iframe, answers what
 * the client posts to it (as the frame would, through `message` events from the iframe's window at
 * the service's origin) and records every message. Handlers are per request; the defaults behave
 * like a small wallet with one account. The real frame is tested in samples/wallet-service and,
 * with this client, end to end in tests/e2e/embedded-wallet.e2e.test.ts.
 */
export const SERVICE_URL = 'http://wallet.test';
export const SERVICE_ORIGIN = 'http://wallet.test';
export const FRAME_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
export const FRAME_SIGNATURE = `0x${'ab'.repeat(65)}`;
const FRAME_TX_HASH = `0x${'cd'.repeat(32)}`;

/** Returned by a handler: no reply (the request stays open, e.g. waiting for the user). */
export const NO_REPLY = Symbol('no reply');

export interface Sent {
  readonly type: string;
  readonly id?: string;
  readonly payload?: any;
  readonly targetOrigin: string;
}

type Handler = (payload: any, msg: Sent) => unknown;

/** An approval the fake frame holds until the test decides. */
export interface HeldRequest {
  readonly id: string;
  readonly method: string;
  readonly params: unknown;
  approve(result?: unknown): void;
  reject(message?: string): void;
}

export class FakeFrame {
  readonly sent: Sent[] = [];
  /** What the fake frame posted to the page (from its own window and origin). */
  readonly posted: unknown[] = [];
  iframe: HTMLIFrameElement | undefined;
  /** iframes the client created (a retry after a failure makes a new one). */
  readonly created: HTMLIFrameElement[] = [];
  /** Not-safe requests waiting for the test to approve or reject. */
  readonly held: HeldRequest[] = [];
  loggedIn = false;
  user = { email: 'ada@example.com' as string | null, address: FRAME_ADDRESS, chainId: 1 as number | string };
  /** Post READY when the iframe appears (false: a frame that never loads). */
  autoReady = true;
  readonly handlers: Record<string, Handler> = {
    SYNC_DAPP_DATA: () => undefined,
    SYNC_THEME: () => undefined,
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: [] }),
    CONNECT_EMAIL: () => ({ action: 'VERIFY_OTP' }),
    CONNECT_DEVICE: () => undefined,
    CONNECT_OTP: (p) => {
      if (p.otp !== '123456') throw new Error('Invalid code: 4 attempts left');
      this.loggedIn = true;
      this.session('token.after.otp');
      return undefined;
    },
    GET_USER: (p) => {
      if (!this.loggedIn) throw new Error('Not logged in');
      if (p?.chainId !== undefined) this.user.chainId = Number(p.chainId);
      return { ...this.user, smartAccountDeployed: false, accounts: [{ address: this.user.address, type: 'eoa' }], preferredAccountType: 'eoa' };
    },
    IS_CONNECTED: () => ({ isConnected: this.loggedIn }),
    SIGN_OUT: () => {
      this.loggedIn = false;
      return undefined;
    },
    GET_CHAIN_ID: () => ({ chainId: this.user.chainId }),
    SWITCH_NETWORK: (p) => {
      this.user.chainId = Number(p.chainId);
      return { chainId: this.user.chainId };
    },
    GET_SOCIAL_REDIRECT_URI: (p) => ({ uri: `http://idp.test/authorize?provider=${p.provider}` }),
    CONNECT_SOCIAL: () => {
      this.loggedIn = true;
      this.user = { ...this.user, email: null };
      return { email: null, address: this.user.address, chainId: this.user.chainId, accounts: [{ address: this.user.address, type: 'eoa' }], userName: 'carol', preferredAccountType: 'eoa' };
    },
    GET_FARCASTER_URI: () => ({ url: 'http://wallet.test/farcaster/connect?channel=abc' }),
    CONNECT_FARCASTER: () => {
      this.loggedIn = true;
      return { userName: 'vitalik.eth' };
    },
    SET_PREFERRED_ACCOUNT: (p) => {
      if (p.type !== 'eoa') throw new Error('This application might not support Smart Accounts');
      return { type: 'eoa', address: this.user.address };
    },
    UPDATE_EMAIL: () => ({ action: 'VERIFY_PRIMARY_OTP' }),
    UPDATE_EMAIL_PRIMARY_OTP: () => undefined,
    UPDATE_EMAIL_SECONDARY_OTP: () => ({ newEmail: 'ada-new@example.com' }),
    RELOAD: () => undefined,
    RPC_REQUEST: (p, msg) => {
      if (!this.loggedIn) throw new Error('Not logged in');
      switch (p.method) {
        case 'eth_getBalance':
          return '0xde0b6b3a7640000';
        case 'eth_blockNumber':
          return '0x10';
        case 'personal_sign':
        case 'eth_signTypedData_v4':
        case 'eth_sendTransaction':
        case 'wallet_sendCalls':
          this.held.push({
            id: msg.id!,
            method: p.method,
            params: p.params,
            approve: (result) => this.reply(msg, 'SUCCESS', result ?? (p.method === 'eth_sendTransaction' ? FRAME_TX_HASH : FRAME_SIGNATURE)),
            reject: (message = 'User rejected the request.') => this.reply(msg, 'ERROR', { message }),
          });
          return NO_REPLY;
        default:
          throw new Error('Requested RPC call is not allowed');
      }
    },
  };
  private readonly observer: MutationObserver;

  constructor(private readonly win: Window & typeof globalThis = window) {
    this.observer = new win.MutationObserver((records: MutationRecord[]) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof win.HTMLIFrameElement && n.hasAttribute('data-latchkey-wallet-frame')) this.attach(n);
    });
    this.observer.observe(win.document.body, { childList: true });
  }

  private attach(iframe: HTMLIFrameElement): void {
    this.iframe = iframe;
    this.created.push(iframe);
    const target = iframe.contentWindow!;
    Object.defineProperty(target, 'postMessage', {
      configurable: true,
      value: (message: any, targetOrigin: string) => {
        const sent: Sent = { type: message?.type, id: message?.id, payload: message?.payload, targetOrigin };
        // what postMessage would do: a structured clone
        this.sent.push(JSON.parse(JSON.stringify(sent)));
        void Promise.resolve().then(() => this.receive(sent));
      },
    });
    if (this.autoReady) void Promise.resolve().then(() => this.ready());
  }

  /** Posts READY (the client then waits 500 ms). */
  ready(): void {
    this.post({ type: '@w3m-frame/READY', payload: { version: '1.0.0' } });
  }

  session(token: string): void {
    this.post({ type: '@w3m-frame/SESSION_UPDATE', payload: { token } });
  }

  /** Dispatches a message to the page, as from the frame's window at the service's origin unless told otherwise. */
  post(data: unknown, from: { origin?: string; source?: unknown } = {}): void {
    const source = 'source' in from ? from.source : this.iframe?.contentWindow;
    if (!('source' in from) && !from.origin) this.posted.push(JSON.parse(JSON.stringify(data ?? null)));
    this.win.dispatchEvent(new MessageEvent('message', { data, origin: from.origin ?? SERVICE_ORIGIN, source: source as MessageEventSource | null }));
  }

  /** Requests of `type` (without prefix) the client sent. */
  requests(name: string): Sent[] {
    return this.sent.filter((m) => m.type === `@w3m-app/${name}`);
  }

  dispose(): void {
    this.observer.disconnect();
  }

  private reply(msg: Sent, outcome: 'SUCCESS' | 'ERROR', payload: unknown): void {
    const name = msg.type.slice('@w3m-app/'.length);
    const data: Record<string, unknown> = { type: `@w3m-frame/${name}_${outcome}`, id: msg.id };
    if (payload !== undefined) data['payload'] = payload;
    this.post(data);
  }

  private receive(msg: Sent): void {
    const name = msg.type.slice('@w3m-app/'.length);
    if (name === 'RPC_ABORT') {
      for (const h of this.held.splice(0)) h.reject('Request was aborted');
      return;
    }
    const handler = this.handlers[name];
    if (!handler) return;
    let result: unknown;
    try {
      result = handler(msg.payload, msg);
    } catch (err) {
      this.reply(msg, 'ERROR', { message: (err as Error).message });
      return;
    }
    if (result === NO_REPLY) return;
    Promise.resolve(result).then(
      (value) => this.reply(msg, 'SUCCESS', value),
      (err: unknown) => this.reply(msg, 'ERROR', { message: (err as Error).message }),
    );
  }
}
