/**
 * Turns a node's block (with full transactions) and its receipts into the rows the index keeps:
 * the block, its transactions, native value transfers and ERC-20 / ERC-721 Transfer logs, and who
 * took part in each transaction. Pure: unit-tested without a node.
 */
import { RpcError } from '../errors';
import { address, hash32, hexData, hexToBigInt, hexToNumber, optionalAddress, type Hex } from '../rpc';

/** keccak256("Transfer(address,address,uint256)"): the same topic for ERC-20 and ERC-721. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

export const KIND_NATIVE = 0;
export const KIND_ERC20 = 1;
export const KIND_ERC721 = 2;
export type TransferKind = typeof KIND_NATIVE | typeof KIND_ERC20 | typeof KIND_ERC721;

export interface BlockRecord {
  readonly number: number;
  readonly hash: Hex;
  readonly parentHash: Hex;
  readonly timestamp: number;
}

export interface TxRecord {
  readonly blockNumber: number;
  readonly txIndex: number;
  readonly hash: Hex;
  readonly from: Hex;
  readonly to: Hex | null;
  readonly contractAddress: Hex | null;
  readonly nonce: number;
  readonly value: bigint;
  /** 1 success, 0 reverted */
  readonly status: 0 | 1;
  /** first 4 bytes of the input, when there are at least 4 */
  readonly selector: Hex | null;
}

export interface TransferRecord {
  readonly blockNumber: number;
  readonly txIndex: number;
  /** -1 for a transaction's native value */
  readonly logIndex: number;
  readonly kind: TransferKind;
  /** the token contract; null for native value */
  readonly token: Hex | null;
  readonly from: Hex;
  readonly to: Hex;
  /** the value (native, ERC-20); 1 for ERC-721 */
  readonly amount: bigint;
  readonly tokenId: bigint | null;
}

export interface DecodedBlock {
  readonly block: BlockRecord;
  readonly txs: readonly TxRecord[];
  readonly transfers: readonly TransferRecord[];
  /** txIndex -> addresses taking part (sender, recipient, created contract, transfer parties), without the zero address */
  readonly participants: ReadonlyMap<number, ReadonlySet<Hex>>;
}

export function decodeBlockHeader(raw: unknown): BlockRecord {
  if (!raw || typeof raw !== 'object') throw new RpcError('node answered no block');
  const b = raw as Record<string, unknown>;
  return {
    number: hexToNumber(b.number, 'block number'),
    hash: hash32(b.hash, 'block hash'),
    parentHash: hash32(b.parentHash, 'parent hash'),
    timestamp: hexToNumber(b.timestamp, 'block timestamp'),
  };
}

const topicAddress = (topic: unknown, what: string): Hex => {
  const t = hash32(topic, what);
  if (!/^0x0{24}/.test(t)) throw new RpcError(`invalid ${what}`);
  return `0x${t.slice(26)}` as Hex;
};

/**
 * Decodes one Transfer log; undefined when the log is not a well-formed ERC-20 (3 topics, 32-byte
 * data) or ERC-721 (4 topics, no data) transfer.
 */
export function decodeTransferLog(log: Record<string, unknown>, blockNumber: number, txIndex: number): TransferRecord | undefined {
  if (log.removed === true) return undefined;
  const topics = log.topics;
  if (!Array.isArray(topics) || topics.length < 3 || String(topics[0]).toLowerCase() !== TRANSFER_TOPIC) return undefined;
  let data: Hex;
  try {
    data = hexData(log.data, 'log data');
  } catch {
    return undefined;
  }
  try {
    const token = address(log.address, 'log address');
    const logIndex = hexToNumber(log.logIndex, 'log index');
    const from = topicAddress(topics[1], 'transfer sender');
    const to = topicAddress(topics[2], 'transfer recipient');
    if (topics.length === 3 && data.length === 66) {
      return { blockNumber, txIndex, logIndex, kind: KIND_ERC20, token, from, to, amount: BigInt(data), tokenId: null };
    }
    if (topics.length === 4 && data === '0x') {
      const tokenId = BigInt(hash32(topics[3], 'token id'));
      return { blockNumber, txIndex, logIndex, kind: KIND_ERC721, token, from, to, amount: 1n, tokenId };
    }
  } catch {
    return undefined; // a malformed log from a hostile contract is skipped, not fatal
  }
  return undefined;
}

