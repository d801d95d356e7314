/** The kernel services the embedded wallet works with, handed to the service and the parts it composes. */
import type {
  Account,
  Alerts,
  Connection,
  Environment,
  Modal,
  Network,
  Options,
  Router,
  ScopedStorage,
  Snackbar,
  Storage,
  Theme,
} from 'latchkey';

/** The kernel services the wallet works with. */
export interface EmbeddedWalletDeps {
  readonly env: Environment;
  readonly options: Options;
  readonly storage: ScopedStorage;
  readonly kernelStorage: Storage;
  readonly router: Router;
  readonly modal: Modal;
  readonly snackbar: Snackbar;
  readonly alerts: Alerts;
  readonly connection: Connection;
  readonly account: Account;
  readonly network: Network;
  readonly theme: Theme;
}

/** Raises an EIP-1193 event on the connector's provider (accountsChanged, chainChanged). */
export type Emit = (event: string, ...args: unknown[]) => void;
