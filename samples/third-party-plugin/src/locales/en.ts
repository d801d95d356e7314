/** English: inline in the view's chunk (the view imports the bundle, which imports this). */
export const en = {
  networkFees: 'Network fees',
  speed: 'Speed',
  tip: 'Tip (gwei)',
  transfer: 'Transfer',
  Slow: 'Slow',
  Normal: 'Normal',
  Fast: 'Fast',
  evmOnly: 'Network fees are shown for EVM networks.',
  legacy: 'Legacy gas pricing',
  baseFee: 'Base fee {fee} gwei',
  block: 'Block {number}',
  tryAgain: 'Try again',
};

export type GasMessages = typeof en;
