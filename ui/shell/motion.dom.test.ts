import { attachAnimatedHeight, attachScrollHint, updateScrollHint } from './motion';

function metrics(el: HTMLElement, m: { scrollTop?: number; clientHeight: number; scrollHeight: number }) {
  Object.defineProperty(el, 'clientHeight', { value: m.clientHeight, configurable: true });
  Object.defineProperty(el, 'scrollHeight', { value: m.scrollHeight, configurable: true });
  el.scrollTop = m.scrollTop ?? 0;
}

describe('scroll hints', () => {
  it('mark the edges that have more content beyond them', () => {
    const el = document.createElement('div');
    metrics(el, { clientHeight: 100, scrollHeight: 100 });
    updateScrollHint(el);
    expect([el.hasAttribute('data-lk-above'), el.hasAttribute('data-lk-below')]).toEqual([false, false]);
    metrics(el, { clientHeight: 100, scrollHeight: 300 });
    updateScrollHint(el);
    expect([el.hasAttribute('data-lk-above'), el.hasAttribute('data-lk-below')]).toEqual([false, true]);
    metrics(el, { scrollTop: 100, clientHeight: 100, scrollHeight: 300 });
    updateScrollHint(el);
    expect([el.hasAttribute('data-lk-above'), el.hasAttribute('data-lk-below')]).toEqual([true, true]);
    metrics(el, { scrollTop: 200, clientHeight: 100, scrollHeight: 300 });
    updateScrollHint(el);
    expect([el.hasAttribute('data-lk-above'), el.hasAttribute('data-lk-below')]).toEqual([true, false]);
  });

  it('follow scrolling once attached, and stop when undone', () => {
    const el = document.createElement('div');
    metrics(el, { clientHeight: 100, scrollHeight: 300 });
    const undo = attachScrollHint(el);
    expect(el.hasAttribute('data-lk-below')).toBe(true);
    el.scrollTop = 50;
    el.dispatchEvent(new Event('scroll'));
    expect(el.hasAttribute('data-lk-above')).toBe(true);
    undo();
    el.scrollTop = 0;
    el.dispatchEvent(new Event('scroll'));
    expect(el.hasAttribute('data-lk-above')).toBe(true);
  });
});

describe('animated height', () => {
  it("sets the box's height to its content's plus padding, follows it, and animates only after the first measure", () => {
    const observers: { cb: () => void; targets: Element[] }[] = [];
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      targets: Element[] = [];
      constructor(public cb: () => void) {
        observers.push(this);
      }
      observe(t: Element) {
        this.targets.push(t);
      }
      disconnect() {
        this.targets = [];
      }
    };
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      const box = document.createElement('div');
      box.style.padding = '8px 16px 16px';
      const content = document.createElement('div');
      box.append(content);
      document.body.append(box);
      let height = 200;
      content.getBoundingClientRect = () => ({ height }) as DOMRect;
      const undo = attachAnimatedHeight(box, content);
      expect(box.style.height).toBe('224px');
      expect(box.hasAttribute('data-lk-animate')).toBe(false);
      frames.forEach((f) => f(0));
      expect(box.hasAttribute('data-lk-animate')).toBe(true);
      height = 420.5;
      observers[0]!.cb();
      expect(box.style.height).toBe('445px');
      expect(observers[0]!.targets).toEqual([content]);
      undo();
      expect(box.style.height).toBe('');
      expect(box.hasAttribute('data-lk-animate')).toBe(false);
    } finally {
      delete (window as unknown as { ResizeObserver?: unknown }).ResizeObserver;
      jest.restoreAllMocks();
    }
  });
});
