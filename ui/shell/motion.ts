/**
 * The card's height follows its view smoothly, and a scrolled area says there is more.
 * Loaded with the modal's stylesheet (./modalChunk.ts), not in the entry; browser only
 * (ResizeObserver). Without them the card simply takes its content's height.
 */

/**
 * Sets `box`'s height (CSSOM) to the height of `content` plus `box`'s vertical padding,
 * following it with a ResizeObserver; the CSS animates the change (`data-lk-animate`, set
 * after the first measure so the modal does not grow from nothing). The card's max-height
 * still caps it: the box then scrolls. Returns the undo.
 */
export function attachAnimatedHeight(box: HTMLElement, content: HTMLElement): () => void {
  const win = box.ownerDocument.defaultView;
  if (!win || typeof win.ResizeObserver === 'undefined') return () => {};
  const apply = () => {
    const s = win.getComputedStyle(box);
    const padding = parseFloat(s.paddingTop) + parseFloat(s.paddingBottom);
    box.style.height = `${Math.ceil(content.getBoundingClientRect().height + padding)}px`;
  };
  apply();
  const frame = win.requestAnimationFrame(() => box.setAttribute('data-lk-animate', ''));
  const observer = new win.ResizeObserver(apply);
  observer.observe(content);
  return () => {
    win.cancelAnimationFrame(frame);
    observer.disconnect();
    box.removeAttribute('data-lk-animate');
    box.style.removeProperty('height');
  };
}

/**
 * Marks the scroll container `el` with `data-lk-above` / `data-lk-below` while content is
 * hidden above / below, for the CSS scroll shadows (class `lk-hint`).
 */
export function updateScrollHint(el: HTMLElement): void {
  const above = el.scrollTop > 1;
  const below = el.scrollTop + el.clientHeight < el.scrollHeight - 1;
  if (above !== el.hasAttribute('data-lk-above')) el.toggleAttribute('data-lk-above', above);
  if (below !== el.hasAttribute('data-lk-below')) el.toggleAttribute('data-lk-below', below);
}

/** Keeps {@link updateScrollHint} current on scroll and on resize of `el` or its first child. Returns the undo. */
export function attachScrollHint(el: HTMLElement): () => void {
  const update = () => updateScrollHint(el);
  update();
  el.addEventListener('scroll', update, { passive: true });
  const RO = el.ownerDocument.defaultView?.ResizeObserver;
  const observer = RO ? new RO(update) : undefined;
  observer?.observe(el);
  if (el.firstElementChild) observer?.observe(el.firstElementChild);
  return () => {
    el.removeEventListener('scroll', update);
    observer?.disconnect();
  };
}
