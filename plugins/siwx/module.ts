/**
 * The sign-in plugin's headless module (docs/account-features.md#sign-in-with-a-wallet-message): the SignIn service, the
 * close guard, the sign-out on disconnect, and the environment handed to the providers this
 * plugin makes (storage, verification, HTTP). Loaded when an account connects with a
 * provider configured, or when one of its views opens.
 */
import { ContainerModule } from 'inversify';
import {
  localText,
  Account,
  Connection,
  Environment,
  Events,
  HttpClient,
  Modal,
  Network,
  Options,
  Router,
  RpcTransport,
  SessionState,
  Snackbar,
  Store,
  parseCaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
  type PluginContext,
  type PluginModule,
} from 'latchkey';
import { NoActiveCaipAddressError, SiwxNotEnabledError } from './errors';
import { messages } from './messages';
import { messageData } from './message';
import { siweToSiwx, type SiweConfig } from './legacy';
import { verifySession, type SessionVerifier } from './verify';
import { SignInOnConnectImpl } from './onConnect';
import { SignInOnConnect } from 'latchkey/signin';
import { SIWX_ATTACH, SignIn, type AttachableSiwx, type SignInState, type SiwxConfig, type SiwxEnvironment, type SiwxSession } from './types';

export interface SiwxModuleConfig {
  readonly siwx?: SiwxConfig;
  readonly siweConfig?: SiweConfig;
  readonly verifiers?: Readonly<Record<string, SessionVerifier>>;
}

interface Active {
  readonly ns: ChainNamespace;
  readonly chainId: CaipNetworkId;
  readonly address: string;
}

export interface SignInDeps {
  readonly provider: SiwxConfig | undefined;
  readonly legacy: boolean;
  readonly connection: Connection;
  readonly account: Account;
  readonly network: Network;
  readonly modal: Modal;
  readonly router: Router;
  readonly snackbar: Snackbar;
  readonly events?: Events;
}

export class SignInImpl implements SignIn {
  private readonly store: Store<SignInState>;
  readonly state$;
  /** Bumped by every initialize and reset: a late answer for another account is dropped. */
  private seq = 0;

  constructor(private readonly deps: SignInDeps) {
    this.store = new Store<SignInState>({ enabled: deps.provider !== undefined, legacy: deps.legacy, status: 'idle', session: undefined });
    this.state$ = this.store.state$;
  }

  get state(): SignInState {
    return this.store.state;
  }

  provider(): SiwxConfig | undefined {
    return this.deps.provider;
  }

  required(): boolean {
    try {
      return this.deps.provider?.getRequired?.() === true;
    } catch {
      return true;
    }
  }

  /** The view of this flow: ConnectingSiwe for the legacy `siweConfig`, else SIWXSignMessage. */
  view(): 'SIWXSignMessage' | 'ConnectingSiwe' {
    return this.deps.legacy ? 'ConnectingSiwe' : 'SIWXSignMessage';
  }

  private active(): Active | undefined {
    const ns = this.deps.network.state.activeNamespace;
    if (!ns) return undefined;
    const account = this.deps.account.get(ns);
    if (account.status !== 'connected' || !account.caipAddress) return undefined;
    const parsed = parseCaipAddress(account.caipAddress);
    return { ns, chainId: parsed.caipNetworkId, address: parsed.address };
  }

  async initialize(): Promise<void> {
    const provider = this.deps.provider;
    const active = this.active();
    if (!provider || !active) return;
    // SIWE is EVM-only: other accounts are not asked on the legacy path.
    if (this.deps.legacy && active.ns !== 'eip155') return;
    const seq = ++this.seq;
    this.store.patch({ status: 'checking', session: undefined });
    try {
      const sessions = await provider.getSessions(active.chainId, active.address);
      if (seq !== this.seq) return;
      if (sessions.length > 0) {
        this.store.patch({ status: 'signed', session: sessions[0] });
        return;
      }
      this.store.patch({ status: 'required' });
      await this.deps.modal.open({ view: this.view() });
    } catch (err) {
      if (seq !== this.seq) return;
      console.error('[latchkey] sign-in: could not read the sessions', err);
      this.store.patch({ status: 'idle' });
      this.deps.snackbar.error(localText(messages, 'snackInitFailed'));
      this.track('SIWX_AUTH_ERROR', active);
      await this.deps.connection.disconnect().catch(() => undefined);
      this.deps.router.reset('Connect');
    }
  }

