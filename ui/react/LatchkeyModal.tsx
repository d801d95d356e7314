import { useKernel } from './context';
import { useIsoLayoutEffect, useThemeRoot } from './hooks';
import { useObserved } from './useObserved';
import { ModalShell } from '../shell/ModalShell';
import { loadModalStyles } from '../shell/styles';
import { ensureCoreViews, prefetchCoreViews } from '../views/manifest';
import { localeState } from '../i18n/messages';

/**
 * The modal root. LatchkeyProvider portals it to the end of <body>; with
 * `disableAppend` or `enableEmbedded` the host places it itself. Renders
 * nothing while closed (embedded mode: always rendered, in the page flow).
 * It is in the DOM as soon as the modal opens; until the modal's stylesheet is in
 * (normally loaded before, on intent or when idle) the root stays transparent.
 * It carries the kernel's locale as `lang` and its writing direction as `dir` ('rtl' for
 * Arabic, Hebrew, …), following `setLocale`.
 */
export function LatchkeyModal() {
  const kernel = useKernel();
  ensureCoreViews(kernel);
  const open = useObserved(kernel.modal, (s) => s.open);
  const embedded = useObserved(kernel.options, (s) => s.enableEmbedded === true);
  const { attrs, ref } = useThemeRoot<HTMLDivElement>();
  const { locale, dir } = useObserved(localeState(kernel));
  const visible = open || embedded;
  useIsoLayoutEffect(() => {
    if (!visible) return;
    void loadModalStyles();
    prefetchCoreViews(kernel);
  }, [visible]);
  if (!visible) return null;
  return (
    <div {...attrs} ref={ref} lang={locale} dir={dir} className={embedded ? 'lk-embedded' : 'lk-root'}>
      <ModalShell kernel={kernel} embedded={embedded} />
    </div>
  );
}
