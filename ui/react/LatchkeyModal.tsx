import { useKernel } from './context';
import { useIsoLayoutEffect, useThemeAttrs } from './hooks';
import { useObserved } from './useObserved';
import { ModalShell } from '../shell/ModalShell';
import { ensureStyles } from '../shell/styles';
import { ensureCoreViews, prefetchCoreViews } from '../views/manifest';

/**
 * The modal root. LatchkeyProvider portals it to the end of <body>; with
 * `disableAppend` or `enableEmbedded` the host places it itself. Renders
 * nothing while closed (embedded mode: always rendered, in the page flow).
 */
export function LatchkeyModal() {
  const kernel = useKernel();
  ensureCoreViews(kernel);
  const open = useObserved(kernel.modal, (s) => s.open);
  const embedded = useObserved(kernel.options, (s) => s.enableEmbedded === true);
  const attrs = useThemeAttrs();
  const visible = open || embedded;
  useIsoLayoutEffect(() => {
    if (!visible) return;
    ensureStyles();
    prefetchCoreViews(kernel);
  }, [visible]);
  if (!visible) return null;
  return (
    <div {...attrs} className={embedded ? 'lk-embedded' : 'lk-root'}>
      <ModalShell kernel={kernel} embedded={embedded} />
    </div>
  );
}
