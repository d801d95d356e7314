/**
 * The blockchain API client behind the BlockchainApi service: loaded on its first call.
 * Paths and shapes are those of Reown's hosted blockchain API (samples/data-service serves
 * the same), so a host can point `blockchainApiUrl` at either. Answers are checked before use:
 * a field of the wrong type is dropped or the whole answer refused, never passed on.
 */
import type { Options } from '../../options/Options';
import type { CaipNetworkId } from '../../types';
import type { HttpClient } from '../HttpClient';
import type { Storage } from '../Storage';
import type { NameRecord, NftHolding, Page, TokenBalance, Transaction } from './types';
import { HttpRequestError } from '../../errors/transport';
import {
  BlockchainApiNotConfiguredError,
  NAME_ERROR_TEXTS,
  NameError,
  TransactionsWithoutAccountError,
  UnexpectedApiResponseError,
} from '../../errors/blockchainApi';

/** docs/account-features.md#blockchain-api: portfolio 30 s, name and identity 5 minutes. */
const API_CACHE_TTL_MS = Object.freeze({ portfolio: 30_000, name: 300_000, identity: 300_000 });

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** Decimal strings only: a quantity is shown and summed, never evaluated. */
const decimal = (v: unknown): string | undefined => (typeof v === 'string' && /^-?\d{1,78}(\.\d{1,78})?$/.test(v) ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);

function tokenBalance(v: unknown): TokenBalance | undefined {
  if (!isObject(v) || !isObject(v['quantity'])) return undefined;
  const name = str(v['name']);
  const symbol = str(v['symbol']);
  const chainId = str(v['chainId']);
  const numeric = decimal(v['quantity']['numeric']);
  const decimals = decimal(v['quantity']['decimals']);
  if (name === undefined || symbol === undefined || chainId === undefined || numeric === undefined || decimals === undefined) return undefined;
  const address = str(v['address']);
  const value = num(v['value']);
  return {
    name,
    symbol,
    chainId,
    ...(address !== undefined ? { address } : {}),
    ...(value !== undefined ? { value } : {}),
    price: num(v['price']) ?? 0,
    iconUrl: str(v['iconUrl']) ?? '',
    quantity: { decimals, numeric },
  };
}

function transaction(v: unknown): Transaction | undefined {
  if (!isObject(v) || !isObject(v['metadata']) || !Array.isArray(v['transfers'])) return undefined;
  const m = v['metadata'];
  const id = str(v['id']);
  if (id === undefined) return undefined;
  const metadata = {
    minedAt: str(m['minedAt']) ?? '',
    chain: str(m['chain']) ?? '',
    operationType: str(m['operationType']) ?? '',
    status: str(m['status']) ?? '',
    sentFrom: str(m['sentFrom']) ?? '',
    sentTo: str(m['sentTo']) ?? '',
    ...(str(m['hash']) ? { hash: str(m['hash'])! } : {}),
  };
  const transfers: Transaction['transfers'][number][] = [];
  for (const t of v['transfers'].slice(0, 100)) {
    if (!isObject(t) || !isObject(t['quantity'])) continue;
    const numeric = decimal(t['quantity']['numeric']);
    if (numeric === undefined) continue;
    const nft = isObject(t['nft_info']) ? t['nft_info'] : undefined;
    const fungible = isObject(t['fungible_info']) ? t['fungible_info'] : undefined;
    const preview = nft && isObject(nft['content']) && isObject(nft['content']['preview']) ? str(nft['content']['preview']['url']) : undefined;
    const icon = fungible && isObject(fungible['icon']) ? str(fungible['icon']['url']) : undefined;
    transfers.push({
      quantity: { numeric },
      ...(str(t['direction']) ? { direction: str(t['direction'])! } : {}),
      ...(num(t['value']) !== undefined ? { value: num(t['value'])! } : {}),
      ...(nft
        ? {
            nft_info: {
              ...(str(nft['name']) ? { name: str(nft['name'])! } : {}),
              flags: { is_spam: isObject(nft['flags']) && nft['flags']['is_spam'] === true },
              ...(preview ? { content: { preview: { url: preview } } } : {}),
            },
          }
        : {}),
      ...(fungible
        ? {
            fungible_info: {
              ...(str(fungible['name']) ? { name: str(fungible['name'])! } : {}),
              ...(str(fungible['symbol']) ? { symbol: str(fungible['symbol'])! } : {}),
              ...(icon ? { icon: { url: icon } } : {}),
            },
          }
        : {}),
    });
  }
  return { id, metadata, transfers };
}

