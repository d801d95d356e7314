import { Container, type ContainerModule } from 'inversify';
import type { PluginManifest } from './plugin/manifest';
import { Environment, createEnvironment, type StorageLike } from './services/Environment';
import type { LatchkeyOptions } from './options/types';
import { KernelContainer } from './plugin/tokens';
import { OptionsValidationError } from './errors/kernel';
import { createCoreServices, type CoreServices } from './coreServices';
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
export interface Kernel extends CoreServices {
  readonly container: Container;
  get<T>(token: symbol): T;
  readonly environment: Environment;
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
  // Options first (invalid options throw before anything else runs), then the plugins are registered.
  const core = createCoreServices(container, params.options, params.modules ?? [], (plugins) => {
    for (const manifest of params.plugins ?? []) plugins.register(manifest);
  });
  const get = <T>(token: symbol): T => container.get<T>(token);
  const { account, network, connectors, plugins, events } = core;
  // As created, nothing stored is applied yet: what a server renders.
  const serverState = serverStates({ account: account.state, network: network.state, connectors: connectors.state });
  // Startup rule: a stored 'connected' shows as 'connecting' from the first render on.
  account.restoreFromStorage();
  network.restoreFromStorage();
  events.setAddressSource(() => {
    const ns = network.state.activeNamespace;
    return ns ? account.get(ns).address : undefined;
  });

  let started: Promise<void> | undefined;
  const kernel: Kernel = {
    container,
    get,
    environment: get(Environment),
    ...core,
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
