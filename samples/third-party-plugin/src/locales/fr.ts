import type { GasMessages } from './en.js';

export default {
  networkFees: 'Frais de réseau',
  speed: 'Vitesse',
  tip: 'Pourboire (gwei)',
  transfer: 'Transfert',
  Slow: 'Lent',
  Normal: 'Normal',
  Fast: 'Rapide',
  evmOnly: 'Les frais de réseau s’affichent pour les réseaux EVM.',
  legacy: 'Tarification du gaz classique',
  baseFee: 'Frais de base {fee} gwei',
  block: 'Bloc {number}',
  tryAgain: 'Réessayer',
} satisfies GasMessages;
