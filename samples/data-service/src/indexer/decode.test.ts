import { RpcError } from '../errors';
import { KIND_ERC20, KIND_ERC721, KIND_NATIVE, TRANSFER_TOPIC, decodeBlock, decodeTransferLog } from './decode';

const A = '0x' + '11'.repeat(20);
const B = '0x' + '22'.repeat(20);
const TOKEN = '0x' + '33'.repeat(20);
const topic = (addr: string) => '0x' + addr.slice(2).padStart(64, '0');
const word = (n: bigint) => '0x' + n.toString(16).padStart(64, '0');
const hash = (n: number) => '0x' + n.toString(16).padStart(64, '0');

function block(txs: object[], receipts: object[]) {
  return {
    raw: { number: '0x5', hash: hash(5), parentHash: hash(4), timestamp: '0x6553f100', transactions: txs },
    receipts,
  };
}
const rawTx = (i: number, over: object = {}) => ({ hash: hash(100 + i), transactionIndex: `0x${i.toString(16)}`, from: A, to: B, nonce: '0x1', value: '0x0', input: '0x', ...over });
const receipt = (i: number, over: object = {}) => ({ transactionHash: hash(100 + i), blockHash: hash(5), status: '0x1', contractAddress: null, logs: [], ...over });
const erc20Log = (value: bigint, over: object = {}) => ({ address: TOKEN, logIndex: '0x0', topics: [TRANSFER_TOPIC, topic(A), topic(B)], data: word(value), ...over });

describe('decodeBlock', () => {
  it('reads native value, ERC-20 and ERC-721 transfers and the participants', () => {
    const { raw, receipts } = block(
      [rawTx(0, { value: '0xde0b6b3a7640000' }), rawTx(1, { to: TOKEN, input: '0xa9059cbb' + '00'.repeat(64) })],
      [
        receipt(0),
        receipt(1, {
          logs: [erc20Log(5n), { address: TOKEN, logIndex: '0x1', topics: [TRANSFER_TOPIC, topic('0x' + '00'.repeat(20)), topic(A), word(7n)], data: '0x' }],
        }),
      ],
    );
    const d = decodeBlock(raw, receipts);
    expect(d.block).toEqual({ number: 5, hash: hash(5), parentHash: hash(4), timestamp: 0x6553f100 });
    expect(d.txs.map((t) => [t.txIndex, t.status, t.selector, t.value])).toEqual([
      [0, 1, null, 10n ** 18n],
      [1, 1, '0xa9059cbb', 0n],
    ]);
    expect(d.transfers).toEqual([
      { blockNumber: 5, txIndex: 0, logIndex: -1, kind: KIND_NATIVE, token: null, from: A, to: B, amount: 10n ** 18n, tokenId: null },
      { blockNumber: 5, txIndex: 1, logIndex: 0, kind: KIND_ERC20, token: TOKEN, from: A, to: B, amount: 5n, tokenId: null },
      { blockNumber: 5, txIndex: 1, logIndex: 1, kind: KIND_ERC721, token: TOKEN, from: '0x' + '00'.repeat(20), to: A, amount: 1n, tokenId: 7n },
    ]);
    expect([...d.participants.get(1)!].sort()).toEqual([A, B, TOKEN].sort()); // the zero address is left out
  });

  it('records no value or logs for a reverted transaction, but keeps it for its sender', () => {
    const { raw, receipts } = block([rawTx(0, { value: '0x5' })], [receipt(0, { status: '0x0', logs: [erc20Log(1n)] })]);
    const d = decodeBlock(raw, receipts);
    expect(d.txs[0]!.status).toBe(0);
    expect(d.transfers).toEqual([]);
    expect([...d.participants.get(0)!]).toEqual([A, B]);
  });

  it('gives a contract creation its address as recipient of the value', () => {
    const { raw, receipts } = block([rawTx(0, { to: null, value: '0x1' })], [receipt(0, { contractAddress: TOKEN })]);
    const d = decodeBlock(raw, receipts);
    expect(d.txs[0]!.contractAddress).toBe(TOKEN);
    expect(d.transfers[0]).toMatchObject({ kind: KIND_NATIVE, to: TOKEN, amount: 1n });
  });

  it('refuses answers that do not fit together', () => {
    const { raw } = block([rawTx(0)], []);
    expect(() => decodeBlock(raw, [])).toThrow(RpcError);
    expect(() => decodeBlock(raw, [receipt(0, { blockHash: hash(6) })])).toThrow('reorg while fetching');
    expect(() => decodeBlock({ ...raw, transactions: [hash(100)] }, [receipt(0)])).toThrow('ask for full transactions');
    expect(() => decodeBlock({ ...raw, hash: 'nope' }, [receipt(0)])).toThrow(RpcError);
  });
});

describe('decodeTransferLog skips what is not a well-formed transfer', () => {
  it.each([
    ['another event', erc20Log(1n, { topics: ['0x' + 'ab'.repeat(32), topic(A), topic(B)] })],
    ['ERC-20 with extra data', erc20Log(1n, { data: word(1n) + '00' })],
    ['ERC-721 with data', { ...erc20Log(1n), topics: [TRANSFER_TOPIC, topic(A), topic(B), word(1n)] }],
    ['a topic that is not an address', erc20Log(1n, { topics: [TRANSFER_TOPIC, '0x' + 'ff'.repeat(32), topic(B)] })],
    ['a removed log', erc20Log(1n, { removed: true })],
    ['junk data', erc20Log(1n, { data: 'zz' })],
  ])('%s', (_, log) => {
    expect(decodeTransferLog(log as Record<string, unknown>, 1, 0)).toBeUndefined();
  });
});
