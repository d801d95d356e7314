/**
 * GET /v1/account/{address}/balance?projectId&chainId&currency
 *   → { balances: Balance[] } (docs/account-features.md#blockchain-api, Token balance)
 *
 * Native currency: eth_getBalance at the node's latest block (gas and genesis allocations are not
 * in the index). ERC-20: the indexed balances (sum of Transfer logs), as of the indexed head.
 * Zero ERC-20 balances are left out; the native balance is always listed.
 */
import { unavailable, badRequest } from '../errors';
import { projectGet, type Route } from '../http';
import { hexToBigInt } from '../rpc';
import { nativeBalance, sortBalances, tokenBalance, type Balance } from '../shapes';
import { parseAddress } from '../validation';
import { chainsOf, num, type ApiDeps } from './deps';

/** At most this many ERC-20 balances per answer (dust airdrops cannot grow an answer without bound). */
export const MAX_TOKEN_BALANCES = 500;

export function balanceRoutes(deps: ApiDeps): Route[] {
  return [
    projectGet('/v1/account/:address/balance', async (ctx) => {
      const address = parseAddress(ctx.params.address);
      const currency = ctx.query.get('currency');
      if (currency !== null && currency.toLowerCase() !== 'usd') throw badRequest('currency', `Unsupported currency ${currency.slice(0, 8)}; only usd`);
      const chains = chainsOf(deps, ctx.query.get('chainId'));
      const single = ctx.query.get('chainId') !== null && ctx.query.get('chainId') !== '';
      const natives = await Promise.all(
        chains.map(async (chain): Promise<Balance | null> => {
          try {
            const wei = hexToBigInt(await deps.rpc(chain.chainId).call('eth_getBalance', [address, 'latest']), 'balance');
            return nativeBalance(deps.shape, { chain, wei });
          } catch (err) {
            if (single) throw unavailable('chainId', `Failed to reach the balance provider for eip155:${chain.chainId}`);
            deps.config.log(`balance: chain ${chain.chainId} node: ${(err as Error).message}`);
            return null; // all-chains answer: leave an unreachable chain out
          }
        }),
      );
      const rows = await deps.db.query<{ chain_id: unknown; token: string; amount: string; name: string | null; symbol: string | null; decimals: unknown }>(
        `select b.chain_id, b.token, b.amount::text as amount, t.name, t.symbol, t.decimals
           from erc20_balances b left join tokens t on t.chain_id = b.chain_id and t.address = b.token
          where b.holder = $1 and b.chain_id = any($2) and b.amount > 0
          order by b.chain_id, b.token
          limit ${MAX_TOKEN_BALANCES}`,
        [address, chains.map((c) => c.chainId)],
      );
      const tokens = rows.map((r) =>
        tokenBalance(deps.shape, {
          chainId: num(r.chain_id),
          token: r.token,
          amount: r.amount,
          name: r.name,
          symbol: r.symbol,
          decimals: r.decimals === null || r.decimals === undefined ? null : num(r.decimals),
        }),
      );
      return { json: { balances: sortBalances([...natives.filter((b): b is Balance => b !== null), ...tokens]) } };
    }),
  ];
}
