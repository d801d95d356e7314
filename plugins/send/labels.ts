/**
 * The texts this plugin's manifest declares (view titles, Account labels) in the other locales:
 * one chunk, loaded only for a visitor who does not read English (`translations` in ./index.ts).
 */
import type { ManifestTranslations } from 'latchkey';

export default {
  es: { Send: 'Enviar', 'Review send': 'Revisar envío' },
  'pt-BR': { Send: 'Enviar', 'Review send': 'Revisar envio' },
  fr: { Send: 'Envoyer', 'Review send': "Vérifier l'envoi" },
  de: { Send: 'Senden', 'Review send': 'Senden prüfen' },
  ja: { Send: '送金', 'Review send': '送金の確認' },
  ko: { Send: '보내기', 'Review send': '보내기 검토' },
  'zh-CN': { Send: '发送', 'Review send': '确认发送' },
  ar: { Send: 'إرسال', 'Review send': 'مراجعة الإرسال' },
  tr: { Send: 'Gönder', 'Review send': 'Gönderimi incele' },
} satisfies ManifestTranslations;
