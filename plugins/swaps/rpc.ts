/**
 * Chain reads a swap needs, over the kernel's RPC transport for the network: calls, balances,
 * gas, receipts. Answers are checked before use (a node is outside our control too).
 */
import type { RpcTransport } from 'latchkey';
import { readErc20, type Erc20Reading } from 'latchkey/eip155';
import { decodeUint, encodeBalanceOf } from './abi';

/** The JSON-RPC transport the kernel gives for a network. */
export type ChainTransport = ReturnType<RpcTransport['forNetwork']>;

export interface Receipt {
  readonly status: 'success' | 'reverted';
  readonly blockNumber: bigint;
}

const quantity = (v: unknown, what: string): bigint => {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(v)) throw new TypeError(`the node answered an invalid ${what}`);
  return BigInt(v);
};
const hex = (v: bigint) => `0x${v.toString(16)}`;

export class ChainReader {
  constructor(private readonly transport: ChainTransport) {}

  async call(to: string, data: string, block: string = 'latest', from?: string, value?: bigint): Promise<string> {
    const result = await this.transport.request<unknown>({ method: 'eth_call', params: [{ to, data, ...(from ? { from } : {}), ...(value ? { value: hex(value) } : {}) }, block] });
    if (typeof result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(result)) throw new TypeError('the node answered an invalid eth_call result');
    return result;
  }

  async nativeBalance(address: string): Promise<bigint> {
    return quantity(await this.transport.request({ method: 'eth_getBalance', params: [address, 'latest'] }), 'balance');
  }

  async tokenBalance(token: string, owner: string): Promise<bigint> {
    return decodeUint(await this.call(token, encodeBalanceOf(owner)));
  }

  /** A token's decimals, symbol (16 characters at most) and name (64) as latchkey/eip155 reads them. */
  token(address: string): Promise<Erc20Reading> {
    return readErc20(this.transport, address, { maxSymbol: 16, maxName: 64 });
  }

  async gasPrice(): Promise<bigint> {
    return quantity(await this.transport.request({ method: 'eth_gasPrice' }), 'gas price');
  }

  async estimateGas(tx: { readonly from: string; readonly to: string; readonly data: string; readonly value: bigint }): Promise<bigint> {
    return quantity(await this.transport.request({ method: 'eth_estimateGas', params: [{ from: tx.from, to: tx.to, data: tx.data, value: hex(tx.value) }] }), 'gas estimate');
  }

  /** The receipt of `hash`, or undefined while it is pending. */
  async receipt(hash: string): Promise<Receipt | undefined> {
    const r = await this.transport.request<unknown>({ method: 'eth_getTransactionReceipt', params: [hash] });
    if (r === null || r === undefined) return undefined;
    if (typeof r !== 'object') throw new TypeError('the node answered an invalid receipt');
    const { status, blockNumber } = r as { status?: unknown; blockNumber?: unknown };
    return { status: status === '0x1' ? 'success' : 'reverted', blockNumber: quantity(blockNumber, 'block number') };
  }

  /** Waits for `hash` to be mined: polls from 250 ms, doubling up to 2 s, until `timeoutMs`. */
  async waitForReceipt(hash: string, timeoutMs: number, sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))): Promise<Receipt | undefined> {
    const end = Date.now() + timeoutMs;
    let wait = 250;
    for (;;) {
      const receipt = await this.receipt(hash);
      if (receipt) return receipt;
      if (Date.now() + wait > end) return undefined;
      await sleep(wait);
      wait = Math.min(wait * 2, 2000);
    }
  }
}
