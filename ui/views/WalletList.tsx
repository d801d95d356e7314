import { useObserved } from '../react/useObserved';
import { ListItem } from '../primitives/ListItem';
import { Text } from '../primitives/Text';
import { GridIcon } from '../shell/icons';
import { connectorTag, isWalletConnector, selectWallet, sortConnectors } from './connectWallet';
import type { ViewProps } from './types';

/**
 * The Connect view's 'wallet' method: installed and configured wallets in the connector
 * type order (recent first), and "All Wallets" unless `features.allWallets` is false.
 * Arrow keys move through the list.
 */
export default function WalletList({ kernel }: ViewProps) {
  const registry = useObserved(kernel.connectors);
  const features = useObserved(kernel.options, (s) => s.features);
  const featured = useObserved(kernel.options, (s) => s.featuredWalletIds);
  const wallets = sortConnectors(
    kernel.connectors.grouped().filter((c) => isWalletConnector(c) && c.installed !== false),
    kernel.connectors.connectorTypeOrder(),
    registry.recent,
    featured ?? [],
  );
  return (
    <ul className="lk-list" aria-label="Wallets">
      {wallets.map((c) => (
        <li key={c.id}>
          <ListItem name={c.name} imageSrc={c.imageUrl} tag={connectorTag(c, registry.recent)} onClick={() => selectWallet(kernel, c)} />
        </li>
      ))}
      {features?.allWallets !== false ? (
        <li>
          <ListItem name="All Wallets" icon={<GridIcon />} onClick={() => kernel.router.push('AllWallets')} />
        </li>
      ) : wallets.length === 0 ? (
        <li>
          <Text variant="muted">No wallet found</Text>
        </li>
      ) : null}
    </ul>
  );
}
