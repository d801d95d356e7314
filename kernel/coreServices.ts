/**
 * The kernel's core services, bound once per kernel in its container as singletons.
 *
 * Their classes carry no inversify decorators: CORE_SERVICES lists each one's constructor
 * dependencies, and each is bound to a factory of its class (`toResolvedValue` with those
 * tokens), so the container still wires every service (a host module's `rebind` replaces a core
 * service wherever it is injected) while nothing is evaluated for decorators when the kernel's
 * chunk loads and the planner reads no class metadata. Measured on the bench's load (npm run
 * bench pages, a CPU profile of the navigation): the decorators were about 10 ms of the kernel
 * chunk's evaluation before the connect button rendered, and their code about 0.8 KiB gzip of
 * every host's entry.
 */
import type { Container, ContainerModule } from 'inversify';
import { Environment } from './services/Environment';
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
import { Theme, ThemeImpl } from './services/Theme';
import { Snackbar, SnackbarImpl } from './services/Snackbar';
import { Alerts, AlertsImpl } from './services/Alerts';
import { Events, EventsImpl } from './services/Events';
import { HttpClient, HttpClientImpl } from './services/HttpClient';
import { RpcTransport, RpcTransportImpl } from './services/RpcTransport';
import { WalletDirectory, WalletDirectoryImpl } from './services/WalletDirectory';
import { BlockchainApi, BlockchainApiImpl } from './services/BlockchainApi';
import { KernelContainer } from './plugin/tokens';

/** The core services createKernel puts on the kernel object. */
export interface CoreServices {
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
}

type ServiceClass = new (...deps: any[]) => unknown;

/**
 * Each core service: its token, its class and the tokens its constructor takes, in order; every
 * dependency comes before the services that take it. The plugins are registered right after the
 * plugin host.
 */
export const CORE_SERVICES: readonly (readonly [symbol, ServiceClass, ...symbol[]])[] = [
  [Alerts, AlertsImpl],
  [Options, OptionsImpl, RawOptions, Environment, Alerts],
  [Storage, StorageImpl, Environment],
  [PluginHost, PluginHostImpl, KernelContainer, Options, Storage],
  [Account, AccountImpl, Storage, Options],
  [Router, RouterImpl],
  [HttpClient, HttpClientImpl, Environment, Options],
  [Events, EventsImpl, Options, HttpClient, Alerts, Environment],
  [Modal, ModalImpl, Router, Account, PluginHost, Environment, Options, Events],
  [ConnectorRegistry, ConnectorRegistryImpl, Options, Storage],
  [Network, NetworkImpl, Options, Storage, Modal, Account, PluginHost, ConnectorRegistry, Alerts],
  [Connection, ConnectionImpl, Account, Network, Modal, ConnectorRegistry, PluginHost, Storage, Events, KernelContainer],
  [Theme, ThemeImpl, Options],
  [Snackbar, SnackbarImpl],
  [RpcTransport, RpcTransportImpl, Options, Environment],
  [WalletDirectory, WalletDirectoryImpl, Options, HttpClient, Storage],
];

/**
 * Binds the core services in `container` (which holds KernelContainer and Environment already),
 * loads the host's modules, then resolves the services in CORE_SERVICES' order: options first
 * (invalid options throw before anything else runs), and `register(plugins)` right after the
 * plugin host, so the services resolved after it (account, network, …) see the registered
 * plugins, as they always have.
 */
export function createCoreServices(
  container: Container,
  raw: LatchkeyOptions,
  modules: readonly ContainerModule[],
  register: (plugins: PluginHost) => void,
): CoreServices {
  container.bind(RawOptions).toConstantValue(raw);
  // Not resolved at start: on first use (its dependencies are the core's).
  bindCoreService(container, [BlockchainApi, BlockchainApiImpl, HttpClient, Options, Storage]);
  for (const entry of CORE_SERVICES) bindCoreService(container, entry);
  for (const module of modules) container.loadSync(module);
  for (const [token] of CORE_SERVICES) {
    const service = container.get(token);
    if (token === PluginHost) register(service as PluginHost);
  }
  const get = <T>(token: symbol) => container.get<T>(token);
  return {
    options: get(Options),
    storage: get(Storage),
    router: get(Router),
    modal: get(Modal),
    network: get(Network),
    account: get(Account),
    connectors: get(ConnectorRegistry),
    connection: get(Connection),
    plugins: get(PluginHost),
    theme: get(Theme),
    snackbar: get(Snackbar),
    alerts: get(Alerts),
    events: get(Events),
    http: get(HttpClient),
    rpc: get(RpcTransport),
    directory: get(WalletDirectory),
  };
}

/** Binds one core service in `container` to a factory of its class, its dependencies resolved by the container. */
export function bindCoreService(container: Container, [token, Service, ...deps]: (typeof CORE_SERVICES)[number]) {
  return container.bind(token).toResolvedValue((...args: unknown[]) => new Service(...args), deps);
}
