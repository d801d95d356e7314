/**
 * The login cache (docs/embedded-wallet.md#login-cache), under the shared 'embedded-wallet' storage scope: the login
 * flag, the e-mail and user name, the last chain, the e-mail throttle's clock, and the marker of a
 * social login that left by redirect. Only this file knows the keys (the manifests' start code
 * reads the flag and the marker by name: ./shared).
 */
import type { EmbeddedWalletDeps } from './deps';

/** docs/embedded-wallet.md#e-mail-login: one e-mail code per 30 s from this page ('Please try again after {n} seconds'). */
const EMAIL_THROTTLE_MS = 30_000;

/** Login cache keys (docs/embedded-wallet.md#login-cache), under the shared 'embedded-wallet' storage scope. */
const KEYS = {
  loginUsed: 'loginUsed',
  email: 'email',
  username: 'username',
  lastChain: 'lastChain',
  lastEmailLoginTime: 'lastEmailLoginTime',
  pendingSocial: 'pendingSocial',
} as const;

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPendingSocial = (v: unknown): v is PendingSocial =>
  typeof v === 'object' && v !== null && isString((v as { provider?: unknown }).provider) && isNumber((v as { at?: unknown }).at);

/** A social login that left by redirect: its provider and when it left. */
interface PendingSocial {
  provider: string;
  at: number;
}

export class LoginCache {
  constructor(private readonly k: EmbeddedWalletDeps) {}

  /** The stored login flag: the visitor logged in here before. */
  used(): boolean {
    return this.k.storage.get(KEYS.loginUsed) === true;
  }

  /** A completed login: the flag, the e-mail and user name when known; the e-mail throttle ends. */
  save(email: string | null | undefined, username: string | null | undefined): void {
    const s = this.k.storage;
    if (email) s.set(KEYS.email, email);
    if (username) s.set(KEYS.username, username);
    s.set(KEYS.loginUsed, true);
    s.remove(KEYS.lastEmailLoginTime);
  }

  clear(): void {
    const s = this.k.storage;
    for (const key of [KEYS.loginUsed, KEYS.email, KEYS.lastChain, KEYS.username]) s.remove(key);
  }

  username(): string | undefined {
    return this.k.storage.get(KEYS.username, isString);
  }

  lastChain(): number | undefined {
    return this.k.storage.get(KEYS.lastChain, isNumber);
  }

  setLastChain(chain: number): void {
    this.k.storage.set(KEYS.lastChain, chain);
  }

  /** Seconds left of the e-mail throttle; 0 when a code may be sent. */
  emailCooldown(): number {
    const last = this.k.storage.get(KEYS.lastEmailLoginTime, isNumber);
    if (last === undefined) return 0;
    const left = EMAIL_THROTTLE_MS - (this.k.env.now() - last);
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** An e-mail code was sent now (the throttle starts). */
  emailSent(): void {
    this.k.storage.set(KEYS.lastEmailLoginTime, this.k.env.now());
  }

  /** Marks a social login leaving by redirect now. */
  leaveForSocial(provider: string): void {
    this.k.storage.set(KEYS.pendingSocial, { provider, at: this.k.env.now() });
  }

  /** The marker of a social login that left by redirect, removed as it is read (it is used once, whatever comes of it). */
  takePendingSocial(): PendingSocial | undefined {
    const pending = this.k.storage.get(KEYS.pendingSocial, isPendingSocial);
    if (pending) this.k.storage.remove(KEYS.pendingSocial);
    return pending;
  }
}