export function decodeBlock(rawBlock: unknown, rawReceipts: unknown): DecodedBlock {
  const block = decodeBlockHeader(rawBlock);
  const b = rawBlock as Record<string, unknown>;
  const rawTxs = b.transactions;
  if (!Array.isArray(rawTxs)) throw new RpcError(`block ${block.number}: no transaction list`);
  if (!Array.isArray(rawReceipts)) throw new RpcError(`block ${block.number}: no receipts`);
  if (rawReceipts.length !== rawTxs.length) {
    throw new RpcError(`block ${block.number}: ${rawTxs.length} transactions but ${rawReceipts.length} receipts`);
  }
  const receipts = new Map<string, Record<string, unknown>>();
  for (const r of rawReceipts as Record<string, unknown>[]) {
    if (!r || typeof r !== 'object') throw new RpcError(`block ${block.number}: invalid receipt`);
    if (r.blockHash !== undefined && String(r.blockHash).toLowerCase() !== block.hash) {
      throw new RpcError(`block ${block.number}: receipts of another block (reorg while fetching)`);
    }
    receipts.set(hash32(r.transactionHash, 'receipt transaction hash'), r);
  }
  const txs: TxRecord[] = [];
  const transfers: TransferRecord[] = [];
  const participants = new Map<number, Set<Hex>>();
  const take = (txIndex: number, a: Hex | null) => {
    if (!a || a === ZERO_ADDRESS) return;
    let set = participants.get(txIndex);
    if (!set) participants.set(txIndex, (set = new Set()));
    set.add(a);
  };
  for (const raw of rawTxs as Record<string, unknown>[]) {
    if (!raw || typeof raw !== 'object') throw new RpcError(`block ${block.number}: transactions are not objects (ask for full transactions)`);
    const hash = hash32(raw.hash, 'transaction hash');
    const receipt = receipts.get(hash);
    if (!receipt) throw new RpcError(`block ${block.number}: no receipt for ${hash}`);
    const txIndex = hexToNumber(raw.transactionIndex, 'transaction index');
    const status = hexToNumber(receipt.status, 'receipt status') === 1 ? 1 : 0;
    const input = typeof raw.input === 'string' ? raw.input : '0x';
    const tx: TxRecord = {
      blockNumber: block.number,
      txIndex,
      hash,
      from: address(raw.from, 'transaction sender'),
      to: optionalAddress(raw.to, 'transaction recipient'),
      contractAddress: optionalAddress(receipt.contractAddress, 'created contract'),
      nonce: hexToNumber(raw.nonce, 'nonce'),
      value: hexToBigInt(raw.value, 'value'),
      status,
      selector: /^0x[0-9a-fA-F]{8}/.test(input) ? (input.slice(0, 10).toLowerCase() as Hex) : null,
    };
    txs.push(tx);
    take(txIndex, tx.from);
    take(txIndex, tx.to);
    take(txIndex, tx.contractAddress);
    if (status === 1 && tx.value > 0n) {
      const to = tx.to ?? tx.contractAddress;
      if (to) {
        transfers.push({ blockNumber: block.number, txIndex, logIndex: -1, kind: KIND_NATIVE, token: null, from: tx.from, to, amount: tx.value, tokenId: null });
      }
    }
    if (status === 1 && Array.isArray(receipt.logs)) {
      for (const log of receipt.logs as Record<string, unknown>[]) {
        if (!log || typeof log !== 'object') continue;
        const t = decodeTransferLog(log, block.number, txIndex);
        if (!t) continue;
        transfers.push(t);
        take(txIndex, t.from);
        take(txIndex, t.to);
      }
    }
  }
  txs.sort((a, b) => a.txIndex - b.txIndex);
  return { block, txs, transfers, participants };
}
