/**
 * How the stylesheet reaches the page: constructable stylesheets (what a strict CSP allows),
 * the <style> fallback with the host's nonce, and nothing at all with styles="none".
 * jsdom has no `adoptedStyleSheets`: the constructable path is given one here.
 */
import { act, render } from '@testing-library/react';
import { adoptStyles, configureStyles, ensureBaseStyles, loadModalStyles } from './styles';
import { BASE_CSS } from './css/base';
import { MODAL_CSS } from './css/modal';
import { LatchkeyProvider } from '../react/LatchkeyProvider';
import { ConnectButton } from '../react/buttons';
import { settle, uiKernel } from '../testing/render';

type Doc = Document & { adoptedStyleSheets?: CSSStyleSheet[] };
const doc = document as Doc;

/** Gives jsdom the constructable-stylesheet API; returns the CSS text each sheet was given. */
const texts = new WeakMap<CSSStyleSheet, string>();
function withConstructableSheets(): { texts: WeakMap<CSSStyleSheet, string>; restore(): void } {
  const proto = window.CSSStyleSheet.prototype as { replaceSync?: (css: string) => void };
  const had = Object.getOwnPropertyDescriptor(proto, 'replaceSync');
  proto.replaceSync = function (this: CSSStyleSheet, css: string) {
    texts.set(this, css);
  };
  doc.adoptedStyleSheets = [];
  return {
    texts,
    restore() {
      if (had) Object.defineProperty(proto, 'replaceSync', had);
      else delete proto.replaceSync;
      delete (doc as { adoptedStyleSheets?: unknown }).adoptedStyleSheets;
    },
  };
}

function reset() {
  configureStyles({});
  for (const el of document.querySelectorAll('style')) el.remove();
}

beforeEach(reset);
afterEach(settle);

describe('constructable stylesheets (allowed by style-src without unsafe-inline)', () => {
  it('adopts the base sheet once and adds no <style> element', () => {
    const api = withConstructableSheets();
    try {
      const host = doc.adoptedStyleSheets!.slice();
      ensureBaseStyles();
      ensureBaseStyles();
      expect(document.querySelectorAll('style')).toHaveLength(0);
      expect(doc.adoptedStyleSheets).toHaveLength(host.length + 1);
      expect(api.texts.get(doc.adoptedStyleSheets!.at(-1)!)).toBe(BASE_CSS);
    } finally {
      api.restore();
    }
  });

  it("keeps the host's own adopted sheets, and adopts again when a host replaced the list", () => {
    const api = withConstructableSheets();
    try {
      const hostSheet = new window.CSSStyleSheet();
      doc.adoptedStyleSheets = [hostSheet];
      adoptStyles(document, 'test-sheet', '[data-lk] .x{color:red}');
      expect(doc.adoptedStyleSheets[0]).toBe(hostSheet);
      expect(doc.adoptedStyleSheets).toHaveLength(2);
      const ours = doc.adoptedStyleSheets[1]!;
      doc.adoptedStyleSheets = [hostSheet]; // e.g. a framework resetting the list
      adoptStyles(document, 'test-sheet', '[data-lk] .x{color:red}');
      expect(doc.adoptedStyleSheets).toEqual([hostSheet, ours]);
    } finally {
      api.restore();
    }
  });

  it('adopts the modal rules when the modal opens (a chunk loaded on demand)', async () => {
    const api = withConstructableSheets();
    try {
      await loadModalStyles();
      const texts = doc.adoptedStyleSheets!.map((s) => api.texts.get(s));
      expect(texts).toContain(BASE_CSS);
      expect(texts).toContain(MODAL_CSS);
      expect(document.querySelectorAll('style')).toHaveLength(0);
    } finally {
      api.restore();
    }
  });
});

describe('without constructable stylesheets', () => {
  it("falls back to one <style> element per sheet, with the host's nonce", async () => {
    const { kernel } = uiKernel();
    render(
      <LatchkeyProvider kernel={kernel} nonce="r4nd0m">
        <ConnectButton />
      </LatchkeyProvider>,
    );
    act(() => void kernel.modal.open());
    await settle();
    const styles = [...document.querySelectorAll('style')];
    expect(styles.map((s) => s.id).sort()).toEqual(['latchkey-base', 'latchkey-modal']);
    for (const s of styles) expect(s.nonce).toBe('r4nd0m');
    expect(styles.find((s) => s.id === 'latchkey-modal')!.textContent).toBe(MODAL_CSS);
  });

  it('adds nothing with styles="none" (the host links latchkey/styles.css)', async () => {
    const { kernel } = uiKernel();
    render(
      <LatchkeyProvider kernel={kernel} styles="none">
        <ConnectButton />
      </LatchkeyProvider>,
    );
    act(() => void kernel.modal.open());
    await settle();
    expect(document.querySelectorAll('style')).toHaveLength(0);
    expect(document.querySelector('[role=dialog]')).toBeTruthy();
  });
});

describe('the rules', () => {
  it('keep the modal root transparent until the modal rules are in, then show it', () => {
    expect(BASE_CSS).toContain('[data-lk].lk-root{position:fixed;inset:0;z-index:var(--lk-z-index,999);opacity:0}');
    expect(MODAL_CSS).toMatch(/\[data-lk\]\.lk-root\{opacity:1;/);
  });

  it('have balanced braces and use no url() (nothing for img-src or font-src to allow)', () => {
    for (const css of [BASE_CSS, MODAL_CSS]) {
      expect(css.split('{').length).toBe(css.split('}').length);
      expect(css).not.toMatch(/url\(|@import/);
    }
  });
});
