/**
 * Account names (docs/account-features.md#names): registration (sign the message, register, success
 * view; back to the form with the error on failure) and the reverse lookup that puts the
 * account's name and avatar on the account (eip155 only; a testnet identity is skipped and the
 * profile cleared).
 */
import {
  Store,
  isUserRejection,
  type Account,
  type BlockchainApi,
  type ChainNamespace,
  type Connection,
  type Environment,
  type Network,
  type Router,
  type TtlCache,
} from 'latchkey';
import { DEFAULT_NAME_ZONE, NAME_FAILURE_TEXT, coinTypeForChain, fullName, nameIssue, nameLabel, registrationMessage } from './rules';
import type { AccountNames, AccountNamesState, NameSuggestion, NamesConfig } from './types';

export interface AccountNamesDeps {
  readonly api: BlockchainApi;
  readonly account: Account;
  readonly network: Network;
  readonly connection: Connection;
  readonly router: Router;
  readonly env: Pick<Environment, 'now'>;
  /** The blockchain API's identity cache (5 min, docs/account-features.md#names): forgotten once a name is registered. */
  readonly identityCache: TtlCache;
  readonly config: NamesConfig;
}

/** docs/account-features.md#names: what a declined signature reads as. */

const IDLE: AccountNamesState = { status: 'idle', name: undefined, error: undefined };

function message(err: unknown): string {
  const e = err as { shortMessage?: unknown; message?: unknown } | undefined;
  if (typeof e?.shortMessage === 'string' && e.shortMessage) return e.shortMessage;
  if (typeof e?.message === 'string' && e.message) return e.message;
  return 'Unknown error';
}

export class AccountNamesService implements AccountNames {
  private readonly store = new Store<AccountNamesState>(IDLE);
  readonly state$ = this.store.state$;
  readonly zone: string;
  private subscriptions: { unsubscribe(): void }[] = [];
  /** `caipNetworkId:address` whose identity was last looked up (or skipped). */
  private synced: string | undefined;
  /**
   * The profile name this service last put on the eip155 account. The evm plugin may put an ENS
   * primary name there too: an ENS name wins, and each clears only the name it wrote.
   */
  private written: string | undefined;

  constructor(private readonly deps: AccountNamesDeps) {
    this.zone = deps.config.zone ?? DEFAULT_NAME_ZONE;
  }

  get state(): AccountNamesState {
    return this.store.state;
  }

  /* ---------------------------------------------------------------- registration */

  async register(input: string): Promise<boolean> {
    const { account, network, connection, router, api } = this.deps;
    const label = nameLabel(input, this.zone);
    const name = fullName(label, this.zone);
    const fail = (error: string) => {
      this.store.set({ status: 'error', name, error });
      if (router.state.view !== 'RegisterAccountName') router.replace('RegisterAccountName');
      return false;
    };
    const issue = nameIssue(label);
    if (issue) return fail(issue);
    const acc = account.get('eip155');
    const net = network.state.namespaces.eip155.caipNetwork;
    if (acc.status !== 'connected' || !acc.address || !net) return fail(NAME_FAILURE_TEXT.connectEvm);
    try {
      const coinType = coinTypeForChain(Number(net.id));
      const text = registrationMessage(name, this.deps.env.now());
      this.store.set({ status: 'signing', name, error: undefined });
      let signature: string;
      try {
        signature = await connection.signMessage(text, 'eip155');
      } catch (err) {
        return fail(isUserRejection(err) ? NAME_FAILURE_TEXT.signatureDeclined : message(err));
      }
      this.store.set({ status: 'registering', name, error: undefined });
      const record = await api.registerName({ coinType, address: acc.address, message: text, signature });
      // The lookups cached before the registration no longer hold.
      this.deps.identityCache.clear();
      if (account.get('eip155').address === acc.address) this.write({ name: record.name });
      this.store.set({ status: 'registered', name: record.name, error: undefined });
      router.replace('RegisterAccountNameSuccess', { name: record.name });
      return true;
    } catch (err) {
      return fail(message(err));
    }
  }

  async suggest(input: string): Promise<readonly NameSuggestion[]> {
    const label = nameLabel(input, this.zone);
    if (nameIssue(label) || !this.deps.api.configured) return [];
    const list = await this.deps.api.suggestNames(label);
    const suffix = `.${this.zone}`;
    // Only names of this plugin's zone can be registered here.
    return list.filter((s) => s.name.toLowerCase().endsWith(suffix)).slice(0, 5);
  }

  reset(): void {
    if (this.state.status !== 'signing' && this.state.status !== 'registering') this.store.set(IDLE);
  }

  /* ---------------------------------------------------------------- reverse lookup */

  start(): void {
    if (this.subscriptions.length) return;
    const sync = () => this.sync();
    this.subscriptions = [this.deps.account.state$.subscribe(sync), this.deps.network.state$.subscribe(sync)];
  }

  stop(): void {
    for (const s of this.subscriptions) s.unsubscribe();
    this.subscriptions = [];
    this.synced = undefined;
  }

  /** Puts a name (and image) on the eip155 account, unless another source's name (ENS) is there. */
  private write(profile: { name: string; image?: string | null }): void {
    const current = this.deps.account.get('eip155').profileName;
    if (current && current !== this.written) return;
    this.written = profile.name;
    this.deps.account.setProfile('eip155', profile);
  }

  /** Takes this service's name off the eip155 account (another source's stays). */
  private clearOwn(): void {
    const current = this.deps.account.get('eip155');
    const mine = this.written !== undefined && current.profileName === this.written;
    this.written = undefined;
    if (mine || current.profileName == null) this.deps.account.setProfile('eip155', { name: null, image: null });
  }

  private sync(): void {
    const { account, network, api, config } = this.deps;
    // docs/connection.md#account-sync: no account sync outside EVM; the profile is cleared.
    for (const ns of Object.keys(account.state.namespaces) as ChainNamespace[]) {
      if (ns === 'eip155') continue;
      const a = account.get(ns);
      if (a.profileName != null || a.profileImage != null) account.setProfile(ns, { name: null, image: null });
    }
    const acc = account.get('eip155');
    const net = network.state.namespaces.eip155.caipNetwork;
    if (acc.status !== 'connected' || !acc.address || !net) {
      this.synced = undefined;
      return;
    }
    const key = `${net.caipNetworkId}:${acc.address}`;
    if (key === this.synced) return;
    this.synced = key;
    const address = acc.address;
    // another account or network: the name looked up for the last one goes
    this.clearOwn();
    const clear = () => {
      if (this.synced === key) this.clearOwn();
    };
    // docs/connection.md#account-sync: a testnet identity is not looked up; the profile is cleared.
    if (net.testnet && !config.testnets) return clear();
    if (!api.configured) return;
    api.identity({ address, caipNetworkId: net.caipNetworkId }).then(
      ({ name, avatar }) => {
        if (this.synced !== key) return;
        if (name) this.write({ name, image: avatar });
        else this.clearOwn();
      },
      clear,
    );
  }
}
