/**
 * Prewarming the pairing, as AppKit has its link ready: the pairing view should paint its QR code
 * in its first frame, not a loading state while the universal provider starts and the relay
 * answers. So, in the background, the session service loads and prepares a pairing
 * (WalletConnectSession.prewarm), which the view's connect then adopts:
 * - when the modal opens on the Connect view on a desktop, once it is fully shown: it has painted
 *   (two animation frames), its entrance animation has run (OPEN_SETTLE_MS) and the browser is
 *   idle. The module's evaluation, the provider's start and the pairing then run as separate
 *   tasks, each in an idle moment (`idle` between them), so none of them holds a frame of the
 *   open (measured by `npm run bench`: with the work two frames after the click, the open ran at
 *   11 frames a second);
 * - on intent, on any device: the pointer over, or the focus on, a WalletConnect button in the
 *   open modal (a touch starts with a pointerover too).
 * Never with manualWCControl (the host pairs) or without a WalletConnect entry (disabled, or no
 * namespace for it); not at opening on a phone, where a pairing the visitor may not use would
 * cost their data (the plugin's chunk, a relay socket). The session drops an unused pairing when
 * the modal closes; the listeners here live only while the modal is open.
 */
import type { Environment, Modal, Options, Router } from 'latchkey';

export interface PrewarmDeps {
  /** The plugin's `prewarm` setting: at opening (desktop) and on intent, on intent only, or never. */
  readonly mode: 'open' | 'intent' | false;
  readonly modal: Modal;
  readonly router: Router;
  readonly options: Options;
  readonly env: Environment;
  /** Whether a WalletConnect entry is registered now. */
  hasEntry(): boolean;
  /** Loads the session service (the plugin's module) and prewarms it; also warms the pairing view's chunk. */
  prewarm(): Promise<void>;
}

/** The modal's entrance animation (ui/shell/css/modal.ts: 150 ms), and a frame's margin. */
export const OPEN_SETTLE_MS = 170;
/** The longest an idle moment is waited for before the work runs anyway. */
const IDLE_TIMEOUT_MS = 1000;

type IdleWindow = { requestIdleCallback?: (fn: () => void, options?: { timeout: number }) => unknown };

/** Resolves in the next idle moment of `win` (after a macrotask where it has no requestIdleCallback; at once without a window). */
export function idle(win: IdleWindow | undefined): Promise<void> {
  if (!win) return Promise.resolve();
  return new Promise((resolve) => (win.requestIdleCallback ? win.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS }) : setTimeout(resolve, 0)));
}

/** Events that show intent: a pointer coming over an element (mouse, pen or touch), the keyboard focus. */
const INTENT_EVENTS = ['pointerover', 'focusin'] as const;
/** How far up from the event's target a WalletConnect button is looked for. */
const MAX_DEPTH = 8;

/** True when the event happened on (or inside) a button naming WalletConnect. */
export function isWalletConnectTarget(event: Event): boolean {
  const path = typeof event.composedPath === 'function' ? event.composedPath() : [event.target];
  for (const node of path.slice(0, MAX_DEPTH)) {
    const el = node as Partial<Element> | null;
    if (!el || typeof el.getAttribute !== 'function') continue;
    const tag = typeof el.tagName === 'string' ? el.tagName.toLowerCase() : '';
    if (tag !== 'button' && el.getAttribute('role') !== 'button') continue;
    return /WalletConnect/.test(`${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''}`);
  }
  return false;
}

/** Starts following the modal; returns the disposer (listeners removed). */
export function prewarmOnOpenAndIntent(deps: PrewarmDeps): () => void {
  const { modal, router, options, env, mode } = deps;
  if (mode === false) return () => undefined;
  const allowed = () => deps.hasEntry() && options.state.manualWCControl !== true && options.state.enableWalletConnect !== false;
  const start = () => {
    if (allowed()) deps.prewarm().catch(() => undefined);
  };
  let removeListeners: (() => void) | undefined;
  const onIntent = (event: Event) => {
    if (isWalletConnectTarget(event)) start();
  };
  const listen = () => {
    const doc = env.document;
    if (!doc || removeListeners) return;
    for (const type of INTENT_EVENTS) doc.addEventListener(type, onIntent, { capture: true, passive: true });
    removeListeners = () => {
      for (const type of INTENT_EVENTS) doc.removeEventListener(type, onIntent, { capture: true });
      removeListeners = undefined;
    };
  };
  /** Runs `fn` once the modal is fully shown: painted, its entrance animation run, the browser idle (at once where nothing paints: no window). */
  const afterOpen = (fn: () => void) => {
    const win = env.window;
    const raf = win?.requestAnimationFrame?.bind(win);
    if (!raf) return fn();
    raf(() => raf(() => setTimeout(() => void idle(win as IdleWindow).then(fn), OPEN_SETTLE_MS)));
  };
  const subs = [
    modal.onDidOpen$.subscribe((args) => {
      if (args.uri || !allowed()) return;
      listen();
      if (mode === 'open' && !env.isMobile() && router.state.view === 'Connect') afterOpen(() => modal.state.open && start());
    }),
    modal.onDidClose$.subscribe(() => removeListeners?.()),
  ];
  return () => {
    for (const sub of subs) sub.unsubscribe();
    removeListeners?.();
  };
}
