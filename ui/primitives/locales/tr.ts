import type { en } from './en';

export default {
  dismiss: 'Kapat',
  NETWORK_NOT_FOUND: 'Ağ bulunamadı',
  NETWORK_NOT_FOUND_LONG: 'Ağın seçeneklerdeki \'networks\' dizisinde olduğundan emin olun.',
  ORIGIN_NOT_ALLOWED: 'Geçersiz uygulama yapılandırması',
  ORIGIN_NOT_ALLOWED_LONG: 'Bu kaynak projenin izin listesinde değil. Sağlayıcının bulut panelinden ekleyin.',
  INVALID_APP_CONFIGURATION: 'Geçersiz uygulama yapılandırması',
  INVALID_APP_CONFIGURATION_LONG: 'Proje kimliği geçersiz. projectId seçeneğini kontrol edin.',
  SESSION_EXPIRED: 'Oturum sona erdi',
  SESSION_EXPIRED_LONG: 'Oturum geçersiz. Cihazınızın saat ayarlarını kontrol edip yeniden bağlanın.',
  PROJECT_ID_NOT_CONFIGURED: 'Proje kimliği yapılandırılmadı',
  SWITCH_NETWORK_NOT_FOUND: 'Geçilecek ağ bulunamadı',
} satisfies Partial<Record<keyof typeof en, string>>;
