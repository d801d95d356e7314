// The local payment provider: a checkout a person clicks through ("Pay") that funds the buyer's
// address on a local EVM chain with a real transfer from the provider's own funded account,
// reports the purchase to the data service (POST /v1/onramp/purchases) and sends the visitor back
// to the dapp. It stands in for Coinbase Onramp or Meld on a machine without internet.
//
//   ONRAMP_FUNDER_KEY=0x… node samples/onramp-provider/server.mjs [--json]
//
// README.md documents the routes and every setting (config.ts). From code:
// `startOnrampProvider(options)` → `{ url, port, config, funder, stop() }`.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { createPublicClient, createWalletClient, defineChain, getAddress, http, isAddress, parseEther, type Address, type Hash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { clientAddressKey } from '../../shared/clientAddress.mjs';
import { AMOUNT_RE, compareDecimal, resolveConfig, type OnrampChain, type OnrampConfig, type OnrampProviderOptions } from './config';
import { BASE_HEADERS, BodyTooLargeError, readBody } from '../../shared/http.mjs';
import { createRouter } from '../../shared/router.mjs';

/** Purchase statuses of the blockchain API (the data service's README). */
export const STATUS = {
  inProgress: 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
  success: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
  failed: 'ONRAMP_TRANSACTION_STATUS_FAILED',
};
/** Transfers queued per chain before new payments get 503. */
const MAX_QUEUE = 32;
/** Client addresses the rate limiter remembers (oldest forgotten first). */
const MAX_CLIENTS = 10_000;

/** A request the server refuses, with its HTTP status and a message safe to show. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface OnrampProvider {
  readonly url: string;
  readonly port: number;
  /** The funder's address. */
  readonly funder: Address;
  /** The resolved configuration, key and secret hidden. */
  readonly config: Readonly<Record<string, unknown>>;
  stop(): Promise<void>;
}

interface Session {
  readonly address: Address;
  readonly caip2: string;
  readonly amount: string;
  readonly redirectUrl: string | undefined;
  readonly expires: number;
  state: 'open' | 'paying' | 'done';
}

