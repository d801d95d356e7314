/**
 * Follows one chain into the database.
 *
 * Each step:
 *  1. reads the node's head and, in the same RPC batch, the node's block at our last indexed
 *     height plus the next blocks (full transactions) and their receipts;
 *  2. if our last block is no longer the node's block at that height (a reorg, an anvil
 *     snapshot revert, or a restarted chain), walks back to the highest block both agree on and
 *     rolls everything above it back in one transaction; when even the first block differs (a
 *     new chain behind the same URL) the chain's rows are wiped and it is indexed again;
 *  3. otherwise checks that the new blocks link up (parent hashes), reads metadata of tokens it
 *     has not seen and token URIs of new NFTs, and writes the blocks, transactions, transfers,
 *     history index rows, ERC-20 balances and NFT owners in one transaction.
 *
 * All writes go through the indexer's session, the connection that holds the advisory lock.
 */
import type { Queryable, Session } from '../../../shared/db/open';
import type { ChainConfig } from '../config';
import { RpcError } from '../errors';
import { RpcClient, hexToNumber, toQuantity, type Hex } from '../rpc';
import { KIND_ERC20, KIND_ERC721, ZERO_ADDRESS, decodeBlock, decodeBlockHeader, type DecodedBlock, type TransferRecord } from './decode';
import { readTokenMetadata, readTokenUris } from './metadata';

export interface ChainStats {
  chainId: number;
  /** the node's head (minus confirmations) at the last step */
  head: number | null;
  /** the highest block in the database */
  indexed: number | null;
  reorgs: number;
  restarts: number;
  blocksIndexed: number;
  msIndexing: number;
  /** steps taken (each reads the node's head; a caught-up indexer steps on a new head or its poll) */
  steps: number;
  lastError: string | null;
  lastErrorAt: string | null;
}

export interface StepResult {
  /** blocks written in this step */
  readonly indexed: number;
  /** true when the node has more blocks ready (step again at once) */
  readonly behind: boolean;
  readonly rolledBackTo?: number;
}

const num = (v: unknown) => Number(v);
/** Rows per multi-row INSERT (well below PostgreSQL's 65535 parameters). */
const INSERT_CHUNK = 400;

async function insertRows(tx: Queryable, table: string, columns: readonly string[], rows: readonly unknown[][], suffix = ''): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const params: unknown[] = [];
    const values = chunk.map((r) => `(${r.map((v) => (params.push(v), `$${params.length}`)).join(',')})`);
    await tx.query(`insert into ${table} (${columns.join(',')}) values ${values.join(',')} ${suffix}`, params);
  }
}

export class ChainIndexer {
  readonly stats: ChainStats;
  private readonly rpc: RpcClient;
  private checkedChainId = false;

  constructor(
    readonly chain: ChainConfig,
    private readonly session: Session,
    private readonly options: { batchBlocks: number; rpcTimeoutMs: number; log: (line: string) => void },
  ) {
    this.rpc = new RpcClient(chain.rpcUrl, options.rpcTimeoutMs);
    this.stats = {
      chainId: chain.chainId,
      head: null,
      indexed: null,
      reorgs: 0,
      restarts: 0,
      blocksIndexed: 0,
      steps: 0,
      msIndexing: 0,
      lastError: null,
      lastErrorAt: null,
    };
  }

  private async lastBlock(): Promise<{ number: number; hash: string } | null> {
    const rows = await this.session.query<{ number: unknown; hash: string }>(
      'select number, hash from blocks where chain_id = $1 order by number desc limit 1',
      [this.chain.chainId],
    );
    return rows[0] ? { number: num(rows[0].number), hash: rows[0].hash } : null;
  }

