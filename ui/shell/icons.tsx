/**
 * The modal's own icons, drawn by its stylesheet (no markup to speak of in the entry chunk):
 * decorative, the buttons carrying them are named.
 */
export const BackIcon = () => <span className="lk-i lk-i-back" aria-hidden="true" />;

export const CloseIcon = () => <span className="lk-i lk-i-close" aria-hidden="true" />;

/** The selected entry's check mark. */
export const CheckIcon = () => <span className="lk-check" aria-hidden="true" />;

/** "All Wallets": a grid of four tiles in the list's 40 px image slot. */
export const GridIcon = () => (
  <span className="lk-wimg lk-sz-40 lk-grid" aria-hidden="true">
    <i />
    <i />
    <i />
    <i />
  </span>
);
