/**
 * What a visitor sees, checked in Chromium: axe-core (every rule, every impact) on the open modal
 * or the wallet frame's approval card, in the light and dark themes and at a phone's width, and the
 * card's layout at 360 and 390 px (no control outside its container or the card, no clipped text,
 * equal side margins), the frame's card included. Used by tests/e2e/views.e2e.test.ts on each view it walks.
 */
import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The desktop viewport of the walk, and the phone widths the layout is checked at. */
export const DESKTOP = { width: 1024, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;
export const PHONE_WIDTHS = [360, 390] as const;

/** One axe finding, as a line a person can act on. */
export interface Finding {
  readonly where: string;
  readonly rule: string;
  readonly impact: string;
  readonly nodes: readonly string[];
}

/**
 * Runs axe-core (all rules, WCAG 2.x A/AA and best practices) on the element `selector` finds in
 * `target` (the page or a frame); returns every violation whatever its impact.
 */
export async function axeFindings(target: Page | Frame, where: string, selector = '[role=dialog]'): Promise<Finding[]> {
  // evaluated through the DevTools protocol, not a script tag: the wallet frame's CSP allows no inline script
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(`${AXE_SOURCE};0`);
  const found = await target.evaluate(async (sel) => {
    const root = document.querySelector(sel);
    if (!root) return [{ rule: 'missing', impact: 'critical', nodes: [`nothing matches ${sel}`] }];
    const r = await (window as any).axe.run(root, { resultTypes: ['violations'] });
    return r.violations.map((v: any) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.map((n: any) => `${n.target.join(' ')}: ${String(n.failureSummary).replace(/\s+/g, ' ')}`),
    }));
  }, selector);
  return found.map((f: Omit<Finding, 'where'>) => ({ where, ...f }));
}

/** Waits until the dialog's theme root shows `mode` and its colour transitions have ended. */
export async function whenThemed(target: Page | Frame, mode: 'light' | 'dark', selector = '[role=dialog]'): Promise<void> {
  await target.waitForFunction(
    ([sel, m]) => {
      const el = document.querySelector(sel!);
      const root = el?.closest('[data-lk-theme]') ?? document.documentElement;
      const shown = root.getAttribute('data-lk-theme') ?? root.getAttribute('data-theme') ?? 'light';
      return shown === m && document.getAnimations().every((a) => a.playState !== 'running');
    },
    [selector, mode] as const,
  );
  // one frame for the new colours to be painted
  await target.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * The card's layout in `page` (or the wallet frame) at its current width: the card inside the viewport with equal side
 * margins; the view's blocks with equal insets on both sides; every visible control inside the card
 * and inside its parent's box (horizontally: a list scrolls vertically); no text wider than its box
 * unless it ends in an ellipsis on purpose (addresses, long names), and then the full text is in
 * its accessible name or title.
 */
export async function layoutProblems(page: Page | Frame, selector = '[role=dialog]'): Promise<string[]> {
  return page.evaluate((sel) => {
    const problems: string[] = [];
    const card = document.querySelector(sel) as HTMLElement | null;
    if (!card) return [`nothing matches ${sel}`];
    const describe = (el: Element) => {
      const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30);
      const cls = typeof (el as HTMLElement).className === 'string' ? `.${(el as HTMLElement).className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${cls}${name ? ` "${name}"` : ''}`;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(el);
      if (s.visibility === 'hidden' || s.display === 'none') return false;
      // visually hidden for screen readers only (1 px wide or high, or clipped away), until focused
      if (r.width <= 1 || r.height <= 1) return false;
      if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return false;
      return true;
    };
    const vw = document.documentElement.clientWidth;
    const c = card.getBoundingClientRect();
    if (c.left < -0.5 || c.right > vw + 0.5) problems.push(`the card (${c.left.toFixed(1)}..${c.right.toFixed(1)}) is outside the ${vw} px viewport`);
    if (Math.abs(c.left - (vw - c.right)) > 1) problems.push(`the card's side margins differ: ${c.left.toFixed(1)} left, ${(vw - c.right).toFixed(1)} right`);

    // the view's blocks (what the outlet renders) have equal insets in the card
    const body = card.querySelector('.lk-body > div') as HTMLElement | null;
    let level = body ? [...body.children] : [];
    if (level.length === 1 && level[0]!.children.length) level = [...level[0]!.children];
    const blocks = level.filter(visible);
    for (const b of blocks) {
      const r = b.getBoundingClientRect();
      const left = r.left - c.left;
      const right = c.right - r.right;
      if (Math.abs(left - right) > 1.5 && r.width > c.width / 2) problems.push(`${describe(b)}: insets differ (${left.toFixed(1)} left, ${right.toFixed(1)} right)`);
    }

    const controls = [...card.querySelectorAll('button, a[href], input, select, textarea, [role=tab], [role=button], [role=option], [role=switch], [role=checkbox], [role=radio], img, svg, canvas')].filter(visible);
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.left < c.left - 0.5 || r.right > c.right + 0.5) problems.push(`${describe(el)} (${r.left.toFixed(1)}..${r.right.toFixed(1)}) is outside the card (${c.left.toFixed(1)}..${c.right.toFixed(1)})`);
      // its container: the nearest ancestor that is a box of its own (not inline, not contents)
      let parent = el.parentElement;
      while (parent && parent !== card && ['inline', 'contents'].includes(getComputedStyle(parent).display)) parent = parent.parentElement;
      if (!parent || parent === card) continue;
      const p = parent.getBoundingClientRect();
      // a horizontally scrolling row keeps its children inside by scrolling: that is its job
      const s = getComputedStyle(parent);
      if (s.overflowX === 'auto' || s.overflowX === 'scroll') continue;
      if (r.left < p.left - 0.5 || r.right > p.right + 0.5) problems.push(`${describe(el)} (${r.left.toFixed(1)}..${r.right.toFixed(1)}) sticks out of its container ${describe(parent)} (${p.left.toFixed(1)}..${p.right.toFixed(1)})`);
    }

    // text wider than its box
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim()) continue;
      const el = n.parentElement;
      if (!el || seen.has(el) || !visible(el)) continue;
      seen.add(el);
      const s = getComputedStyle(el);
      if (s.display === 'inline') continue; // measured on its block below
      if (el.scrollWidth > el.clientWidth + 1 && s.overflowX !== 'auto' && s.overflowX !== 'scroll') {
        const full = (el.textContent ?? '').trim();
        const named = (el.closest('[aria-label]')?.getAttribute('aria-label') ?? '') + (el.closest('[title]')?.getAttribute('title') ?? '');
        const ellipsis = s.textOverflow === 'ellipsis' && s.overflowX === 'hidden';
        if (!ellipsis) problems.push(`${describe(el)}: text ${el.scrollWidth} px wide in a ${el.clientWidth} px box (clipped or spilling)`);
        else if (!named.includes(full)) problems.push(`${describe(el)}: text cut with an ellipsis and the full text "${full.slice(0, 60)}" is in no accessible name or title`);
      }
      // text inside a box smaller than itself vertically (a label cut at the bottom)
      if (el.scrollHeight > el.clientHeight + 2 && s.overflowY === 'hidden' && s.webkitLineClamp === 'none') {
        problems.push(`${describe(el)}: text ${el.scrollHeight} px tall in a ${el.clientHeight} px box (cut)`);
      }
    }
    return problems;
  }, selector);
}
