/**
 * `npm run shots` (scripts/shots.mjs): tests/e2e/views.e2e.test.ts, run with LATCHKEY_SHOTS set to
 * a folder, saves each view it checks as a person sees it (the card in the light and the dark
 * theme, the whole screen of a 390 px phone), then writes the folder's index.html (every view, its
 * three pictures side by side) and the README's hero image (docs/hero.png) made from them.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { REPO_ROOT } from '../../support/artifacts';

export type ShotKind = 'light' | 'dark' | 'phone';

/** Where the screenshots go, or undefined when this run takes none. */
export const SHOTS_DIR = process.env['LATCHKEY_SHOTS'] || undefined;
/** The README's hero image. */
export const HERO_FILE = join(REPO_ROOT, 'docs', 'hero.png');

const taken: { view: string; files: Partial<Record<ShotKind, string>> }[] = [];
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Saves `what` (the card, or the whole page) as `view`'s `kind` picture, when this run takes them. */
export async function shoot(view: string, kind: ShotKind, what: Page | Locator): Promise<void> {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  let entry = taken.find((t) => t.view === view);
  if (!entry) taken.push((entry = { view, files: {} }));
  const file = `${String(taken.indexOf(entry) + 1).padStart(2, '0')}-${slug(view)}-${kind}.png`;
  writeFileSync(join(SHOTS_DIR, file), await what.screenshot({ animations: 'disabled' }));
  entry.files[kind] = file;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The folder's index.html: one row per view, its light, dark and phone pictures. */
export function writeGallery(): void {
  if (!SHOTS_DIR || taken.length === 0) return;
  const rows = taken
    .map(({ view, files }) => {
      const cell = (k: ShotKind) => (files[k] ? `<td><a href="${files[k]}"><img src="${files[k]}" alt="${escape(view)}, ${k}" loading="lazy"></a></td>` : '<td></td>');
      return `<tr><th scope="row">${escape(view)}</th>${cell('light')}${cell('dark')}${cell('phone')}</tr>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>Latchkey: every view</title>
<style>body{font:15px system-ui,sans-serif;margin:24px;background:#f4f4f6}table{border-collapse:collapse}th,td{padding:8px;vertical-align:top;text-align:left}th[scope=row]{width:12em}td img{max-width:360px;max-height:560px;border:1px solid #ddd;background:#fff}thead th{position:sticky;top:0;background:#f4f4f6}</style>
<h1>Latchkey: every view (${taken.length})</h1>
<p>Written by <code>npm run shots</code> (tests/e2e/views.e2e.test.ts on the local stack): the card in the light and dark themes, and a 390 px phone's screen.</p>
<table><thead><tr><th>View</th><th>Light</th><th>Dark</th><th>Phone (390 px)</th></tr></thead><tbody>
${rows}
</tbody></table></html>
`;
  writeFileSync(join(SHOTS_DIR, 'index.html'), html);
}

/** The hero: a few views' cards side by side (light and dark), drawn in Chromium from the shots and saved as docs/hero.png. */
export async function writeHero(browser: Browser, views: readonly { view: string; kind: ShotKind }[]): Promise<void> {
  if (!SHOTS_DIR) return;
  const pictures = views.flatMap(({ view, kind }) => {
    const file = taken.find((t) => t.view === view)?.files[kind];
    return file ? [`data:image/png;base64,${readFileSync(join(SHOTS_DIR, file)).toString('base64')}`] : [];
  });
  if (pictures.length === 0) return;
  const context = await browser.newContext({ viewport: { width: 1600, height: 800 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.setContent(
      `<!doctype html><style>body{margin:0;background:linear-gradient(135deg,#eef2ff,#f8f0ff)}main{display:flex;gap:28px;align-items:flex-start;justify-content:center;padding:40px}img{width:340px;border-radius:34px;box-shadow:0 10px 30px #0002}</style><main>${pictures.map((src) => `<img src="${src}" alt="">`).join('')}</main>`,
    );
    await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode())));
    const main = page.locator('main');
    writeFileSync(HERO_FILE, await main.screenshot());
  } finally {
    await context.close();
  }
}
