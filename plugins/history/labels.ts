/**
 * The texts this plugin's manifest declares (view titles, Account labels) in the other locales:
 * one chunk, loaded only for a visitor who does not read English (`translations` in ./index.ts).
 */
import type { ManifestTranslations } from 'latchkey';

export default {
  es: { Activity: 'Actividad' },
  'pt-BR': { Activity: 'Atividade' },
  fr: { Activity: 'Activité' },
  de: { Activity: 'Aktivität' },
  ja: { Activity: 'アクティビティ' },
  ko: { Activity: '활동' },
  'zh-CN': { Activity: '活动' },
  ar: { Activity: 'النشاط' },
  tr: { Activity: 'Etkinlik' },
} satisfies ManifestTranslations;
