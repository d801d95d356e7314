/**
 * Smart accounts (ERC-4337) for the wallet's users, on the chains configured with `smartAccounts:
 * { bundlerUrl, factory }`: each user's key owns a SimpleAccount v0.8 of that factory
 * (samples/shared/simpleAccount.ts), at the factory's CREATE2 address for (owner, 0), created by its
 * first user operation. Transactions and call bundles of a user whose account type is smartAccount
 * become one user operation sent through the chain's bundler, so a bundle's calls are atomic. The
 * frame's INIT_SMART_ACCOUNT only reports the account (its address, on chain or not) and sends
 * nothing: creating it costs the account a fee, which only an operation the visitor approved spends.
 *
 * What is approved is what is signed: /v1/wallet/prepare fixes the operation (the calls, and the
 * nonce, gas limits and fees the service priced and the bundler estimated) in the prepared params; /v1/wallet/sign parses
 * them again, refuses a moved nonce or a fee now above the bound, and signs exactly that operation
 * (its call data is the calls' `execute` / `executeBatch` encoding, its hash EIP-712 over all of it).
 * SimpleAccount has no ERC-1271, so nothing else is signed through it (messages and typed data are
 * refused with code `smart_account_unsupported`).
 */
import { createPublicClient, http, toHex, type Address, type Hex, type LocalAccount } from 'viem';
import { createBundlerClient, entryPoint08Address, type UserOperationReceipt } from 'viem/account-abstraction';
import { toAccount } from 'viem/accounts';
import { z } from 'zod';
import { simpleAccountAddress, toSimpleAccount } from '../../shared/simpleAccount';
import type { Fees, Intent, Prepared } from '../shared/prepared';
import type { TxRequest } from '../shared/request';
import type { ChainConfig } from './config';
import { decodeCall, tokensOf } from './decode';
import { HttpError } from './errors';
import { FEE_BOUND, FeeTooHighError, networkFees } from './fees';
import { simulate } from './simulate';
import { readTokens, type ChainCall } from './token-info';

/** The code of every refusal of something a smart account cannot do (the frame shows its own text for it). */
export const SMART_ACCOUNT_UNSUPPORTED = 'smart_account_unsupported';

const unsupported = (what: string) => new HttpError(400, SMART_ACCOUNT_UNSUPPORTED, what);

const quantity = z.string().regex(/^0x(0|[1-9a-f][0-9a-f]*)$/, 'a canonical hex quantity');
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address');
/** The prepared params of a user operation: exactly these fields, nothing else. */
const preparedOperation = z
  .object({
    from: address,
    chainId: quantity,
    calls: z
      .array(z.object({ to: address, value: quantity, data: z.string().regex(/^0x([0-9a-f]{2})*$/, 'hex bytes') }).strict())
      .min(1)
      .max(10),
    userOperation: z
      .object({
        nonce: quantity,
        callGasLimit: quantity,
        verificationGasLimit: quantity,
        preVerificationGas: quantity,
        maxFeePerGas: quantity,
        maxPriorityFeePerGas: quantity,
      })
      .strict(),
  })
  .strict();
type PreparedOperation = z.infer<typeof preparedOperation>;

function parsePrepared(params: readonly unknown[], method: string): PreparedOperation {
  const r = preparedOperation.safeParse(params[0]);
  if (params.length !== 1 || !r.success) {
    const i = r.error?.issues[0];
    throw new HttpError(400, 'invalid_params', `${method}: not a prepared user operation${i ? ` (${i.path.join('.')}: ${i.message})` : ''}`);
  }
  return r.data;
}

/** An owner known by its address only: enough to prepare (estimate) an operation, never to sign one. */
function watchOnly(owner: Address): LocalAccount {
  const refuse = async (): Promise<Hex> => {
    throw new Error('a watch-only owner does not sign');
  };
  return toAccount({ address: owner, signMessage: refuse, signTransaction: refuse, signTypedData: refuse });
}

export class SmartAccounts {
  private readonly addresses = new Map<string, Address>();
  private readonly clients = new Map<number, ReturnType<SmartAccounts['connect']>>();

