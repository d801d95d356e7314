/**
 * The frame laid over the modal's ApproveTransaction view: the iframe is moved to the anchor's
 * rectangle, and only when that rectangle changed.
 *
 * It follows the anchor on every animation frame while the rectangle may be moving (the modal
 * animates in, scrolls, resizes), and stops once the rectangle has stayed still for
 * {@link STILL_FRAMES} frames, so a shown approval costs no work per frame (a visitor may read it
 * for minutes, on a phone's battery). Anything that can move the anchor starts the following
 * again: a window resize or zoom (also the visual viewport's), a scroll anywhere in the page, a
 * size change of the anchor, its dialog or the page, a change in the dialog's content, and a CSS
 * transition or animation starting.
 */
export interface OverlayTarget {
  show(rect: DOMRect): void;
  hide(): void;
}

/** Frames without a change after which the overlay stops following every frame. */
export const STILL_FRAMES = 10;

export class FrameOverlay {
  private anchor: HTMLElement | undefined;
  private raf: number | undefined;
  private shownRect = '';
  private still = 0;
  private unwatch: (() => void) | undefined;

  constructor(
    private readonly window: () => Window | undefined,
    private readonly target: () => OverlayTarget | undefined,
  ) {}

  /** Follows `anchor` until the returned function is called (or another anchor is attached). */
  attach(anchor: HTMLElement): () => void {
    this.stop();
    this.anchor = anchor;
    this.shownRect = '';
    this.watch(anchor);
    this.follow();
    return () => {
      if (this.anchor !== anchor) return;
      this.anchor = undefined;
      this.stop();
      this.target()?.hide();
    };
  }

  /** Stops following (every frame and the events). */
  stop(): void {
    this.cancelFrame();
    this.unwatch?.();
    this.unwatch = undefined;
  }

  /** Follows every frame again, until the rectangle is still. */
  private follow = (): void => {
    this.still = 0;
    if (this.raf === undefined) this.track();
  };

  private cancelFrame(): void {
    const win = this.window();
    if (this.raf !== undefined && win) {
      if (win.cancelAnimationFrame) win.cancelAnimationFrame(this.raf);
      win.clearTimeout(this.raf);
    }
    this.raf = undefined;
  }

  private track = (): void => {
    this.raf = undefined;
    const anchor = this.anchor;
    const win = this.window();
    if (!anchor || !win) return;
    const r = anchor.isConnected ? anchor.getBoundingClientRect() : undefined;
    const key = r && r.width > 0 && r.height > 0 ? `${r.top},${r.left},${r.width},${r.height}` : undefined;
    if (r && key && key !== this.shownRect) {
      this.shownRect = key;
      this.still = 0;
      this.target()?.show(r);
    } else if (++this.still >= STILL_FRAMES) {
      return;
    }
    this.raf = win.requestAnimationFrame ? win.requestAnimationFrame(this.track) : (win.setTimeout(this.track, 16) as unknown as number);
  };

  /** Listens for what can move the anchor; each starts the following again. */
  private watch(anchor: HTMLElement): void {
    const win = this.window();
    if (!win) return;
    const doc = anchor.ownerDocument;
    const on = this.follow;
    const opts = { capture: true, passive: true } as const;
    const targets: [EventTarget, string][] = [
      [win, 'resize'],
      [doc, 'scroll'],
      [doc, 'transitionrun'],
      [doc, 'animationstart'],
      ...(win.visualViewport ? ([[win.visualViewport, 'resize'], [win.visualViewport, 'scroll']] as [EventTarget, string][]) : []),
    ];
    for (const [t, type] of targets) t.addEventListener(type, on, opts);
    const box = anchor.closest('[role="dialog"]') ?? anchor.parentElement ?? anchor;
    // the observers of the anchor's own window (a test or an iframe may run another)
    const { ResizeObserver: Resize, MutationObserver: Mutation } = win as Window & Partial<Pick<typeof globalThis, 'ResizeObserver' | 'MutationObserver'>>;
    const resized = Resize ? new Resize(on) : undefined;
    for (const el of [anchor, box, doc.documentElement]) resized?.observe(el);
    const changed = Mutation ? new Mutation(on) : undefined;
    changed?.observe(box, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class', 'style', 'hidden'] });
    this.unwatch = () => {
      for (const [t, type] of targets) t.removeEventListener(type, on, opts);
      resized?.disconnect();
      changed?.disconnect();
    };
  }
}
