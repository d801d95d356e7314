import { erc20Abi, decodeFunctionData } from 'viem';
import { decodeUint256, erc20Calldata, readErc20, type Erc20Transport } from './erc20';

const TOKEN = '0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35';
const HOLDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const abiString = (s: string) => {
  const hex = Buffer.from(s, 'utf8').toString('hex');
  return `0x${word(32)}${word(hex.length / 2)}${hex.padEnd(Math.ceil(hex.length / 64) * 64, '0')}`;
};

/** A node answering eth_call by function name (decoded from the calldata with viem); records the calls and the tick they came in. */
function node(answers: Partial<Record<'balanceOf' | 'decimals' | 'symbol' | 'name', unknown>>) {
  const calls: { functionName: string; args: readonly unknown[] | undefined; to: string }[] = [];
  const transport: Erc20Transport = {
    async request<T>(r: { method: string; params?: unknown }): Promise<T> {
      const [{ to, data }] = r.params as [{ to: string; data: `0x${string}` }];
      const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data });
      calls.push({ functionName, args, to });
      const a = answers[functionName as keyof typeof answers];
      if (a === undefined || a instanceof Error) throw a ?? new Error('execution reverted');
      return a as T;
    },
  };
  return { transport, calls };
}

describe('readErc20', () => {
  it('reads balance, decimals, symbol and name with calldata viem decodes back', async () => {
    const { transport, calls } = node({ balanceOf: '0x' + word(1025n * 10n ** 18n), decimals: '0x' + word(18), symbol: abiString('LKD'), name: abiString('Latchkey Dev Token') });
    await expect(readErc20(transport, TOKEN, { holder: HOLDER })).resolves.toEqual({ balance: 1025n * 10n ** 18n, decimals: 18, symbol: 'LKD', name: 'Latchkey Dev Token' });
    expect(calls.map((c) => c.functionName).sort()).toEqual(['balanceOf', 'decimals', 'name', 'symbol']);
    expect(calls.find((c) => c.functionName === 'balanceOf')?.args).toEqual([HOLDER]);
  });

  it('reads a bytes32 symbol (old tokens), cleans and bounds texts', async () => {
    const { transport } = node({ decimals: '0x' + word(6), symbol: '0x' + Buffer.from('MKR').toString('hex').padEnd(64, '0'), name: abiString(`A\u202eB\u0007C${'x'.repeat(500)}`) });
    const r = await readErc20(transport, TOKEN, { maxName: 64 });
    expect(r.symbol).toBe('MKR');
    expect(r.name).toBe(`ABC${'x'.repeat(61)}`);
    expect(r.balance).toBeUndefined();
  });

  it('leaves undefined what failed or answered malformed, and decimals above 77', async () => {
    const { transport } = node({ balanceOf: '0x12', decimals: '0x' + word(78), symbol: `0x${word(32)}${word(1000)}${word(0)}`, name: new Error('reverted') });
    await expect(readErc20(transport, TOKEN, { holder: HOLDER })).resolves.toEqual({ balance: undefined, decimals: undefined, symbol: undefined, name: undefined });
  });

  it('asks nothing for an address that is not one', async () => {
    const { transport, calls } = node({});
    await expect(readErc20(transport, '0x1234', {})).rejects.toThrow(new TypeError('Invalid token address 0x1234'));
    await expect(readErc20(transport, TOKEN, { holder: 'vitalik.eth' })).rejects.toThrow(new TypeError('Invalid holder address vitalik.eth'));
    expect(calls).toEqual([]);
  });
});

describe('erc20Calldata and decodeUint256', () => {
  it('encodes the calls a plugin sends, as viem decodes them', () => {
    expect(decodeFunctionData({ abi: erc20Abi, data: erc20Calldata.approve(HOLDER, 2n ** 256n - 1n) })).toEqual({ functionName: 'approve', args: [HOLDER, 2n ** 256n - 1n] });
    expect(decodeFunctionData({ abi: erc20Abi, data: erc20Calldata.transfer(HOLDER, 5n) })).toEqual({ functionName: 'transfer', args: [HOLDER, 5n] });
    expect(decodeFunctionData({ abi: erc20Abi, data: erc20Calldata.allowance(HOLDER, TOKEN) })).toEqual({ functionName: 'allowance', args: [HOLDER, TOKEN] });
  });

  it('takes exactly one 32-byte word', () => {
    expect(decodeUint256('0x' + word(10n ** 21n))).toBe(10n ** 21n);
    for (const bad of ['0x', '0x12', '0x' + word(1) + '00', '0xzz' + word(1).slice(2), 12, null]) expect(decodeUint256(bad)).toBeUndefined();
  });
});
