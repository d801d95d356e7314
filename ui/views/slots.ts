/**
 * The contribution points the core views render (the orders of docs/modal.md#connect-view-order and docs/modal.md#account-view), read from the
 * kernel's registry: what is contributed, minus what a feature flag turns off, in the
 * configured order, then by each contribution's `order`.
 */
import type {
  AccountTabContribution,
  ChainNamespace,
  ConnectMethodContribution,
  ConnectorType,
  Features,
  WalletFeatureContribution,
} from '../../kernel/index';
import type { UiKernel } from '../kernel';

type Contributed<T> = T & { readonly plugin: string };

/** A contribution with `flag` shows unless that feature flag is false or an empty list. */
function flagAllows(features: Features | undefined, flag: string | undefined): boolean {
  if (!flag) return true;
  const value = features?.[flag];
  return !(value === false || (Array.isArray(value) && value.length === 0));
}

/** `items` with ids listed in `order` first, in that order; the rest keep their relative order. */
function inOrder<T extends { readonly id: string }>(items: readonly T[], order: readonly string[] | undefined): T[] {
  const rank = (t: T) => {
    const i = order?.indexOf(t.id) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return items.map((t, i) => ({ t, i })).sort((a, b) => rank(a.t) - rank(b.t) || a.i - b.i).map((x) => x.t);
}

/** A contribution with `connectorTypes` shows only while the active namespace is connected through one of them. */
function connectorAllows(kernel: UiKernel, types: readonly ConnectorType[] | undefined): boolean {
  if (!types) return true;
  const ns = kernel.network.state.activeNamespace;
  const id = ns ? kernel.account.get(ns).connectorId : undefined;
  const type = id ? kernel.connectors.get(id)?.type : undefined;
  return type !== undefined && types.includes(type);
}

/** A contribution with `namespaces` shows only while the active namespace is one of them. */
function namespaceAllows(kernel: UiKernel, namespaces: readonly ChainNamespace[] | undefined): boolean {
  const ns = kernel.network.state.activeNamespace;
  return !namespaces || (ns !== undefined && namespaces.includes(ns));
}

/** Account view buttons: walletFeaturesOrder (default onramp, swaps, receive, send), then `order`. */
export function walletFeatureSlot(kernel: UiKernel): Contributed<WalletFeatureContribution>[] {
  const features = kernel.options.state.features;
  return inOrder(
    kernel.plugins.walletFeatures().filter((f) => flagAllows(features, f.flag) && connectorAllows(kernel, f.connectorTypes) && namespaceAllows(kernel, f.namespaces)),
    features.walletFeaturesOrder,
  );
}

/** Account view tabs, by `order` (Tokens, NFTs, Activity contribute 10, 20, 30). */
export function accountTabSlot(kernel: UiKernel): Contributed<AccountTabContribution>[] {
  const features = kernel.options.state.features;
  return kernel.plugins.accountTabs().filter((t) => flagAllows(features, t.flag) && connectorAllows(kernel, t.connectorTypes) && namespaceAllows(kernel, t.namespaces));
}

/** Connect view sections: the kernel's connect-method order (wallet first once a browser wallet is usable), then `order`. */
export function connectMethodSlot(kernel: UiKernel): Contributed<ConnectMethodContribution>[] {
  const features = kernel.options.state.features;
  return inOrder(
    kernel.plugins.connectMethods().filter((m) => flagAllows(features, m.flag)),
    kernel.connectors.connectMethodsOrder(),
  );
}
