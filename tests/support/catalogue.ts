/**
 * The check every message bundle's test runs: each non-English locale chunk has exactly the
 * English keys, each a non-empty text with the same {placeholders} as English.
 *
 *   import { itTranslatesEveryKey } from '../../tests/support/catalogue';
 *   itTranslatesEveryKey(messages);
 */
import { LOCALES, type Locale, type MessageBundle } from '../../ui/index';

const placeholders = (s: string) => (s.match(/\{[A-Za-z0-9_]+\}/g) ?? []).sort();

export function itTranslatesEveryKey(messages: MessageBundle): void {
  it.each(LOCALES.filter((l) => l !== 'en'))(`${messages.id}: %s has exactly the English keys`, async (locale) => {
    const load = messages.locales[locale as Exclude<Locale, 'en'>];
    expect(load).toBeDefined();
    const { default: t } = await load!();
    expect(Object.keys(t).sort()).toEqual(Object.keys(messages.en).sort());
    for (const [k, v] of Object.entries(t)) {
      expect(typeof v).toBe('string');
      expect((v as string).length).toBeGreaterThan(0);
      expect([k, placeholders(v as string)]).toEqual([k, placeholders(messages.en[k]!)]);
    }
  });
}
