/**
 * Chain reads a swap needs, over the kernel's RPC transport for the network: calls, balances,
 * gas, receipts. Answers are checked before use (a node is outside our control too).
 */
import type { RpcTransport } from 'latchkey';
import { readErc20, waitForReceipt, type Erc20Reading, type TransactionReceipt } from 'latchkey/eip155';
import { decodeUint, encodeBalanceOf } from './abi';

/** The JSON-RPC transport the kernel gives for a network. */
export type ChainTransport = ReturnType<RpcTransport['forNetwork']>;

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

  /** Waits for `hash` to be mined (latchkey/eip155's wait: polls from 250 ms, doubling up to 2 s) until `timeoutMs`. */
  waitForReceipt(hash: string, timeoutMs: number): Promise<TransactionReceipt | undefined> {
    return waitForReceipt(this.transport, hash, { timeoutMs });
  }
}