  async requestSignMessage(): Promise<void> {
    const provider = this.deps.provider;
    if (!provider) throw new SiwxNotEnabledError();
    const active = this.active();
    if (!active) throw new NoActiveCaipAddressError();
    if (this.state.status === 'signing') return;
    const seq = ++this.seq;
    this.store.patch({ status: 'signing' });
    try {
      const message = await provider.createMessage({ chainId: active.chainId, accountAddress: active.address });
      const text = message.toString();
      const signature = await this.deps.connection.signMessage(text, active.ns);
      const session: SiwxSession = { data: messageData(message), message: text, signature };
      this.deps.snackbar.loading(localText(messages, 'snackAuthenticating'));
      await provider.addSession(session);
      if (seq !== this.seq) return;
      this.store.patch({ status: 'signed', session });
      this.deps.snackbar.hide();
      this.track('SIWX_AUTH_SUCCESS', active);
      this.deps.modal.close();
    } catch (err) {
      if (seq !== this.seq) return;
      console.warn('[latchkey] sign-in failed', err);
      this.store.patch({ status: 'declined' });
      const view = this.view();
      if (!this.deps.modal.state.open || this.deps.router.state.view !== view) await this.deps.modal.open({ view });
      this.deps.snackbar.error(localText(messages, this.isSmartAccount(active) ? 'snackSmartAccount' : 'snackDeclined'));
      this.track('SIWX_AUTH_ERROR', active);
    }
  }

  async cancel(): Promise<void> {
    if (this.required()) {
      await this.deps.connection.disconnect().catch((err) => console.warn('[latchkey] sign-in: disconnect failed', err));
      this.deps.router.reset('Connect');
    } else {
      this.deps.modal.close();
    }
  }

  async getSessions(): Promise<readonly SiwxSession[]> {
    const provider = this.deps.provider;
    if (!provider) throw new SiwxNotEnabledError();
    const active = this.active();
    if (!active) throw new NoActiveCaipAddressError();
    return provider.getSessions(active.chainId, active.address);
  }

  closeBlocked(): boolean {
    if (!this.deps.provider || this.state.session !== undefined || !this.required() || !this.active()) return false;
    const view = this.deps.router.state.view;
    return view === this.view() || view === 'ApproveTransaction';
  }

  /** A namespace (or every one) disconnects: forget its session (unless `signOutOnDisconnect` is false). */
  signOut(namespace?: ChainNamespace): void {
    const provider = this.deps.provider;
    this.seq++;
    const namespaces = namespace ? [namespace] : (['eip155', 'solana', 'bip122', 'polkadot'] as ChainNamespace[]);
    for (const ns of namespaces) {
      const caip = this.deps.account.get(ns).caipAddress;
      if (!provider || !caip || provider.signOutOnDisconnect === false) continue;
      const parsed = parseCaipAddress(caip);
      const revoke = provider.revokeSession ? provider.revokeSession(parsed.caipNetworkId, parsed.address) : provider.setSessions([]);
      void Promise.resolve(revoke).catch((err) => console.warn('[latchkey] sign-in: sign-out failed', err));
    }
    this.store.patch({ status: 'idle', session: undefined });
  }

  private isSmartAccount(active: Active): boolean {
    const account = this.deps.account.get(active.ns);
    return account.allAccounts.some((a) => a.address.toLowerCase() === active.address.toLowerCase() && a.type === 'smartAccount');
  }

  private track(event: string, active: Active): void {
    this.deps.events?.track({ type: 'track', event, properties: { network: active.chainId, isSmartAccount: this.isSmartAccount(active) } });
  }
}

