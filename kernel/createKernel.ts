import { Container, type ContainerModule } from 'inversify';
import type { PluginManifest } from './plugin/manifest';
import { Environment, createEnvironment, type StorageLike } from './services/Environment';
import { Options, OptionsImpl, RawOptions } from './options/Options';
import type { LatchkeyOptions } from './options/types';
import { Storage, StorageImpl } from './services/Storage';
import { Router, RouterImpl } from './services/Router';
import { Modal, ModalImpl } from './services/Modal';
import { Network, NetworkImpl } from './services/Network';
import { Account, AccountImpl } from './services/Account';
import { ConnectorRegistry, ConnectorRegistryImpl } from './services/ConnectorRegistry';
import { Connection, ConnectionImpl } from './services/Connection';
import { PluginHost, PluginHostImpl } from './plugin/PluginHost';
import { KernelContainer } from './plugin/tokens';
import { OptionsValidationError } from './errors/kernel';
import { Theme, ThemeImpl } from './services/Theme';
import { Snackbar, SnackbarImpl } from './services/Snackbar';
import { Alerts, AlertsImpl } from './services/Alerts';
import { Events, EventsImpl } from './services/Events';
import { HttpClient, HttpClientImpl } from './services/HttpClient';
import { RpcTransport, RpcTransportImpl } from './services/RpcTransport';
import { WalletDirectory, WalletDirectoryImpl } from './services/WalletDirectory';
import { BlockchainApi, BlockchainApiImpl } from './services/BlockchainApi';
import { serverStates, type KernelServerState } from './services/serverState';
import type { LatchkeyInitialState } from './services/initialState';

export interface CreateKernelParameters {
  readonly options: LatchkeyOptions;
  /** Plugins the host chooses; only their manifests are evaluated now. */
  readonly plugins?: readonly PluginManifest[];
  /** Overrides for the page environment (tests, server rendering, embedded frames). */
  readonly environment?: Partial<Environment>;
  /**
   * Where the kernel keeps what it remembers between visits (default: localStorage). With
   * `cookieStorage()` the connection also reaches the server, which renders it
   * (`cookieToInitialState`, then `<LatchkeyProvider initialState>`).
   */
  readonly storage?: StorageLike;
  /** Extra container modules, e.g. to `rebind` a service with the host's own implementation. */
  readonly modules?: readonly ContainerModule[];
}

/** The headless kernel: every service, plus start/stop. */
export interface Kernel {
  readonly container: Container;
  get<T>(token: symbol): T;
  readonly environment: Environment;
  readonly options: Options;
  readonly storage: Storage;
  readonly router: Router;
  readonly modal: Modal;
  readonly network: Network;
  readonly account: Account;
  readonly connectors: ConnectorRegistry;
  readonly connection: Connection;
  readonly plugins: PluginHost;
  readonly theme: Theme;
  readonly snackbar: Snackbar;
  readonly alerts: Alerts;
  readonly events: Events;
  readonly http: HttpClient;
  readonly rpc: RpcTransport;
  readonly directory: WalletDirectory;
  /**
   * The state a server renders for a visitor whose storage held `initial` (what
   * `cookieToInitialState` read from the request; nothing when undefined): the account,
   * network and wallet-list states as created, before this page's storage was read, with
   * `initial` applied by the startup rule. The same object for the same `initial`. The React
   * UI hydrates from it, so the first client render equals the server's HTML.
   */
  serverState(initial?: LatchkeyInitialState): KernelServerState;
  /** Runs plugin setup hooks (e.g. wallet discovery), loads startup plugins and restores a stored connection. Idempotent. */
  start(): Promise<void>;
  /** Stops plugins and background work. */
  stop(): Promise<void>;
}

/**
 * Creates a kernel: an inversify container with every core service bound once
 * as a singleton, and the given plugins registered (not loaded).
 * Throws SiwxConflictError / OptionsValidationError for invalid options.
 */
export function createKernel(params: CreateKernelParameters): Kernel {
  if (typeof params !== 'object' || params === null) {
    throw new OptionsValidationError([{ path: '', message: 'createKernel needs { options, plugins? }' }]);
  }
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(KernelContainer).toConstantValue(container);
  const environment = params.storage ? { ...params.environment, localStorage: params.storage } : params.environment;
  container.bind(Environment).toConstantValue(createEnvironment(environment));
  container.bind(RawOptions).toConstantValue(params.options);
  container.bind(Options).to(OptionsImpl);
  container.bind(Storage).to(StorageImpl);
  container.bind(Router).to(RouterImpl);
  container.bind(Modal).to(ModalImpl);
  container.bind(Network).to(NetworkImpl);
  container.bind(Account).to(AccountImpl);
  container.bind(ConnectorRegistry).to(ConnectorRegistryImpl);
  container.bind(Connection).to(ConnectionImpl);
  container.bind(PluginHost).to(PluginHostImpl);
  container.bind(Theme).to(ThemeImpl);
  container.bind(Snackbar).to(SnackbarImpl);
  container.bind(Alerts).to(AlertsImpl);
  container.bind(Events).to(EventsImpl);
  container.bind(HttpClient).to(HttpClientImpl);
  container.bind(RpcTransport).to(RpcTransportImpl);
  container.bind(WalletDirectory).to(WalletDirectoryImpl);
  container.bind(BlockchainApi).to(BlockchainApiImpl);
  for (const module of params.modules ?? []) container.loadSync(module);

  const get = <T>(token: symbol): T => container.get<T>(token);
  // Resolve options first: invalid options throw here, before anything else runs.
  const options = get<Options>(Options);
  const plugins = get<PluginHost>(PluginHost);
  for (const manifest of params.plugins ?? []) plugins.register(manifest);

  const account = get<Account>(Account);
  const network = get<Network>(Network);
  const connectors = get<ConnectorRegistry>(ConnectorRegistry);
  // As created, nothing stored is applied yet: what a server renders.
  const serverState = serverStates({ account: account.state, network: network.state, connectors: connectors.state });
  // Startup rule: a stored 'connected' shows as 'connecting' from the first render on.
  account.restoreFromStorage();
  network.restoreFromStorage();
  const events = get<Events>(Events);
  events.setAddressSource(() => {
    const ns = network.state.activeNamespace;
    return ns ? account.get(ns).address : undefined;
  });

  let started: Promise<void> | undefined;
  const kernel: Kernel = {
    container,
    get,
    environment: get(Environment),
    options,
    storage: get(Storage),
    router: get(Router),
    modal: get(Modal),
    network,
    account,
    connectors,
    connection: get(Connection),
    plugins,
    theme: get(Theme),
    snackbar: get(Snackbar),
    alerts: get(Alerts),
    events,
    http: get(HttpClient),
    rpc: get(RpcTransport),
    directory: get(WalletDirectory),
    serverState,
    start() {
      started ??= (async () => {
        await plugins.start();
        await kernel.connection.reconnect();
      })();
      return started;
    },
    async stop() {
      await plugins.stop();
      kernel.rpc.dispose();
      started = undefined;
    },
  };
  events.track({ type: 'track', event: 'MODAL_CREATED' });
  return kernel;
}
