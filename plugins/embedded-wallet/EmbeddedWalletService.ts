/**
 * The embedded wallet (docs/embedded-wallet.md): one service behind the `email` and `socials`
 * plugins and their shared AUTH connector. It owns the frame client, runs the login flows, keeps
 * the login cache, answers the connector's EIP-1193 requests (so the EVM adapter drives the
 * embedded wallet like any other) and routes not-safe requests through the frame's approval
 * surface, shown in the modal's ApproveTransaction view.
 *
 * This file is the lifecycle (start, stop, the kernel events) and the public face; each job is a
 * part it composes: the frame (walletFrame.ts), the login cache (loginCache.ts), the user
 * (user.ts), the e-mail login (emailLogin.ts), the social login (socialLogin.ts), the account
 * settings (accountSettings.ts), the EIP-1193 bridge (eip1193.ts), the approval surface
 * (approvals.ts).
 */
import type { Subscription } from 'rxjs';
import { Store, type AccountType } from 'latchkey';
import { AccountSettings } from './accountSettings';
import { ApprovalSurface } from './approvals';
import type { EmbeddedWalletDeps } from './deps';
import { Eip1193Bridge } from './eip1193';
import { EmailLogin } from './emailLogin';
import { LoginCache } from './loginCache';
import { SocialLogin } from './socialLogin';
import {
  EMBEDDED_WALLET_CONNECTOR_ID,
  type EmailAction,
  type EmbeddedWallet,
  type EmbeddedWalletState,
  type SocialLoginProvider,
} from './types';
import { UserSession } from './user';
import { WalletFrame } from './walletFrame';

export type { EmbeddedWalletDeps } from './deps';

export class EmbeddedWalletService implements EmbeddedWallet {
  private readonly store = new Store<EmbeddedWalletState>({ frame: 'idle', user: undefined, approvals: 0, social: undefined });
  readonly state$ = this.store.state$;
  private emit: (event: string, ...args: unknown[]) => void = () => undefined;
  private subs: Subscription[] = [];
  private started = false;

  private readonly cache: LoginCache;
  private readonly frame: WalletFrame;
  private readonly user: UserSession;
  private readonly email: EmailLogin;
  private readonly social: SocialLogin;
  private readonly account: AccountSettings;
  private readonly approvals: ApprovalSurface;
  private readonly eip1193: Eip1193Bridge;

  constructor(
    private readonly k: EmbeddedWalletDeps,
    serviceUrl: string,
  ) {
    const { store } = this;
    const emit = (event: string, ...args: unknown[]) => this.emit(event, ...args);
    const cache = (this.cache = new LoginCache(k));
    const frame = (this.frame = new WalletFrame(k, serviceUrl, store, cache, () => this.wire()));
    const user = (this.user = new UserSession(k, store, frame, cache));
    this.email = new EmailLogin(frame, cache, user);
    this.social = new SocialLogin(k, store, frame, cache, user);
    this.account = new AccountSettings(k, store, frame, cache, user, emit);
    this.approvals = new ApprovalSurface(k, store, frame);
    this.eip1193 = new Eip1193Bridge(k, store, frame, user, this.approvals, emit);
  }

  get state(): EmbeddedWalletState {
    return this.store.state;
  }

  setEmitter(emit: (event: string, ...args: unknown[]) => void): void {
    this.emit = (event, ...args) => {
      try {
        emit(event, ...args);
      } catch (err) {
        console.error(`[latchkey] an embedded-wallet '${event}' listener threw`, err);
      }
    };
  }

  /* ------------------------------------------------------------------ lifecycle */

  /** Module onLoad: completes a social login coming back by redirect, else creates the frame when the visitor used it before. */
  start(): void {
    this.wire();
    if (this.started) return;
    this.started = true;
    if (this.social.resumeRedirect()) return;
    if (this.cache.used()) this.prepare();
  }

  /** Module onStop: the frame goes away; the service can start again. */
  stop(): void {
    for (const s of this.subs) s.unsubscribe();
    this.subs = [];
    this.social.cancel();
    this.approvals.stop();
    this.frame.dispose();
    this.started = false;
    this.store.patch({ frame: 'idle' });
  }

  prepare(): void {
    this.frame.prepare();
  }

  private wire(): void {
    if (this.subs.length > 0) return;
    const { modal, router, connection, theme } = this.k;
    this.subs.push(
      // docs/embedded-wallet.md#requests-and-approvals: closing the modal with no transaction pending rejects the outstanding requests (safe ones go on).
      modal.onDidClose$.subscribe(() => {
        if (router.transactionStack().length === 0) this.frame.client?.abortNotSafe();
      }),
      connection.onDidConnect$.subscribe((e) => {
        if (e.connectorId !== EMBEDDED_WALLET_CONNECTOR_ID) return;
        this.user.applyAccountDetails();
        void this.user.applySmartAccountNetworks();
      }),
      connection.onDidDisconnect$.subscribe((e) => {
        if (e.connectorId === EMBEDDED_WALLET_CONNECTOR_ID) void this.signOut();
      }),
      theme.state$.subscribe(() => this.frame.syncTheme()),
    );
  }

  /* ------------------------------------------------------------------ login (emailLogin.ts, socialLogin.ts, user.ts) */

  emailCooldown(): number {
    return this.cache.emailCooldown();
  }

  connectEmail(email: string): Promise<EmailAction> {
    return this.email.connectEmail(email);
  }

  connectDevice(): Promise<void> {
    return this.email.connectDevice();
  }

  connectOtp(otp: string): Promise<void> {
    return this.email.connectOtp(otp);
  }

  finishLogin(extra?: { readonly socialProvider?: string; readonly userName?: string | null }): Promise<void> {
    return this.user.finishLogin(extra);
  }

  socialLogin(provider: Exclude<SocialLoginProvider, 'farcaster'>, popup: Window | null): Promise<void> {
    return this.social.socialLogin(provider, popup);
  }

  cancelSocial(): void {
    this.social.cancel();
  }

  farcasterUri(): Promise<string> {
    return this.social.farcasterUri();
  }

  connectFarcaster(signal?: AbortSignal): Promise<void> {
    return this.social.connectFarcaster(signal);
  }

  /* ------------------------------------------------------------------ account (accountSettings.ts, user.ts) */

  updateEmail(email: string): Promise<'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'> {
    return this.account.updateEmail(email);
  }

  updateEmailPrimaryOtp(otp: string): Promise<void> {
    return this.account.updateEmailPrimaryOtp(otp);
  }

  updateEmailSecondaryOtp(otp: string): Promise<string> {
    return this.account.updateEmailSecondaryOtp(otp);
  }

  setPreferredAccountType(type: AccountType): Promise<void> {
    return this.account.setPreferredAccountType(type);
  }

  /** Signs out of the frame and forgets the login cache (disconnect, docs/embedded-wallet.md#login-cache). */
  signOut(): Promise<void> {
    return this.user.signOut();
  }

  /* ------------------------------------------------------------------ EIP-1193 (eip1193.ts) and approval surface (approvals.ts) */

  request(args: { readonly method: string; readonly params?: unknown }): Promise<unknown> {
    return this.eip1193.request(args);
  }

  attachApproval(anchor: HTMLElement): () => void {
    return this.approvals.attach(anchor);
  }

  focusApproval(): void {
    this.approvals.focus();
  }
}