/** Starts the provider (options win over env; config.ts). */
export async function startOnrampProvider(options: OnrampProviderOptions = {}, env: Readonly<Record<string, string | undefined>> = process.env): Promise<OnrampProvider> {
  const config = resolveConfig(options, env);
  const log = typeof config.log === 'function' ? config.log : config.log ? (line: string) => console.log(`[onramp] ${line}`) : () => {};
  const account = privateKeyToAccount(config.funderKey);
  const chains = new Map(
    config.chains.map((c) => {
      const chain = defineChain({
        id: c.chainId,
        name: c.name,
        nativeCurrency: { name: c.nativeSymbol, symbol: c.nativeSymbol, decimals: 18 },
        rpcUrls: { default: { http: [c.rpcUrl] } },
      });
      const transport = http(c.rpcUrl, { timeout: config.rpcTimeoutMs, retryCount: 0 });
      return [
        `eip155:${c.chainId}`,
        {
          ...c,
          caip2: `eip155:${c.chainId}`,
          wallet: createWalletClient({ account, chain, transport }),
          public: createPublicClient({ chain, transport }),
          /** The tail of this chain's transfers: one at a time, so nonces follow each other. */
          tail: Promise.resolve() as Promise<unknown>,
          queued: 0,
        },
      ];
    }),
  );

  type Chain = NonNullable<ReturnType<typeof chains.get>>;
  /** Checkout sessions by id (random, 128 bits): created by GET /checkout, used once by POST /checkout/pay. */
  const sessions = new Map<string, Session>();
  const clients = new Map<string, { start: number; count: number }>();

  const sweep = (now: number) => {
    for (const [id, s] of sessions) if (s.expires <= now && s.state !== 'paying') sessions.delete(id);
    while (sessions.size >= config.maxSessions) {
      const oldest = [...sessions].find(([, s]) => s.state !== 'paying');
      if (!oldest) throw new HttpError(503, 'Too many checkouts in progress; try again in a minute');
      sessions.delete(oldest[0]);
    }
  };

  const limited = (client: string) => {
    const now = Date.now();
    let entry = clients.get(client);
    if (!entry || now - entry.start >= 60_000) {
      clients.delete(client);
      if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value!);
      entry = { start: now, count: 0 };
      clients.set(client, entry);
    }
    return ++entry.count > config.paysPerMinute;
  };

  /** Reports a purchase to the data service (when configured); throws on any non-2xx answer. */
  const report = async (purchase: Readonly<Record<string, unknown>>) => {
    if (!config.dataServiceUrl) return;
    const res = await fetch(`${config.dataServiceUrl}/v1/onramp/purchases?projectId=${encodeURIComponent(config.projectId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.dataSecret}` },
      body: JSON.stringify({ provider: config.providerId, ...purchase }),
      signal: AbortSignal.timeout(config.rpcTimeoutMs),
    });
    if (!res.ok) throw new Error(`the data service answered HTTP ${res.status}`);
  };

  /** Sends `amount` to `address` on `chain` and waits for the receipt; one transfer at a time per chain. */
  const fund = (chain: Chain, address: Address, amount: string): Promise<{ hash: Hash | undefined; ok: boolean; error?: unknown }> => {
    chain.queued++;
    const run = chain.tail.then(async () => {
      const hash = await chain.wallet.sendTransaction({ to: address, value: parseEther(amount) });
      const receipt = await chain.public.waitForTransactionReceipt({ hash, timeout: config.rpcTimeoutMs });
      return { hash, ok: receipt.status === 'success' };
    });
    chain.tail = run.catch(() => undefined).finally(() => chain.queued--);
    return run;
  };

  const checkout = (url: URL) => {
    const q = url.searchParams;
    for (const k of q.keys()) if (!['address', 'network', 'asset', 'amount', 'redirectUrl'].includes(k)) throw new HttpError(400, `Unknown parameter ${k}`);
    const rawAddress = one(q, 'address');
    if (!rawAddress || !isAddress(rawAddress, { strict: false })) throw new HttpError(400, 'address must be an EVM address (0x and 40 hex digits)');
    const network = one(q, 'network') ?? '';
    const chain = chains.get(network);
    if (!chain) throw new HttpError(400, `Network ${clip(network)} is not sold here (sold: ${[...chains.keys()].join(', ')})`);
    const asset = one(q, 'asset') ?? chain.nativeSymbol;
    if (asset.toUpperCase() !== chain.nativeSymbol.toUpperCase()) throw new HttpError(400, `Asset ${clip(asset)} is not sold on ${network} (sold: ${chain.nativeSymbol})`);
    const amount = checkAmount(one(q, 'amount') ?? config.defaultAmount);
    const redirect = one(q, 'redirectUrl');
    const redirectUrl = redirect === undefined ? undefined : checkRedirect(redirect);
    const now = Date.now();
    sweep(now);
    const id = randomBytes(16).toString('base64url');
    sessions.set(id, { address: getAddress(rawAddress), caip2: network, amount, redirectUrl, expires: now + config.sessionTtlMs, state: 'open' });
    return { id, chain, address: getAddress(rawAddress), amount, redirectUrl };
  };

  const checkAmount = (amount: string) => {
    if (!AMOUNT_RE.test(amount) || !/[1-9]/.test(amount)) throw new HttpError(400, 'amount must be a decimal number above 0');
    if (compareDecimal(amount, config.maxAmount) > 0) throw new HttpError(400, `amount must be at most ${config.maxAmount}`);
    return amount;
  };

  const checkRedirect = (value: string) => {
    let u: URL;
    try {
      u = new URL(value);
    } catch {
      throw new HttpError(400, 'redirectUrl must be an absolute URL');
    }
    if (value.length > 2048 || (u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) throw new HttpError(400, 'redirectUrl must be an http(s) URL without credentials');
    if (!config.redirectOrigins.includes(u.origin)) throw new HttpError(400, `redirectUrl: ${clip(u.origin)} is not an allowed origin`);
    return u.href;
  };

  const pay = async (req: IncomingMessage) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) throw new HttpError(415, 'Expected a form (application/x-www-form-urlencoded)');
    const body = new URLSearchParams((await readBody(req, config.maxBodyBytes)).toString('utf8'));
    const id = one(body, 'session') ?? '';
    const session = /^[A-Za-z0-9_-]{22}$/.test(id) ? sessions.get(id) : undefined;
    if (!session || session.expires <= Date.now()) throw new HttpError(410, 'This checkout has expired. Start again from the app.');
    if (session.state !== 'open') throw new HttpError(409, 'This checkout was already paid.');
    const amount = checkAmount(one(body, 'amount') ?? session.amount);
    // an IPv6 client counts by its /64 (samples/shared/clientAddress.mjs)
    const client = clientAddressKey((config.trustProxy && String(req.headers['x-forwarded-for'] ?? '').split(',').pop()?.trim()) || req.socket.remoteAddress);
    if (limited(client)) throw new HttpError(429, 'Too many payments from this address; wait a minute');
    const chain = chains.get(session.caip2)!;
    if (chain.queued >= MAX_QUEUE) throw new HttpError(503, 'Too many payments in progress; try again in a minute');
    session.state = 'paying';
    const purchaseId = `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
    const purchase = { purchaseId, address: session.address, chainId: session.caip2, amount, currency: chain.nativeSymbol };
    try {
      await report({ ...purchase, status: STATUS.inProgress });
    } catch (err) {
      session.state = 'open';
      log(`pay ${purchaseId}: not recorded (${shortError(err)})`);
      throw new HttpError(502, 'The purchase could not be recorded; nothing was charged. Try again.');
    }
    let result: { hash: Hash | undefined; ok: boolean; error?: unknown };
    try {
      result = await fund(chain, session.address, amount);
    } catch (err) {
      result = { hash: undefined, ok: false, error: err };
    }
    session.state = 'done';
    const status = result.ok ? STATUS.success : STATUS.failed;
    log(`pay ${purchaseId}: ${amount} ${chain.nativeSymbol} to ${session.address} on ${session.caip2}: ${result.ok ? result.hash : `failed (${shortError(result.error)})`}`);
    await report({ ...purchase, status, ...(result.hash ? { txHash: result.hash } : {}) }).catch((err: unknown) => log(`pay ${purchaseId}: final status not recorded (${shortError(err)})`));
    if (!result.ok) throw new HttpError(502, 'The payment could not be sent. Nothing was charged.');
    return { purchaseId, hash: result.hash, amount, chain, session };
  };

  const routes = createRouter([
    {
      method: 'GET',
      path: '/health',
      handle: (_req: IncomingMessage, res: ServerResponse) =>
        json(res, 200, { status: 'ok', provider: config.providerId, funder: account.address, chains: [...chains.keys()], reporting: Boolean(config.dataServiceUrl) }),
    },
    {
      method: 'GET',
      path: '/checkout',
      handle: (_req: IncomingMessage, res: ServerResponse, url: URL) => html(res, 200, checkoutPage(checkout(url), config), config.redirectOrigins),
    },
    {
      method: 'POST',
      path: '/checkout/pay',
      handle: async (req: IncomingMessage, res: ServerResponse) => {
        const done = await pay(req);
        if (done.session.redirectUrl) {
          res.writeHead(303, { location: done.session.redirectUrl, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
          return res.end();
        }
        return html(res, 200, donePage(done), config.redirectOrigins);
      },
    },
  ]);

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://onramp.invalid');
    try {
      const found = routes.match(req.method ?? 'GET', url.pathname);
      if (!found.route) throw found.status === 405 ? new HttpError(405, 'Method not allowed') : new HttpError(404, 'Not found');
      await found.route.handle(req, res, url);
    } catch (err) {
      const known = err instanceof HttpError || err instanceof BodyTooLargeError;
      const status = known ? err.status : 500;
      if (!known) log(`error on ${req.method} ${url.pathname}: ${shortError(err)}`);
      if (res.headersSent) return res.destroy();
      // the rest of a body past its bound is not read: the connection closes after the answer
      if (err instanceof BodyTooLargeError) for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
      const message = known ? err.message : 'Internal error';
      if (url.pathname === '/health') return json(res, status, { error: message });
      return html(res, status, errorPage(status, message), config.redirectOrigins);
    }
  });
  server.requestTimeout = config.rpcTimeoutMs * 3;
  server.headersTimeout = 10_000;
  server.maxHeadersCount = 64;

  await new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new Error(`on-ramp provider: port ${config.port} on ${config.host} is already in use (ONRAMP_PORT)`) : err));
    server.listen(config.port, config.host, () => resolve(undefined));
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  log(`listening on ${url}; funder ${account.address}; chains ${[...chains.keys()].join(', ')}; ${config.dataServiceUrl ? `reporting to ${config.dataServiceUrl}` : 'not reporting purchases'}`);
  return {
    url,
    port,
    config: { ...config, funderKey: '[hidden]', dataSecret: config.dataSecret ? '[hidden]' : undefined },
    funder: account.address,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The single value of `key`; a repeated key is refused. */
function one(q: URLSearchParams, key: string): string | undefined {
  const all = q.getAll(key);
  if (all.length > 1) throw new HttpError(400, `${key} is given more than once`);
  if (all[0] !== undefined && all[0].length > 2048) throw new HttpError(400, `${key} is too long`);
  return all[0];
}

function clip(s: string): string {
  return JSON.stringify(s.length > 64 ? `${s.slice(0, 64)}…` : s);
}

function shortError(err: unknown): string {
  const e = (err ?? {}) as { shortMessage?: string; message?: string };
  return String(e.shortMessage ?? e.message ?? err).split('\n')[0].slice(0, 200);
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { ...BASE_HEADERS, 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/** An HTML page; the CSP allows the form to post here and to be redirected to the allowed origins only. */
function html(res: ServerResponse, status: number, body: string, redirectOrigins: readonly string[]) {
  res.writeHead(status, {
    ...BASE_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${redirectOrigins.join(' ')}; frame-ancestors 'none'; base-uri 'none'`,
  });
  res.end(res.req?.method === 'HEAD' ? undefined : body);
}

