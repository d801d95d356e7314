import { attachAnimatedHeight, attachScrollHint, startEntranceInFirstFrame, updateScrollHint } from './motion';

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

describe('entrance', () => {
  type FakeAnimation = { pending: boolean; startTime: number | null; playState: string };
  function withFrames(run: (frames: FrameRequestCallback[], setTime: (t: number) => void) => void) {
    const frames: FrameRequestCallback[] = [];
    let time = 0;
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    jest.spyOn(window, 'cancelAnimationFrame').mockImplementation((id) => void frames.splice(id - 1, 1, () => {}));
    const timeline = document.timeline;
    Object.defineProperty(document, 'timeline', { value: { get currentTime() { return time; } }, configurable: true });
    try {
      run(frames, (t) => (time = t));
    } finally {
      Object.defineProperty(document, 'timeline', { value: timeline, configurable: true });
      jest.restoreAllMocks();
    }
  }

  it("starts the animations still waiting to start at the time of the first frame that shows the modal, and leaves started ones alone", () => {
    withFrames((frames, setTime) => {
      const root = document.createElement('div');
      const waiting: FakeAnimation = { pending: true, startTime: null, playState: 'running' };
      const started: FakeAnimation = { pending: false, startTime: 40, playState: 'running' };
      const paused: FakeAnimation = { pending: true, startTime: null, playState: 'paused' };
      const getAnimations = jest.fn(() => [waiting, started, paused]);
      (root as unknown as { getAnimations: unknown }).getAnimations = getAnimations;
      startEntranceInFirstFrame(root);
      // nothing before the frame: the modal's first frame is where the entrance starts
      expect(waiting.startTime).toBeNull();
      setTime(1234.5);
      frames.forEach((f) => f(1234.5));
      expect(getAnimations).toHaveBeenCalledWith({ subtree: true });
      expect([waiting.startTime, started.startTime, paused.startTime]).toEqual([1234.5, 40, null]);
    });
  });

  it('does nothing once undone before the frame, or without Web Animations', () => {
    withFrames((frames) => {
      const root = document.createElement('div');
      const waiting: FakeAnimation = { pending: true, startTime: null, playState: 'running' };
      (root as unknown as { getAnimations: unknown }).getAnimations = () => [waiting];
      const undo = startEntranceInFirstFrame(root);
      undo();
      frames.forEach((f) => f(10));
      expect(waiting.startTime).toBeNull();
      const plain = document.createElement('div');
      (plain as unknown as { getAnimations?: unknown }).getAnimations = undefined;
      expect(() => startEntranceInFirstFrame(plain)()).not.toThrow();
    });
  });
});
