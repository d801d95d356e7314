import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabsProps {
  /** Names of the tablist for screen readers. */
  readonly label: string;
  readonly tabs: readonly string[];
  /** A decorative icon before each tab's text (the Account view's, from the icon set); by index. */
  readonly icons?: readonly (ReactNode | undefined)[];
  readonly selected: number;
  readonly onSelect: (index: number) => void;
  /** Panel content of the selected tab. */
  readonly children: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: ArrowLeft/ArrowRight wrap (mirrored right to
 * left), Home/End jump; only the selected tab is in the Tab order.
 */
export function Tabs({ label, tabs, icons, selected, onSelect, children }: TabsProps) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const current = Math.min(Math.max(selected, 0), tabs.length - 1);
  const onKeyDown = (e: KeyboardEvent) => {
    const n = tabs.length;
    // Right to left (an Arabic or Hebrew modal), the next tab is the one on the left.
    const rtl = list.current?.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    const next =
      e.key === forward ? (current + 1) % n : e.key === backward ? (current - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : -1;
    if (next < 0) return;
    e.preventDefault();
    onSelect(next);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className="lk-tabs">
      <div role="tablist" aria-label={label} className="lk-tablist" ref={list} onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`${base}t${i}`}
            aria-selected={i === current}
            aria-controls={`${base}p`}
            tabIndex={i === current ? 0 : -1}
            className="lk-tab"
            onClick={() => onSelect(i)}
          >
            {icons?.[i]}
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}p`} aria-labelledby={`${base}t${current}`} tabIndex={0} className="lk-tabpanel">
        {children}
      </div>
    </div>
  );
}
