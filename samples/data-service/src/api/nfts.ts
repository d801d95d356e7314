/**
 * GET /v1/account/{address}/nfts?projectId&chainId&cursor&limit
 *   → { data: Nft[], next: string | null }
 * The ERC-721 tokens the address holds, as indexed (ordered by chain, contract, token id).
 */
import { decodeCursor, encodeCursor } from '../cursor';
import { projectGet, type Route } from '../http';
import { nftShape } from '../shapes';
import { parseAddress } from '../validation';
import { chainsOf, num, pageLimit, type ApiDeps } from './deps';

export function nftRoutes(deps: ApiDeps): Route[] {
  return [
    projectGet('/v1/account/:address/nfts', async (ctx) => {
      const address = parseAddress(ctx.params.address);
      const limit = pageLimit(deps, ctx.query);
      const chains = chainsOf(deps, ctx.query.get('chainId'));
      const cursorParam = ctx.query.get('cursor');
      const cursor = cursorParam ? decodeCursor(cursorParam, 'n') : null;
      const params: unknown[] = [address, chains.map((c) => c.chainId)];
      let after = '';
      if (cursor) {
        params.push(cursor.chainId, cursor.contract, cursor.tokenId);
        after = 'and (n.chain_id, n.contract, n.token_id) > ($3, $4, $5::numeric)';
      }
      params.push(limit + 1);
      const rows = await deps.db.query<{ chain_id: unknown; contract: string; token_id: string; token_uri: string | null; name: string | null; symbol: string | null }>(
        `select n.chain_id, n.contract, n.token_id::text as token_id, n.token_uri, t.name, t.symbol
           from nft_tokens n left join tokens t on t.chain_id = n.chain_id and t.address = n.contract
          where n.owner = $1 and n.chain_id = any($2) ${after}
          order by n.chain_id, n.contract, n.token_id
          limit $${params.length}`,
        params,
      );
      const more = rows.length > limit;
      const items = rows.slice(0, limit);
      const data = items.map((r) =>
        nftShape(deps.shape, { chainId: num(r.chain_id), contract: r.contract, tokenId: r.token_id, tokenUri: r.token_uri, name: r.name, symbol: r.symbol }),
      );
      const last = items[items.length - 1];
      const next = more && last ? encodeCursor({ kind: 'n', chainId: num(last.chain_id), contract: last.contract, tokenId: last.token_id }) : null;
      return { json: { data, next } };
    }),
  ];
}
