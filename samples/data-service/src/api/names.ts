/**
 * Account names (the hosted API's /v1/profile endpoints) and identity.
 *
 * GET  /v1/profile/account/{name}           → NameRecord                      (404 when unknown)
 * GET  /v1/profile/reverse/{address}        → NameRecord[]                    ([] when none)
 * GET  /v1/profile/suggestions/{label}      → { suggestions: [{ name, registered }] }
 * POST /v1/profile/account                  → NameRecord   body { coin_type | coinType, address, message, signature }
 * GET  /v1/identity/{address}               → { name, avatar }
 *
 * A name is `<label>.<zone>`: the label has letters, digits and hyphens, at least 4 characters
 * (docs/account-features.md#names); zones are configured. Registration verifies that `address` signed `message`
 * (EIP-191 personal_sign): locally for an EOA, otherwise through the chain of the coin type with
 * viem's verifyMessage (ERC-1271 contract accounts, ERC-6492 counterfactual ones).
 */
import { createPublicClient, getAddress, http, recoverMessageAddress, type PublicClient } from 'viem';
import type { Queryable } from '../../../shared/db/open';
import { ApiError, badRequest, notFound, unavailable } from '../errors';
import { projectGet, type Route } from '../http';
import {
  COIN_TYPE_ETH,
  chainIdToCoinType,
  coinTypeToChainId,
  parseAddress,
  parseFullName,
  parseHex,
  parseHttpUrl,
  validateLabel,
  type HexAddress,
} from '../validation';
import { chainsOf, type ApiDeps } from './deps';

export interface NameRecord {
  readonly name: string;
  readonly registered_at: string;
  readonly updated_at: string;
  readonly attributes: Readonly<Record<string, string>>;
  /** keyed by ENSIP-11 coin type (60: Ethereum; 0x80000000 | chainId: other EVM chains) */
  readonly addresses: Readonly<Record<string, { readonly address: string; readonly created_at: string }>>;
}

export const SUPPORTED_ATTRIBUTES = ['bio', 'avatar'] as const;
const BIO = /^[a-zA-Z0-9@:/._\-?&=+ ]{1,255}$/;
const MAX_MESSAGE = 2048;
const SUGGESTIONS = 5;

async function loadRecords(db: Queryable, names: readonly string[]): Promise<NameRecord[]> {
  if (names.length === 0) return [];
  const rows = await db.query<{ name: string; registered_at: Date | string; updated_at: Date | string; attributes: unknown }>(
    'select name, registered_at, updated_at, attributes from names where name = any($1) order by registered_at, name',
    [names],
  );
  const addrs = await db.query<{ name: string; coin_type: unknown; address: string; created_at: Date | string }>(
    'select name, coin_type, address, created_at from name_addresses where name = any($1) order by coin_type',
    [names],
  );
  return rows.map((r) => {
    const attributes = typeof r.attributes === 'string' ? (JSON.parse(r.attributes) as Record<string, string>) : ((r.attributes ?? {}) as Record<string, string>);
    const addresses: Record<string, { address: string; created_at: string }> = {};
    for (const a of addrs) if (a.name === r.name) addresses[String(Number(a.coin_type))] = { address: getAddress(a.address), created_at: new Date(a.created_at).toISOString() };
    return { name: r.name, registered_at: new Date(r.registered_at).toISOString(), updated_at: new Date(r.updated_at).toISOString(), attributes, addresses };
  });
}

/** Names held by `address`, oldest first; with `chainId`, only those with an address for that chain (its coin type or 60). */
async function namesOf(db: Queryable, address: HexAddress, chainId: number | null): Promise<string[]> {
  const params: unknown[] = [address];
  let filter = '';
  if (chainId !== null) {
    params.push([chainIdToCoinType(chainId), COIN_TYPE_ETH]);
    filter = 'and a.coin_type = any($2)';
  }
  const rows = await db.query<{ name: string }>(
    `select distinct n.name, n.registered_at from name_addresses a join names n on n.name = a.name
      where a.address = $1 ${filter} order by n.registered_at, n.name limit 100`,
    params,
  );
  return rows.map((r) => r.name);
}

interface RegisterPayload {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly timestamp: number;
}

