/**
 * A fake EVM node for the swaps plugin's DOM tests: one Uniswap V2 pool (WETH/LKD) answering
 * JSON-RPC over the kernel's fetch (eth_call of the router, factory, pair and token,
 * eth_estimateGas, eth_getBalance, receipts) and a wallet adapter whose sends execute on it.
 * The pool arithmetic is written here on its own (not math.ts) so the tests check one against
 * the other; the int test checks both against the real router on anvil.
 */
import { decodeFunctionData, encodeAbiParameters, parseAbi, type Hex } from 'viem';
import type { CaipNetwork, Connector, EvmTransactionRequest } from 'latchkey';

export const FAKE = {
  router: '0x2b574555158337cd46d47c2ca57e4698a1f04e70',
  factory: '0x98eddadcfde04dc22a0e62119617e74a6bc77313',
  weth: '0x95bd8d42f30351685e96c62eddc0d0613bf9a87a',
  lkd: '0x700b6a60ce7eaaea56f065753d8dcb9653dbad35',
  /** A token with no pool. */
  lonely: '0x00000000000000000000000000000000000000aa',
  pair: '0x00000000000000000000000000000000000000bb',
  user: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
} as const;

/** The Uniswap V2 router, factory, pair and ERC-20 functions the swap code calls, as viem reads them. */
export const ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function getPair(address a, address b) view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function symbol() view returns (string)',
  'function name() view returns (string)',
  'function decimals() view returns (uint8)',
]);

const E18 = 10n ** 18n;
class Revert extends Error {}

/** A 200 JSON answer with the parts of a fetch Response the kernel's transport reads (jsdom has no Response). */
export function jsonResponse(text: string): Response {
  const bytes = new TextEncoder().encode(text);
  const headers = new Map([['content-type', 'application/json'], ['content-length', String(bytes.byteLength)]]);
  let sent = false;
  return {
    ok: true,
    status: 200,
    headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null, forEach: (fn: (v: string, k: string) => void) => headers.forEach(fn) },
    body: {
      getReader: () => ({
        read: async () => (sent ? { done: true, value: undefined } : ((sent = true), { done: false, value: bytes })),
        cancel: async () => undefined,
      }),
      cancel: async () => undefined,
    },
    text: async () => text,
    json: async () => JSON.parse(text),
  } as unknown as Response;
}

interface Tx {
  readonly from: string;
  readonly to: string;
  readonly data?: string;
  readonly value?: bigint;
}

export class FakeV2Chain {
  reserves = { eth: 100n * E18, token: 240_000n * E18 };
  readonly eth = new Map<string, bigint>([[FAKE.user, 10_000n * E18]]);
  readonly lkd = new Map<string, bigint>([[FAKE.user, 1_025n * E18]]);
  readonly lonely = new Map<string, bigint>();
  /** owner → allowance given to the router */
  readonly allowances = new Map<string, bigint>();
  readonly receipts = new Map<string, { status: '0x1' | '0x0'; blockNumber: string }>();
  readonly methods: string[] = [];
  gasPrice = 10n ** 9n;
  block = 10n;
  /** Seconds; the router compares deadlines with it. */
  now = () => Math.floor(Date.now() / 1000);

  /** What `getAmountOut` of UniswapV2Library answers. */
  static out(amountIn: bigint, rIn: bigint, rOut: bigint): bigint {
    return (amountIn * 997n * rOut) / (rIn * 1000n + amountIn * 997n);
  }