  /** One indexing step (see the file comment). */
  async step(): Promise<StepResult> {
    const started = Date.now();
    this.stats.steps++;
    if (!this.checkedChainId) {
      const id = hexToNumber(await this.rpc.call('eth_chainId'), 'chain id');
      if (id !== this.chain.chainId) throw new RpcError(`${this.chain.rpcUrl} is chain ${id}, configured as ${this.chain.chainId}: not indexing it`);
      this.checkedChainId = true;
    }
    const nodeHead = hexToNumber(await this.rpc.call('eth_blockNumber'), 'block number');
    const head = nodeHead - this.chain.confirmations;
    this.stats.head = head;
    const last = await this.lastBlock();
    this.stats.indexed = last?.number ?? null;

    if (last && last.number > nodeHead) {
      // the node is behind us: a revert or a restarted chain
      const fork = await this.findForkPoint(nodeHead);
      await this.rollback(fork);
      return { indexed: 0, behind: true, rolledBackTo: fork };
    }
    const from = last ? last.number + 1 : this.chain.startBlock;
    const to = Math.min(head, from + this.options.batchBlocks - 1);
    const calls = [];
    if (last) calls.push({ method: 'eth_getBlockByNumber', params: [toQuantity(last.number), false] });
    for (let n = from; n <= to; n++) {
      calls.push({ method: 'eth_getBlockByNumber', params: [toQuantity(n), true] }, { method: 'eth_getBlockReceipts', params: [toQuantity(n)] });
    }
    if (calls.length === 0) return { indexed: 0, behind: false };
    const results = await this.rpc.batch<unknown>(calls);
    let k = 0;
    if (last) {
      const current = results[k++];
      if (!current || decodeBlockHeader(current).hash !== last.hash) {
        const fork = await this.findForkPoint(Math.min(last.number, nodeHead));
        await this.rollback(fork);
        return { indexed: 0, behind: true, rolledBackTo: fork };
      }
    }
    const decoded: DecodedBlock[] = [];
    let parent = last?.hash ?? null;
    for (let n = from; n <= to; n++) {
      const rawBlock = results[k++];
      const rawReceipts = results[k++];
      if (!rawBlock) break; // not there yet (the head moved back while we asked)
      const d = decodeBlock(rawBlock, rawReceipts);
      if (d.block.number !== n) throw new RpcError(`asked for block ${n}, got ${d.block.number}`);
      if (parent !== null && d.block.parentHash !== parent) break; // a reorg while fetching: the next step sorts it out
      decoded.push(d);
      parent = d.block.hash;
    }
    if (decoded.length === 0) return { indexed: 0, behind: to < head };
    await this.write(decoded);
    const wrote = decoded.length;
    this.stats.indexed = decoded[wrote - 1]!.block.number;
    this.stats.blocksIndexed += wrote;
    this.stats.msIndexing += Date.now() - started;
    return { indexed: wrote, behind: this.stats.indexed < head };
  }

  /**
   * The highest block number at or below `from` whose hash the node and the database agree on;
   * -1 when they agree on none (a different chain: everything is dropped).
   */
  async findForkPoint(from: number): Promise<number> {
    const lowestRow = await this.session.query<{ n: unknown }>('select min(number) as n from blocks where chain_id = $1', [this.chain.chainId]);
    const lowest = lowestRow[0]?.n === null || lowestRow[0]?.n === undefined ? 0 : num(lowestRow[0].n);
    const WINDOW = 64;
    let high = from;
    while (high >= lowest) {
      const low = Math.max(lowest, high - WINDOW + 1);
      const stored = new Map(
        (
          await this.session.query<{ number: unknown; hash: string }>(
            'select number, hash from blocks where chain_id = $1 and number between $2 and $3',
            [this.chain.chainId, low, high],
          )
        ).map((r) => [num(r.number), r.hash]),
      );
      const calls = [];
      for (let n = high; n >= low; n--) calls.push({ method: 'eth_getBlockByNumber', params: [toQuantity(n), false] });
      const remote = await this.rpc.batch<unknown>(calls);
      for (let i = 0, n = high; n >= low; n--, i++) {
        const raw = remote[i];
        if (raw && stored.get(n) === decodeBlockHeader(raw).hash) return n;
      }
      high = low - 1;
    }
    return -1;
  }