/** Parses and checks the signed registration message (everything but the signature). */
export function parseRegisterMessage(
  message: unknown,
  zones: readonly string[],
  window: { maxAgeS: number; futureSkewS: number; nowS: number },
): RegisterPayload & { label: string } {
  if (typeof message !== 'string') throw badRequest('message', 'message must be the signed JSON text');
  if (message.length === 0 || message.length > MAX_MESSAGE) throw badRequest('message', `message must be 1 to ${MAX_MESSAGE} characters`);
  let payload: unknown;
  try {
    payload = JSON.parse(message);
  } catch {
    throw badRequest('message', 'message is not valid JSON');
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw badRequest('message', 'message must be a JSON object');
  const p = payload as Record<string, unknown>;
  for (const k of Object.keys(p)) {
    if (!['name', 'attributes', 'timestamp', 'coin_type', 'chain_id', 'address'].includes(k)) throw badRequest('message', `Unknown field in message: ${k.slice(0, 32)}`);
  }
  const { name, label } = parseFullName(p.name, zones);
  const ts = p.timestamp;
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts < 0) throw badRequest('timestamp', 'timestamp must be unix time in seconds');
  if (ts < window.nowS - window.maxAgeS) throw badRequest('timestamp', `Signature UNIXTIME timestamp is too old: ${ts}`);
  if (ts > window.nowS + window.futureSkewS) throw badRequest('timestamp', `Signature UNIXTIME timestamp is in the future: ${ts}`);
  const attributes: Record<string, string> = {};
  if (p.attributes !== undefined && p.attributes !== null) {
    if (typeof p.attributes !== 'object' || Array.isArray(p.attributes)) throw badRequest('attributes', 'attributes must be an object');
    for (const [k, v] of Object.entries(p.attributes as Record<string, unknown>)) {
      if (!(SUPPORTED_ATTRIBUTES as readonly string[]).includes(k)) throw badRequest('attributes', 'Unsupported name attribute in payload');
      if (k === 'bio') {
        if (typeof v !== 'string' || !BIO.test(v)) throw badRequest('attributes', 'bio: 1-255 characters of letters, digits, spaces and @:/._-?&=+');
        attributes.bio = v;
      } else {
        attributes.avatar = parseHttpUrl(v, 'avatar');
      }
    }
  }
  return { name, label, attributes, timestamp: ts };
}

