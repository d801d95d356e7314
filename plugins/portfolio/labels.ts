/**
 * The texts this plugin's manifest declares (view titles, Account labels) in the other locales:
 * one chunk, loaded only for a visitor who does not read English (`translations` in ./index.ts).
 */
import type { ManifestTranslations } from 'latchkey';

export default {
  es: { Tokens: 'Tokens', NFTs: 'NFT' },
  'pt-BR': { Tokens: 'Tokens', NFTs: 'NFTs' },
  fr: { Tokens: 'Jetons', NFTs: 'NFT' },
  de: { Tokens: 'Token', NFTs: 'NFTs' },
  ja: { Tokens: 'トークン', NFTs: 'NFT' },
  ko: { Tokens: '토큰', NFTs: 'NFT' },
  'zh-CN': { Tokens: '代币', NFTs: 'NFT' },
  ar: { Tokens: 'الرموز', NFTs: 'NFT' },
  tr: { Tokens: 'Tokenlar', NFTs: "NFT'ler" },
} satisfies ManifestTranslations;