  /** Removes every row above `fork` (all of the chain's rows when fork is -1). */
  async rollback(fork: number): Promise<void> {
    const id = this.chain.chainId;
    const last = await this.lastBlock();
    await this.session.transaction(async (tx) => {
      if (fork < 0) {
        for (const table of ['transfers', 'account_txs', 'txs', 'tokens', 'erc20_balances', 'nft_tokens', 'blocks']) {
          await tx.query(`delete from ${table} where chain_id = $1`, [id]);
        }
        await tx.query('update chains set restarts = restarts + 1, genesis_hash = $2, updated_at = now() where chain_id = $1', [id, '']);
        return;
      }
      // ERC-20 balances: take back the effect of the transfers being removed
      await tx.query(
        `with d as (
           select token, holder, sum(delta) as delta from (
             select token, to_address as holder, amount as delta from transfers
              where chain_id = $1 and block_number > $2 and kind = ${KIND_ERC20} and to_address <> '${ZERO_ADDRESS}'
             union all
             select token, from_address as holder, -amount as delta from transfers
              where chain_id = $1 and block_number > $2 and kind = ${KIND_ERC20} and from_address <> '${ZERO_ADDRESS}'
           ) x group by token, holder)
         update erc20_balances b set amount = b.amount - d.delta
           from d where b.chain_id = $1 and b.token = d.token and b.holder = d.holder`,
        [id, fork],
      );
      await tx.query('delete from erc20_balances where chain_id = $1 and amount = 0', [id]);
      // NFT owners: back to the last transfer at or below the fork point
      await tx.query(
        `with touched as (
           select distinct token, token_id from transfers where chain_id = $1 and block_number > $2 and kind = ${KIND_ERC721}),
         last as (
           select distinct on (t.token, t.token_id) t.token, t.token_id, t.to_address
             from transfers t join touched u on t.token = u.token and t.token_id = u.token_id
            where t.chain_id = $1 and t.block_number <= $2 and t.kind = ${KIND_ERC721}
            order by t.token, t.token_id, t.block_number desc, t.tx_index desc, t.log_index desc)
         update nft_tokens n set owner = last.to_address
           from last where n.chain_id = $1 and n.contract = last.token and n.token_id = last.token_id`,
        [id, fork],
      );
      await tx.query('delete from nft_tokens where chain_id = $1 and minted_block > $2', [id, fork]);
      for (const table of ['transfers', 'account_txs', 'txs']) {
        await tx.query(`delete from ${table} where chain_id = $1 and block_number > $2`, [id, fork]);
      }
      await tx.query('delete from tokens where chain_id = $1 and first_block > $2', [id, fork]);
      await tx.query('delete from blocks where chain_id = $1 and number > $2', [id, fork]);
      await tx.query('update chains set reorgs = reorgs + 1, updated_at = now() where chain_id = $1', [id]);
    });
    if (fork < 0) {
      this.stats.restarts++;
      this.options.log(`chain ${id}: the node serves a different chain (restarted?); dropped its rows, indexing again from ${this.chain.startBlock}`);
    } else {
      this.stats.reorgs++;
      this.options.log(`chain ${id}: reorg; rolled back ${last ? last.number - fork : 0} block(s) to ${fork}`);
    }
    this.stats.indexed = fork < 0 ? null : fork;
  }

