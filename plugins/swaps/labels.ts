/**
 * The texts this plugin's manifest declares (view titles, Account labels) in the other locales:
 * one chunk, loaded only for a visitor who does not read English (`translations` in ./index.ts).
 */
import type { ManifestTranslations } from 'latchkey';

export default {
  es: { Swap: 'Intercambiar' },
  'pt-BR': { Swap: 'Trocar' },
  fr: { Swap: 'Échanger' },
  de: { Swap: 'Tauschen' },
  ja: { Swap: 'スワップ' },
  ko: { Swap: '스왑' },
  'zh-CN': { Swap: '兑换' },
  ar: { Swap: 'مبادلة' },
  tr: { Swap: 'Takas' },
} satisfies ManifestTranslations;
