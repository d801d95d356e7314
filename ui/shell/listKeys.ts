/**
 * Arrow keys in the modal's lists (every `.lk-list`: wallets, networks, store links, and
 * plugins' lists that use the class): ArrowDown and ArrowUp move focus to the next and
 * previous enabled control (wrapping), Home and End to the first and last. Tab keeps going
 * through every control as before. One listener on the modal body, loaded with the modal's
 * chunk; a windowed list (`.lk-vlist`, All Wallets) handles its keys itself.
 */
export function attachListKeys(root: HTMLElement): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowDown' ? 1 : e.key === 'ArrowUp' ? -1 : 0;
    if (e.defaultPrevented || (!step && e.key !== 'Home' && e.key !== 'End')) return;
    const target = e.target as Element;
    const list = target.closest?.('.lk-list');
    if (!list || list.classList.contains('lk-vlist') || !root.contains(list)) return;
    const items = [...list.querySelectorAll<HTMLElement>('button:not(:disabled),a[href]')];
    const from = items.findIndex((el) => el === target || el.contains(target));
    if (from < 0) return;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : (from + step + items.length) % items.length;
    e.preventDefault();
    items[to]!.focus();
  };
  root.addEventListener('keydown', onKeyDown);
  return () => root.removeEventListener('keydown', onKeyDown);
}
