import { useId, type ReactNode } from 'react';
import { WalletImage } from './WalletImage';

export interface ListItemProps {
  /** Shown name; also the accessible name unless `label` is given. */
  readonly name: string;
  readonly label?: string;
  readonly imageSrc?: string | undefined;
  /** Small badge, e.g. 'Installed' or 'Recent'; announced as the description. */
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
  const tagId = useId();
  return (
    <button
      type="button"
      className="lk-item"
      aria-label={label ?? name}
      aria-describedby={tag ? tagId : undefined}
      aria-current={current ? 'true' : undefined}
      disabled={disabled}
      onClick={onClick}
    >
      <WalletImage src={imageSrc} name={name} size={40} round={round} />
      <span className="lk-item-name">{name}</span>
      {children}
      {tag ? (
        <span className="lk-tag" id={tagId}>
          {tag}
        </span>
      ) : null}
    </button>
  );
}
