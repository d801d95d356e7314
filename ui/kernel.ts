/**
 * The slice of the kernel the UI talks to. Type-only: this file emits no code,
 * so the UI adds nothing to the kernel's bundle. The real `Kernel` returned by
 * `createKernel` satisfies it structurally; tests use `ui/testing/fakeKernel`.
 */
import type { Account, Alerts, Connection, ConnectorRegistry, Modal, Network, Options, PluginHost, Router, Snackbar, Theme } from '../kernel/index';

export interface UiKernel {
  readonly options: Options;
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
  /** Any service by its token (plugins' own services included). */
  get<T>(token: symbol): T;
  start(): Promise<void>;
}