  constructor(
    private readonly chains: readonly ChainConfig[],
    private readonly rpc: (chainId: number, method: string, params: readonly unknown[]) => Promise<unknown>,
  ) {}

  /** The chains where users may have a smart account. */
  enabledChainIds(): number[] {
    return this.chains.filter((c) => c.smartAccounts).map((c) => c.chainId);
  }

  enabled(chainId: number): boolean {
    return this.enabledChainIds().includes(chainId);
  }

  private connect(c: ChainConfig) {
    const chain = { id: c.chainId, name: c.name, nativeCurrency: c.nativeCurrency, rpcUrls: { default: { http: [c.rpcUrl] } } } as const;
    const client = createPublicClient({ chain, transport: http(c.rpcUrl, { timeout: 10_000, retryCount: 0 }) });
    const bundler = createBundlerClient({ client, transport: http(c.smartAccounts!.bundlerUrl, { timeout: 20_000, retryCount: 0 }), pollingInterval: 100 });
    return { client, bundler, factory: c.smartAccounts!.factory as Address };
  }

  private parts(chainId: number) {
    const c = this.chains.find((x) => x.chainId === chainId);
    if (!c?.smartAccounts) throw unsupported(`Chain ${chainId} has no smart accounts in this wallet`);
    let p = this.clients.get(chainId);
    if (!p) this.clients.set(chainId, (p = this.connect(c)));
    return p;
  }

  /** The smart account of `owner` (the same on every enabled chain: one factory address), or null without any. */
  async address(owner: string): Promise<Address | null> {
    const [first] = this.enabledChainIds();
    if (first === undefined) return null;
    const known = this.addresses.get(owner.toLowerCase());
    if (known) return known;
    const { client, factory } = this.parts(first);
    const a = await simpleAccountAddress(client, owner as Address, factory);
    this.addresses.set(owner.toLowerCase(), a);
    return a;
  }

  /** Whether the account has been created on the chain (by its first user operation). */
  async deployed(chainId: number, account: Address): Promise<boolean> {
    const code = await this.parts(chainId).client.getCode({ address: account });
    return Boolean(code && code !== '0x');
  }

  private account(chainId: number, owner: LocalAccount, address?: Address) {
    const { client, factory } = this.parts(chainId);
    return toSimpleAccount({ client, owner, factory, ...(address ? { address } : {}) });
  }

  /**
   * The user operation for a parsed transaction request of the account (r.from is the smart account):
   * its calls, the gas the bundler estimates, the service's own fees and the next nonce; the calls
   * decoded and simulated from the account, for the approval.
   */
  async prepare(owner: string, r: TxRequest): Promise<Prepared> {
    const { bundler } = this.parts(r.chainId);
    const rpc: ChainCall = (m, p) => this.rpc(r.chainId, m, p);
    const account = await this.account(r.chainId, watchOnly(owner as Address));
    if (account.address.toLowerCase() !== r.from.toLowerCase()) throw new HttpError(400, 'invalid_params', `${r.method}: the address is not the smart account of this wallet`);
    const calls = r.txs.map((tx, i) => {
      if (!tx.to) throw unsupported(`${r.method}: call ${i + 1}: a smart account does not deploy contracts in a call`);
      return { to: tx.to, value: BigInt(tx.value), data: tx.data };
    });
    const fees = await networkFees(rpc);
    const [op, run, balance, deployed] = await Promise.all([
      bundler
        .prepareUserOperation({ account, calls, maxFeePerGas: fees.feePerGas, maxPriorityFeePerGas: fees.tip })
        .catch((err: Error) => {
          throw new HttpError(400, 'gas_unknown', `${r.method}: the bundler could not estimate this operation (${(err as { shortMessage?: string }).shortMessage ?? err.message.split('\n')[0]})`);
        }),
      simulate(rpc, account.address, r.txs),
      rpc('eth_getBalance', [account.address, 'latest']).then((v) => BigInt(v as string)),
      this.deployed(r.chainId, account.address),
    ]);
    const intents: Intent[] = r.txs.map((t) => decodeCall(t.to, t.data));
    const tokens = await readTokens(rpc, [...intents.flatMap(tokensOf), ...run.simulation.transfers.map((t) => t.token).filter((t): t is Hex => t !== null)]);
    const gas = op.callGasLimit + op.verificationGasLimit + op.preVerificationGas;
    const maxNetworkFee = gas * op.maxFeePerGas;
    const value = calls.reduce((s, c) => s + c.value, 0n);
    const summary: Fees = {
      legacy: false,
      networkFeePerGas: fees.feePerGas.toString(),
      ceilingPerGas: fees.ceiling.toString(),
      maxNetworkFee: maxNetworkFee.toString(),
      value: value.toString(),
      total: (value + maxNetworkFee).toString(),
      balance: balance.toString(),
    };
    const params: PreparedOperation = {
      from: account.address,
      chainId: toHex(r.chainId),
      calls: r.txs.map((t) => ({ to: t.to!, value: t.value, data: t.data })),
      userOperation: {
        nonce: toHex(op.nonce),
        callGasLimit: toHex(op.callGasLimit),
        verificationGasLimit: toHex(op.verificationGasLimit),
        preVerificationGas: toHex(op.preVerificationGas),
        maxFeePerGas: toHex(op.maxFeePerGas),
        maxPriorityFeePerGas: toHex(op.maxPriorityFeePerGas),
      },
    };
    return {
      method: r.method,
      chainId: r.chainId,
      params: [params],
      details: { kind: 'userOperation', intents, fees: summary, simulation: run.simulation, tokens, account: { address: account.address, deployed, entryPoint: entryPoint08Address } },
    };
  }

