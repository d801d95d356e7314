/**
 * Message catalogues. Each part of the UI (the core views, each plugin's views) defines its own
 * bundle: the English messages inline, every other locale behind its own `import()`, so a
 * visitor downloads only the language they read and only for the views they open.
 *
 *   export const messages = defineMessages('send', { title: 'Send', max: 'Max {symbol}' }, {
 *     es: () => import(`…/locales/es`), …
 *   });
 *   const t = useMessages(messages);  t('max', { symbol: 'ETH' })
 *
 * The locale is per kernel: the `locale` option, else the browser's languages
 * (matchLocale), else English; `setLocale(kernel, 'fr')` changes it at run time.
 */
import { Store, type Observed } from '../../kernel/index';
import { browserLanguages, direction, matchLocale, type Locale } from './locale';

export { defineMessages, type Catalogue, type CatalogueModule, type MessageBundle } from '../../kernel/index';
import type { Catalogue, MessageBundle } from '../../kernel/index';

export interface LocaleState {
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
  /** Loaded translations by `${bundleId}:${locale}`. */
  readonly loaded: Readonly<Record<string, Catalogue>>;
}

/** What the locale needs of a kernel: its options (`locale`). */
interface LocaleHost {
  readonly options: Observed<{ readonly locale?: unknown }>;
}

const stores = /*#__PURE__*/ new WeakMap<object, Store<LocaleState>>();

function initialLocale(host: LocaleHost): string {
  const option = host.options.state.locale;
  return matchLocale([typeof option === 'string' ? option : undefined, ...browserLanguages()]);
}

/** The kernel's locale state (created on first use). */
export function localeState(host: LocaleHost): Store<LocaleState> {
  let s = stores.get(host);
  if (!s) {
    const locale = initialLocale(host);
    stores.set(host, (s = new Store<LocaleState>({ locale, dir: direction(locale), loaded: {} })));
  }
  return s;
}

/**
 * The locale state a server renders: the `locale` option (a server has no browser languages),
 * no translation loaded yet (they load after mount), so the first client render equals it.
 */
export function serverLocaleState(host: LocaleHost): LocaleState {
  const option = host.options.state.locale;
  const locale = matchLocale([typeof option === 'string' ? option : undefined]);
  return { locale, dir: direction(locale), loaded: {} };
}

/** Changes the locale (one of LOCALES, or the nearest: 'fr-CA' → 'fr'); views follow. */
export function setLocale(host: LocaleHost, locale: string): void {
  const next = matchLocale([locale]);
  localeState(host).patch({ locale: next, dir: direction(next) });
}

const pending = /*#__PURE__*/ new WeakMap<object, Map<string, Promise<void>>>();

/**
 * Loads `bundle`'s translations for the current locale (once; concurrent calls share the load).
 * A failed load keeps English and may be retried by a later call.
 */
export function loadMessages(host: LocaleHost, bundle: MessageBundle<Catalogue>): Promise<void> {
  const store = localeState(host);
  const { locale, loaded } = store.state;
  const key = `${bundle.id}:${locale}`;
  const loader = bundle.locales[locale as Exclude<Locale, 'en'>];
  if (locale === 'en' || loaded[key] || !loader) return Promise.resolve();
  let map = pending.get(host);
  if (!map) pending.set(host, (map = new Map()));
  let p = map.get(key);
  if (!p) {
    p = loader().then(
      (mod) => {
        const messages: Record<string, string> = {};
        // keep only strings for keys English has: a chunk cannot inject other keys or markup
        for (const k of Object.keys(bundle.en)) {
          const v = (mod.default as Record<string, unknown>)[k];
          if (typeof v === 'string') messages[k] = v;
        }
        store.patch((s) => ({ loaded: { ...s.loaded, [key]: messages } }));
        map!.delete(key);
      },
      () => {
        map!.delete(key);
      },
    );
    map.set(key, p);
  }
  return p;
}

/** The message of `key` in the current locale (English where the locale has none). */
export function message<M extends Catalogue>(state: LocaleState, bundle: MessageBundle<M>, key: keyof M & string): string {
  return state.loaded[`${bundle.id}:${state.locale}`]?.[key] ?? bundle.en[key]!;
}


