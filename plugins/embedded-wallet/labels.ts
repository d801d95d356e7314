/**
 * The texts this plugin's manifest declares (view titles, Account labels) in the other locales:
 * one chunk, loaded only for a visitor who does not read English (`translations` in ./index.ts).
 */
import type { ManifestTranslations } from 'latchkey';

export default {
  es: { 'Confirm Email': 'Confirmar correo', 'Register Device': 'Registrar dispositivo', Settings: 'Ajustes', 'Edit Email': 'Editar correo', 'Approve Transaction': 'Aprobar transacción' },
  'pt-BR': { 'Confirm Email': 'Confirmar e-mail', 'Register Device': 'Registrar dispositivo', Settings: 'Configurações', 'Edit Email': 'Editar e-mail', 'Approve Transaction': 'Aprovar transação' },
  fr: { 'Confirm Email': "Confirmer l'e-mail", 'Register Device': "Enregistrer l'appareil", Settings: 'Paramètres', 'Edit Email': "Modifier l'e-mail", 'Approve Transaction': 'Approuver la transaction' },
  de: { 'Confirm Email': 'E-Mail bestätigen', 'Register Device': 'Gerät registrieren', Settings: 'Einstellungen', 'Edit Email': 'E-Mail ändern', 'Approve Transaction': 'Transaktion genehmigen' },
  ja: { 'Confirm Email': 'メールを確認', 'Register Device': 'デバイスを登録', Settings: '設定', 'Edit Email': 'メールを編集', 'Approve Transaction': '取引を承認' },
  ko: { 'Confirm Email': '이메일 확인', 'Register Device': '기기 등록', Settings: '설정', 'Edit Email': '이메일 수정', 'Approve Transaction': '거래 승인' },
  'zh-CN': { 'Confirm Email': '确认邮箱', 'Register Device': '注册设备', Settings: '设置', 'Edit Email': '编辑邮箱', 'Approve Transaction': '批准交易' },
  ar: { 'Confirm Email': 'تأكيد البريد الإلكتروني', 'Register Device': 'تسجيل الجهاز', Settings: 'الإعدادات', 'Edit Email': 'تعديل البريد الإلكتروني', 'Approve Transaction': 'الموافقة على المعاملة' },
  tr: { 'Confirm Email': 'E-postayı onayla', 'Register Device': 'Cihazı kaydet', Settings: 'Ayarlar', 'Edit Email': 'E-postayı düzenle', 'Approve Transaction': 'İşlemi onayla' },
} satisfies ManifestTranslations;
