import type { GasMessages } from './en.js';

export default {
  networkFees: 'Comisiones de red',
  speed: 'Velocidad',
  tip: 'Propina (gwei)',
  transfer: 'Transferencia',
  Slow: 'Lenta',
  Normal: 'Normal',
  Fast: 'Rápida',
  evmOnly: 'Las comisiones de red se muestran en redes EVM.',
  legacy: 'Precio de gas heredado',
  baseFee: 'Comisión base {fee} gwei',
  block: 'Bloque {number}',
  tryAgain: 'Reintentar',
} satisfies GasMessages;
