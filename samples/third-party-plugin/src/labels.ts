/**
 * The texts the manifest declares (the view's title, the Account view's button) in other
 * languages: one chunk, loaded by the modal only for a visitor whose locale is not English.
 */
import type { ManifestTranslations } from 'latchkey';

export default {
  es: { 'Network fees': 'Comisiones de red', Gas: 'Gas' },
  fr: { 'Network fees': 'Frais de réseau', Gas: 'Gaz' },
  ar: { 'Network fees': 'رسوم الشبكة', Gas: 'الغاز' },
} satisfies ManifestTranslations;
