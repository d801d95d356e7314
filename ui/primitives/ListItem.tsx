import type { ReactNode } from 'react';
import { WalletImage } from './WalletImage';

export interface ListItemProps {
  /** Shown name; also the accessible name unless `label` is given. */
  readonly name: string;
  readonly label?: string;
  readonly imageSrc?: string | undefined;
  /** Small badge, e.g. 'Installed' or 'Recent'; part of the accessible name (it is visible text). */
  readonly tag?: string | undefined;
  readonly onClick?: () => void;
  readonly disabled?: boolean;
  /** aria-current, e.g. for the active network. */
  readonly current?: boolean;
  readonly round?: boolean;
  readonly children?: ReactNode;
}

/** A full-width list button: image, name, optional tag. */
export function ListItem({ name, label, imageSrc, tag, onClick, disabled, current, round, children }: ListItemProps) {
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
      <WalletImage src={imageSrc} name={name} size={40} round={round} />
      <span className="lk-item-name">{name}</span>
      {children}
      {tag ? (
        <>
          {' '}
          <span className="lk-tag">{tag}</span>
        </>
      ) : null}
    </button>
  );
}
