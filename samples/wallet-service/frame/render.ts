/**
 * The DOM of an approval view (format.ts): its warnings first, then each section as a heading and a
 * definition list, and its technical detail behind a disclosure (`<details>`, closed: what it holds is
 * not laid out, so the guard's "scrolled to the end" counts what is shown; opening it shows more to
 * read). Text only (textContent), never markup from the request.
 */
import type { ApprovalView, Row } from './format';

function node<K extends keyof HTMLElementTagNameMap>(tag: K, className: string | null, text?: string): HTMLElementTagNameMap[K] {
  const n = document.createElement(tag);
  if (className) n.className = className;
  if (text !== undefined) n.textContent = text;
  return n;
}

function list(rows: readonly Row[]): HTMLDListElement {
  const dl = node('dl', null);
  for (const row of rows) {
    dl.append(node('dt', row.block ? 'block' : null, row.label));
    const dd = node('dd', [row.mono ? 'mono' : '', row.warn ? 'warn' : '', row.block ? 'block' : ''].filter(Boolean).join(' ') || null);
    if (row.block) dd.append(node('pre', null, row.value));
    else dd.textContent = row.value;
    dl.append(dd);
  }
  return dl;
}

/** The details of `view` (everything between the title and the buttons). */
export function renderView(view: ApprovalView): HTMLElement[] {
  const out: HTMLElement[] = [];
  if (view.warnings.length > 0) {
    const warnings = node('ul', 'warnings');
    warnings.setAttribute('aria-label', 'Warnings');
    for (const w of view.warnings) warnings.append(node('li', null, w));
    out.push(warnings);
  }
  for (const section of view.sections) {
    const box = node('section', 'group');
    if (section.heading !== undefined) box.append(node('h2', null, section.heading));
    box.append(list(section.rows));
    if (section.more) {
      const more = node('details', 'more');
      more.append(node('summary', null, section.more.summary), list(section.more.rows));
      box.append(more);
    }
    out.push(box);
  }
  return out;
}
