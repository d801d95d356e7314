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
 * Starts the open's entrance (the overlay's fade, the card's and the first view's, from
 * css/modal.ts) in the first frame that shows the modal, rather than when the compositor
 * first draws it: Chromium starts a composited animation only once the frame holding it is on
 * screen, a frame or more later when that first frame is heavy (npm run bench: the card held
 * its starting opacity for 2-3 frames, so it was fully shown about 50 ms after the first frame
 * + 150 ms). In that first frame (a requestAnimationFrame callback, before its paint) every
 * entrance animation under `root` that is still waiting to start gets the frame's time as its
 * start time. Animations that started already, and browsers without Web Animations, are left
 * alone. Returns the undo (cancels the frame if it has not come yet).
 */
export function startEntranceInFirstFrame(root: Element): () => void {
  const doc = root.ownerDocument;
  const win = doc.defaultView;
  if (!win || typeof root.getAnimations !== 'function') return () => {};
  const frame = win.requestAnimationFrame(() => {
    const now = doc.timeline?.currentTime;
    if (now === null || now === undefined) return;
    for (const animation of root.getAnimations({ subtree: true })) {
      if (animation.pending && animation.startTime === null && animation.playState === 'running') animation.startTime = now;
    }
  });
  return () => win.cancelAnimationFrame(frame);
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
