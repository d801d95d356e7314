/**
 * Sending a swap's transaction and reading its outcome: the gas estimate (a refusal there is
 * explained before the wallet asks anything), the wallet's send, the wait for the receipt, and a
 * reverted receipt replayed on the state before its block to learn why. A router's revert reason
 * (or a node's refusal) becomes the SwapError the person swapping sees.
 */
import { isUserRejection, type Connection } from 'latchkey';
import { errorChain } from 'latchkey/errors';
import { RECEIPT_TIMEOUT_MS } from './constants';
import { InsufficientBalanceError, NoRouteError, QuoteExpiredError, SlippageExceededError, SwapDeclinedError, SwapFailedError, type SwapError } from './errors';
import { withHeadroom } from './math';
import type { ChainReader } from './rpc';
import { isRevert } from './sources/onchain';
import type { SwapTransaction } from './types';

/** Every message and detail in an error's chain, for matching a revert reason. */
function chainText(err: unknown): string {
  return errorChain(err)
    .map((e) => `${String(e['message'] ?? '')} ${String(e['details'] ?? '')} ${String(e['shortMessage'] ?? '')}`)
    .join(' | ');
}

/** What a revert of the router (or a node's refusal) means for the person swapping. */
function revertError(err: unknown, slippage: number, symbol: string): SwapError {
  const text = chainText(err);
  if (/INSUFFICIENT_OUTPUT_AMOUNT/.test(text)) return new SlippageExceededError(slippage, { cause: err });
  if (/UniswapV2Router: EXPIRED|\bEXPIRED\b/.test(text)) return new QuoteExpiredError({ cause: err });
  if (/insufficient funds|TRANSFER_FROM_FAILED|exceeds balance/i.test(text)) return new InsufficientBalanceError(symbol, { cause: err });
  if (/INSUFFICIENT_LIQUIDITY|INSUFFICIENT_INPUT_AMOUNT|INVALID_PATH/.test(text)) return new NoRouteError({ cause: err });
  const reason = /reverted(?: with reason(?: string)?)?:?\s*([^|]{1,160})/i.exec(text)?.[1]?.trim();
  return new SwapFailedError({ ...(reason ? { details: reason } : {}), cause: err });
}

/** Sends a transaction through the wallet (with a gas limit from the node's estimate) and waits for its receipt. */
export async function sendAndConfirm(connection: Connection, tx: SwapTransaction, user: string, reader: ChainReader, symbol: string, slippage: number): Promise<string> {
  let gas: bigint | undefined;
  try {
    gas = withHeadroom(await reader.estimateGas({ from: user, to: tx.to, data: tx.data, value: tx.value }));
  } catch (err) {
    // the router refuses it now: say why before the wallet asks anything
    if (isRevert(err) || /insufficient funds/i.test(chainText(err))) throw revertError(err, slippage, symbol);
    gas = undefined; // the node could not estimate: the wallet will
  }
  let hash: string;
  try {
    hash = await connection.sendTransaction({ to: tx.to, data: tx.data, value: tx.value, ...(gas ? { gas } : {}) }, 'eip155');
  } catch (err) {
    if (isUserRejection(err)) throw new SwapDeclinedError({ cause: err });
    throw revertError(err, slippage, symbol);
  }
  const receipt = await reader.waitForReceipt(hash, RECEIPT_TIMEOUT_MS);
  if (!receipt) throw new SwapFailedError({ details: `Transaction ${hash} was not confirmed within 4 minutes.` });
  if (receipt.status === 'reverted') {
    // replay it on the state before its block to learn why
    const why = await reader.call(tx.to, tx.data, `0x${(receipt.blockNumber - 1n).toString(16)}`, user, tx.value).then(
      () => new SwapFailedError({ details: `Transaction ${hash} reverted.` }),
      (err: unknown) => revertError(err, slippage, symbol),
    );
    throw why;
  }
  return hash;
}
