import type { en } from './en';

export default {
  selectToken: 'Seleccionar token',
  selectAToken: 'Selecciona un token',
  searchTokens: 'Buscar tokens',
  searchPlaceholder: 'Busca un nombre o pega una dirección',
  suggestedTokens: 'Tokens sugeridos',
  tokens: 'Tokens',
  noTokensFound: 'No se encontraron tokens',
  cancel: 'Cancelar',
} satisfies Record<keyof typeof en, string>;
