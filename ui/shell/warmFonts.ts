/**
 * Looks up the modal's font faces before its first opening. The first time a page lays out text
 * in a face (family and weight) it has not used yet, the browser finds it among the system's
 * fonts; on Linux (fontconfig) that cost about 6 ms of the modal's first layout, spent inside the
 * click that opens it (`npm run bench`, traced: the layout of the Connect view 10.5 → 4 ms once
 * the faces were known). Laying out a few hidden words in each weight and size the modal's rules
 * use, once when the page is idle, moves that work out of the click.
 */
const WEIGHTS = [400, 500, 600, 700];
const SIZES = [12, 13, 14, 16, 18, 20];

export function warmFonts(doc: Document): void {
  const body = doc.body;
  if (!body) return;
  const box = doc.createElement('div');
  box.setAttribute('data-lk', '');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:absolute;top:0;left:-10000px;visibility:hidden;pointer-events:none;white-space:nowrap';
  for (const weight of WEIGHTS) {
    for (const size of SIZES) {
      const span = doc.createElement('span');
      span.style.font = `${weight} ${size}px var(--lk-font-family,system-ui,sans-serif)`;
      span.textContent = 'Wallet 0x9';
      box.append(span);
    }
  }
  body.append(box);
  void box.offsetWidth; // lays the words out now
  box.remove();
}