function esc(s: unknown): string {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#1b1b1f}
h1{font-size:22px}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:#666}dd{margin:0;word-break:break-all}
label{display:block;margin:16px 0 4px}input{font:inherit;padding:8px;width:100%;box-sizing:border-box}
button{font:inherit;margin-top:16px;padding:10px 16px;width:100%;border:0;border-radius:8px;background:#2f5bea;color:#fff;cursor:pointer}
.muted{color:#666;font-size:14px}.error{color:#b00020}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function checkoutPage(c: { id: string; chain: OnrampChain & { caip2: string }; address: Address; amount: string }, config: OnrampConfig): string {
  return page(
    'Local on-ramp checkout',
    `<h1>Buy ${esc(c.chain.nativeSymbol)}</h1>
<p class="muted">Local on-ramp: a development payment provider. No card is charged; ${esc(c.chain.name)} funds are sent from the provider's own account.</p>
<dl><dt>To</dt><dd>${esc(c.address)}</dd><dt>Network</dt><dd>${esc(c.chain.name)} (${esc(c.chain.caip2)})</dd><dt>Fee</dt><dd>0%</dd></dl>
<form method="post" action="/checkout/pay">
<input type="hidden" name="session" value="${esc(c.id)}">
<label for="amount">Amount (${esc(c.chain.nativeSymbol)}, at most ${esc(config.maxAmount)})</label>
<input id="amount" name="amount" inputmode="decimal" autocomplete="off" required pattern="[0-9]+(\\.[0-9]{1,18})?" value="${esc(c.amount)}">
<button type="submit">Pay</button>
</form>`,
  );
}

function donePage(d: { amount: string; hash: Hash | undefined; chain: OnrampChain; session: Session }): string {
  return page('Payment complete', `<h1>Payment complete</h1><p role="status">${esc(d.amount)} ${esc(d.chain.nativeSymbol)} sent to ${esc(d.session.address)}.</p><p class="muted">Transaction ${esc(d.hash)}. You can close this window.</p>`);
}

function errorPage(status: number, message: string): string {
  return page('Checkout problem', `<h1>Checkout problem</h1><p class="error" role="alert">${esc(message)}</p><p class="muted">HTTP ${status}</p>`);
}
