/**
 * The native balances Connection reads (./nativeBalance.ts, loaded with the first adapter) and
 * clears when an account leaves (at any time, also before that code is loaded: the cache is
 * kept on the device).
 */
import type { Storage, TtlCache } from './Storage';

/** docs/connection.md#native-balance: the native balance is cached for 30 s. */
const NATIVE_BALANCE_TTL_MS = 30_000;

/** The native balances by `caipNetworkId:address`. */
export function nativeBalanceCache(storage: Storage): TtlCache {
  return storage.cache('nativeBalance', NATIVE_BALANCE_TTL_MS);
}
