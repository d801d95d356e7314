/**
 * The texts this plugin's manifest declares (view titles, Account labels) in the other locales:
 * one chunk, loaded only for a visitor who does not read English (`translations` in ./index.ts).
 */
import type { ManifestTranslations } from 'latchkey';

export default {
  es: { 'Choose Name': 'Elegir nombre', 'Name Registered': 'Nombre registrado', 'Choose name': 'Elegir nombre' },
  'pt-BR': { 'Choose Name': 'Escolher nome', 'Name Registered': 'Nome registrado', 'Choose name': 'Escolher nome' },
  fr: { 'Choose Name': 'Choisir un nom', 'Name Registered': 'Nom enregistré', 'Choose name': 'Choisir un nom' },
  de: { 'Choose Name': 'Namen wählen', 'Name Registered': 'Name registriert', 'Choose name': 'Namen wählen' },
  ja: { 'Choose Name': '名前を選択', 'Name Registered': '名前を登録しました', 'Choose name': '名前を選択' },
  ko: { 'Choose Name': '이름 선택', 'Name Registered': '이름 등록됨', 'Choose name': '이름 선택' },
  'zh-CN': { 'Choose Name': '选择名称', 'Name Registered': '名称已注册', 'Choose name': '选择名称' },
  ar: { 'Choose Name': 'اختيار اسم', 'Name Registered': 'تم تسجيل الاسم', 'Choose name': 'اختيار اسم' },
  tr: { 'Choose Name': 'Ad seç', 'Name Registered': 'Ad kaydedildi', 'Choose name': 'Ad seç' },
} satisfies ManifestTranslations;
