/**
 * The approval's visibility guard: "Approve" works only while the whole approval card (header,
 * details, footer) is provably on screen, unchanged, for a while.
 *
 * What counts as proof:
 * - 'occlusion' (IntersectionObserver v2, Chromium): every watched part is fully inside the top
 *   page's viewport and `isVisible` (nothing of the page drawn over it, even transparent or with
 *   pointer-events:none; opacity 1, no filter, no transform beyond a translation or an upscale, on
 *   every ancestor up to the top page);
 * - 'top-level' (the wallet's own window, where no page can draw): fully inside the viewport;
 * - 'none' (a frame in a browser without v2: Firefox, Safari): nothing proves it, so the frame never
 *   enables Approve and sends the visitor to the wallet window instead (popup-host.ts).
 * Besides: the frame's viewport is at least MIN_FRAME and holds the whole card (a card larger than
 * the viewport can never be fully visible, so that case is named to the visitor instead of waiting
 * silently); details longer than their box were scrolled to the end; the tab is visible. Approve
 * turns on after all of it has held for `holdMs` (APPROVE_DELAY_MS, REPLACED_HOLD_MS for a request
 * that replaced another) and any change (resize, scroll, a new observation, different content,
 * a fragment navigation) starts the wait again.
 *
 * The rules are pure functions (unit-tested); `watchCard` feeds them from the DOM.
 */

export const APPROVE_DELAY_MS = 500;
/** A request that took the place of one the visitor was reading: Approve waits at least this long. */
export const REPLACED_HOLD_MS = 1500;
/**
 * The smallest frame viewport (CSS px) an approval accepts: the card's header, notice, status and
 * buttons plus about 170 px of details (the modal gives 328 × 420, a 320 px phone about 288 wide).
 */
export const MIN_FRAME = { width: 280, height: 360 } as const;
/** Intersection ratio counted as "fully inside" (sub-pixel layout never quite reaches 1). */
const FULL_RATIO = 0.999;

export type Proof = 'occlusion' | 'top-level' | 'none';
/** Why Approve is inert right now (null: it is live). */
export type Hold = 'hidden' | 'too-small' | 'scroll' | 'tab-hidden' | 'waiting';

/** The proof this document can give: v2 where the browser has it, a top-level window, else none. */
export function visibilityProof(env: { hasV2: boolean; topLevel: boolean }): Proof {
  if (env.hasV2) return 'occlusion';
  return env.topLevel ? 'top-level' : 'none';
}

export const browserHasV2 = (): boolean => typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype;

/** One observation of one part of the card. */
export interface Observation {
  readonly isIntersecting: boolean;
  readonly intersectionRatio: number;
  /** IntersectionObserver v2's verdict; undefined where the browser has no v2. */
  readonly isVisible?: boolean;
}

export function fullyVisible(o: Observation, proof: Proof): boolean {
  if (proof === 'none' || !o.isIntersecting || o.intersectionRatio < FULL_RATIO) return false;
  return proof === 'top-level' || o.isVisible === true;
}

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The viewport is at least `min` and the card lies inside it (half a pixel of rounding allowed). */
export function fitsViewport(viewport: { width: number; height: number }, card: Box, min: { width: number; height: number } = MIN_FRAME): boolean {
  const e = 0.5;
  return (
    viewport.width >= min.width &&
    viewport.height >= min.height &&
    card.left >= -e &&
    card.top >= -e &&
    card.right <= viewport.width + e &&
    card.bottom <= viewport.height + e
  );
}

/** A scroll box whose end is in view (or that has nothing to scroll), give or take a few pixels of padding and rounding. */
export function atEnd(box: { scrollTop: number; clientHeight: number; scrollHeight: number }): boolean {
  return box.scrollHeight - box.clientHeight - box.scrollTop <= 4;
}

export interface GuardState {
  readonly proof: Proof;
  /** Every watched part fully visible by the latest observations. */
  readonly partsVisible: boolean;
  readonly fits: boolean;
  readonly readToEnd: boolean;
  readonly tabVisible: boolean;
  /** When everything above last became (or, after a change, was again found) true; 0: not now. */
  readonly visibleSince: number;
  readonly holdMs: number;
}

/** Everything but the time condition holds. */
export function shown(s: Omit<GuardState, 'visibleSince' | 'holdMs'>): boolean {
  return s.proof !== 'none' && s.partsVisible && s.fits && s.readToEnd && s.tabVisible;
}

/** Why Approve is inert at `now`, or null when it may be clicked. The first reason the visitor can act on comes first. */
export function holdReason(s: GuardState, now: number): Hold | null {
  if (!s.tabVisible) return 'tab-hidden';
  if (!s.fits) return 'too-small';
  if (s.proof === 'none' || !s.partsVisible) return 'hidden';
  if (!s.readToEnd) return 'scroll';
  if (s.visibleSince === 0 || now - s.visibleSince < s.holdMs) return 'waiting';
  return null;
}