function nft(v: unknown): NftHolding | undefined {
  if (!isObject(v) || !isObject(v['contract'])) return undefined;
  const chainId = str(v['chainId']);
  const address = str(v['contract']['address']);
  const tokenId = str(v['tokenId']);
  if (!chainId || !address || tokenId === undefined) return undefined;
  const content = isObject(v['content']) ? v['content'] : {};
  const imageUrl = isObject(content['preview']) ? str(content['preview']['url']) : undefined;
  return {
    chainId,
    contract: {
      address,
      ...(str(v['contract']['name']) ? { name: str(v['contract']['name'])! } : {}),
      ...(str(v['contract']['symbol']) ? { symbol: str(v['contract']['symbol'])! } : {}),
    },
    tokenId,
    name: str(v['name']) ?? `#${tokenId}`,
    ...(imageUrl ? { imageUrl } : {}),
    isSpam: isObject(v['flags']) && v['flags']['is_spam'] === true,
  };
}

function nameRecord(v: unknown): NameRecord | undefined {
  if (!isObject(v)) return undefined;
  const name = str(v['name']);
  if (!name) return undefined;
  const addresses: Record<string, { address: string }> = {};
  if (isObject(v['addresses'])) {
    for (const [coin, a] of Object.entries(v['addresses'])) {
      const address = isObject(a) ? str(a['address']) : undefined;
      if (address) addresses[coin] = { address };
    }
  }
  const attributes: Record<string, string> = {};
  if (isObject(v['attributes'])) for (const [k, a] of Object.entries(v['attributes'])) if (typeof a === 'string') attributes[k] = a;
  return { name, addresses, attributes };
}

function page<T>(path: string, body: unknown, item: (v: unknown) => T | undefined): Page<T> {
  if (!isObject(body) || !Array.isArray(body['data'])) throw new UnexpectedApiResponseError(path);
  const data = body['data'].map(item).filter((x): x is T => x !== undefined);
  const next = str(body['next']);
  return { data, next: next ? next : undefined };
}

export interface BlockchainApiClientDeps {
  readonly http: HttpClient;
  readonly options: Options;
  readonly storage: Storage;
}