/** The environment a provider made by this plugin works with. */
function environment(ctx: PluginContext, verifiers: SiwxModuleConfig['verifiers']): SiwxEnvironment {
  const network = ctx.get<Network>(Network);
  const rpc = ctx.get<RpcTransport>(RpcTransport);
  const env = ctx.get<Environment>(Environment);
  // One answer per (message, signature) for the page's life: a contract account is not asked again.
  const verified = new Map<string, Promise<boolean>>();
  const verify = (session: SiwxSession): Promise<boolean> => {
    const key = `${session.signature}\n${session.message}`;
    let answer = verified.get(key);
    if (!answer) {
      answer = verifySession(session, {
        rpc: (chainId) => {
          const net = network.find(chainId as CaipNetworkId);
          return net ? rpc.forNetwork(net) : undefined;
        },
        ...(verifiers ? { verifiers } : {}),
      });
      if (verified.size >= 256) verified.clear();
      verified.set(key, answer);
      // A failure to reach the chain is not remembered.
      answer.then((ok) => (ok ? undefined : verified.delete(key)), () => verified.delete(key));
    }
    return answer;
  };
  const loc = env.window?.location;
  return {
    storage: ctx.storage,
    verify,
    http: ctx.get<HttpClient>(HttpClient),
    location: loc ? { host: loc.host, origin: loc.origin } : undefined,
    now: () => env.now(),
  };
}

function isAttachable(p: unknown): p is AttachableSiwx {
  return typeof p === 'object' && p !== null && typeof (p as Partial<AttachableSiwx>)[SIWX_ATTACH] === 'function';
}

export function siwxModule(config: SiwxModuleConfig): PluginModule {
  return {
    services: new ContainerModule(({ bind }) => {
      bind(SignIn)
        .toDynamicValue((c) => {
          const options = c.get<Options>(Options).state as { siwx?: unknown; siweConfig?: unknown };
          const env = c.get<Environment>(Environment);
          const loc = env.window?.location;
          const siwe = (config.siweConfig ?? options.siweConfig) as SiweConfig | undefined;
          const siwx = (config.siwx ?? options.siwx) as SiwxConfig | undefined;
          const provider = siwx ?? (siwe ? siweToSiwx(siwe, loc ? { host: loc.host, origin: loc.origin } : undefined) : undefined);
          return new SignInImpl({
            provider,
            legacy: siwx === undefined && siwe !== undefined,
            connection: c.get<Connection>(Connection),
            account: c.get<Account>(Account),
            network: c.get<Network>(Network),
            modal: c.get<Modal>(Modal),
            router: c.get<Router>(Router),
            snackbar: c.get<Snackbar>(Snackbar),
            events: c.get<Events>(Events),
          });
        })
        .inSingletonScope();
      bind(SessionState).toDynamicValue((c) => ({ reset: (ns?: ChainNamespace) => (c.get<SignIn>(SignIn) as SignInImpl).signOut(ns) }));
      // Sign-in while a wallet connects (WalletConnect's one-click auth), through the kernel's link.
      bind(SignInOnConnect)
        .toDynamicValue((c) => {
          const signIn = c.get<SignIn>(SignIn);
          return new SignInOnConnectImpl({ provider: () => signIn.provider(), snackbar: c.get<Snackbar>(Snackbar), events: c.get<Events>(Events) });
        })
        .inSingletonScope();
    }),
    onLoad(ctx) {
      const signIn = ctx.get<SignIn>(SignIn);
      const provider = signIn.provider();
      if (isAttachable(provider)) provider[SIWX_ATTACH](environment(ctx, config.verifiers));
      // docs/account-features.md#sign-in-with-a-wallet-message: close is disabled while sign-in is required and no session exists (a close shakes).
      // The guard goes at kernel.stop().
      return ctx.get<Modal>(Modal).addCloseGuard(() => !signIn.closeBlocked());
    },
  };
}
