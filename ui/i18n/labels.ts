/**
 * The texts plugin manifests declare (view titles, Account tab and wallet-feature labels) in the
 * kernel's locale. A manifest's `translations` chunk maps each English text to its translation by
 * locale; it is loaded (once per locale) only when the locale is not English, and only the texts
 * the manifest declares are taken from it.
 */
import type { PluginManifest } from '../../kernel/index';
import type { UiKernel } from '../kernel';
import { useObserved } from '../react/useObserved';
import { LOCALES, type Locale } from './locale';
import { loadMessages, localeState, message, type Catalogue, type MessageBundle } from './messages';

const bundles = /*#__PURE__*/ new WeakMap<PluginManifest, MessageBundle<Catalogue> | null>();

/** The manifest's declared texts as a message bundle keyed by the English text (null: nothing to translate). */
function labelBundle(manifest: PluginManifest | undefined): MessageBundle<Catalogue> | null {
  if (!manifest?.translations) return null;
  let bundle = bundles.get(manifest);
  if (bundle !== undefined) return bundle;
  const c = manifest.contributes;
  const en: Record<string, string> = {};
  for (const text of [...(c?.views ?? []).map((v) => v.title), ...(c?.accountTabs ?? []), ...(c?.walletFeatures ?? [])].map((x) =>
    typeof x === 'object' ? x.label : x,
  )) {
    if (typeof text === 'string') en[text] = text;
  }
  const load = manifest.translations;
  const locales: Partial<Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue }>>> = {};
  for (const l of LOCALES) {
    if (l !== 'en') locales[l] = () => load().then((m) => ({ default: m.default?.[l] ?? {} }));
  }
  bundles.set(manifest, (bundle = { id: `manifest:${manifest.id}`, en, locales }));
  return bundle;
}

const manifestOf = (kernel: UiKernel, plugin: string) => kernel.plugins.manifests().find((m) => m.id === plugin);

/**
 * `text` (declared by the manifest of `plugin`) in the kernel's locale: the translation once the
 * manifest's chunk for the locale has loaded (this starts the load), English until then. A
 * component that shows it re-renders on the locale state (`localeState(kernel)`).
 */
export function label(kernel: UiKernel, plugin: string, text: string): string {
  const bundle = labelBundle(manifestOf(kernel, plugin));
  if (!bundle || !Object.prototype.hasOwnProperty.call(bundle.en, text)) return text;
  void loadMessages(kernel, bundle);
  return message(localeState(kernel).state, bundle, text);
}

/** `label` bound to `kernel`, re-rendering the component when the locale or a loaded chunk changes. */
export function useLabels(kernel: UiKernel): (plugin: string, text: string) => string {
  useObserved(localeState(kernel));
  return (plugin, text) => label(kernel, plugin, text);
}
