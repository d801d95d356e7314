/**
 * The logged-in user: what the frame says of it (GET_USER, CONNECT_SOCIAL) in the state's `user`,
 * restored at the first request when the login cache says the visitor logged in before, written
 * to the kernel's account, connected through the AUTH connector at the end of a login, and
 * signed out on disconnect.
 */
import type { Store } from 'latchkey';
import type { ResultOf } from 'latchkey/plugins/embedded-wallet/protocol';
import type { EmbeddedWalletDeps } from './deps';
import type { LoginCache } from './loginCache';
import { isChainError, toChainNumber } from './requestParams';
import { EMBEDDED_WALLET_CONNECTOR_ID, type EmbeddedUser, type EmbeddedWalletState } from './types';
import type { WalletFrame } from './walletFrame';

/** Sign-out waits at most this long for the frame (AppKit: 3 s). */
const SIGN_OUT_WAIT_MS = 3000;

export class UserSession {
  private restoring: Promise<EmbeddedUser | undefined> | undefined;

  constructor(
    private readonly k: EmbeddedWalletDeps,
    private readonly store: Store<EmbeddedWalletState>,
    private readonly frame: WalletFrame,
    private readonly cache: LoginCache,
  ) {}

  set(user: EmbeddedUser | undefined): void {
    this.store.patch({ user });
    if (user) {
      const chain = toChainNumber(user.chainId);
      if (chain) this.cache.setLastChain(chain);
    }
  }

  /** The user of a frame answer; `userName` (else the answer's, else the cached one) names it. */
  fromFrame(raw: ResultOf<'GET_USER'> | ResultOf<'CONNECT_SOCIAL'>, userName?: string | null): EmbeddedUser {
    const address = raw.address;
    return {
      address,
      chainId: toChainNumber(raw.chainId) ?? raw.chainId,
      email: raw.email ?? null,
      userName: userName ?? ('userName' in raw ? raw.userName : undefined) ?? this.cache.username() ?? null,
      accounts: raw.accounts?.map((a) => ({ address: a.address, type: a.type })) ?? [{ address, type: 'eoa' }],
      preferredAccountType: raw.preferredAccountType,
      smartAccountDeployed: 'smartAccountDeployed' in raw ? raw.smartAccountDeployed : undefined,
    };
  }

  preferredAccountType(): string {
    return this.k.account.get('eip155').preferredAccountType ?? this.k.options.state.defaultAccountTypes.eip155;
  }

  /**
   * GET_USER on `chainId` (default: the app's active network). A chain the wallet does not know is
   * retried on the wallet's own chain unless `strict`.
   */
  async fetch(chainId?: number, strict = false): Promise<EmbeddedUser> {
    const target = chainId ?? toChainNumber(this.k.network.state.namespaces.eip155.caipNetwork?.id);
    const payload = { ...(target ? { chainId: target } : {}), preferredAccountType: this.preferredAccountType() };
    let raw: ResultOf<'GET_USER'>;
    try {
      raw = await this.frame.call('GET_USER', payload);
    } catch (err) {
      if (strict || !target || !isChainError(err)) throw err;
      raw = await this.frame.call('GET_USER', { preferredAccountType: payload.preferredAccountType });
    }
    const user = this.fromFrame(raw, this.store.state.user?.userName);
    this.set(user);
    return user;
  }

  /** docs/embedded-wallet.md#login-cache: with no stored login flag the answer is "not connected", without asking the frame. */
  restore(): Promise<EmbeddedUser | undefined> {
    this.restoring ??= (async () => {
      try {
        if (!this.cache.used()) return undefined;
        const token = this.frame.sessionToken;
        const { isConnected } = await this.frame.call('IS_CONNECTED', token ? { token } : undefined);
        if (!isConnected) {
          this.cache.clear();
          return undefined;
        }
        return await this.fetch();
      } catch (err) {
        this.cache.clear();
        throw err;
      } finally {
        this.restoring = undefined;
      }
    })();
    return this.restoring;
  }

  /** Writes what the kernel's account shows of the embedded wallet: e-mail, user name, account type, social provider. */
  applyAccountDetails(): void {
    const user = this.store.state.user;
    const { account } = this.k;
    const current = account.get('eip155');
    if (!user || current.connectorId !== EMBEDDED_WALLET_CONNECTOR_ID) return;
    const social = this.k.kernelStorage.socialProvider();
    account.patch('eip155', {
      user: { ...(user.email ? { email: user.email } : {}), ...(user.userName ? { username: user.userName } : {}) },
      ...(user.preferredAccountType === 'eoa' || user.preferredAccountType === 'smartAccount' ? { preferredAccountType: user.preferredAccountType } : {}),
      ...(user.smartAccountDeployed !== undefined ? { smartAccountDeployed: user.smartAccountDeployed } : {}),
      ...(social ? { socialProvider: social } : {}),
      connectedWalletInfo: { name: current.connectedWalletInfo?.name ?? 'Embedded Wallet', ...(social ? { social } : {}) },
    });
  }

  /**
   * docs/embedded-wallet.md#network-switch-and-account-type: the chains on which the wallet offers
   * smart accounts (GET_SMART_ACCOUNT_ENABLED_NETWORKS), into the kernel's network state while the
   * AUTH connector is connected (a disconnect's reset clears them). A wallet that cannot say leaves
   * the list empty, as AppKit does.
   */
  async applySmartAccountNetworks(): Promise<void> {
    const connected = () => {
      const current = this.k.account.get('eip155');
      return current.connectorId === EMBEDDED_WALLET_CONNECTOR_ID && current.status === 'connected';
    };
    let networks: readonly number[] = [];
    try {
      networks = (await this.frame.call('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined)).smartAccountEnabledNetworks;
    } catch (err) {
      console.warn('[latchkey] embedded wallet: the networks with smart accounts could not be read', err);
    }
    if (connected()) this.k.network.setSmartAccountEnabledNetworks('eip155', networks);
  }

  /** Fetches the user, saves the login cache and connects the AUTH connector. */
  async finishLogin(extra: { readonly socialProvider?: string; readonly userName?: string | null } = {}): Promise<void> {
    const user = await this.fetch();
    const named = extra.userName ? { ...user, userName: extra.userName } : user;
    this.set(named);
    this.cache.save(named.email, named.userName);
    this.k.kernelStorage.setSocialProvider(extra.socialProvider);
    await this.connectAuth();
  }

  /** Connects the AUTH connector through the kernel (the EVM adapter asks our provider for the account), then closes the modal. */
  async connectAuth(): Promise<void> {
    const loginView = this.k.router.state.view;
    await this.k.connection.connect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, namespace: 'eip155' });
    this.applyAccountDetails();
    // A plugin may have moved on (e.g. to sign-in): close only when the login view is still shown.
    if (this.k.modal.state.open && this.k.router.state.view === loginView) this.k.modal.close();
  }

  /** Signs out of the frame and forgets the login cache (disconnect, docs/embedded-wallet.md#login-cache). */
  async signOut(): Promise<void> {
    const had = this.store.state.user !== undefined || this.cache.used();
    this.cache.clear();
    this.set(undefined);
    const client = this.frame.client;
    client?.abortNotSafe();
    if (!had || !client || client.status === 'failed' || client.status === 'idle') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      client.request('SIGN_OUT', undefined).catch(() => undefined),
      new Promise<void>((r) => (timer = setTimeout(r, SIGN_OUT_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }
}
