/**
 * The texts this plugin's manifest declares (view titles, Account labels) in the other locales:
 * one chunk, loaded only for a visitor who does not read English (`translations` in ./index.ts).
 */
import type { ManifestTranslations } from 'latchkey';

export default {
  es: { Receive: 'Recibir' },
  'pt-BR': { Receive: 'Receber' },
  fr: { Receive: 'Recevoir' },
  de: { Receive: 'Empfangen' },
  ja: { Receive: '受け取る' },
  ko: { Receive: '받기' },
  'zh-CN': { Receive: '接收' },
  ar: { Receive: 'استلام' },
  tr: { Receive: 'Al' },
} satisfies ManifestTranslations;
