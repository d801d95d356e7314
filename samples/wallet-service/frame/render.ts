/**
 * The DOM of an approval view (format.ts): its warnings first, then each section as a heading and a
 * definition list. Text only (textContent), never markup from the request.
 */
import type { ApprovalView } from './format';

function node<K extends keyof HTMLElementTagNameMap>(tag: K, className: string | null, text?: string): HTMLElementTagNameMap[K] {
  const n = document.createElement(tag);
  if (className) n.className = className;
  if (text !== undefined) n.textContent = text;
  return n;
}

/** The details of `view` (everything between the title and the buttons). */
export function renderView(view: ApprovalView): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (view.warnings.length > 0) {
    const list = node('ul', 'warnings');
    list.setAttribute('aria-label', 'Warnings');
    for (const w of view.warnings) list.append(node('li', null, w));
    out.push(list);
  }
  for (const section of view.sections) {
    const box = node('section', 'group');
    if (section.heading !== undefined) box.append(node('h2', null, section.heading));
    const dl = node('dl', null);
    for (const row of section.rows) {
      dl.append(node('dt', null, row.label));
      const dd = node('dd', [row.mono ? 'mono' : '', row.warn ? 'warn' : ''].filter(Boolean).join(' ') || null);
      if (row.block) dd.append(node('pre', null, row.value));
      else dd.textContent = row.value;
      dl.append(dd);
    }
    box.append(dl);
    out.push(box);
  }
  return out;
}
