/**
 * Locales: which one a visitor gets, its writing direction, and message formatting. Pure.
 *
 * English ships with every message bundle; the other locales are chunks of their own, loaded
 * only when chosen (by the `locale` option, else the browser's languages).
 */

/** The locales every first-party message bundle ships. */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'ja', 'ko', 'zh-CN', 'ar', 'tr'] as const;
export type Locale = (typeof LOCALES)[number];

/** Languages written right to left (of those a host may configure or a browser may ask for). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'sd', 'ug', 'dv', 'ckb']);

/** The primary language subtag, lower case: 'pt-BR' → 'pt'. */
const language = (tag: string): string => tag.split(/[-_]/)[0]!.toLowerCase();

/** 'rtl' for Arabic, Hebrew, Persian, Urdu, …; 'ltr' otherwise. */
export function direction(locale: string): 'ltr' | 'rtl' {
  return RTL_LANGUAGES.has(language(locale)) ? 'rtl' : 'ltr';
}

/**
 * The first of `requested` (most preferred first, BCP 47 tags as `navigator.languages` gives
 * them) that `available` serves: an exact match (case-insensitive, '_' as '-'), else the first
 * available locale of the same language ('pt-PT' → 'pt-BR', 'zh-Hans-SG' → 'zh-CN', 'de-AT' →
 * 'de'). English when none matches.
 */
export function matchLocale(requested: readonly (string | undefined)[], available: readonly string[] = LOCALES): string {
  const norm = (t: string) => t.replace(/_/g, '-').toLowerCase();
  for (const tag of requested) {
    if (typeof tag !== 'string' || !/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    const exact = available.find((a) => norm(a) === norm(tag));
    if (exact) return exact;
    const same = available.find((a) => language(a) === language(tag));
    if (same) return same;
  }
  return 'en';
}

/** The browser's languages, most preferred first (none on a server). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

export { formatMessage as format } from '../../kernel/index';
