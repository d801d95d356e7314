/**
 * The texts this plugin's manifest declares (view titles, Account labels) in the other locales:
 * one chunk, loaded only for a visitor who does not read English (`translations` in ./index.ts).
 */
import type { ManifestTranslations } from 'latchkey';

export default {
  es: { Buy: 'Comprar' },
  'pt-BR': { Buy: 'Comprar' },
  fr: { Buy: 'Acheter' },
  de: { Buy: 'Kaufen' },
  ja: { Buy: '購入' },
  ko: { Buy: '구매' },
  'zh-CN': { Buy: '购买' },
  ar: { Buy: 'شراء' },
  tr: { Buy: 'Satın al' },
} satisfies ManifestTranslations;
