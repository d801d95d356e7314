/**
 * The Account view's wallet features as one even row of icon-and-label buttons: up to five
 * side by side in equal columns; past five, the first four and a "More" button whose menu
 * lists the rest (WAI-ARIA menu button: arrows move, Escape closes and returns to "More").
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { WalletFeatureContribution } from '../../../kernel/index';
import { Icon, featureIcon } from '../../icons/set';
import { sanitizeUrl } from '../../url';

/** Buttons the row holds before the rest go into "More". */
const MAX_FEATURE_TILES = 5;

type Feature = WalletFeatureContribution & { readonly plugin: string };

interface FeatureBarProps {
  readonly features: readonly Feature[];
  /** The group's name ("Wallet features"). */
  readonly label: string;
  /** "More". */
  readonly moreLabel: string;
  /** A feature's button text (its label in the visitor's language). */
  readonly text: (f: Feature) => string;
  readonly onOpen: (f: Feature) => void;
}

/** The feature's icon: the plugin's own image when it gave one, else the set's icon for its id. */
function FeatureIcon({ feature }: { readonly feature: Feature }) {
  const src = sanitizeUrl(feature.icon, 'image');
  return src ? <img className="lk-icon lk-icon-img" src={src} alt="" width={20} height={20} /> : <Icon name={featureIcon(feature.id)} />;
}

export function FeatureBar({ features, label, moreLabel, text, onOpen }: FeatureBarProps) {
  const overflow = features.length > MAX_FEATURE_TILES;
  const shown = overflow ? features.slice(0, MAX_FEATURE_TILES - 1) : features;
  const rest = overflow ? features.slice(MAX_FEATURE_TILES - 1) : [];
  const columns = shown.length + (overflow ? 1 : 0);
  return (
    <div className="lk-features" role="group" aria-label={label} style={{ ['--lk-cols' as string]: columns }}>
      {shown.map((f) => (
        <button key={`${f.plugin}/${f.id}`} type="button" className="lk-feature" onClick={() => onOpen(f)}>
          <FeatureIcon feature={f} />
          <span className="lk-feature-label">{text(f)}</span>
        </button>
      ))}
      {overflow ? <MoreMenu items={rest} label={moreLabel} text={text} onOpen={onOpen} /> : null}
    </div>
  );
}

function MoreMenu({ items, label, text, onOpen }: { readonly items: readonly Feature[]; readonly label: string; readonly text: (f: Feature) => string; readonly onOpen: (f: Feature) => void }) {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const doc = wrap.current?.ownerDocument;
    const outside = (e: Event) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    doc?.addEventListener('pointerdown', outside, true);
    return () => doc?.removeEventListener('pointerdown', outside, true);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(e.target as HTMLElement);
    const n = entries.length;
    const next = e.key === 'ArrowDown' ? (at + 1) % n : e.key === 'ArrowUp' ? (at - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
    if (next >= 0) {
      e.preventDefault();
      entries[next]?.focus();
    } else if (e.key === 'Escape') {
      // the menu closes, not the modal
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="lk-more" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="lk-feature"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        <Icon name="more" />
        <span className="lk-feature-label">{label}</span>
      </button>
      {open ? (
        <div id={id} role="menu" aria-label={label} className="lk-menu" ref={menu} onKeyDown={onKeyDown}>
          {items.map((f) => (
            <button
              key={`${f.plugin}/${f.id}`}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="lk-menu-item"
              onClick={() => {
                setOpen(false);
                onOpen(f);
              }}
            >
              <FeatureIcon feature={f} />
              <span>{text(f)}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
