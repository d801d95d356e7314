/**
 * Wallet keys and what is done with them: one EVM key per user, made here (never outside the service),
 * stored envelope-encrypted (envelope.ts), decrypted only for the instant of a signature. Read-only
 * RPC calls go to the chain's RPC from the configuration; signing methods sign here with viem, only
 * what /v1/wallet/prepare made of the request (prepare.ts, shared/request.ts).
 */
import { randomBytes } from 'node:crypto';
import { toHex, type Hex, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Db, Queryable } from '../../shared/db/open';
import type { Prepared } from '../shared/prepared';
import { SIGNING_METHODS, type TxRequest } from '../shared/request';
import type { ChainConfig, Kek } from './config';
import { readTextCapped } from './capped-body';
import { KeyDecryptionError, openKey, sealKey } from './envelope';
import { HttpError, badRequest } from './errors';
import { checkFees, networkFees } from './fees';
import { parse, prepareRequest } from './prepare';
import { SmartAccounts, SMART_ACCOUNT_UNSUPPORTED } from './smart-accounts';

/**
 * Read-only methods forwarded to the chain's RPC. Of AppKit's safe list, log queries (eth_getLogs),
 * filters (eth_newFilter & co: state on the node), eth_getProof and eth_sendRawTransaction are left out:
 * the modal and the wallet never need them, and forwarding them made the service an RPC proxy of the
 * operator's node for any account holder (security review L8). Apps read logs from their own RPC.
 */
export const SAFE_FORWARDED = new Set([
  'eth_blockNumber', 'eth_call', 'eth_estimateGas', 'eth_feeHistory', 'eth_gasPrice', 'eth_getAccount', 'eth_getBalance',
  'eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getBlockReceipts', 'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber', 'eth_getCode', 'eth_getStorageAt', 'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex', 'eth_getTransactionByHash', 'eth_getTransactionCount', 'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash', 'eth_getUncleCountByBlockNumber', 'eth_maxPriorityFeePerGas', 'eth_syncing',
]);
/** Safe methods answered by the service itself. */
export const SAFE_LOCAL = new Set(['eth_accounts', 'eth_chainId', 'wallet_getCapabilities', 'wallet_getCallsStatus', 'wallet_getAssets']);
/** Signing methods this wallet implements (EVM, eoa). */
export const SIGNING = new Set<string>(SIGNING_METHODS);

const RPC_TIMEOUT_MS = 10_000;
const RPC_MAX_RESPONSE = 4 * 1024 * 1024;

export class RpcError extends HttpError {
  constructor(rpcCode: number, message: string, data?: unknown) {
    super(400, 'rpc_error', message, { rpcCode, ...(data !== undefined ? { data } : {}) });
  }
}

async function readCapped(res: Response, max: number): Promise<string> {
  const text = await readTextCapped(res, max);
  if (text === null) throw new RpcError(-32005, 'The chain RPC answer is too large');
  return text;
}

export class Wallets {
  private readonly userLocks = new Map<string, Promise<unknown>>();
  /** Told when a stored key cannot be decrypted (an operator problem: log it). */
  onKeyError: ((message: string) => void) | undefined;
  /** The users' smart accounts on the chains that have a bundler (smart-accounts.ts). */
  readonly smart: SmartAccounts;

  constructor(
    private readonly db: Db,
    private readonly keks: readonly Kek[],
    readonly chains: readonly ChainConfig[],
  ) {
    this.smart = new SmartAccounts(chains, (chainId, method, params) => this.rpc(chainId, method, params));
  }

  /**
   * Runs the curve code once (its tables are computed on first use, ~0.2 s) so that the first login
   * and the first signature after a start are as fast as the others.
   */
  async warmUp(): Promise<void> {
    const pk = randomBytes(32);
    try {
      await privateKeyToAccount(toHex(pk)).signMessage({ message: 'warm-up' });
    } finally {
      pk.fill(0);
    }
  }

  chain(chainId: number): ChainConfig {
    const c = this.chains.find((x) => x.chainId === chainId);
    if (!c) throw new HttpError(400, 'unsupported_chain', `Chain ${chainId} is not supported by this wallet service`);
    return c;
  }

