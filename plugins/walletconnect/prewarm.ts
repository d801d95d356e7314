/**
 * Prewarming the pairing, as AppKit has its link ready: the pairing view should paint its QR code
 * in its first frame, not a loading state while the universal provider starts and the relay
 * answers. So, in the background, the session service loads and prepares a pairing
 * (WalletConnectSession.prewarm), which the view's connect then adopts:
 * - when the modal opens on the Connect view on a desktop, once the modal has painted (two
 *   animation frames later: loading and starting the provider must not delay its first frame);
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
  /** Runs `fn` after the next frame has been painted (at once where nothing paints: no window). */
  const afterPaint = (fn: () => void) => {
    const raf = env.window?.requestAnimationFrame?.bind(env.window);
    if (!raf) return fn();
    raf(() => raf(() => fn()));
  };
  const subs = [
    modal.onDidOpen$.subscribe((args) => {
      if (args.uri || !allowed()) return;
      listen();
      if (mode === 'open' && !env.isMobile() && router.state.view === 'Connect') afterPaint(() => modal.state.open && start());
    }),
    modal.onDidClose$.subscribe(() => removeListeners?.()),
  ];
  return () => {
    for (const sub of subs) sub.unsubscribe();
    removeListeners?.();
  };
}
