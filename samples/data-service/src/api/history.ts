/**
 * GET /v1/account/{address}/history?projectId&cursor&chainId&onramp&limit
 *   → { data: Transaction[], next: string | null }
 *
 * Newest first across the configured chains (or one, with chainId). Keyset paging: `next` is the
 * sort key of the page's last item, so pages stay exact while new blocks arrive (they sort before
 * the cursor). `onramp=<provider>` lists that provider's recorded purchases instead.
 */
import { decodeCursor, encodeCursor } from '../cursor';
import { badRequest } from '../errors';
import { projectGet, type Route } from '../http';
import { transactionShape, type Transaction, type TransferRow, type TxRow } from '../shapes';
import { parseAddress, parseChainId } from '../validation';
import { chainsOf, num, pageLimit, type ApiDeps } from './deps';
import { purchaseShape, type PurchaseRow } from './onramp';

interface PageRow {
  chain_id: unknown;
  block_number: unknown;
  tx_index: unknown;
  timestamp: unknown;
}

export function historyRoutes(deps: ApiDeps): Route[] {
  return [
    projectGet('/v1/account/:address/history', async (ctx) => {
      const address = parseAddress(ctx.params.address);
      const limit = pageLimit(deps, ctx.query);
      const cursorParam = ctx.query.get('cursor');
      const onramp = ctx.query.get('onramp');
      if (onramp !== null && onramp !== '') {
        if (!deps.config.onrampProviders.includes(onramp)) throw badRequest('onramp', `Provider ${onramp.slice(0, 32)} is not supported`);
        return { json: await onrampPage(deps, address, onramp, ctx.query.get('chainId'), cursorParam, limit) };
      }
      const chains = chainsOf(deps, ctx.query.get('chainId'));
      const cursor = cursorParam ? decodeCursor(cursorParam, 'h') : null;
      const params: unknown[] = [address, chains.map((c) => c.chainId)];
      let after = '';
      if (cursor) {
        params.push(cursor.ts, cursor.chainId, cursor.block, cursor.tx);
        after = 'and (timestamp, chain_id, block_number, tx_index) < ($3, $4, $5, $6)';
      }
      params.push(limit + 1);
      const page = await deps.db.query<PageRow>(
        `select chain_id, block_number, tx_index, timestamp from account_txs
          where address = $1 and chain_id = any($2) ${after}
          order by timestamp desc, chain_id desc, block_number desc, tx_index desc
          limit $${params.length}`,
        params,
      );
      const more = page.length > limit;
      const items = page.slice(0, limit);
      const data = await transactions(deps, address, items);
      const last = items[items.length - 1];
      const next = more && last ? encodeCursor({ kind: 'h', ts: num(last.timestamp), chainId: num(last.chain_id), block: num(last.block_number), tx: num(last.tx_index) }) : null;
      return { json: { data, next } };
    }),
  ];
}

async function transactions(deps: ApiDeps, viewer: string, items: readonly PageRow[]): Promise<Transaction[]> {
  if (items.length === 0) return [];
  const keys = [items.map((i) => num(i.chain_id)), items.map((i) => num(i.block_number)), items.map((i) => num(i.tx_index))];
  const txRows = await deps.db.query<Record<string, unknown>>(
    `select t.chain_id, t.block_number, t.tx_index, t.hash, t.from_address, t.to_address, t.contract_address, t.nonce,
            t.value::text as value, t.status, t.selector, b.timestamp
       from unnest($1::bigint[], $2::bigint[], $3::int[]) as k(chain_id, block_number, tx_index)
       join txs t on t.chain_id = k.chain_id and t.block_number = k.block_number and t.tx_index = k.tx_index
       join blocks b on b.chain_id = t.chain_id and b.number = t.block_number`,
    keys,
  );
  const transferRows = await deps.db.query<Record<string, unknown>>(
    `select tr.chain_id, tr.block_number, tr.tx_index, tr.log_index, tr.kind, tr.token, tr.from_address, tr.to_address,
            tr.amount::text as amount, tr.token_id::text as token_id, tk.name, tk.symbol, tk.decimals, n.token_uri
       from unnest($1::bigint[], $2::bigint[], $3::int[]) as k(chain_id, block_number, tx_index)
       join transfers tr on tr.chain_id = k.chain_id and tr.block_number = k.block_number and tr.tx_index = k.tx_index
       left join tokens tk on tk.chain_id = tr.chain_id and tk.address = tr.token
       left join nft_tokens n on tr.kind = 2 and n.chain_id = tr.chain_id and n.contract = tr.token and n.token_id = tr.token_id`,
    keys,
  );
  const key = (r: Record<string, unknown>) => `${num(r.chain_id)}:${num(r.block_number)}:${num(r.tx_index)}`;
  const txs = new Map<string, TxRow>();
  for (const r of txRows) {
    txs.set(key(r), {
      chainId: num(r.chain_id),
      blockNumber: num(r.block_number),
      txIndex: num(r.tx_index),
      timestamp: num(r.timestamp),
      hash: r.hash as string,
      from: r.from_address as string,
      to: (r.to_address as string | null) ?? null,
      contractAddress: (r.contract_address as string | null) ?? null,
      nonce: num(r.nonce),
      status: num(r.status),
      selector: (r.selector as string | null) ?? null,
      value: r.value as string,
    });
  }
  const transfers = new Map<string, TransferRow[]>();
  for (const r of transferRows) {
    const list = transfers.get(key(r)) ?? [];
    list.push({
      kind: num(r.kind),
      logIndex: num(r.log_index),
      token: (r.token as string | null) ?? null,
      from: r.from_address as string,
      to: r.to_address as string,
      amount: r.amount as string,
      tokenId: (r.token_id as string | null) ?? null,
      tokenName: (r.name as string | null) ?? null,
      tokenSymbol: (r.symbol as string | null) ?? null,
      tokenDecimals: r.decimals === null || r.decimals === undefined ? null : num(r.decimals),
      tokenUri: (r.token_uri as string | null) ?? null,
    });
    transfers.set(key(r), list);
  }
  const out: Transaction[] = [];
  for (const item of items) {
    const k = key(item as unknown as Record<string, unknown>);
    const tx = txs.get(k);
    const chain = deps.chain(num(item.chain_id));
    if (!tx || !chain) continue; // rolled back between the two reads
    out.push(transactionShape(deps.shape, chain, tx, transfers.get(k) ?? [], viewer));
  }
  return out;
}

async function onrampPage(deps: ApiDeps, address: string, provider: string, chainParam: string | null, cursorParam: string | null, limit: number) {
  const cursor = cursorParam ? decodeCursor(cursorParam, 'o') : null;
  const params: unknown[] = [address, provider];
  let where = '';
  if (chainParam !== null && chainParam !== '') {
    // purchases may be on any EVM chain, configured or not
    params.push(parseChainId(chainParam));
    where += ` and chain_id = $${params.length}`;
  }
  if (cursor) {
    params.push(new Date(cursor.at), cursor.seq);
    where += ` and (created_at, seq) < ($${params.length - 1}, $${params.length})`;
  }
  params.push(limit + 1);
  const rows = await deps.db.query<PurchaseRow>(
    `select * from onramp_purchases where address = $1 and provider = $2 ${where}
      order by created_at desc, seq desc limit $${params.length}`,
    params,
  );
  const more = rows.length > limit;
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    data: items.map(purchaseShape),
    next: more && last ? encodeCursor({ kind: 'o', at: new Date(last.created_at).getTime(), seq: num(last.seq) }) : null,
  };
}
