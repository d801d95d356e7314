/**
 * Runs the transactions on the chain before the user approves them, as the account, in order:
 * eth_simulateV1 with traceTransfers (anvil and current nodes) gives each call's result and gas, and
 * the native and token transfers it would make (decoded with viem from the Transfer events, the native
 * ones as ERC-7528 pseudo-logs). A chain without eth_simulateV1 gets eth_call per call: the result
 * (and revert reason) of each, no transfers. A chain that answers neither: 'unavailable', said so.
 */
import { decodeErrorResult, decodeEventLog, getAddress, parseAbi, type Hex } from 'viem';
import type { Simulation, Transfer } from '../shared/prepared';
import type { Tx } from '../shared/request';
import type { ChainCall } from './token-info';

const EVENTS_20 = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);
const EVENTS_721 = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)']);
const EVENTS_1155 = parseAbi([
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
]);
/** ERC-7528: the address that stands for the native currency in traced transfers. */
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const MAX_TRANSFERS = 40;

export interface SimulationRun {
  readonly simulation: Simulation;
  /** Gas each call used in the simulation; null where unknown. */
  readonly gasUsed: readonly (bigint | null)[];
}

interface Log {
  address: Hex;
  topics: [Hex, ...Hex[]];
  data: Hex;
}
interface SimCall {
  status: Hex;
  gasUsed: Hex;
  returnData: Hex;
  logs?: Log[];
  error?: { message?: string };
}

/** A revert's reason in words: Error(string), Panic(code), a custom error's selector, or none. */
export function revertReason(data: unknown, fallback?: string): string {
  if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data) || data === '0x') return fallback ?? 'reverted without a reason';
  try {
    const e = decodeErrorResult({ data: data as Hex });
    if (e.errorName === 'Error') return `reverted: ${String(e.args?.[0] ?? '')}`;
    if (e.errorName === 'Panic') return `panic 0x${BigInt(e.args?.[0] as bigint).toString(16)}`;
  } catch {
    /* not a standard error */
  }
  return `reverted with custom error ${data.slice(0, 10)}`;
}

function transfersOf(logs: readonly Log[], own: string): Transfer[] {
  const out: Transfer[] = [];
  const mine = (a: string, b: string) => a.toLowerCase() === own || b.toLowerCase() === own;
  for (const log of logs) {
    const token = log.address.toLowerCase() === NATIVE ? null : getAddress(log.address);
    for (const [standard, abi] of [['erc20', EVENTS_20], ['erc721', EVENTS_721], ['erc1155', EVENTS_1155]] as const) {
      let ev: { eventName: string; args: Record<string, any> };
      try {
        ev = decodeEventLog({ abi, topics: log.topics, data: log.data, strict: true }) as typeof ev;
      } catch {
        continue;
      }
      const { from, to } = ev.args as { from: Hex; to: Hex };
      if (!mine(from, to)) break;
      if (standard === 'erc20') out.push({ standard: token ? 'erc20' : 'native', token, from, to, amount: String(ev.args.value) });
      else if (standard === 'erc721') out.push({ standard, token, from, to, amount: '1', tokenId: String(ev.args.tokenId) });
      else if (ev.eventName === 'TransferSingle') out.push({ standard, token, from, to, amount: String(ev.args.value), tokenId: String(ev.args.id) });
      else (ev.args.ids as bigint[]).forEach((id, i) => out.push({ standard, token, from, to, amount: String(ev.args.values[i]), tokenId: String(id) }));
      break;
    }
  }
  return out;
}

async function simulateV1(rpc: ChainCall, from: Hex, txs: readonly Tx[]): Promise<SimulationRun> {
  const calls = txs.map((t) => ({ from, ...(t.to ? { to: t.to } : {}), value: t.value, data: t.data }));
  const result = (await rpc('eth_simulateV1', [{ blockStateCalls: [{ calls }], traceTransfers: true, validation: false }, 'latest'])) as { calls?: SimCall[] }[];
  const sims = result?.[0]?.calls;
  if (!Array.isArray(sims) || sims.length !== txs.length) throw new Error('eth_simulateV1 answered another number of calls');
  const own = from.toLowerCase();
  const transfers = sims.flatMap((c) => transfersOf(c.logs ?? [], own));
  let native = 0n;
  for (const t of transfers) if (t.standard === 'native') native += (t.to.toLowerCase() === own ? 1n : 0n) * BigInt(t.amount) - (t.from.toLowerCase() === own ? 1n : 0n) * BigInt(t.amount);
  const results = sims.map((c) => (c.status === '0x1' ? { ok: true } : { ok: false, revert: revertReason(c.returnData, c.error?.message?.slice(0, 300)) }));
  return {
    simulation: {
      status: results.every((r) => r.ok) ? 'ok' : 'reverted',
      traced: true,
      calls: results,
      nativeChange: native.toString(),
      transfers: transfers.filter((t) => t.standard !== 'native').slice(0, MAX_TRANSFERS),
    },
    gasUsed: sims.map((c) => (typeof c.gasUsed === 'string' ? BigInt(c.gasUsed) : null)),
  };
}

/** eth_call per call (no state carried from one call to the next, no transfers). */
async function callEach(rpc: ChainCall, from: Hex, txs: readonly Tx[]): Promise<SimulationRun> {
  let answered = false;
  const results = await Promise.all(
    txs.map(async (t) => {
      try {
        await rpc('eth_call', [{ from, ...(t.to ? { to: t.to } : {}), value: t.value, data: t.data }, 'latest']);
        answered = true;
        return { ok: true };
      } catch (err) {
        const e = err as { message?: string; extra?: { rpcCode?: number; data?: unknown } };
        const reverted = e.extra?.rpcCode === 3 || /revert/i.test(e.message ?? '');
        if (!reverted) return undefined;
        answered = true;
        return { ok: false, revert: revertReason(e.extra?.data, e.message?.slice(0, 300)) };
      }
    }),
  );
  const note = 'This network does not simulate a sequence of calls with their transfers (eth_simulateV1)';
  if (!answered || results.some((r) => r === undefined)) {
    return { simulation: { status: 'unavailable', traced: false, calls: [], nativeChange: null, transfers: [], note: 'The network did not answer the simulation' }, gasUsed: txs.map(() => null) };
  }
  const calls = results as { ok: boolean; revert?: string }[];
  return { simulation: { status: calls.every((c) => c.ok) ? 'ok' : 'reverted', traced: false, calls, nativeChange: null, transfers: [], note }, gasUsed: txs.map(() => null) };
}

export async function simulate(rpc: ChainCall, from: Hex, txs: readonly Tx[]): Promise<SimulationRun> {
  try {
    return await simulateV1(rpc, from, txs);
  } catch {
    return callEach(rpc, from, txs);
  }
}
