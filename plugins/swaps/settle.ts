/**
 * After a swap: waits (bounded) until the blockchain API's cached balances of the account show
 * what the chain now holds of the swapped ERC-20s, so the Account view's Tokens tab does not show
 * the balances of before the swap.
 */
import { parseUnits, type BlockchainApi, type CaipNetwork } from 'latchkey';
import { API_SETTLE_INTERVAL_MS, API_SETTLE_READS } from './constants';
import type { ChainReader } from './rpc';
import { isNative, plainAddress, tokenKey } from './tokens';
import type { SwapToken } from './types';

/**
 * Reads the blockchain API's balances of the account again (forced, which also renews its 30 s
 * cache) until its index shows what the chain now holds of the swapped ERC-20s. Bounded
 * (API_SETTLE_READS reads, and API_SETTLE_READS × API_SETTLE_INTERVAL_MS in all, answers included:
 * a slow API must not hold back the outcome the visitor waits for); an API that fails or lags is left as it is.
 */
export async function settleApiBalances(
  api: Pick<BlockchainApi, 'configured' | 'balances'> | undefined,
  sleepFn: ((ms: number) => Promise<void>) | undefined,
  network: CaipNetwork,
  user: string,
  tokens: readonly SwapToken[],
  reader: ChainReader,
): Promise<void> {
  if (!api?.configured) return;
  const sleep = sleepFn ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const end = Date.now() + API_SETTLE_READS * API_SETTLE_INTERVAL_MS;
  const inTime = <T>(p: Promise<T>): Promise<T> => Promise.race([p, sleep(Math.max(0, end - Date.now())).then(() => Promise.reject(new Error('settle budget spent')))]);
  try {
    const erc20 = tokens.filter((t) => !isNative(t));
    const held = await inTime(Promise.all(erc20.map((t) => reader.tokenBalance(plainAddress(t.address), user))));
    for (let read = 1; ; read++) {
      const listed = await inTime(api.balances({ address: user, caipNetworkId: network.caipNetworkId, force: true }));
      const shows = erc20.every((t, i) => {
        const row = listed.find((b) => b.address !== undefined && tokenKey(b.address) === tokenKey(t.address));
        // the API leaves zero ERC-20 balances out
        return row ? parseUnits(row.quantity.numeric, Number(row.quantity.decimals)) === held[i] : held[i] === 0n;
      });
      if (shows || read >= API_SETTLE_READS || Date.now() >= end) return;
      await sleep(API_SETTLE_INTERVAL_MS);
    }
  } catch {
    // the balances are the API's business; the swap itself succeeded
  }
}
