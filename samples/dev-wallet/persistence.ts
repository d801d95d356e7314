/** The EVM dev wallet's persistence: what it keeps in storage (authorisation, account, chain, added chains) so a reload reconnects without a prompt. */
import type { StorageLike, WalletHost } from './host';
import type { DevWalletChain } from './evmTypes';

export const STORAGE_KEY = 'latchkey-dev-wallet';

export interface Persisted {
  account?: string;
  accountIndex?: number;
  chainId?: number;
  added?: DevWalletChain[];
}

export function safeLocalStorage(host: WalletHost): StorageLike | undefined {
  try {
    return host.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function readPersisted(storage: StorageLike | undefined, key: string): Persisted {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return {};
    const data = JSON.parse(raw) as Persisted;
    return typeof data === 'object' && data ? data : {};
  } catch {
    return {};
  }
}
