/** Every locale chunk of this plugin's views has exactly the English keys, each a non-empty text. */
import { LOCALES, type Locale } from 'latchkey/ui';
import { messages } from './messages';

it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the English keys', async (locale) => {
  const load = messages.locales[locale as Exclude<Locale, 'en'>];
  expect(load).toBeDefined();
  const { default: t } = await load!();
  expect(Object.keys(t).sort()).toEqual(Object.keys(messages.en).sort());
  for (const [k, v] of Object.entries(t)) {
    expect(typeof v).toBe('string');
    expect((v as string).length).toBeGreaterThan(0);
    // the same {placeholders} as English
    const ph = (s: string) => (s.match(/\{[A-Za-z0-9_]+\}/g) ?? []).sort();
    expect([k, ph(v as string)]).toEqual([k, ph(messages.en[k as keyof typeof messages.en])]);
  }
});
