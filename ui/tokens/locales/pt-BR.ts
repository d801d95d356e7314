import type { en } from './en';

export default {
  selectToken: 'Selecionar token',
  selectAToken: 'Selecione um token',
  searchTokens: 'Pesquisar tokens',
  searchPlaceholder: 'Pesquise um nome ou cole um endereço',
  suggestedTokens: 'Tokens sugeridos',
  tokens: 'Tokens',
  noTokensFound: 'Nenhum token encontrado',
  cancel: 'Cancelar',
} satisfies Record<keyof typeof en, string>;
