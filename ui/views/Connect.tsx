import type { ConnectMethod } from '../../kernel/index';
import { useObserved } from '../react/useObserved';
import { ListItem } from '../primitives/ListItem';
import { Text } from '../primitives/Text';
import { PluginView } from '../outlet/RouterOutlet';
import { connectorTag, isWalletConnector, selectWallet, sortConnectors } from './connectWallet';
import type { ViewProps } from './types';

/**
 * Plugin views rendered inline for the non-wallet connect methods. A plugin
 * that contributes `connectMethods: ['email']` contributes the view 'ConnectEmail'
 * (and 'ConnectSocials' for 'social').
 */
export const CONNECT_METHOD_VIEWS: Readonly<Record<Exclude<ConnectMethod, 'wallet'>, string>> = {
  email: 'ConnectEmail',
  social: 'ConnectSocials',
};

/**
 * The first view: connect methods in the kernel's order (wallet first once a
 * browser wallet is usable). The wallet method is always there; e-mail and
 * socials only when a plugin contributes them AND the host turned the feature
 * on (features.email true, features.socials a non-empty list).
 */
export default function Connect({ kernel }: ViewProps) {
  const registry = useObserved(kernel.connectors);
  const features = useObserved(kernel.options, (s) => s.features);
  const featured = useObserved(kernel.options, (s) => s.featuredWalletIds);
  useObserved(kernel.plugins);
  const contributed = kernel.plugins.connectMethods();
  const methods = kernel.connectors
    .connectMethodsOrder()
    .filter((m) => m === 'wallet' || (contributed.includes(m) && (m === 'email' ? features?.email === true : Array.isArray(features?.socials) && features.socials.length > 0)));
  const wallets = sortConnectors(
    kernel.connectors.grouped().filter((c) => isWalletConnector(c) && c.installed !== false),
    kernel.connectors.connectorTypeOrder(),
    registry.recent,
    featured ?? [],
  );
  return (
    <div className="lk-stack">
      {methods.map((m) =>
        m === 'wallet' ? (
          <ul className="lk-list" key="wallet" aria-label="Wallets">
            {wallets.map((c) => (
              <li key={c.id}>
                <ListItem name={c.name} imageSrc={c.imageUrl} tag={connectorTag(c, registry.recent)} onClick={() => selectWallet(kernel, c)} />
              </li>
            ))}
            {features?.allWallets !== false ? (
              <li>
                <ListItem name="All Wallets" onClick={() => kernel.router.push('AllWallets')} />
              </li>
            ) : wallets.length === 0 ? (
              <li>
                <Text variant="muted">No wallet found</Text>
              </li>
            ) : null}
          </ul>
        ) : (
          <PluginView key={m} kernel={kernel} view={CONNECT_METHOD_VIEWS[m]} />
        ),
      )}
    </div>
  );
}
