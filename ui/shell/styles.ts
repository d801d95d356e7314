/**
 * How the UI's stylesheet reaches the page, under a strict Content-Security-Policy too
 * (`style-src 'self'`, no 'unsafe-inline', no nonce):
 *
 * - Constructable stylesheets (`new CSSStyleSheet()` + `replaceSync`, adopted through
 *   `document.adoptedStyleSheets`): CSSOM, which CSP does not block.
 * - Where a browser has none: one `<style>` element per sheet, with the host's `nonce`
 *   (LatchkeyProvider's `nonce` prop) when one is given.
 * - `styles="none"` on LatchkeyProvider: nothing is added; the host links
 *   `latchkey/styles.css` (dist/latchkey.css, the same rules) itself.
 *
 * Two sheets: the base (theme tokens, host buttons; in the entry chunk) and the modal's
 * rules, a chunk of their own loaded on intent, when idle after start, or on open. The
 * modal root stays transparent until its rules are in (see css/base.ts).
 */
import { BASE_CSS } from './css/base';

export type StylesMode = 'adopt' | 'none';

let mode: StylesMode = 'adopt';
let styleNonce: string | undefined;

/** LatchkeyProvider's `styles` and `nonce` props. */
export function configureStyles(options: { readonly mode?: StylesMode | undefined; readonly nonce?: string | undefined }): void {
  mode = options.mode === 'none' ? 'none' : 'adopt';
  styleNonce = typeof options.nonce === 'string' && options.nonce ? options.nonce : undefined;
}

/** What was added to each document, by sheet id (a CSSStyleSheet, or the fallback <style>). */
const added = /*#__PURE__*/ new WeakMap<Document, Map<string, CSSStyleSheet | HTMLStyleElement>>();

type SheetDocument = Document & { adoptedStyleSheets?: CSSStyleSheet[] };

/**
 * Adds `css` to `doc` once under `id` (idempotent; added again if a host replaced
 * `adoptedStyleSheets` or removed the element). A constructable stylesheet when the
 * browser has them, else a `<style>` element with the nonce.
 */
export function adoptStyles(doc: Document, id: string, css: string): void {
  if (mode === 'none') return;
  const d = doc as SheetDocument;
  let mine = added.get(doc);
  if (!mine) added.set(doc, (mine = new Map()));
  let sheet = mine.get(id);
  const list = d.adoptedStyleSheets;
  if (sheet && (list?.includes(sheet as CSSStyleSheet) || (sheet as HTMLStyleElement).isConnected)) return;
  const Sheet = doc.defaultView?.CSSStyleSheet;
  if (Array.isArray(list) && typeof Sheet?.prototype.replaceSync === 'function') {
    try {
      if (!(sheet instanceof Sheet)) {
        sheet = new Sheet();
        sheet.replaceSync(css);
      }
      d.adoptedStyleSheets = [...list, sheet];
      mine.set(id, sheet);
      return;
    } catch {
      // A browser that lists the API but refuses it: fall back to <style>.
    }
  }
  const el = doc.createElement('style');
  el.id = id;
  if (styleNonce) el.nonce = styleNonce;
  el.textContent = css;
  doc.head.appendChild(el);
  mine.set(id, el);
}

function currentDocument(): Document | undefined {
  return typeof document === 'undefined' ? undefined : document;
}

/** The base sheet (theme tokens, host buttons), once per document. */
export function ensureBaseStyles(doc: Document | undefined = currentDocument()): void {
  if (doc) adoptStyles(doc, 'latchkey-base', BASE_CSS);
}

type ModalChunk = typeof import('./modalChunk');
let chunk: ModalChunk | undefined;
let loading: Promise<ModalChunk> | undefined;

/** Shown when the modal's rules could not be loaded: the modal is usable unstyled rather than invisible. */
const UNSTYLED_FALLBACK = '[data-lk].lk-root{opacity:1}';

/** The modal's chunk when it has loaded, else undefined. */
export function loadedModalChunk(): ModalChunk | undefined {
  return chunk;
}

/** The modal's chunk (its rules, motion and snackbar), loaded once per page; a failed load is tried again on the next call. */
export function loadModalChunk(): Promise<ModalChunk> {
  if (chunk) return Promise.resolve(chunk);
  loading ??= import('./modalChunk').then(
    // Named, so that what the chunk is for is visible to the unused-export check (knip).
    ({ MODAL_CSS, attachModal, AlertBanner, ModalSnackbar, whenIdle, label, warmFonts }) =>
      (chunk = { MODAL_CSS, attachModal, AlertBanner, ModalSnackbar, whenIdle, label, warmFonts }),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * Loads the modal's rules (a chunk of their own) and adds them with the base sheet; once
 * per page, whatever the number of calls. A failed load leaves the modal visible, unstyled,
 * and is tried again on the next call.
 */
export function loadModalStyles(doc: Document | undefined = currentDocument()): Promise<void> {
  if (!doc) return Promise.resolve();
  // The host links the stylesheet: only the chunk's motion is wanted.
  if (mode === 'none') return loadModalChunk().then(() => {}, () => {});
  ensureBaseStyles(doc);
  return loadModalChunk().then(
    (m) => adoptStyles(doc, 'latchkey-modal', m.MODAL_CSS),
    (err: unknown) => {
      adoptStyles(doc, 'latchkey-unstyled', UNSTYLED_FALLBACK);
      console.warn('[latchkey] modal stylesheet not loaded', err);
    },
  );
}

let warmed = false;

/**
 * Loads the modal's chunk (rules, motion, snackbar) once the page is idle (after the kernel
 * started), so that a click finds it in place, and looks up the modal's font faces (once per
 * page); `then` runs with it (e.g. to start following snackbars). Errors are reported by
 * {@link loadModalStyles}.
 */
export function loadModalStylesWhenIdle(then?: (chunk: ModalChunk) => void): void {
  if (typeof window === 'undefined') return;
  const run = () =>
    void loadModalStyles().then(() => {
      if (!chunk) return;
      // the modal's font faces, looked up now rather than in the click that first opens it
      if (!warmed) chunk.warmFonts(document);
      warmed = true;
      then?.(chunk);
    });
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => unknown }).requestIdleCallback;
  if (ric) ric(run, { timeout: 1000 });
  else setTimeout(run, 50);
}
