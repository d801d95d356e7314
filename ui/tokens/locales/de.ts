import type { en } from './en';

export default {
  selectToken: 'Token wählen',
  selectAToken: 'Wähle einen Token',
  searchTokens: 'Token suchen',
  searchPlaceholder: 'Namen suchen oder Adresse einfügen',
  suggestedTokens: 'Vorgeschlagene Token',
  tokens: 'Token',
  noTokensFound: 'Keine Token gefunden',
  cancel: 'Abbrechen',
} satisfies Record<keyof typeof en, string>;
