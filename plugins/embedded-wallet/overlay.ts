/**
 * The frame laid over the modal's ApproveTransaction view: each animation frame, the iframe is
 * moved to the anchor's rectangle (the modal animates, scrolls and resizes), and only when that
 * rectangle changed.
 */
export interface OverlayTarget {
  show(rect: DOMRect): void;
  hide(): void;
}

export class FrameOverlay {
  private anchor: HTMLElement | undefined;
  private raf: number | undefined;
  private shownRect = '';

  constructor(
    private readonly window: () => Window | undefined,
    private readonly target: () => OverlayTarget | undefined,
  ) {}

  /** Follows `anchor` until the returned function is called (or another anchor is attached). */
  attach(anchor: HTMLElement): () => void {
    this.anchor = anchor;
    this.shownRect = '';
    this.track();
    return () => {
      if (this.anchor !== anchor) return;
      this.anchor = undefined;
      this.stop();
      this.target()?.hide();
    };
  }

  stop(): void {
    const win = this.window();
    if (this.raf !== undefined && win) {
      if (win.cancelAnimationFrame) win.cancelAnimationFrame(this.raf);
      win.clearTimeout(this.raf);
    }
    this.raf = undefined;
  }

  private track = (): void => {
    const anchor = this.anchor;
    const win = this.window();
    if (!anchor || !win) return;
    if (anchor.isConnected) {
      const r = anchor.getBoundingClientRect();
      const key = `${r.top},${r.left},${r.width},${r.height}`;
      if (key !== this.shownRect && r.width > 0 && r.height > 0) {
        this.shownRect = key;
        this.target()?.show(r);
      }
    }
    this.raf = win.requestAnimationFrame ? win.requestAnimationFrame(this.track) : (win.setTimeout(this.track, 16) as unknown as number);
  };
}
