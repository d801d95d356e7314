import { useId, useMemo, useState } from 'react';
import type { Connector } from '../../kernel/index';
import { useObserved } from '../react/useObserved';
import { ListItem } from '../primitives/ListItem';
import { Link } from '../primitives/Link';
import { Text } from '../primitives/Text';
import { WalletImage } from '../primitives/WalletImage';
import { connectorTag, isWalletConnector, selectWallet, sortConnectors } from './connectWallet';
import type { ViewProps } from './types';

interface Entry {
  readonly key: string;
  readonly name: string;
  readonly imageUrl: string | undefined;
  /** Set for a wallet that can connect here and now. */
  readonly connector?: Connector;
  readonly tag?: string | undefined;
  /** Where to get a wallet that is not installed. */
  readonly getUrl?: string | undefined;
}

/**
 * Every wallet the browser announced plus the configured custom wallets,
 * searchable by name. Wallets that are not installed offer a 'Get' link.
 */
export default function AllWallets({ kernel }: ViewProps) {
  const [query, setQuery] = useState('');
  const inputId = useId();
  const registry = useObserved(kernel.connectors);
  const options = useObserved(kernel.options);
  const entries = useMemo(() => {
    const connectors = sortConnectors(
      kernel.connectors.grouped().filter(isWalletConnector),
      kernel.connectors.connectorTypeOrder(),
      registry.recent,
      options.featuredWalletIds ?? [],
    );
    const list: Entry[] = connectors.map((c) =>
      c.installed === false
        ? { key: c.id, name: c.name, imageUrl: c.imageUrl, getUrl: c.installUrl }
        : { key: c.id, name: c.name, imageUrl: c.imageUrl, connector: c, tag: connectorTag(c, registry.recent) },
    );
    const known = (w: { id: string; name: string; rdns?: string | undefined }) =>
      connectors.some(
        (c) =>
          c.id === w.id ||
          c.name.toLowerCase() === w.name.toLowerCase() ||
          (w.rdns !== undefined && [c, ...(c.connectors ?? [])].some((x) => x.info?.rdns === w.rdns)),
      );
    for (const w of options.customWallets ?? []) {
      if (options.excludeWalletIds?.includes(w.id) || known(w)) continue;
      list.push({ key: `custom:${w.id}`, name: w.name, imageUrl: w.imageUrl, getUrl: w.homepage ?? w.webappLink ?? w.desktopLink });
    }
    return list;
  }, [kernel, registry, options]);
  const q = query.trim().toLowerCase();
  const shown = q ? entries.filter((e) => e.name.toLowerCase().includes(q)) : entries;
  return (
    <div className="lk-stack">
      <label className="lk-sr" htmlFor={inputId}>
        Search wallet
      </label>
      <input
        id={inputId}
        className="lk-input"
        type="search"
        placeholder="Search wallet"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {shown.length ? (
        <ul className="lk-list" aria-label="Wallets">
          {shown.map((e) => (
            <li key={e.key}>
              {e.connector ? (
                <ListItem name={e.name} imageSrc={e.imageUrl} tag={e.tag} onClick={() => selectWallet(kernel, e.connector!)} />
              ) : (
                <div className="lk-item">
                  <WalletImage src={e.imageUrl} name={e.name} />
                  <span className="lk-item-name">{e.name}</span>
                  {e.getUrl ? (
                    <Link className="lk-tag" href={e.getUrl} aria-label={`Get ${e.name}`}>
                      Get
                    </Link>
                  ) : (
                    <span className="lk-tag">Not installed</span>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Text variant="muted" role="status">
          No wallet found
        </Text>
      )}
    </div>
  );
}