export function createBlockchainApiClient({ http, options, storage }: BlockchainApiClientDeps) {
  const portfolio = storage.cache('portfolio', API_CACHE_TTL_MS.portfolio);
  const names = storage.cache('name', API_CACHE_TTL_MS.name);
  const identities = storage.cache('identity', API_CACHE_TTL_MS.identity);

  /** Base URL and the query every request carries (docs/account-features.md#blockchain-api: projectId, st, sv). */
  const base = () => {
    const o = options.state;
    if (!o.blockchainApiUrl) throw new BlockchainApiNotConfiguredError();
    return { baseUrl: o.blockchainApiUrl, params: { projectId: o.projectId, st: o.sdkType, sv: o.sdkVersion } };
  };
  const get = (path: string, params: Record<string, string | undefined> = {}) => {
    const b = base();
    return http.get<unknown>({ baseUrl: b.baseUrl, path, params: { ...b.params, ...params } });
  };
  const seg = (s: string) => encodeURIComponent(s);

  return {
    async balances({ address, caipNetworkId, force }: { address: string; caipNetworkId: CaipNetworkId; force?: boolean }): Promise<readonly TokenBalance[]> {
      const key = `${caipNetworkId}:${address.toLowerCase()}`;
      const cached = force ? undefined : portfolio.get(key, Array.isArray);
      if (cached) return cached.map(tokenBalance).filter((t): t is TokenBalance => t !== undefined);
      const path = `/v1/account/${seg(address)}/balance`;
      const body = await get(path, { chainId: caipNetworkId, currency: 'usd' });
      if (!isObject(body) || !Array.isArray(body['balances'])) throw new UnexpectedApiResponseError(path);
      const balances = body['balances'].map(tokenBalance).filter((t): t is TokenBalance => t !== undefined);
      portfolio.set(key, balances);
      return balances;
    },

    async transactions({ account, cursor, onramp, caipNetworkId }: { account: string; cursor?: string; onramp?: string; caipNetworkId?: CaipNetworkId }): Promise<Page<Transaction>> {
      if (!account) throw new TransactionsWithoutAccountError();
      const path = `/v1/account/${seg(account)}/history`;
      return page(path, await get(path, { cursor, onramp, chainId: caipNetworkId }), transaction);
    },

    async nfts({ address, caipNetworkId, cursor }: { address: string; caipNetworkId?: CaipNetworkId; cursor?: string }): Promise<Page<NftHolding>> {
      const path = `/v1/account/${seg(address)}/nfts`;
      return page(path, await get(path, { chainId: caipNetworkId, cursor }), nft);
    },

    async identity({ address, caipNetworkId }: { address: string; caipNetworkId: CaipNetworkId }): Promise<{ name: string | null; avatar: string | null }> {
      const key = `${caipNetworkId}:${address.toLowerCase()}`;
      const cached = identities.get(key, isObject);
      if (cached) return { name: str(cached['name']) ?? null, avatar: str(cached['avatar']) ?? null };
      const path = `/v1/identity/${seg(address)}`;
      const body = await get(path, { caipNetworkId });
      if (!isObject(body)) throw new UnexpectedApiResponseError(path);
      const result = { name: str(body['name']) ?? null, avatar: str(body['avatar']) ?? null };
      identities.set(key, result);
      return result;
    },

    async lookupName(name: string): Promise<NameRecord | undefined> {
      const cached = names.get(name, isObject);
      if (cached) return nameRecord(cached);
      try {
        const record = nameRecord(await get(`/v1/profile/account/${seg(name)}`));
        if (!record) throw new UnexpectedApiResponseError('/v1/profile/account');
        names.set(name, record);
        return record;
      } catch (err) {
        if (err instanceof HttpRequestError && err.status === 404) return undefined;
        if (err instanceof BlockchainApiNotConfiguredError) throw err;
        throw new NameError(NAME_ERROR_TEXTS.resolve, err);
      }
    },

    async suggestNames(name: string): Promise<{ name: string; registered: boolean }[]> {
      try {
        const body = await get(`/v1/profile/suggestions/${seg(name)}`);
        const list = isObject(body) && Array.isArray(body['suggestions']) ? body['suggestions'] : undefined;
        if (!list) throw new UnexpectedApiResponseError('/v1/profile/suggestions');
        return list.flatMap((s) => (isObject(s) && str(s['name']) ? [{ name: str(s['name'])!, registered: s['registered'] === true }] : []));
      } catch (err) {
        if (err instanceof BlockchainApiNotConfiguredError) throw err;
        throw new NameError(NAME_ERROR_TEXTS.suggestions, err);
      }
    },

    async namesForAddress({ address, caipNetworkId }: { address: string; caipNetworkId: CaipNetworkId }): Promise<NameRecord[]> {
      try {
        const body = await get(`/v1/profile/reverse/${seg(address)}`, { caipNetworkId });
        if (!Array.isArray(body)) throw new UnexpectedApiResponseError('/v1/profile/reverse');
        return body.map(nameRecord).filter((r): r is NameRecord => r !== undefined);
      } catch (err) {
        if (err instanceof BlockchainApiNotConfiguredError) throw err;
        throw new NameError(NAME_ERROR_TEXTS.forAddress, err);
      }
    },

    async registerName({ coinType, address, message, signature }: { coinType: number; address: string; message: string; signature: string }): Promise<NameRecord> {
      let name = '';
      try {
        name = str((JSON.parse(message) as Json)['name']) ?? '';
      } catch {
        // the service says what is wrong with the message
      }
      const b = base();
      try {
        const body = await http.post<unknown>({
          baseUrl: b.baseUrl,
          path: '/v1/profile/account',
          params: b.params,
          body: { coin_type: coinType, address, message, signature },
        });
        const record = nameRecord(body);
        if (!record) throw new UnexpectedApiResponseError('/v1/profile/account');
        names.set(record.name, record);
        return record;
      } catch (err) {
        throw new NameError(NAME_ERROR_TEXTS.register(name), err);
      }
    },
  };
}