  private async write(blocks: readonly DecodedBlock[]): Promise<void> {
    const id = this.chain.chainId;
    const lastNumber = blocks[blocks.length - 1]!.block.number;
    const transfers: TransferRecord[] = blocks.flatMap((b) => b.transfers);
    // token metadata for contracts not seen before
    const candidates = new Map<string, number>();
    for (const t of transfers) if (t.token && !candidates.has(t.token)) candidates.set(t.token, t.kind);
    let fresh: { address: string; kind: number; firstBlock: number }[] = [];
    if (candidates.size) {
      const known = new Set(
        (
          await this.session.query<{ address: string }>('select address from tokens where chain_id = $1 and address = any($2)', [
            id,
            [...candidates.keys()],
          ])
        ).map((r) => r.address),
      );
      fresh = [...candidates]
        .filter(([a]) => !known.has(a))
        .map(([address, kind]) => ({ address, kind, firstBlock: transfers.find((t) => t.token === address)!.blockNumber }));
    }
    const metadata = fresh.length ? await readTokenMetadata(this.rpc, fresh, lastNumber) : new Map();
    const mints = transfers.filter((t) => t.kind === KIND_ERC721 && t.from === ZERO_ADDRESS).map((t) => ({ contract: t.token!, tokenId: t.tokenId! }));
    const uris = mints.length ? await readTokenUris(this.rpc, mints, lastNumber) : new Map<string, string | null>();

    // ERC-20 balance deltas and final NFT owners of this batch
    const deltas = new Map<string, bigint>();
    const addDelta = (holder: string, token: string, d: bigint) => {
      if (holder === ZERO_ADDRESS) return;
      const key = `${holder}|${token}`;
      deltas.set(key, (deltas.get(key) ?? 0n) + d);
    };
    const nftOwners = new Map<string, { contract: string; tokenId: bigint; owner: string; mintedBlock: number | null }>();
    for (const t of transfers) {
      if (t.kind === KIND_ERC20) {
        addDelta(t.from, t.token!, -t.amount);
        addDelta(t.to, t.token!, t.amount);
      } else if (t.kind === KIND_ERC721) {
        const key = `${t.token}:${t.tokenId}`;
        const prev = nftOwners.get(key);
        const mintedBlock = prev?.mintedBlock ?? (t.from === ZERO_ADDRESS ? t.blockNumber : null);
        nftOwners.set(key, { contract: t.token!, tokenId: t.tokenId!, owner: t.to, mintedBlock });
      }
    }

    await this.session.transaction(async (tx) => {
      if (blocks[0]!.block.number === this.chain.startBlock) {
        await tx.query(
          `insert into chains (chain_id, genesis_hash) values ($1, $2)
           on conflict (chain_id) do update set genesis_hash = excluded.genesis_hash, updated_at = now()`,
          [id, blocks[0]!.block.hash],
        );
      }
      await insertRows(
        tx,
        'blocks',
        ['chain_id', 'number', 'hash', 'parent_hash', 'timestamp'],
        blocks.map((b) => [id, b.block.number, b.block.hash, b.block.parentHash, b.block.timestamp]),
      );
      await insertRows(
        tx,
        'txs',
        ['chain_id', 'block_number', 'tx_index', 'hash', 'from_address', 'to_address', 'contract_address', 'nonce', 'value', 'status', 'selector'],
        blocks.flatMap((b) => b.txs.map((t) => [id, t.blockNumber, t.txIndex, t.hash, t.from, t.to, t.contractAddress, t.nonce, t.value.toString(), t.status, t.selector])),
      );
      await insertRows(
        tx,
        'transfers',
        ['chain_id', 'block_number', 'tx_index', 'log_index', 'kind', 'token', 'from_address', 'to_address', 'amount', 'token_id'],
        transfers.map((t) => [id, t.blockNumber, t.txIndex, t.logIndex, t.kind, t.token, t.from, t.to, t.amount.toString(), t.tokenId === null ? null : t.tokenId.toString()]),
        'on conflict do nothing',
      );
      await insertRows(
        tx,
        'account_txs',
        ['address', 'chain_id', 'block_number', 'tx_index', 'timestamp'],
        blocks.flatMap((b) => [...b.participants].flatMap(([txIndex, addrs]) => [...addrs].map((a) => [a, id, b.block.number, txIndex, b.block.timestamp]))),
        'on conflict do nothing',
      );
      if (fresh.length) {
        await insertRows(
          tx,
          'tokens',
          ['chain_id', 'address', 'kind', 'name', 'symbol', 'decimals', 'first_block'],
          fresh.map((t) => {
            const m = metadata.get(t.address);
            return [id, t.address, t.kind, m?.name ?? null, m?.symbol ?? null, m?.decimals ?? null, t.firstBlock];
          }),
          'on conflict do nothing',
        );
      }
      const balanceRows = [...deltas].filter(([, d]) => d !== 0n).map(([key, d]) => {
        const [holder, token] = key.split('|');
        return [id, holder, token, d.toString()];
      });
      await insertRows(
        tx,
        'erc20_balances',
        ['chain_id', 'holder', 'token', 'amount'],
        balanceRows,
        'on conflict (chain_id, holder, token) do update set amount = erc20_balances.amount + excluded.amount',
      );
      await insertRows(
        tx,
        'nft_tokens',
        ['chain_id', 'contract', 'token_id', 'owner', 'token_uri', 'minted_block'],
        [...nftOwners.values()].map((n) => [
          id,
          n.contract,
          n.tokenId.toString(),
          n.owner,
          uris.get(`${n.contract}:${n.tokenId}`) ?? null,
          n.mintedBlock ?? blocks[0]!.block.number,
        ]),
        `on conflict (chain_id, contract, token_id) do update set owner = excluded.owner,
           token_uri = coalesce(excluded.token_uri, nft_tokens.token_uri)`,
      );
    });
  }
}
