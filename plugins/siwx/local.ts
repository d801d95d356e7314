/**
 * The default session provider: sessions kept in the browser's storage under the plugin's
 * prefix (the kernel's Storage), each verified when it is added and again when it is read,
 * and dropped once expired. Loaded on first use by `localSiwx()` (./index).
 */
import { SiwxNotAttachedError, SiwxVerificationError } from './errors';
import { generateNonce, isCurrent, isSession, messageData, sameAccount, siwxMessage } from './message';
import { SIWX_ATTACH, type AttachableSiwx, type SiwxEnvironment, type SiwxMessage, type SiwxSession } from './types';
import type { CaipNetworkId } from 'latchkey';

/** What the message says and how long a session lasts; shared by the local and backend providers. */
export interface SiwxMessageOptions {
  /** True (default): the visitor must sign in; cancelling disconnects and the modal cannot be closed. */
  readonly required?: boolean;
  /** The statement line, e.g. 'Sign in to Example'. */
  readonly statement?: string;
  /** The domain asking (default: the page's host). */
  readonly domain?: string;
  /** The URI (default: the page's origin). */
  readonly uri?: string;
  /** Session lifetime in ms (default one day); 0 for no expiration time. */
  readonly expiration?: number;
  readonly resources?: readonly string[];
  /** Forget the account's sessions when it disconnects (default true). */
  readonly signOutOnDisconnect?: boolean;
}

export const DEFAULT_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The message for `input`, from the options, the page's location and a nonce. */
export function buildMessage(
  options: SiwxMessageOptions,
  env: SiwxEnvironment,
  input: { readonly chainId: CaipNetworkId; readonly accountAddress: string },
  nonce: string,
): SiwxMessage {
  const domain = options.domain ?? env.location?.host;
  const uri = options.uri ?? env.location?.origin;
  if (!domain || !uri) throw new TypeError('Sign-in needs a domain and a uri: give them as options where there is no page location');
  const now = env.now();
  const lifetime = options.expiration ?? DEFAULT_SESSION_LIFETIME_MS;
  return siwxMessage({
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    domain,
    uri,
    version: '1',
    nonce,
    issuedAt: new Date(now).toISOString(),
    ...(options.statement ? { statement: options.statement } : {}),
    ...(lifetime > 0 ? { expirationTime: new Date(now + lifetime).toISOString() } : {}),
    ...(options.resources?.length ? { resources: [...options.resources] } : {}),
  });
}

/**
 * What the local and backend providers share: the environment the plugin attaches, `required`,
 * `signOutOnDisconnect`, and the message built from the options and a nonce of their own.
 */
export abstract class AttachedSiwx<O extends SiwxMessageOptions> {
  private env: SiwxEnvironment | undefined;
  readonly signOutOnDisconnect: boolean;

  constructor(protected readonly options: O) {
    this.signOutOnDisconnect = options.signOutOnDisconnect ?? true;
  }

  [SIWX_ATTACH](env: SiwxEnvironment): void {
    this.env = env;
  }

  /** The attached environment (SiwxNotAttachedError before the plugin has attached one). */
  protected need(): SiwxEnvironment {
    if (!this.env) throw new SiwxNotAttachedError();
    return this.env;
  }

  getRequired(): boolean {
    return this.options.required ?? true;
  }

  /** The nonce of the message for `input`. */
  protected abstract nonce(input: { readonly chainId: CaipNetworkId; readonly accountAddress: string }, env: SiwxEnvironment): Promise<string>;

  async createMessage(input: { readonly chainId: CaipNetworkId; readonly accountAddress: string }): Promise<SiwxMessage> {
    const env = this.need();
    return buildMessage(this.options, env, input, await this.nonce(input, env));
  }
}

export interface LocalSiwxOptions extends SiwxMessageOptions {
  /** A nonce from the host (default: 16 random alphanumeric characters). */
  readonly getNonce?: (input: { readonly chainId: CaipNetworkId; readonly accountAddress: string }) => Promise<string>;
}

const KEY = 'sessions';
/** Most sessions kept (one per account and chain). */
export const MAX_SESSIONS = 20;

export class LocalSiwx extends AttachedSiwx<LocalSiwxOptions> implements AttachableSiwx {
  constructor(options: LocalSiwxOptions = {}) {
    super(options);
  }

  protected async nonce(input: { readonly chainId: CaipNetworkId; readonly accountAddress: string }): Promise<string> {
    return this.options.getNonce ? this.options.getNonce(input) : generateNonce();
  }

  /** Stored sessions: well-formed ones only, at most MAX_SESSIONS. */
  private read(): SiwxSession[] {
    const list = this.need().storage.get<unknown[]>(KEY, Array.isArray) ?? [];
    return list.filter(isSession).slice(0, MAX_SESSIONS);
  }

  private write(sessions: readonly SiwxSession[]): void {
    const env = this.need();
    if (sessions.length === 0) env.storage.remove(KEY);
    else env.storage.set(KEY, sessions.slice(0, MAX_SESSIONS).map(clean));
  }

  async getSessions(chainId: CaipNetworkId, address: string): Promise<readonly SiwxSession[]> {
    const env = this.need();
    const now = env.now();
    const all = this.read();
    const mine = all.filter((s) => sameAccount(s.data, chainId, address));
    const valid: SiwxSession[] = [];
    for (const s of mine) if (isCurrent(s.data, now) && (await env.verify(s))) valid.push(s);
    // Expired or forged entries of this account are dropped from storage.
    if (valid.length !== mine.length) this.write(all.filter((s) => !mine.includes(s) || valid.includes(s)));
    return valid;
  }

  async addSession(session: SiwxSession): Promise<void> {
    await this.check(session);
    const rest = this.read().filter((s) => !sameAccount(s.data, session.data.chainId, session.data.accountAddress));
    this.write([session, ...rest]);
  }

  async setSessions(sessions: readonly SiwxSession[]): Promise<void> {
    for (const s of sessions) await this.check(s);
    this.write(sessions);
  }

  async revokeSession(chainId: CaipNetworkId, address: string): Promise<void> {
    this.write(this.read().filter((s) => !sameAccount(s.data, chainId, address)));
  }

  private async check(session: SiwxSession): Promise<void> {
    const env = this.need();
    if (!isSession(session)) throw new SiwxVerificationError('The session does not have the expected shape.');
    if (!isCurrent(session.data, env.now())) throw new SiwxVerificationError('The session is expired or not yet valid.');
    if (!(await env.verify(session))) throw new SiwxVerificationError('The signature does not match the message and the account.');
  }
}

/** Only the session's own fields (a message object's `toString` and anything else dropped). */
function clean(s: SiwxSession): SiwxSession {
  return { data: messageData(s.data), message: s.message, signature: s.signature, ...(s.cacao !== undefined ? { cacao: s.cacao } : {}) };
}
