/**
 * The frame overlay (overlay.ts) follows its anchor every frame while the anchor moves, stops once
 * it has been still for STILL_FRAMES frames, and starts again on what can move it (a resize, a
 * scroll, a change in the dialog); detached, it hides the frame and listens to nothing.
 */
import { FrameOverlay, STILL_FRAMES } from './overlay';

function setup() {
  document.body.innerHTML = '<div role="dialog"><p id="text">Approve?</p><div id="anchor"></div></div>';
  const anchor = document.getElementById('anchor')!;
  let rect = { top: 100, left: 20, width: 300, height: 200 };
  let reads = 0;
  anchor.getBoundingClientRect = () => {
    reads++;
    return { ...rect, x: rect.left, y: rect.top, right: rect.left + rect.width, bottom: rect.top + rect.height, toJSON: () => rect } as DOMRect;
  };
  const shown: string[] = [];
  let hidden = 0;
  const overlay = new FrameOverlay(
    () => window,
    () => ({ show: (r) => shown.push(`${r.top},${r.left},${r.width},${r.height}`), hide: () => void hidden++ }),
  );
  return {
    anchor,
    overlay,
    shown,
    reads: () => reads,
    hidden: () => hidden,
    move: (to: Partial<typeof rect>) => (rect = { ...rect, ...to }),
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('follows every frame while the anchor moves, then stops once it is still', () => {
  const s = setup();
  const detach = s.overlay.attach(s.anchor);
  expect(s.shown).toEqual(['100,20,300,200']);
  // the modal animates in: the rectangle changes for a few frames
  for (let top = 90; top >= 60; top -= 10) {
    s.move({ top });
    jest.advanceTimersByTime(16);
  }
  expect(s.shown).toEqual(['100,20,300,200', '90,20,300,200', '80,20,300,200', '70,20,300,200', '60,20,300,200']);
  jest.advanceTimersByTime(16 * (STILL_FRAMES + 2));
  const reads = s.reads();
  // still: no more work per frame
  jest.advanceTimersByTime(10_000);
  expect(s.reads()).toBe(reads);
  detach();
  expect(s.hidden()).toBe(1);
});

it('starts again on a window resize, a scroll and a change in the dialog', async () => {
  const s = setup();
  const detach = s.overlay.attach(s.anchor);
  jest.advanceTimersByTime(16 * (STILL_FRAMES + 2));
  s.move({ left: 40 });
  window.dispatchEvent(new Event('resize'));
  jest.advanceTimersByTime(16);
  expect(s.shown.at(-1)).toBe('100,40,300,200');
  jest.advanceTimersByTime(16 * (STILL_FRAMES + 2));
  s.move({ top: 50 });
  document.getElementById('text')!.dispatchEvent(new Event('scroll'));
  jest.advanceTimersByTime(16);
  expect(s.shown.at(-1)).toBe('50,40,300,200');
  jest.advanceTimersByTime(16 * (STILL_FRAMES + 2));
  // text added above the anchor moves it (a MutationObserver callback is a microtask)
  s.move({ top: 70 });
  document.getElementById('text')!.textContent = 'Approve? This request was replaced by the app.';
  await Promise.resolve();
  jest.advanceTimersByTime(16);
  expect(s.shown.at(-1)).toBe('70,40,300,200');
  detach();
  // detached: nothing follows any more
  const reads = s.reads();
  s.move({ top: 10 });
  window.dispatchEvent(new Event('resize'));
  jest.advanceTimersByTime(1000);
  expect(s.reads()).toBe(reads);
});