export function nameRoutes(deps: ApiDeps): Route[] {
  const zones = deps.config.nameZones;
  const clients = new Map<number, PublicClient>();
  const publicClient = (chainId: number): PublicClient | undefined => {
    const chain = deps.chain(chainId);
    if (!chain) return undefined;
    let c = clients.get(chainId);
    if (!c) {
      c = createPublicClient({ transport: http(chain.rpcUrl, { timeout: deps.config.limits.rpcTimeoutMs, retryCount: 0 }) }) as PublicClient;
      clients.set(chainId, c);
    }
    return c;
  };

  /** EOA: local recovery. Otherwise the chain decides (ERC-1271 / ERC-6492) when we know it. */
  const verify = async (address: HexAddress, message: string, signature: `0x${string}`, chainId: number): Promise<boolean> => {
    if (signature.length === 132) {
      try {
        const signer = await recoverMessageAddress({ message, signature });
        if (signer.toLowerCase() === address) return true;
      } catch {
        // not a plain ECDSA signature: maybe a contract account's
      }
    }
    const client = publicClient(chainId);
    if (!client) return false;
    try {
      return await client.verifyMessage({ address, message, signature });
    } catch (err) {
      deps.config.log(`names: verifying on chain ${chainId} failed: ${(err as Error).message.split('\n')[0]}`);
      throw unavailable('signature', `Could not verify the signature on eip155:${chainId}; try again`);
    }
  };

  return [
    projectGet('/v1/profile/account/:name', async (ctx) => {
      const { name } = parseFullName(ctx.params.name, zones);
      const [record] = await loadRecords(deps.db, [name]);
      if (!record) throw notFound('name', `Name is not found in the database: ${name}`);
      return { json: record };
    }),
    projectGet('/v1/profile/reverse/:address', async (ctx) => {
      const address = parseAddress(ctx.params.address);
      const chainParam = ctx.query.get('caipNetworkId') ?? ctx.query.get('chainId');
      const chainId = chainParam ? chainsOf(deps, chainParam, ctx.query.has('caipNetworkId') ? 'caipNetworkId' : 'chainId')[0]!.chainId : null;
      return { json: await loadRecords(deps.db, await namesOf(deps.db, address, chainId)) };
    }),
    projectGet('/v1/identity/:address', async (ctx) => {
      const address = parseAddress(ctx.params.address);
      const sender = ctx.query.get('sender');
      if (sender) parseAddress(sender, 'sender');
      const chainParam = ctx.query.get('caipNetworkId') ?? ctx.query.get('chainId');
      const chainId = chainParam ? chainsOf(deps, chainParam, ctx.query.has('caipNetworkId') ? 'caipNetworkId' : 'chainId')[0]!.chainId : null;
      const [first] = await namesOf(deps.db, address, chainId);
      if (!first) return { json: { name: null, avatar: null } };
      const [record] = await loadRecords(deps.db, [first]);
      return { json: { name: first, avatar: record?.attributes.avatar ?? null } };
    }),
    projectGet('/v1/profile/suggestions/:name', async (ctx) => {
      const zoneParam = ctx.query.get('zone');
      const zone = zoneParam === null || zoneParam === '' ? zones[0]! : zoneParam.toLowerCase();
      if (!zones.includes(zone)) throw badRequest('zone', `Name is not in the allowed zones: ${zone.slice(0, 64)} (allowed: ${zones.join(', ')})`);
      // accept the label alone or a full name in any configured zone
      const raw = ctx.params.name!;
      const inZone = zones.find((z) => raw.toLowerCase().endsWith(`.${z}`));
      const label = validateLabel(inZone ? raw.slice(0, raw.length - inZone.length - 1) : raw).toLowerCase();
      const variants = [label, ...[1, 2, 3].map((n) => `${label}${n}`), `${label}-id`, `my-${label}`, `${label}-dev`, ...[4, 5, 6, 7].map((n) => `${label}${n}`)]
        .filter((l) => l.length <= 63)
        .map((l) => `${l}.${zone}`);
      const taken = new Set(
        (await deps.db.query<{ name: string }>('select name from names where name = any($1)', [variants])).map((r) => r.name),
      );
      const exact = variants[0]!;
      const suggestions = [{ name: exact, registered: taken.has(exact) }];
      for (const v of variants.slice(1)) {
        if (suggestions.length >= SUGGESTIONS) break;
        if (!taken.has(v)) suggestions.push({ name: v, registered: false });
      }
      return { json: { suggestions } };
    }),
    {
      method: 'POST',
      path: '/v1/profile/account',
      auth: 'project',
      async handler(ctx) {
        const body = ctx.body;
        if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('body', 'Expected a JSON object');
        const b = body as Record<string, unknown>;
        const address = parseAddress(b.address);
        const coinType = b.coin_type ?? b.coinType;
        if (coinType === undefined) throw badRequest('coin_type', 'coin_type is required');
        const chainId = coinTypeToChainId(coinType);
        const signature = parseHex(b.signature, 'signature', 64, 16 * 1024);
        const message = b.message as string;
        const payload = parseRegisterMessage(message, zones, {
          maxAgeS: deps.config.nameMaxAgeS,
          futureSkewS: deps.config.nameFutureSkewS,
          nowS: Math.floor(Date.now() / 1000),
        });
        // optional fields of the hosted API's payload must agree with the request
        const p = JSON.parse(message) as Record<string, unknown>;
        if (p.address !== undefined && (typeof p.address !== 'string' || p.address.toLowerCase() !== address)) throw badRequest('message', 'message.address does not match address');
        if (p.coin_type !== undefined && p.coin_type !== Number(coinType)) throw badRequest('message', 'message.coin_type does not match coin_type');
        if (p.chain_id !== undefined && p.chain_id !== chainId) throw badRequest('message', 'message.chain_id does not match coin_type');

        const existing = await deps.db.query('select 1 from names where name = $1', [payload.name]);
        if (existing.length) throw badRequest('name', `Name is already registered: ${payload.name}`);
        const held = await deps.db.query<{ n: unknown }>('select count(distinct name) as n from name_addresses where address = $1', [address]);
        if (Number(held[0]?.n ?? 0) >= deps.config.namesPerAddress) {
          throw badRequest('address', `This address already holds ${deps.config.namesPerAddress} names, the most allowed`);
        }
        if (!(await verify(address, message, signature, chainId))) {
          throw new ApiError(401, 'signature', 'Signature validation error: Signature verification error');
        }
        const normalizedCoinType = chainId === 1 ? COIN_TYPE_ETH : Number(coinType);
        const record = await deps.db
          .transaction(async (tx) => {
            const now = new Date();
            await tx.query('insert into names (name, registered_at, updated_at, attributes) values ($1, $2, $2, $3)', [payload.name, now, JSON.stringify(payload.attributes)]);
            await tx.query('insert into name_addresses (name, coin_type, address, created_at) values ($1, $2, $3, $4)', [payload.name, normalizedCoinType, address, now]);
            // like the hosted API: an EVM name also resolves on Ethereum (coin type 60)
            if (normalizedCoinType !== COIN_TYPE_ETH) {
              await tx.query('insert into name_addresses (name, coin_type, address, created_at) values ($1, $2, $3, $4)', [payload.name, COIN_TYPE_ETH, address, now]);
            }
            return (await loadRecords(tx, [payload.name]))[0]!;
          })
          .catch((err: unknown) => {
            // a concurrent registration of the same name lost the race on the primary key
            if ((err as { code?: string })?.code === '23505' || /duplicate key/.test(String((err as Error)?.message))) {
              throw badRequest('name', `Name is already registered: ${payload.name}`);
            }
            throw err;
          });
        deps.config.log(`names: registered ${payload.name} for ${getAddress(address)} (coin type ${normalizedCoinType})`);
        return { json: record };
      },
    },
  ];
}
