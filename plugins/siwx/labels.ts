/**
 * The texts this plugin's manifest declares (view titles, Account labels) in the other locales:
 * one chunk, loaded only for a visitor who does not read English (`translations` in ./index.ts).
 */
import type { ManifestTranslations } from 'latchkey';

export default {
  es: { 'Sign in': 'Iniciar sesión' },
  'pt-BR': { 'Sign in': 'Entrar' },
  fr: { 'Sign in': 'Se connecter' },
  de: { 'Sign in': 'Anmelden' },
  ja: { 'Sign in': 'サインイン' },
  ko: { 'Sign in': '로그인' },
  'zh-CN': { 'Sign in': '登录' },
  ar: { 'Sign in': 'تسجيل الدخول' },
  tr: { 'Sign in': 'Giriş yap' },
} satisfies ManifestTranslations;
