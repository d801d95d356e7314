/**
 * The modal's one icon set: line icons on a 24-unit grid, drawn for Latchkey as inline SVG
 * path data (no file to fetch, nothing from another host, allowed by a strict CSP). Every
 * feature button, tab and menu row draws its icon through {@link Icon}, at one size and one
 * stroke, in the text's colour. Decorative: the control that shows one carries the name.
 *
 * This module loads with the views that draw icons (the Account view, the token chooser, the
 * plugins' views through `latchkey/ui/icons`), never with the start entry.
 */
import type { ReactElement } from 'react';

interface IconDef {
  readonly d: string;
  /** Filled shapes (the "more" dots) instead of a stroke. */
  readonly fill?: true;
}

const dot = (x: number) => `M${x - 1.6} 12a1.6 1.6 0 1 0 3.2 0a1.6 1.6 0 1 0-3.2 0z`;

/** The icons by name. */
export const ICONS = {
  buy: { d: 'M3 6.5h18v11H3zM3 10.5h18M7 14.5h4' },
  swap: { d: 'M4 8h15M15 4l4 4-4 4M20 16H5M9 12l-4 4 4 4' },
  switchVertical: { d: 'M8 4v15M4 15l4 4 4-4M16 20V5M12 9l4-4 4 4' },
  receive: { d: 'M12 4v11M7 10l5 5 5-5M5 20h14' },
  send: { d: 'M12 20V9M7 14l5-5 5 5M5 4h14' },
  name: { d: 'M3.5 12.5V4h8.5l8.5 8.5-8 8zM8 8.5h.01' },
  settings: { d: 'M4 7h9M17 7h3M15 4.5v5M4 17h3M11 17h9M9 14.5v5' },
  plugin: { d: 'M4 4h6.5v6.5H4zM13.5 4H20v6.5h-6.5zM4 13.5h6.5V20H4zM13.5 13.5H20V20h-6.5z' },
  more: { d: `${dot(5)}${dot(12)}${dot(19)}`, fill: true },
  copy: { d: 'M9 9h11v11H9zM15 5.5V4H4v11h1.5' },
  check: { d: 'M5 12.5l4.5 4.5L19 7.5' },
  disconnect: { d: 'M12 3.5v8M7 6.3a7.5 7.5 0 1 0 10 0' },
  external: { d: 'M14 4h6v6M20 4l-8.5 8.5M18 14v6H4V6h6' },
  chevronDown: { d: 'M6 9.5l6 6 6-6' },
  chevronRight: { d: 'M9.5 6l6 6-6 6' },
  search: { d: 'M11 4.5a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13zM20 20l-4.3-4.3' },
  tokens: { d: 'M9.5 4.5a5.5 5.5 0 1 0 0 11a5.5 5.5 0 1 0 0-11zM14.6 9.1a5.5 5.5 0 1 1-5.5 9.1' },
  nfts: { d: 'M4 5h16v14H4zM4 15.5l4.5-4.5 4 4 3-3 4.5 4.5M15.5 8.5h.01' },
  activity: { d: 'M12 4a8 8 0 1 0 0 16a8 8 0 1 0 0-16zM12 8v4.5l3 2' },
  wallet: { d: 'M4 7.5h16V19H4zM4 7.5L15 4.5v3M15.5 13.5h1.5' },
} as const satisfies Readonly<Record<string, IconDef>>;

export type IconName = keyof typeof ICONS;

export interface IconProps {
  readonly name: IconName;
  /** Pixels; 20 by default (feature buttons, tabs, menu rows), 18 in icon buttons. */
  readonly size?: number;
}

/** One icon of the set, decorative (aria-hidden), in `currentColor`. */
export function Icon({ name, size = 20 }: IconProps): ReactElement {
  const def: IconDef = ICONS[name];
  return (
    <svg
      className="lk-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={def.fill ? 'currentColor' : 'none'}
      stroke={def.fill ? 'none' : 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={def.d} />
    </svg>
  );
}

/** The icon of a wallet feature (the Account view's buttons) by its contribution id; `plugin` for one the set does not know. */
export function featureIcon(id: string): IconName {
  return FEATURE_ICONS[id] ?? 'plugin';
}

const FEATURE_ICONS: Readonly<Record<string, IconName>> = {
  onramp: 'buy',
  swaps: 'swap',
  receive: 'receive',
  send: 'send',
  names: 'name',
  walletSettings: 'settings',
};

/** The icon of an Account view tab by its contribution id (Tokens, NFTs, Activity); undefined for another. */
export function tabIcon(id: string): IconName | undefined {
  return TAB_ICONS[id];
}

const TAB_ICONS: Readonly<Record<string, IconName>> = { Tokens: 'tokens', NFTs: 'nfts', Activity: 'activity' };
