/**
 * On-ramp purchases.
 *
 * POST /v1/onramp/purchases  (the on-ramp provider's server calls it; `Authorization: Bearer <secret>`)
 *   body { provider, purchaseId, address, chainId, status, amount, currency, txHash?, createdAt? }
 *   → 200 { purchase: Transaction }
 * The same purchaseId again updates it (e.g. IN_PROGRESS → SUCCESS); a final status
 * (SUCCESS, FAILED) does not go back to IN_PROGRESS (409).
 *
 * History with `?onramp=<provider>` lists them (see history.ts), in the shape the hosted API
 * gives Coinbase purchases: operationType "buy", sentFrom the provider, one incoming transfer.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { getAddress } from 'viem';
import { ApiError, badRequest, forbidden, unauthorized } from '../errors';
import type { Route } from '../http';
import { caip2, type Transaction } from '../shapes';
import { parseAddress, parseChainId, parseDecimal, parseText, parseTxHash } from '../validation';
import { num, type ApiDeps } from './deps';

export const ONRAMP_STATUSES = ['ONRAMP_TRANSACTION_STATUS_IN_PROGRESS', 'ONRAMP_TRANSACTION_STATUS_SUCCESS', 'ONRAMP_TRANSACTION_STATUS_FAILED'] as const;

export interface PurchaseRow {
  readonly provider: string;
  readonly purchase_id: string;
  readonly address: string;
  readonly chain_id: unknown;
  readonly status: string;
  readonly tx_hash: string | null;
  readonly amount: string;
  readonly currency: string;
  readonly created_at: Date | string;
  readonly seq: unknown;
}

const providerName = (p: string) => p.charAt(0).toUpperCase() + p.slice(1);

export function purchaseShape(row: PurchaseRow): Transaction {
  const chain = caip2(num(row.chain_id));
  return {
    id: `${row.provider}:${row.purchase_id}`,
    metadata: {
      operationType: 'buy',
      hash: row.tx_hash ?? '',
      minedAt: new Date(row.created_at).toISOString(),
      sentFrom: providerName(row.provider),
      sentTo: getAddress(row.address),
      status: row.status,
      nonce: 0,
      chain,
    },
    transfers: [{ fungible_info: { name: row.currency, symbol: row.currency, icon: { url: '' } }, direction: 'in', quantity: { numeric: row.amount } }],
  };
}

/** Whether the Authorization header carries the on-ramp provider's secret (digests compared: constant time, independent of the length). */
function hasSecret(secret: string, header: unknown): boolean {
  const m = typeof header === 'string' ? /^Bearer ([\x21-\x7e]{1,512})$/.exec(header) : null;
  if (!m) return false;
  const a = createHash('sha256').update(m[1]!).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

function checkSecret(deps: ApiDeps, header: unknown): void {
  const secret = deps.config.onrampSecret;
  if (!secret) throw forbidden('authorization', 'Recording on-ramp purchases is not configured on this service');
  if (typeof header !== 'string' || !/^Bearer [\x21-\x7e]{1,512}$/.test(header)) throw unauthorized('authorization', 'Missing or malformed Authorization: Bearer header');
  if (!hasSecret(secret, header)) throw unauthorized('authorization', 'Invalid on-ramp secret');
}

function parseCreatedAt(value: unknown): Date {
  if (value === undefined || value === null) return new Date();
  let ms: number;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) ms = value * 1000;
  else if (typeof value === 'string' && value.length <= 40 && /^\d{4}-\d{2}-\d{2}T/.test(value)) ms = Date.parse(value);
  else throw badRequest('createdAt', 'createdAt must be unix seconds or an ISO 8601 date');
  if (!Number.isFinite(ms) || Math.abs(ms - Date.now()) > 366 * 86_400_000) throw badRequest('createdAt', 'createdAt is out of range');
  return new Date(ms);
}

export function onrampRoutes(deps: ApiDeps): Route[] {
  return [
    {
      method: 'POST',
      path: '/v1/onramp/purchases',
      auth: 'public',
      // the provider's reports have a limit of their own; anyone else's posts stay in the anonymous bucket
      authenticated: (headers) => deps.config.onrampSecret !== null && hasSecret(deps.config.onrampSecret, headers.authorization),
      async handler(ctx) {
        checkSecret(deps, ctx.headers.authorization);
        const body = ctx.body;
        if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('body', 'Expected a JSON object');
        const b = body as Record<string, unknown>;
        const provider = parseText(b.provider, 'provider', 32, /^[a-z0-9-]+$/);
        if (!deps.config.onrampProviders.includes(provider)) throw badRequest('provider', `Provider ${provider} is not supported`);
        const purchaseId = parseText(b.purchaseId, 'purchaseId', 128, /^[A-Za-z0-9._:-]+$/);
        const address = parseAddress(b.address);
        const chainId = parseChainId(b.chainId, 'chainId');
        const status = b.status;
        if (typeof status !== 'string' || !(ONRAMP_STATUSES as readonly string[]).includes(status)) {
          throw badRequest('status', `status must be one of ${ONRAMP_STATUSES.join(', ')}`);
        }
        const amount = parseDecimal(b.amount, 'amount');
        const currency = parseText(b.currency, 'currency', 16, /^[A-Za-z0-9.-]+$/);
        const txHash = b.txHash === undefined || b.txHash === null ? null : parseTxHash(b.txHash);
        const createdAt = parseCreatedAt(b.createdAt);
        const row = await deps.db.transaction(async (tx) => {
          const existing = (await tx.query<{ status: string; address: string }>('select status, address from onramp_purchases where provider = $1 and purchase_id = $2 for update', [provider, purchaseId]))[0];
          if (existing) {
            if (existing.address !== address) throw new ApiError(409, 'address', 'This purchase was recorded for another address');
            if (existing.status !== 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS' && status === 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS') {
              throw new ApiError(409, 'status', `The purchase is already final (${existing.status})`);
            }
            return (
              await tx.query<PurchaseRow>(
                `update onramp_purchases set status = $3, tx_hash = coalesce($4, tx_hash), amount = $5, currency = $6, chain_id = $7, updated_at = now()
                  where provider = $1 and purchase_id = $2 returning *`,
                [provider, purchaseId, status, txHash, amount, currency, chainId],
              )
            )[0]!;
          }
          return (
            await tx.query<PurchaseRow>(
              `insert into onramp_purchases (provider, purchase_id, address, chain_id, status, tx_hash, amount, currency, created_at, updated_at)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now()) returning *`,
              [provider, purchaseId, address, chainId, status, txHash, amount, currency, createdAt],
            )
          )[0]!;
        });
        return { json: { purchase: purchaseShape(row) } };
      },
    },
  ];
}