  /** The JSON-RPC endpoint, as the kernel's Environment.fetch. */
  readonly fetch = async (_url: string, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string; params?: unknown[] } | { id: number; method: string; params?: unknown[] }[];
    const one = (r: { id: number; method: string; params?: unknown[] }) => {
      this.methods.push(r.method);
      try {
        return { jsonrpc: '2.0', id: r.id, result: this.rpc(r.method, r.params ?? []) };
      } catch (err) {
        if (err instanceof Revert) return { jsonrpc: '2.0', id: r.id, error: { code: 3, message: `execution reverted: ${err.message}` } };
        return { jsonrpc: '2.0', id: r.id, error: { code: -32000, message: (err as Error).message } };
      }
    };
    const answer = Array.isArray(body) ? body.map(one) : one(body);
    return jsonResponse(JSON.stringify(answer));
  };

  private rpc(method: string, params: unknown[]): unknown {
    const hex = (n: bigint) => `0x${n.toString(16)}`;
    switch (method) {
      case 'eth_chainId':
        return '0x7a69';
      case 'eth_blockNumber':
        return hex(this.block);
      case 'eth_gasPrice':
        return hex(this.gasPrice);
      case 'eth_getBalance':
        return hex(this.eth.get(String(params[0]).toLowerCase()) ?? 0n);
      case 'eth_call': {
        const tx = params[0] as { from?: string; to: string; data: string; value?: string };
        return this.call({ from: (tx.from ?? FAKE.user).toLowerCase(), to: tx.to.toLowerCase(), data: tx.data, value: tx.value ? BigInt(tx.value) : 0n }, false);
      }
      case 'eth_estimateGas': {
        const tx = params[0] as { from: string; to: string; data: string; value?: string };
        this.call({ from: tx.from.toLowerCase(), to: tx.to.toLowerCase(), data: tx.data, value: tx.value ? BigInt(tx.value) : 0n }, false);
        return hex(120_000n);
      }
      case 'eth_getTransactionReceipt':
        return this.receipts.get(String(params[0])) ?? null;
      default:
        throw new Error(`the fake chain does not answer ${method}`);
    }
  }

  /** Runs a call (or, with `apply`, a transaction) and returns the ABI-encoded result. */
  private call(tx: Tx, apply: boolean): string {
    const data = (tx.data ?? '0x') as Hex;
    const value = tx.value ?? 0n;
    if (tx.to === FAKE.factory) {
      const { args } = decodeFunctionData({ abi: ABI, data });
      const pair = new Set((args as unknown as readonly string[]).map((a) => a.toLowerCase()));
      return encodeAbiParameters([{ type: 'address' }], [pair.has(FAKE.weth) && pair.has(FAKE.lkd) ? FAKE.pair : `0x${'0'.repeat(40)}`]);
    }
    if (tx.to === FAKE.pair) {
      const wethFirst = FAKE.weth < FAKE.lkd;
      const [r0, r1] = wethFirst ? [this.reserves.eth, this.reserves.token] : [this.reserves.token, this.reserves.eth];
      return encodeAbiParameters([{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }], [r0, r1, 0]);
    }
    if (tx.to === FAKE.lkd || tx.to === FAKE.lonely) {
      const balances = tx.to === FAKE.lkd ? this.lkd : this.lonely;
      const { functionName, args } = decodeFunctionData({ abi: ABI, data });
      switch (functionName) {
        case 'balanceOf':
          return encodeAbiParameters([{ type: 'uint256' }], [balances.get(String(args[0]).toLowerCase()) ?? 0n]);
        case 'allowance':
          return encodeAbiParameters([{ type: 'uint256' }], [tx.to === FAKE.lkd ? (this.allowances.get(String(args[0]).toLowerCase()) ?? 0n) : 0n]);
        case 'symbol':
          return encodeAbiParameters([{ type: 'string' }], [tx.to === FAKE.lkd ? 'LKD' : 'LONE']);
        case 'name':
          return encodeAbiParameters([{ type: 'string' }], [tx.to === FAKE.lkd ? 'Latchkey Dev Token' : 'Lonely Token']);
        case 'decimals':
          return encodeAbiParameters([{ type: 'uint8' }], [18]);
        case 'approve':
          if (apply && tx.to === FAKE.lkd && String(args[0]).toLowerCase() === FAKE.router) this.allowances.set(tx.from, args[1] as bigint);
          return encodeAbiParameters([{ type: 'bool' }], [true]);
        default:
          throw new Revert(`unknown token call ${functionName}`);
      }
    }
    if (tx.to !== FAKE.router) return '0x'; // no code
    const { functionName, args } = decodeFunctionData({ abi: ABI, data });
    const pathOf = (p: readonly string[]) => p.map((a) => a.toLowerCase()).join(',');
    const ethToToken = `${FAKE.weth},${FAKE.lkd}`;
    const tokenToEth = `${FAKE.lkd},${FAKE.weth}`;
    const amounts = (amountIn: bigint, path: readonly string[]): bigint[] => {
      const p = pathOf(path);
      if (p === ethToToken) return [amountIn, FakeV2Chain.out(amountIn, this.reserves.eth, this.reserves.token)];
      if (p === tokenToEth) return [amountIn, FakeV2Chain.out(amountIn, this.reserves.token, this.reserves.eth)];
      throw new Revert(''); // pairFor points at an address without code
    };
    const result = (a: bigint[]) => encodeAbiParameters([{ type: 'uint256[]' }], [a]);
    switch (functionName) {
      case 'getAmountsOut':
        return result(amounts(args[0] as bigint, args[1] as string[]));
      case 'swapExactETHForTokens': {
        const [min, path, , deadline] = args as [bigint, string[], string, bigint];
        if (deadline < BigInt(this.now())) throw new Revert('UniswapV2Router: EXPIRED');
        if ((this.eth.get(tx.from) ?? 0n) < value) throw new Error('insufficient funds for gas * price + value');
        const a = amounts(value, path);
        if (a[1]! < min) throw new Revert('UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT');
        if (apply) {
          this.eth.set(tx.from, this.eth.get(tx.from)! - value);
          this.lkd.set(tx.from, (this.lkd.get(tx.from) ?? 0n) + a[1]!);
          this.reserves = { eth: this.reserves.eth + value, token: this.reserves.token - a[1]! };
        }
        return result(a);
      }
      case 'swapExactTokensForETH': {
        const [amountIn, min, path, , deadline] = args as [bigint, bigint, string[], string, bigint];
        if (deadline < BigInt(this.now())) throw new Revert('UniswapV2Router: EXPIRED');
        const a = amounts(amountIn, path);
        if (a[1]! < min) throw new Revert('UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT');
        if ((this.allowances.get(tx.from) ?? 0n) < amountIn || (this.lkd.get(tx.from) ?? 0n) < amountIn) throw new Revert('TransferHelper: TRANSFER_FROM_FAILED');
        if (apply) {
          this.lkd.set(tx.from, this.lkd.get(tx.from)! - amountIn);
          this.allowances.set(tx.from, this.allowances.get(tx.from)! - amountIn);
          this.eth.set(tx.from, (this.eth.get(tx.from) ?? 0n) + a[1]!);
          this.reserves = { eth: this.reserves.eth - a[1]!, token: this.reserves.token + amountIn };
        }
        return result(a);
      }
      default:
        throw new Revert(`the fake router does not do ${functionName}`);
    }
  }

  /** A transaction from the wallet: executed now (reverted ones are mined with status 0x0); returns its hash. */
  send(tx: Tx): string {
    this.block += 1n;
    const hash = `0x${this.block.toString(16).padStart(64, '0')}`;
    let status: '0x1' | '0x0' = '0x1';
    try {
      this.call({ ...tx, from: tx.from.toLowerCase(), to: tx.to.toLowerCase() }, true);
    } catch (err) {
      if (!(err instanceof Revert)) throw err;
      status = '0x0';
    }
    this.receipts.set(hash, { status, blockNumber: `0x${this.block.toString(16)}` });
    return hash;
  }

  /** Someone else buys `eth` worth of LKD: the price moves. */
  movePrice(eth: bigint): void {
    const out = FakeV2Chain.out(eth, this.reserves.eth, this.reserves.token);
    this.reserves = { eth: this.reserves.eth + eth, token: this.reserves.token - out };
  }
}
