import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { UiKernel } from '../kernel';
import { KernelContext } from './context';
import { LatchkeyModal } from './LatchkeyModal';
import { useObserved } from './useObserved';
import { configureStyles, loadModalStylesWhenIdle, type StylesMode } from '../shell/styles';
import { ensureCoreViews } from '../views/manifest';

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
  readonly children?: ReactNode;
}

const started = /*#__PURE__*/ new WeakSet<object>();

/**
 * Gives `kernel` to the hooks and buttons, starts it once after mount, and
 * (unless `disableAppend` or `enableEmbedded`) mounts the modal in a <div>
 * appended to the end of <body>. Nothing touches the DOM before an effect
 * runs, so server rendering and hydration produce the same markup.
 */
export function LatchkeyProvider({ kernel, nonce, styles, children }: LatchkeyProviderProps) {
  configureStyles({ mode: styles, nonce });
  ensureCoreViews(kernel);
  const append = useObserved(kernel.options, (s) => !s.disableAppend && !s.enableEmbedded);
  const [host, setHost] = useState<HTMLElement | null>(null);

  useEffect(() => {
    // Once per kernel, also under StrictMode's double effects and re-mounts.
    if (started.has(kernel)) return;
    started.add(kernel);
    kernel.start().catch((err: unknown) => console.error('[latchkey] kernel start failed', err));
    // The modal's stylesheet is a chunk of its own: fetched once the page is idle, so a click finds it;
    // from then on snackbars are followed, so one raised while the modal is closed is known as such.
    loadModalStylesWhenIdle((chunk) => chunk.snackbarScopes(kernel));
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
      {children}
      {host ? createPortal(<LatchkeyModal />, host) : null}
    </KernelContext.Provider>
  );
}
