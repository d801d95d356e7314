/**
 * Test support: the wallet service as a child process (`node server.mjs --json`, the real launcher),
 * and a client that drives its API exactly as the frame does (frame/api.ts, a WebCrypto device key).
 */
import { join } from 'node:path';
import { startServerProcess } from '../../shared/testing/serverProcess';
import { ApiError, ServiceApi } from '../frame/api';
import { createDeviceKey, deviceKeyFrom, type DeviceKey } from '../frame/device';
import type { Prepared } from '../shared/prepared';

const SERVER = join(__dirname, '..', 'server.mjs');
const READY = 'LATCHKEY_WALLET ';

export interface ServiceProcess {
  readonly url: string;
  readonly port: number;
  readonly oidcIssuer: string | null;
  readonly frameJsBytes: number;
  readonly frameJsGzipBytes: number;
  readonly pid: number;
  output(): string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/** A fixed pair of secrets for tests that restart a service or run two on one database. */
export const TEST_SECRETS = {
  WALLET_KEK: `t1:${Buffer.alloc(32, 7).toString('base64')}`,
  WALLET_SESSION_SECRET: Buffer.alloc(32, 9).toString('base64'),
};

/**
 * A test service's environment: TEST_SECRETS, dev mode without its OIDC issuer, no log, one
 * project on its origin and one chain (a WALLET_CHAINS entry); `extra` adds to it or overrides it.
 */
export function testServiceEnv(
  project: { readonly projectId: string; readonly origin: string },
  chain: { readonly chainId: number; readonly name?: string; readonly rpcUrl: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...TEST_SECRETS,
    WALLET_DEV: '1',
    WALLET_DEV_OIDC: '0',
    WALLET_PROJECTS: JSON.stringify([{ projectId: project.projectId, origins: [project.origin] }]),
    WALLET_CHAINS: JSON.stringify([chain]),
    WALLET_LOG: '0',
    ...extra,
  };
}

export async function startServiceProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServiceProcess> {
  const server = await startServerProcess<Omit<ServiceProcess, 'output' | 'stop'>>({
    name: 'the wallet service',
    script: SERVER,
    ready: READY,
    env: { ...process.env, WALLET_PORT: '0', WALLET_OIDC_PORT: '0', ...env },
    timeoutMs,
    killAfterMs: 8000,
  });
  return { ...server.info, output: server.output, stop: server.stop };
}

export interface MailboxEntry {
  to: string;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
  sentAt: string;
}

export async function mailbox(baseUrl: string, to?: string): Promise<MailboxEntry[]> {
  const res = await fetch(`${baseUrl}/dev/mailbox${to ? `?to=${encodeURIComponent(to)}` : ''}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`/dev/mailbox answered ${res.status}`);
  return (await res.json()) as MailboxEntry[];
}

/** The newest code mailed to `to` (waits briefly for it). */
export async function latestCode(baseUrl: string, to: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mails = (await mailbox(baseUrl, to)).filter((m) => m.code && Date.parse(m.sentAt) >= after);
    const last = mails[mails.length - 1];
    if (last?.code) return last.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${to}`);
}

/** A frame-like client of the API: its own device key, optional fixed client IP (WALLET_TRUST_PROXY=1). */
export class FrameClient {
  readonly api: ServiceApi;
  private constructor(
    readonly baseUrl: string,
    readonly device: DeviceKey,
    ip?: string,
  ) {
    this.api = new ServiceApi({ baseUrl, device, headers: ip ? { 'x-forwarded-for': ip } : {} });
  }

  static async create(baseUrl: string, ip?: string): Promise<FrameClient> {
    return new FrameClient(baseUrl, await deviceKeyFrom(await createDeviceKey()), ip);
  }

  /** The same device (key) talking to another process of the service. */
  on(baseUrl: string, ip?: string): FrameClient {
    const c = new FrameClient(baseUrl, this.device, ip);
    c.api.token = this.api.token;
    c.api.app = this.api.app;
    return c;
  }

  /** A call; the first one that names a project and an origin (as the frame's init and logins do) sets the app the client serves. */
  call<T = any>(path: string, body: unknown = {}): Promise<T> {
    const b = body as { projectId?: unknown; origin?: unknown } | null;
    if (!this.api.app && typeof b?.projectId === 'string' && typeof b.origin === 'string') this.api.app = { projectId: b.projectId, origin: b.origin };
    return this.api.call<T>(path, body);
  }

  /** Calls and returns the ApiError it must fail with. */
  async fails(path: string, body: unknown = {}): Promise<ApiError> {
    try {
      await this.call(path, body);
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
    throw new Error(`${path} succeeded but was expected to fail`);
  }

  /** /v1/wallet/prepare, then /v1/wallet/sign with the prepared params unchanged (what the frame does once approved). */
  async prepareAndSign<T = any>(method: string, params: unknown[], chainId = 31337): Promise<{ prepared: Prepared; result: T }> {
    const { prepared } = await this.call<{ prepared: Prepared }>('/v1/wallet/prepare', { chainId, method, params });
    const { result } = await this.call<{ result: T }>('/v1/wallet/sign', { chainId, method, params: prepared.params });
    return { prepared, result };
  }

  /** A full e-mail login (code from the dev mailbox); returns the grant. */
  async emailLogin(email: string, project: { projectId: string; origin: string }): Promise<{ token: string; expiresAt: number; user: { email: string; address: string } }> {
    const started = Date.now() - 1000;
    const r = await this.call<{ action: string; flowId: string }>('/v1/auth/email/start', { ...project, email });
    if (r.action !== 'VERIFY_OTP') throw new Error(`expected VERIFY_OTP, got ${r.action}`);
    const code = await latestCode(this.baseUrl, email, started);
    const grant = await this.call('/v1/auth/email/verify', { flowId: r.flowId, otp: code });
    this.api.token = grant.token;
    return grant;
  }
}
