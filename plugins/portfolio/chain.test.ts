import { solanaDevnet as SOLANA_DEVNET } from 'latchkey/networks';
import { decodeUint, readChainBalances, type ChainReader } from './chain';
import { evmNetwork } from '../../kernel/testing/networks';

const anvil = evmNetwork(31337, 'Anvil', 'http://127.0.0.1:1');
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TOKEN = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35';

const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const abiString = (s: string) => {
  const hex = Buffer.from(s, 'utf8').toString('hex');
  return `0x${word(32)}${word(hex.length / 2)}${hex.padEnd(Math.ceil(hex.length / 64) * 64, '0')}`;
};

/** A node answering by method and call data; records each request. */
function node(answers: Record<string, unknown>): ChainReader & { calls: { method: string; params?: unknown }[] } {
  const calls: { method: string; params?: unknown }[] = [];
  return {
    calls,
    async request<T>(r: { method: string; params?: unknown }): Promise<T> {
      calls.push(r);
      const key = r.method === 'eth_call' ? (r.params as [{ data: string }])[0].data.slice(0, 10) : r.method;
      const a = answers[key];
      if (a instanceof Error) throw a;
      if (a === undefined) throw new Error(`execution reverted (${key})`);
      return a as T;
    },
  };
}

describe('reading balances from the chain', () => {
  it('decodes quantities, refusing malformed answers', () => {
    expect(decodeUint('0x' + word(10n ** 21n))).toBe(10n ** 21n);
    expect(decodeUint('0x12')).toBe(18n);
    for (const bad of ['0x', '12', '0xzz', '0x' + '1'.repeat(65), 12, null]) expect(decodeUint(bad)).toBeUndefined();
  });

  it('eip155: the native balance and the tokens option\'s token (balanceOf, decimals, symbol, name) in one go', async () => {
    const reader = node({
      eth_getBalance: '0x21e19e0c9bab2400000', // 10000 ETH
      '0x70a08231': '0x' + word(1025n * 10n ** 18n + 5n * 10n ** 14n),
      '0x313ce567': '0x' + word(18),
      '0x95d89b41': abiString('LKD'),
      '0x06fdde03': abiString('Latchkey Dev Token'),
    });
    const balances = await readChainBalances({ reader, network: anvil, address: ACCOUNT, tokens: { 'eip155:31337': { address: TOKEN, image: 'https://x.test/lkd.png' } } });
    expect(balances).toEqual([
      { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', address: 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', price: 0, iconUrl: '', quantity: { decimals: '18', numeric: '10000' } },
      { name: 'Latchkey Dev Token', symbol: 'LKD', chainId: 'eip155:31337', address: `eip155:31337:${TOKEN}`, price: 0, iconUrl: 'https://x.test/lkd.png', quantity: { decimals: '18', numeric: '1025.0005' } },
    ]);
    // every read was issued before any answer was awaited (so a batching transport sends one batch)
    expect(reader.calls.map((c) => c.method)).toEqual(['eth_getBalance', 'eth_call', 'eth_call', 'eth_call', 'eth_call']);
    expect((reader.calls[1]!.params as [{ to: string; data: string }])[0]).toEqual({ to: TOKEN, data: `0x70a08231${'0'.repeat(24)}${ACCOUNT.slice(2).toLowerCase()}` });
  });

  it('a token that does not answer balanceOf or decimals is left out; a missing symbol or name is defaulted', async () => {
    const noDecimals = node({ eth_getBalance: '0x0', '0x70a08231': '0x' + word(1) });
    expect((await readChainBalances({ reader: noDecimals, network: anvil, address: ACCOUNT, tokens: { 'eip155:31337': { address: TOKEN } } })).map((b) => b.symbol)).toEqual(['ETH']);
    const noText = node({ eth_getBalance: '0x0', '0x70a08231': '0x' + word(7), '0x313ce567': '0x' + word(0) });
    const [, t] = await readChainBalances({ reader: noText, network: anvil, address: ACCOUNT, tokens: { 'eip155:31337': { address: TOKEN } } });
    expect(t).toMatchObject({ symbol: 'UNKNOWN', name: 'UNKNOWN', quantity: { decimals: '0', numeric: '7' } });
  });

  it('no token for the network, or a token address that is not one: only the native balance, nothing else asked', async () => {
    const cases: (Record<string, { address: string }> | undefined)[] = [undefined, { 'eip155:1': { address: TOKEN } }, { 'eip155:31337': { address: 'not-an-address' } }];
    for (const tokens of cases) {
      const reader = node({ eth_getBalance: '0x1' });
      expect((await readChainBalances({ reader, network: anvil, address: ACCOUNT, tokens })).map((b) => b.quantity.numeric)).toEqual(['0.000000000000000001']);
      expect(reader.calls).toHaveLength(1);
    }
  });

  it('fails when the native balance cannot be read or is malformed, or the address is not one', async () => {
    await expect(readChainBalances({ reader: node({ eth_getBalance: new Error('down') }), network: anvil, address: ACCOUNT })).rejects.toThrow('down');
    await expect(readChainBalances({ reader: node({ eth_getBalance: 'lots' }), network: anvil, address: ACCOUNT })).rejects.toThrow(/quantity/);
    await expect(readChainBalances({ reader: node({}), network: anvil, address: '0x123' })).rejects.toThrow(/Not an EVM address/);
  });

  it('solana: the native balance from getBalance (lamports, 9 decimals)', async () => {
    const reader = node({ getBalance: { context: { slot: 1 }, value: 1_500_000_000 } });
    const [sol] = await readChainBalances({ reader, network: SOLANA_DEVNET, address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' });
    expect(sol).toMatchObject({ symbol: 'SOL', chainId: SOLANA_DEVNET.caipNetworkId, quantity: { decimals: '9', numeric: '1.5' } });
    await expect(readChainBalances({ reader: node({ getBalance: { value: -1 } }), network: SOLANA_DEVNET, address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' })).rejects.toThrow(/lamports/);
  });
});
