/**
 * The idle font lookup lays out hidden words in each weight and size the modal's rules use, then
 * leaves the page as it was. (How much it saves is measured by the bench in Chromium, not here.)
 */
import { warmFonts } from './warmFonts';
import { MODAL_CSS } from './css/modal';

it('lays out one hidden word per weight and size of the modal, then removes them', () => {
  const before = document.body.innerHTML;
  let box: HTMLElement | undefined;
  let attached = false;
  const append = jest.spyOn(document.body, 'append').mockImplementation(function (this: HTMLElement, ...nodes) {
    box = nodes[0] as HTMLElement;
    HTMLElement.prototype.append.apply(this, nodes);
    attached = box.isConnected;
  });
  warmFonts(document);
  append.mockRestore();
  expect(attached).toBe(true);
  expect(box!.getAttribute('aria-hidden')).toBe('true');
  expect(box!.style.visibility).toBe('hidden');
  const fonts = [...box!.querySelectorAll('span')].map((s) => s.style.font);
  // every weight the modal's rules name is looked up
  const weights = new Set([...MODAL_CSS.matchAll(/font-weight:(\d+)/g)].map((m) => m[1]));
  for (const w of weights) expect(fonts.some((f) => f.startsWith(`${w} `))).toBe(true);
  expect(box!.isConnected).toBe(false);
  expect(document.body.innerHTML).toBe(before);
});
