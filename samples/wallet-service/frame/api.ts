/**
 * The frame's client of the wallet service's HTTP API (same origin as the frame). Every call is a JSON
 * POST with a device proof (device.ts) and, once logged in, the session token. Runs in the browser and
 * in Node (tests use it to drive the API as the frame does).
 */
import { randomId, sha256b64url, signProof, type DeviceKey } from './device';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  /** The service's origin, e.g. http://127.0.0.1:8790 */
  readonly baseUrl: string;
  readonly device: DeviceKey;
  /** Extra headers (tests: x-forwarded-for behind WALLET_TRUST_PROXY). */
  readonly headers?: Record<string, string>;
  readonly fetch?: typeof fetch;
}

export class ServiceApi {
  /** Server time minus local time, in seconds (set from /v1/frame/init so proofs survive a wrong local clock). */
  clockOffset = 0;
  token: string | undefined;
  /** The app the frame serves (its projectId and parent origin), named in every call: sessions work only there. */
  app: { readonly projectId: string; readonly origin: string } | undefined;

  constructor(private readonly options: ApiOptions) {}

  get device(): DeviceKey {
    return this.options.device;
  }

  async call<T = unknown>(path: string, body: unknown = {}, init: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<T> {
    const url = `${this.options.baseUrl}${path}`;
    const text = JSON.stringify(body);
    const token = this.token;
    const proof = await signProof(this.options.device, {
      htm: 'POST',
      htu: url,
      bh: await sha256b64url(text),
      ...(token ? { ath: await sha256b64url(token) } : {}),
      iat: Math.floor(Date.now() / 1000) + this.clockOffset,
      jti: randomId(),
    });
    const headers: Record<string, string> = { 'content-type': 'application/json', dpop: proof, ...this.options.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.app) {
      headers['x-latchkey-project'] = encodeURIComponent(this.app.projectId);
      headers['x-latchkey-origin'] = encodeURIComponent(this.app.origin);
    }
    const timeout = AbortSignal.timeout(init.timeoutMs ?? 40_000);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    const doFetch = this.options.fetch ?? fetch;
    let res: Response;
    try {
      res = await doFetch(url, { method: 'POST', headers, body: text, signal, credentials: 'omit', cache: 'no-store' });
    } catch (err) {
      if (init.signal?.aborted) throw new ApiError(0, 'aborted', 'Request was aborted');
      if (timeout.aborted) throw new ApiError(0, 'timeout', 'The wallet service did not answer in time');
      throw new ApiError(0, 'network', `The wallet service is unreachable (${(err as Error).message})`);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new ApiError(res.status, 'bad_response', `The wallet service answered HTTP ${res.status} without JSON`);
    }
    if (!res.ok) {
      const e = (json as { error?: { code?: unknown; message?: unknown; retryAfterSeconds?: unknown } }).error;
      throw new ApiError(
        res.status,
        typeof e?.code === 'string' ? e.code : 'error',
        typeof e?.message === 'string' ? e.message : `HTTP status code: ${res.status}`,
        typeof e?.retryAfterSeconds === 'number' ? e.retryAfterSeconds : undefined,
      );
    }
    return json as T;
  }
}
