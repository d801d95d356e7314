import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { LatchkeyInitialState } from '../../kernel/index';
import type { UiKernel } from '../kernel';
import { KernelContext, ServerSnapshotContext, type ServerSnapshots } from './context';
import { LatchkeyModal } from './LatchkeyModal';
import { useObserved } from './useObserved';
import { configureStyles, loadModalStylesWhenIdle, type StylesMode } from '../shell/styles';
import { ensureCoreViews } from '../views/manifest';
import { localeState, serverLocaleState } from '../i18n/messages';

export interface LatchkeyProviderProps {
  readonly kernel: UiKernel;
  /**
   * CSP nonce for the `<style>` elements the UI adds in browsers without constructable
   * stylesheets. Not needed otherwise: constructable stylesheets are not subject to
   * `style-src`.
   */
  readonly nonce?: string;
  /**
   * `'adopt'` (default): the UI adds its stylesheet itself (constructable stylesheets,
   * allowed by a strict CSP). `'none'`: it adds nothing; the host links
   * `latchkey/styles.css` (dist/latchkey.css), the same rules, as a file.
   */
  readonly styles?: StylesMode;
  /**
   * What the server knows of the visitor (`cookieToInitialState` of the request, with
   * `cookieStorage()` as the kernel's storage): the server renders the visitor's connection
   * (the account button) and the page hydrates from the same data. Without it the server
   * renders a visitor with nothing stored, and a connection this browser stored appears right
   * after hydration.
   */
  readonly initialState?: LatchkeyInitialState;
  readonly children?: ReactNode;
}

/**
 * What the server rendered for each service whose startup state depends on the browser: the
 * kernel's `serverState(initialState)` (account, network, wallet list) and the locale without
 * the browser's languages or loaded translations.
 */
function serverSnapshots(kernel: UiKernel, initialState: LatchkeyInitialState | undefined): ServerSnapshots {
  const server = kernel.serverState?.(initialState);
  const states = new Map<object, unknown>([[localeState(kernel), serverLocaleState(kernel)]]);
  if (server) states.set(kernel.account, server.account).set(kernel.network, server.network).set(kernel.connectors, server.connectors);
  return (observed) => states.get(observed);
}

const started = /*#__PURE__*/ new WeakSet<object>();

/**
 * Gives `kernel` to the hooks and buttons, starts it once after mount, and
 * (unless `disableAppend` or `enableEmbedded`) mounts the modal in a <div>
 * appended to the end of <body>. Nothing touches the DOM before an effect
 * runs, and the hydration renders what the server rendered (`initialState`, else
 * nothing stored), so server rendering and hydration produce the same markup; the
 * browser's own stored state is rendered right after.
 */
export function LatchkeyProvider({ kernel, nonce, styles, initialState, children }: LatchkeyProviderProps) {
  configureStyles({ mode: styles, nonce });
  ensureCoreViews(kernel);
  const snapshots = useMemo(() => serverSnapshots(kernel, initialState), [kernel, initialState]);
  const append = useObserved(kernel.options, (s) => !s.disableAppend && !s.enableEmbedded);
  const [host, setHost] = useState<HTMLElement | null>(null);

  useEffect(() => {
    // Once per kernel, also under StrictMode's double effects and re-mounts.
    if (started.has(kernel)) return;
    started.add(kernel);
    kernel.start().catch((err: unknown) => console.error('[latchkey] kernel start failed', err));
    // The modal's stylesheet is a chunk of its own: fetched once the page is idle, so a click finds it;
    // from then on snackbars are followed, so one raised while the modal is closed is known as such, and
    // what the Connect view shows is fetched ahead of the click (shell/prefetchConnect).
    loadModalStylesWhenIdle((chunk) => chunk.whenIdle(kernel));
  }, [kernel]);

  useEffect(() => {
    if (!append) return;
    const el = document.createElement('div');
    el.setAttribute('data-latchkey-root', '');
    document.body.appendChild(el);
    setHost(el);
    return () => {
      el.remove();
      setHost(null);
    };
  }, [append]);

  return (
    <KernelContext.Provider value={kernel}>
      <ServerSnapshotContext.Provider value={snapshots}>
        {children}
        {host ? createPortal(<LatchkeyModal />, host) : null}
      </ServerSnapshotContext.Provider>
    </KernelContext.Provider>
  );
}
