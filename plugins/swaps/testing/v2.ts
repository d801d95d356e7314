/**
 * The Uniswap V2 formula (UniswapV2Library), the reference the tests check quotes against: the
 * plugin itself takes its amounts from the router (getAmountsOut), never computes them.
 */

/** UniswapV2Library.getAmountOut: the output of one pool for `amountIn` (0.3 % fee); 0 when a reserve is empty. */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const withFee = amountIn * 997n;
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee);
}

/** UniswapV2Library.getAmountsOut over hops given as `[reserveIn, reserveOut]`: the amount after each hop, input first. */
export function getAmountsOut(amountIn: bigint, reserves: readonly (readonly [bigint, bigint])[]): bigint[] {
  const amounts = [amountIn];
  for (const [rIn, rOut] of reserves) amounts.push(getAmountOut(amounts[amounts.length - 1]!, rIn, rOut));
  return amounts;
}
