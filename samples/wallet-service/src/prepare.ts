/**
 * /v1/wallet/prepare: turns a page's signing request into the exact object the user will approve and
 * the service will sign or send (shared/request.ts), filled and checked by the service itself:
 *   - transactions get their gas (eth_estimateGas, else the simulation's gas), fees (fees.ts: priced
 *     here; a page's far above the chain's refused) and nonce (the account's next; a page nonce is
 *     refused by the parser);
 *   - each call decoded (decode.ts), the tokens it names read from the chain (token-info.ts), the whole
 *     simulated (simulate.ts);
 *   - typed data recognised (EIP-2612 / DAI permits, Permit2).
 * The answer's params are parsed again at stage 'prepared', as /v1/wallet/sign will parse them.
 */
import type { Hex } from 'viem';
import type { Fees, Intent, Prepared } from '../shared/prepared';
import { parseRequest, requestParams, type ParseContext, type SigningRequest, type Stage, type Tx, type TxRequest } from '../shared/request';
import { RequestError } from '../shared/values';
import { decodeCall, tokensOf, typedDataIntent } from './decode';
import { HttpError } from './errors';
import { checkFees, FEE_BOUND, FeeTooHighError, networkFees, perGas, priceTx } from './fees';
import { simulate } from './simulate';
import { readTokens, type ChainCall } from './token-info';

/** The parser with its refusals as HTTP 400 `invalid_params` (the EIP-1193/5792 code in `rpcCode`). */
export function parse(method: string, params: readonly unknown[], ctx: ParseContext, stage: Stage): SigningRequest {
  try {
    return parseRequest(method, params, ctx, stage);
  } catch (err) {
    if (err instanceof RequestError) throw new HttpError(400, 'invalid_params', err.message, { rpcCode: err.rpcCode });
    throw err;
  }
}

const big = (v: unknown) => BigInt(v as string);
const sum = (v: readonly bigint[]) => v.reduce((a, b) => a + b, 0n);

/**
 * The gas limit: the page's when within FEE_BOUND × the chain's estimate (limits up to 100,000 always
 * pass), else the estimate, or the simulation's gas × 1.5 for a call that runs only after the earlier
 * calls of its bundle.
 */
async function gasFor(rpc: ChainCall, from: Hex, tx: Tx, simulated: bigint | null, blockGasLimit: bigint, where: string, revert?: string): Promise<bigint> {
  const estimate = await rpc('eth_estimateGas', [{ from, ...(tx.to ? { to: tx.to } : {}), value: tx.value, data: tx.data }]).then(big, () => null);
  // a call that depends on an earlier one of the bundle (approve, then swap) estimates only in sequence
  const reference = estimate ?? (simulated !== null ? (simulated * 3n) / 2n : null);
  if (tx.gas !== undefined) {
    const page = BigInt(tx.gas);
    if (page < 21_000n) throw new HttpError(400, 'invalid_params', `${where}gas: below the 21000 every transaction needs`);
    if ((reference !== null && page > reference * FEE_BOUND && page > 100_000n) || page > blockGasLimit) {
      throw new FeeTooHighError(`${where}gas (${page}) is more than ${FEE_BOUND} times the network's estimate (${reference ?? 'none'}): refused`);
    }
    return page;
  }
  if (reference === null) throw new HttpError(400, 'gas_unknown', `${where}the network could not estimate this transaction's gas${revert ? ` (${revert})` : ''}`);
  return reference < blockGasLimit ? reference : blockGasLimit;
}

async function prepareTransactions(rpc: ChainCall, r: TxRequest, ctx: ParseContext): Promise<Prepared> {
  const [fees, nonce, balance, block] = await Promise.all([
    networkFees(rpc),
    rpc('eth_getTransactionCount', [r.from, 'pending']).then(big),
    rpc('eth_getBalance', [r.from, 'latest']).then(big),
    rpc('eth_getBlockByNumber', ['latest', false]) as Promise<{ gasLimit?: string } | null>,
  ]);
  checkFees(r, fees);
  const run = await simulate(rpc, r.from, r.txs);
  const blockGasLimit = block?.gasLimit ? big(block.gasLimit) : 30_000_000n;
  const txs: Tx[] = await Promise.all(
    r.txs.map(async (tx, i) => {
      const where = r.txs.length > 1 ? `${r.method}: call ${i + 1}: ` : `${r.method}: `;
      const gas = await gasFor(rpc, r.from, tx, run.gasUsed[i] ?? null, blockGasLimit, where, run.simulation.calls[i]?.revert);
      const fields = priceTx(tx, r.legacy, fees);
      return { to: tx.to, value: tx.value, data: tx.data, gas: `0x${gas.toString(16)}`, nonce: `0x${(nonce + BigInt(i)).toString(16)}`, ...fields } as Tx;
    }),
  );
  const filled = parse(r.method, requestParams({ ...r, txs, legacy: txs[0]!.gasPrice !== undefined }), ctx, 'prepared') as TxRequest;
  const intents: Intent[] = filled.txs.map((t) => decodeCall(t.to, t.data));
  const tokens = await readTokens(rpc, [...intents.flatMap(tokensOf), ...run.simulation.transfers.map((t) => t.token).filter((t): t is Hex => t !== null)]);
  const maxNetworkFee = sum(filled.txs.map((t) => BigInt(t.gas!) * perGas(t)));
  const value = sum(filled.txs.map((t) => BigInt(t.value)));
  const summary: Fees = {
    legacy: filled.legacy,
    networkFeePerGas: (filled.legacy ? fees.gasPrice : fees.feePerGas).toString(),
    ceilingPerGas: fees.ceiling.toString(),
    maxNetworkFee: maxNetworkFee.toString(),
    value: value.toString(),
    total: (value + maxNetworkFee).toString(),
    balance: balance.toString(),
  };
  return { method: r.method, chainId: r.chainId, params: requestParams(filled), details: { kind: 'transactions', intents, fees: summary, simulation: run.simulation, tokens } };
}

/** Prepares a signing request of the wallet `own` on `chainId`, reading the chain through `rpc`. */
export async function prepareRequest(rpc: ChainCall, own: string, chainId: number, method: string, params: readonly unknown[]): Promise<Prepared> {
  const ctx = { address: own, chainId };
  const r = parse(method, params, ctx, 'page');
  switch (r.method) {
    case 'personal_sign':
      return { method: r.method, chainId, params: requestParams(r), details: { kind: 'message' } };
    case 'eth_signTypedData_v4': {
      let intent: Intent | null = null;
      try {
        intent = typedDataIntent(r.typedData);
      } catch {
        /* a Permit-like name with other fields: shown as its plain fields */
      }
      return { method: r.method, chainId, params: requestParams(r), details: { kind: 'typedData', intent, tokens: await readTokens(rpc, tokensOf(intent)) } };
    }
    default:
      return prepareTransactions(rpc, r, ctx);
  }
}