  /**
   * Signs with `owner` and sends the prepared operation through the bundler, as prepared; resolves
   * its user-operation hash. A nonce that moved since prepare: 409 stale_request; a fee now above
   * FEE_BOUND times the chain's: 400 fee_too_high.
   */
  async send(owner: LocalAccount, chainId: number, method: string, params: readonly unknown[]): Promise<Hex> {
    const p = parsePrepared(params, method);
    if (BigInt(p.chainId) !== BigInt(chainId)) throw new HttpError(400, 'invalid_params', `${method}: prepared for chain ${BigInt(p.chainId)}, not ${chainId}`);
    const { bundler } = this.parts(chainId);
    const account = await this.account(chainId, owner);
    if (account.address.toLowerCase() !== p.from.toLowerCase()) throw new HttpError(400, 'invalid_params', `${method}: the address is not the smart account of this wallet`);
    const u = p.userOperation;
    const nonce = BigInt(u.nonce);
    const [current, fees] = await Promise.all([account.getNonce({ key: nonce >> 64n }), networkFees((m, q) => this.rpc(chainId, m, q))]);
    if (current !== nonce) throw new HttpError(409, 'stale_request', 'The account sent another operation since this one was prepared: prepare it again');
    if (BigInt(u.maxFeePerGas) > fees.ceiling) {
      throw new FeeTooHighError(`${method}: maxFeePerGas is now more than ${FEE_BOUND} times the network's current fee: prepare it again`);
    }
    try {
      return await bundler.sendUserOperation({
        account,
        calls: p.calls.map((c) => ({ to: c.to as Address, value: BigInt(c.value), data: c.data as Hex })),
        nonce,
        callGasLimit: BigInt(u.callGasLimit),
        verificationGasLimit: BigInt(u.verificationGasLimit),
        preVerificationGas: BigInt(u.preVerificationGas),
        maxFeePerGas: BigInt(u.maxFeePerGas),
        maxPriorityFeePerGas: BigInt(u.maxPriorityFeePerGas),
      });
    } catch (err) {
      const e = err as Error & { shortMessage?: string; details?: string };
      throw new HttpError(400, 'bundler_error', `${method}: the bundler refused the operation: ${e.details ?? e.shortMessage ?? e.message.split('\n')[0]}`);
    }
  }

  /** The operation's receipt once included, else null. */
  async receipt(chainId: number, hash: Hex): Promise<UserOperationReceipt | null> {
    return this.parts(chainId).bundler.getUserOperationReceipt({ hash }).catch(() => null);
  }

  /** Waits for the operation's receipt (the bundler bundles at once on a dev chain). */
  async waitForReceipt(chainId: number, hash: Hex): Promise<UserOperationReceipt> {
    return this.parts(chainId).bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 });
  }
}
