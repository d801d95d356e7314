/**
 * A session provider that talks to the host's own backend, which verifies signatures and
 * keeps sessions (typically as an HTTP-only cookie). Loaded on first use by `backendSiwx()`
 * (./index). The protocol, JSON over HTTP (README.md "Sign-in"):
 *
 *   GET    {nonce}?chainId&address    → { nonce }
 *   POST   {session}   { data, message, signature, cacao? } → 2xx when verified and kept
 *   GET    {sessions}?chainId&address → { sessions: SiwxSession[] }
 *   PUT    {sessions}  { sessions }   → 2xx (replaces them; [] signs out)
 *   DELETE {session}?chainId&address  → 2xx
 */
import { SiwxBackendError, SiwxVerificationError } from './errors';
import { isCurrent, isSession, messageData, sameAccount } from './message';
import { AttachedSiwx, type SiwxMessageOptions } from './local';
import type { AttachableSiwx, SiwxEnvironment, SiwxSession } from './types';
import type { CaipNetworkId } from 'latchkey';

export interface BackendSiwxOptions extends SiwxMessageOptions {
  /** Base URL of the sign-in API: `{url}/nonce`, `{url}/session`, `{url}/sessions`, unless `urls` names them. */
  readonly url?: string;
  readonly urls?: { readonly nonce?: string; readonly session?: string; readonly sessions?: string };
  /** Headers sent with every request (e.g. an API key). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Also verify the signature in the page before posting it (default true). */
  readonly verifyLocally?: boolean;
}

function endpoints(options: BackendSiwxOptions): { nonce: string; session: string; sessions: string } {
  const base = options.url?.replace(/\/+$/, '');
  const pick = (own: string | undefined, path: string): string => {
    const url = own ?? (base ? `${base}/${path}` : undefined);
    if (!url) throw new TypeError(`backendSiwx needs \`url\` or \`urls.${path}\``);
    return url;
  };
  return { nonce: pick(options.urls?.nonce, 'nonce'), session: pick(options.urls?.session, 'session'), sessions: pick(options.urls?.sessions, 'sessions') };
}

export class BackendSiwx extends AttachedSiwx<BackendSiwxOptions> implements AttachableSiwx {
  private readonly urls: { nonce: string; session: string; sessions: string };
  private readonly headers: Record<string, string>;

  constructor(options: BackendSiwxOptions) {
    super(options);
    this.urls = endpoints(options);
    this.headers = { ...options.headers };
  }

  protected async nonce(input: { readonly chainId: CaipNetworkId; readonly accountAddress: string }, env: SiwxEnvironment): Promise<string> {
    const body = await env.http.get<unknown>({ path: this.urls.nonce, params: { chainId: input.chainId, address: input.accountAddress }, headers: this.headers });
    const nonce = (body as { nonce?: unknown } | null)?.nonce;
    if (typeof nonce !== 'string' || !/^[a-zA-Z0-9]{8,128}$/.test(nonce)) throw new SiwxBackendError(`${this.urls.nonce} must answer { nonce } with 8 to 128 alphanumeric characters`);
    return nonce;
  }

  async getSessions(chainId: CaipNetworkId, address: string): Promise<readonly SiwxSession[]> {
    const env = this.need();
    const body = await env.http.get<unknown>({ path: this.urls.sessions, params: { chainId, address }, headers: this.headers });
    const list = (body as { sessions?: unknown } | null)?.sessions;
    if (!Array.isArray(list)) throw new SiwxBackendError(`${this.urls.sessions} must answer { sessions: [] }`);
    const now = env.now();
    return list.slice(0, 100).filter((s): s is SiwxSession => isSession(s) && sameAccount(s.data, chainId, address) && isCurrent(s.data, now));
  }

  async addSession(session: SiwxSession): Promise<void> {
    const env = this.need();
    if (!isSession(session)) throw new SiwxVerificationError('The session does not have the expected shape.');
    if (this.options.verifyLocally !== false && !(await env.verify(session))) {
      throw new SiwxVerificationError('The signature does not match the message and the account.');
    }
    await env.http.post({ path: this.urls.session, body: wire(session), headers: this.headers });
  }

  async setSessions(sessions: readonly SiwxSession[]): Promise<void> {
    await this.need().http.put({ path: this.urls.sessions, body: { sessions: sessions.map(wire) }, headers: this.headers });
  }

  async revokeSession(chainId: CaipNetworkId, address: string): Promise<void> {
    await this.need().http.delete({ path: this.urls.session, params: { chainId, address }, headers: this.headers });
  }
}

function wire(s: SiwxSession): SiwxSession {
  return { data: messageData(s.data), message: s.message, signature: s.signature, ...(s.cacao !== undefined ? { cacao: s.cacao } : {}) };
}