  /** Makes and stores a new key for `userId` (inside the caller's transaction); returns its address. */
  async create(q: Queryable, userId: string): Promise<string> {
    const pk = randomBytes(32);
    try {
      const account = privateKeyToAccount(toHex(pk));
      const sealed = sealKey(this.keks, userId, account.address, pk);
      await q.query(`INSERT INTO wallet_keys (user_id, address, kek_id, wrapped_dek, encrypted_key) VALUES ($1, $2, $3, $4, $5)`, [
        userId,
        account.address,
        sealed.kekId,
        sealed.wrappedDek,
        sealed.encryptedKey,
      ]);
      return account.address;
    } finally {
      pk.fill(0);
    }
  }

  private async withAccount<T>(userId: string, fn: (account: PrivateKeyAccount) => Promise<T>): Promise<T> {
    const rows = await this.db.query<{ address: string; kek_id: string; wrapped_dek: Buffer; encrypted_key: Buffer }>(
      `SELECT address, kek_id, wrapped_dek, encrypted_key FROM wallet_keys WHERE user_id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) throw new HttpError(404, 'no_wallet', 'This user has no wallet');
    let pk: Buffer;
    try {
      pk = openKey(this.keks, userId, row.address, { kekId: row.kek_id, wrappedDek: row.wrapped_dek, encryptedKey: row.encrypted_key });
    } catch (err) {
      if (err instanceof KeyDecryptionError) {
        this.onKeyError?.(`cannot open the key of ${row.address}: ${err.message}`);
        throw new HttpError(500, 'key_unavailable', 'This wallet cannot be opened right now (the service is missing its key-encryption key)');
      }
      throw err;
    }
    try {
      const account = privateKeyToAccount(toHex(pk));
      if (account.address !== row.address) throw new Error('stored key does not match its address');
      return await fn(account);
    } finally {
      pk.fill(0);
    }
  }

  /** One JSON-RPC call to the chain's RPC. */
  async rpc(chainId: number, method: string, params: readonly unknown[]): Promise<unknown> {
    const c = this.chain(chainId);
    let res: Response;
    try {
      res = await fetch(c.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
      });
    } catch (err) {
      throw new RpcError(-32002, `The chain RPC is unavailable (${(err as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable'})`);
    }
    const text = await readCapped(res, RPC_MAX_RESPONSE);
    let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
    try {
      body = JSON.parse(text);
    } catch {
      throw new RpcError(-32603, `The chain RPC answered HTTP ${res.status} without JSON`);
    }
    if (body.error) {
      const code = typeof body.error.code === 'number' ? body.error.code : -32603;
      throw new RpcError(code, typeof body.error.message === 'string' ? body.error.message.slice(0, 500) : 'RPC error', body.error.data);
    }
    return body.result;
  }

  /** A read-only method, forwarded or answered here. */
  async safe(own: string, userId: string, chainId: number, method: string, params: readonly unknown[], smartAccount = false): Promise<unknown> {
    const c = this.chain(chainId);
    switch (method) {
      case 'eth_accounts':
        return [own];
      case 'eth_chainId':
        return toHex(c.chainId);
      case 'wallet_getCapabilities':
        // a smart account's call bundles are one user operation: atomic where it has one
        return Object.fromEntries(
          this.chains.map((x) => [toHex(x.chainId), { atomic: { status: smartAccount && this.smart.enabled(x.chainId) ? 'supported' : 'unsupported' } }]),
        );
      case 'wallet_getAssets': {
        const balance = await this.rpc(chainId, 'eth_getBalance', [own, 'latest']);
        return { [toHex(chainId)]: [{ address: 'native', balance, type: 'native', metadata: c.nativeCurrency }] };
      }
      case 'wallet_getCallsStatus':
        return this.callsStatus(userId, params[0]);
      default:
        if (!SAFE_FORWARDED.has(method)) throw new RpcError(4200, `${method} is not supported by this wallet`);
        return this.rpc(chainId, method, params);
    }
  }

  /**
   * Prepares a signing request for the approval (prepare.ts): the exact params to sign, priced, decoded and
   * simulated. With `smartOwner` (the key's address; `own` is then its smart account) a transaction or a
   * call bundle becomes one user operation (smart-accounts.ts); nothing else is signed through a smart account.
   */
  async prepare(own: string, chainId: number, method: string, params: readonly unknown[], smartOwner?: string): Promise<Prepared> {
    this.chain(chainId);
    if (smartOwner === undefined) return prepareRequest((m, p) => this.rpc(chainId, m, p), own, chainId, method, params);
    const r = parse(method, params, { address: own, chainId, atomic: this.smart.enabled(chainId) }, 'page');
    if (r.method === 'personal_sign' || r.method === 'eth_signTypedData_v4') {
      throw new HttpError(400, SMART_ACCOUNT_UNSUPPORTED, `${method}: a signature of this smart account could not be verified by the app (it has no ERC-1271)`);
    }
    if (r.legacy) throw new HttpError(400, 'invalid_params', `${method}: gasPrice is not accepted from a smart account (its operation is priced by the wallet)`);
    return this.smart.prepare(smartOwner, r);
  }

  /**
   * A signing method; the frame calls this only after the user approved it there, with the params
   * /v1/wallet/prepare returned. They are parsed again (stage 'prepared') and exactly that object is
   * signed or sent: transactions only with their prepared gas, fees and nonce.
   */
  async sign(userId: string, chainId: number, method: string, params: readonly unknown[], smartAccount = false): Promise<unknown> {
    const c = this.chain(chainId);
    if (smartAccount) return this.signAsSmartAccount(userId, c, method, params);
    return this.withAccount(userId, async (account) => {
      const r = parse(method, params, { address: account.address, chainId }, 'prepared');
      switch (r.method) {
        case 'personal_sign':
          return account.signMessage({ message: { raw: r.message } });
        case 'eth_signTypedData_v4': {
          const { EIP712Domain: _domain, ...types } = r.typedData.types;
          try {
            return await account.signTypedData({ ...r.typedData, types } as unknown as TypedDataDefinition);
          } catch (err) {
            throw badRequest(`eth_signTypedData_v4: ${(err as Error).message.split('\n')[0]}`, 'invalid_params');
          }
        }
        case 'eth_sendTransaction':
          return (await this.serialise(userId, () => this.sendPrepared(account, c, r)))[0];
        case 'wallet_sendCalls': {
          const hashes = await this.serialise(userId, () => this.sendPrepared(account, c, r));
          const id = toHex(randomBytes(32));
          await this.db.query(`INSERT INTO call_bundles (id, user_id, chain_id, hashes) VALUES ($1, $2, $3, $4)`, [id, userId, c.chainId, JSON.stringify(hashes)]);
          return { id };
        }
      }
    });
  }

  /** Sends a prepared user operation of the user's smart account (smart-accounts.ts); answers as the method does. */
  private async signAsSmartAccount(userId: string, c: ChainConfig, method: string, params: readonly unknown[]): Promise<unknown> {
    if (method !== 'eth_sendTransaction' && method !== 'wallet_sendCalls') {
      throw new HttpError(400, SMART_ACCOUNT_UNSUPPORTED, `${method}: a signature of this smart account could not be verified by the app (it has no ERC-1271)`);
    }
    const hash = await this.serialise(userId, () => this.withAccount(userId, (owner) => this.smart.send(owner, c.chainId, method, params)));
    if (method === 'wallet_sendCalls') {
      const id = toHex(randomBytes(32));
      await this.db.query(`INSERT INTO call_bundles (id, user_id, chain_id, hashes, kind) VALUES ($1, $2, $3, $4, 'userOperation')`, [
        id,
        userId,
        c.chainId,
        JSON.stringify([hash]),
      ]);
      return { id };
    }
    // eth_sendTransaction answers a transaction hash: the bundle's that included the operation
    return (await this.smart.waitForReceipt(c.chainId, hash)).receipt.transactionHash;
  }

  /**
   * Sends prepared transactions exactly as prepared, in order, once the account's next nonce is still
   * the first one's and every fee is still within the bound (fees.ts). Runs serialised per user.
   */
  private async sendPrepared(account: PrivateKeyAccount, c: ChainConfig, r: TxRequest): Promise<Hex[]> {
    const rpc = (m: string, p: readonly unknown[]) => this.rpc(c.chainId, m, p);
    const [pending, fees] = await Promise.all([rpc('eth_getTransactionCount', [account.address, 'pending']), networkFees(rpc)]);
    if (BigInt(pending as string) !== BigInt(r.txs[0]!.nonce!)) {
      throw new HttpError(409, 'stale_request', 'The account sent another transaction since this one was prepared: prepare it again');
    }
    checkFees(r, fees, true);
    const hashes: Hex[] = [];
    for (const tx of r.txs) {
      const fields = { chainId: c.chainId, to: tx.to, value: BigInt(tx.value), data: tx.data, gas: BigInt(tx.gas!), nonce: Number(BigInt(tx.nonce!)) };
      const signed = await account.signTransaction(
        r.legacy
          ? { ...fields, type: 'legacy', gasPrice: BigInt(tx.gasPrice!) }
          : { ...fields, type: 'eip1559', maxFeePerGas: BigInt(tx.maxFeePerGas!), maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas!) },
      );
      hashes.push((await rpc('eth_sendRawTransaction', [signed])) as Hex);
    }
    return hashes;
  }

  private async callsStatus(userId: string, id: unknown): Promise<unknown> {
    if (typeof id !== 'string' || !/^0x[0-9a-f]{64}$/.test(id)) throw new RpcError(5730, 'Unknown bundle id');
    const rows = await this.db.query<{ chain_id: string | number; hashes: string[] | string; kind: string }>(
      `SELECT chain_id, hashes, kind FROM call_bundles WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    const row = rows[0];
    if (!row) throw new RpcError(5730, 'Unknown bundle id');
    const chainId = Number(row.chain_id);
    const hashes = (typeof row.hashes === 'string' ? JSON.parse(row.hashes) : row.hashes) as string[];
    if (row.kind === 'userOperation') return this.operationStatus(id, chainId, hashes[0] as Hex);
    const receipts = await Promise.all(hashes.map((h) => this.rpc(chainId, 'eth_getTransactionReceipt', [h]) as Promise<Record<string, unknown> | null>));
    const done = receipts.every(Boolean);
    const failed = receipts.some((r) => r && r.status === '0x0');
    return {
      version: '2.0.0',
      id,
      chainId: toHex(chainId),
      atomic: false,
      status: !done ? 100 : failed ? 500 : 200,
      receipts: receipts.filter(Boolean).map((r) => ({
        logs: r!.logs,
        status: r!.status,
        blockHash: r!.blockHash,
        blockNumber: r!.blockNumber,
        gasUsed: r!.gasUsed,
        transactionHash: r!.transactionHash,
      })),
    };
  }

  /** EIP-5792 status of a bundle sent as one user operation: atomic, one receipt (the bundle transaction's). */
  private async operationStatus(id: string, chainId: number, hash: Hex): Promise<unknown> {
    const r = await this.smart.receipt(chainId, hash);
    const base = { version: '2.0.0', id, chainId: toHex(chainId), atomic: true };
    if (!r) return { ...base, status: 100, receipts: [] };
    const t = r.receipt;
    return {
      ...base,
      // the operation's own outcome: its calls all ran (200) or none did (500)
      status: r.success ? 200 : 500,
      receipts: [{ logs: r.logs.map((l) => ({ address: l.address, topics: l.topics, data: l.data })), status: r.success ? '0x1' : '0x0', blockHash: t.blockHash, blockNumber: toHex(t.blockNumber), gasUsed: toHex(t.gasUsed), transactionHash: t.transactionHash }],
    };
  }

  private async serialise<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    // in this process: one at a time per user
    const prev = this.userLocks.get(userId) ?? Promise.resolve();
    const run = prev.then(
      () => this.acrossProcesses(userId, fn),
      () => this.acrossProcesses(userId, fn),
    );
    const tail = run.catch(() => undefined);
    this.userLocks.set(userId, tail);
    void tail.then(() => {
      if (this.userLocks.get(userId) === tail) this.userLocks.delete(userId);
    });
    return run;
  }

  private async acrossProcesses<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    if (this.db.kind !== 'postgres') return fn();
    // PostgreSQL: an advisory lock held by a transaction for the duration of the send
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`latchkey-tx:${userId}`]);
      return fn();
    });
  }

  /** Dev mode: tops the address up on every configured chain (anvil_setBalance), best effort. */
  async devFund(addr: string, wei: bigint): Promise<void> {
    await Promise.all(
      this.chains.map(async (c) => {
        try {
          const bal = BigInt((await this.rpc(c.chainId, 'eth_getBalance', [addr, 'latest'])) as string);
          if (bal < wei / 2n) await this.rpc(c.chainId, 'anvil_setBalance', [addr, toHex(wei)]);
        } catch {
          /* not an anvil chain, or down: nothing to do */
        }
      }),
    );
  }
}

