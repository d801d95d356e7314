import type { ReactNode } from 'react';
import { WalletImage } from './WalletImage';
import { CheckIcon } from '../shell/icons';

export interface ListItemProps {
  /** Shown name; also the accessible name unless `label` is given. */
  readonly name: string;
  readonly label?: string;
  readonly imageSrc?: string | undefined;
  /** Drawn in place of the image (e.g. the grid of "All Wallets"); decorative. */
  readonly icon?: ReactNode;
  /** Small badge, e.g. 'Installed' or 'Recent'; part of the accessible name (it is visible text). */
  readonly tag?: string | undefined;
  readonly onClick?: () => void;
  readonly disabled?: boolean;
  /** The selected entry (e.g. the active network): aria-current and a check mark. */
  readonly current?: boolean;
  readonly round?: boolean;
  readonly children?: ReactNode;
}

/** A full-width list button: image, name, optional tag, a check mark when current. */
export function ListItem({ name, label, imageSrc, icon, tag, onClick, disabled, current, round, children }: ListItemProps) {
  // The accessible name holds every visible word (WCAG 2.5.3, label in name).
  const accessibleName = tag ? `${label ?? name} ${tag}` : label ?? name;
  return (
    <button
      type="button"
      className="lk-item"
      aria-label={accessibleName}
      aria-current={current ? 'true' : undefined}
      disabled={disabled}
      onClick={onClick}
    >
      {icon ?? <WalletImage src={imageSrc} name={name} size={40} round={round} />}
      <span className="lk-item-name">{name}</span>
      {children}
      {tag ? (
        <>
          {' '}
          <span className="lk-tag">{tag}</span>
        </>
      ) : null}
      {current ? <CheckIcon /> : null}
    </button>
  );
}
