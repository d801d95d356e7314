/**
 * Message catalogues as data. A part of the product (the core UI, a plugin) defines its visible
 * texts once: English inline, every other locale behind its own `import()`, so a visitor loads
 * only the language they read. The UI (`latchkey/ui`) picks the kernel's locale and renders them;
 * headless code (a plugin's service) names a catalogue entry where it raises a text a UI shows,
 * e.g. a snackbar: `snackbar.success(localText(messages, 'approved', { symbol }))`. Pure, no React.
 */

export type Catalogue = Readonly<Record<string, string>>;
/** A locale chunk: the translations of one bundle (a missing key falls back to English). */
export type CatalogueModule<M extends Catalogue> = { readonly default: Partial<Record<keyof M, string>> };

export interface MessageBundle<M extends Catalogue = Catalogue> {
  readonly id: string;
  readonly en: M;
  /** By locale ('es', 'pt-BR', …; LOCALES of latchkey/ui), the chunk of its translations. */
  readonly locales: Readonly<Partial<Record<string, () => Promise<CatalogueModule<M>>>>>;
}

export function defineMessages<M extends Catalogue>(id: string, en: M, locales: MessageBundle<M>['locales'] = {}): MessageBundle<M> {
  return { id, en, locales };
}

/** Values for `{name}` placeholders. Text, never markup. */
export type MessageValues = Readonly<Record<string, string | number>>;

/**
 * Fills `{name}` placeholders from `values`; a placeholder without a value stays as written.
 * Values are text, never markup (React renders the result as text).
 */
export function format(template: string, values?: MessageValues): string {
  if (!values) return template;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}

/** A catalogue entry to be shown in the visitor's language, with its English text for everyone else. */
export interface LocalText {
  readonly bundle: MessageBundle;
  readonly key: string;
  readonly values?: MessageValues;
  /** The English text (what a host without a UI, a log or a test reads). */
  readonly english: string;
}

/** `key` of `bundle` with `values`, as a text a UI shows translated (see {@link LocalText}). */
export function localText<M extends Catalogue>(bundle: MessageBundle<M>, key: keyof M & string, values?: MessageValues): LocalText {
  return { bundle: bundle as unknown as MessageBundle, key, ...(values ? { values } : {}), english: format(bundle.en[key]!, values) };
}
