import type { en } from './en';

export default {
  dismiss: 'Dispensar',
  NETWORK_NOT_FOUND: 'Rede não encontrada',
  NETWORK_NOT_FOUND_LONG: 'Verifique se a rede está no array \'networks\' das opções.',
  ORIGIN_NOT_ALLOWED: 'Configuração do app inválida',
  ORIGIN_NOT_ALLOWED_LONG: 'Esta origem não está na lista de permissões do projeto. Adicione-a no painel em nuvem do provedor.',
  INVALID_APP_CONFIGURATION: 'Configuração do app inválida',
  INVALID_APP_CONFIGURATION_LONG: 'O ID do projeto é inválido. Verifique a opção projectId.',
  SESSION_EXPIRED: 'Sessão expirada',
  SESSION_EXPIRED_LONG: 'A sessão é inválida. Verifique o horário do seu dispositivo e conecte novamente.',
  PROJECT_ID_NOT_CONFIGURED: 'ID do projeto não configurado',
  SWITCH_NETWORK_NOT_FOUND: 'Rede para troca não encontrada',
} satisfies Partial<Record<keyof typeof en, string>>;