export interface CardParts {
  readonly card: HTMLElement;
  /** Parts observed one by one (the card's sections), in addition to the card. */
  readonly sections: readonly HTMLElement[];
  /** The scrolling details box (must be read to its end). */
  readonly details: HTMLElement;
  /** Elements whose content is the request (a change there is a new request to read). */
  readonly content: readonly HTMLElement[];
}

export interface CardWatch {
  /** Approve may be clicked now (checked again at the click). */
  ready(): boolean;
  hold(): Hold | null;
  /** Makes the visitor wait `ms` more from now (also when already visible). */
  restart(): void;
  stop(): void;
}

/**
 * Watches the card in the DOM and calls `onChange(hold)` whenever the verdict may have changed (also
 * when the wait ends). The card must be in the document.
 */
export function watchCard(parts: CardParts, opts: { proof: Proof; holdMs: number; onChange: (hold: Hold | null) => void }): CardWatch {
  const { card, details } = parts;
  const targets = [card, ...parts.sections];
  const seen = new Map<Element, boolean>(targets.map((t) => [t, false]));
  /** The end of the details was in view while the card was visible (a hidden frame has no layout to judge by). */
  let readToEnd = false;
  let visibleSince = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const measure = () => {
    const root = document.documentElement;
    const r = card.getBoundingClientRect();
    return fitsViewport({ width: root.clientWidth, height: root.clientHeight }, r);
  };
  let fits = measure();
  const allSeen = () => [...seen.values()].every(Boolean);
  const base = () => ({
    proof: opts.proof,
    partsVisible: allSeen(),
    fits,
    readToEnd,
    tabVisible: document.visibilityState === 'visible',
  });
  const state = (): GuardState => ({ ...base(), visibleSince, holdMs: opts.holdMs });

  const report = () => {
    clearTimeout(timer);
    if (stopped) return;
    const now = performance.now();
    const hold = holdReason(state(), now);
    if (hold === 'waiting' && visibleSince > 0) timer = setTimeout(report, Math.max(0, opts.holdMs - (now - visibleSince)) + 10);
    opts.onChange(hold);
  };
  /** Re-reads the conditions; `restart`: a change the visitor must see settle before approving. */
  const check = (restart: boolean) => {
    if (stopped) return;
    fits = measure();
    if (allSeen() && fits) readToEnd ||= atEnd(details);
    const ok = shown(base());
    if (!ok) visibleSince = 0;
    else if (restart || visibleSince === 0) visibleSince = performance.now();
    report();
  };

  const v2 = opts.proof === 'occlusion';
  const io =
    opts.proof === 'none'
      ? undefined
      : new IntersectionObserver(
          (entries) => {
            for (const e of entries) seen.set(e.target, fullyVisible(e as IntersectionObserverEntry & { isVisible?: boolean }, opts.proof));
            check(false);
          },
          // v2 needs delay ≥ 100 ms; a threshold just under 1 reports leaving "fully inside" however little
          { threshold: [0, FULL_RATIO, 1], ...(v2 ? { trackVisibility: true, delay: 100 } : {}) } as IntersectionObserverInit,
        );
  for (const t of targets) io?.observe(t);
  // checked after the observer's turn: what the check changes in the card (a notice) is not re-observed in that turn
  let resized: ReturnType<typeof setTimeout> | undefined;
  const resize = new ResizeObserver(() => {
    clearTimeout(resized);
    resized = setTimeout(() => check(true), 0);
  });
  resize.observe(card);
  resize.observe(details);
  const mutations = new MutationObserver(() => {
    readToEnd = false; // new content: read again
    check(true);
  });
  for (const c of parts.content) mutations.observe(c, { childList: true, subtree: true, characterData: true, attributes: true });
  const onChanged = () => check(true);
  const onDetailsScroll = () => {
    if (!readToEnd && atEnd(details)) check(false);
  };
  const onVisibility = () => check(document.visibilityState === 'visible');
  window.addEventListener('resize', onChanged);
  window.addEventListener('scroll', onChanged); // the frame's document (the details' own scroll does not bubble)
  window.addEventListener('hashchange', onChanged);
  details.addEventListener('scroll', onDetailsScroll, { passive: true });
  document.addEventListener('visibilitychange', onVisibility);
  check(false);

  return {
    ready: () => !stopped && holdReason(state(), performance.now()) === null,
    hold: () => holdReason(state(), performance.now()),
    restart: () => check(true),
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(resized);
      io?.disconnect();
      resize.disconnect();
      mutations.disconnect();
      window.removeEventListener('resize', onChanged);
      window.removeEventListener('scroll', onChanged);
      window.removeEventListener('hashchange', onChanged);
      details.removeEventListener('scroll', onDetailsScroll);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
