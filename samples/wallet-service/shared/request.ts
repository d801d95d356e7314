/**
 * The one parser of signing requests. It turns the params of personal_sign, eth_signTypedData_v4,
 * eth_sendTransaction and wallet_sendCalls into the exact normalised object that is signed or sent,
 * and back into params (`requestParams`). The wallet service parses a page's request with it in
 * /v1/wallet/prepare (stage 'page'), returns the normalised, priced params, the frame renders those
 * params and sends them unchanged to /v1/wallet/sign, which parses them again (stage 'prepared') and
 * signs or sends exactly that object.
 *
 * Anything the approval would not show is refused, never silently used: unknown fields, aliases other
 * wallets read (`input` for `data`, `gasLimit` for `gas`), a page nonce, non-optional capabilities.
 * At stage 'prepared' every transaction must carry its gas, fees and nonce (the service's own, from
 * prepare).
 */
import { stringToHex } from 'viem';
import { normaliseTypedData, type TypedDataJson } from './typed-data';
import { isObject, onlyKeys, ownAddress, quantity, readAddress, readBytes, readQuantity, readUint, RequestError, type Hex } from './values';

export type Stage = 'page' | 'prepared';
export type SigningMethod = 'personal_sign' | 'eth_signTypedData_v4' | 'eth_sendTransaction' | 'wallet_sendCalls';
export const SIGNING_METHODS: readonly SigningMethod[] = ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls'];

/** One transaction as it is sent: quantities as canonical hex. Gas, fees and nonce are set at stage 'prepared'. */
export interface Tx {
  readonly to: Hex | null;
  readonly value: Hex;
  readonly data: Hex;
  readonly gas?: Hex;
  readonly nonce?: Hex;
  readonly maxFeePerGas?: Hex;
  readonly maxPriorityFeePerGas?: Hex;
  readonly gasPrice?: Hex;
}

export type SigningRequest =
  | { readonly method: 'personal_sign'; readonly address: Hex; readonly message: Hex }
  | { readonly method: 'eth_signTypedData_v4'; readonly address: Hex; readonly typedData: TypedDataJson }
  | TxRequest;

export interface TxRequest {
  readonly method: 'eth_sendTransaction' | 'wallet_sendCalls';
  readonly from: Hex;
  readonly chainId: number;
  readonly txs: readonly Tx[];
  /** A legacy (type 0, gasPrice) transaction; else EIP-1559 (type 2). */
  readonly legacy: boolean;
  /** wallet_sendCalls: the version the app asked for (echoed in the params). */
  readonly version?: string;
}

export interface ParseContext {
  /** The wallet's address. */
  readonly address: string;
  /** The chain the request runs on. */
  readonly chainId: number;
  /** The account runs a bundle's calls atomically (a smart account: one user operation). */
  readonly atomic?: boolean;
}

export const MAX_CALLS = 10;
const FEE_KEYS = ['maxFeePerGas', 'maxPriorityFeePerGas', 'gasPrice'] as const;
const ALIASES: Readonly<Record<string, string>> = {
  input: 'send the calldata as "data" (and only there)',
  gasLimit: 'name the gas limit "gas"',
};
const PAGE_NONCE = 'the wallet sets the nonce itself';
const GAS_MAX = (1n << 64n) - 1n;

function readTx(raw: unknown, where: string, stage: Stage, allowed: readonly string[]): Tx & { legacyType?: boolean } {
  if (!isObject(raw)) throw new RequestError(`${where}: expected an object`);
  onlyKeys(raw, stage === 'prepared' ? [...allowed, 'nonce'] : allowed, where, { ...ALIASES, nonce: PAGE_NONCE });
  const opt = (key: string, max?: bigint) => (raw[key] === undefined || raw[key] === null ? undefined : readQuantity(raw[key], `${where}: ${key}`, max));
  const to = raw.to === undefined || raw.to === null ? null : readAddress(raw.to, `${where}: to`);
  const data = raw.data === undefined || raw.data === null ? '0x' : readBytes(raw.data, `${where}: data`);
  const tx: Tx = {
    to,
    value: opt('value') ?? '0x0',
    data,
    ...(opt('gas', GAS_MAX) !== undefined ? { gas: opt('gas', GAS_MAX) } : {}),
    ...(opt('nonce', GAS_MAX) !== undefined ? { nonce: opt('nonce', GAS_MAX) } : {}),
    ...Object.fromEntries(FEE_KEYS.filter((k) => opt(k) !== undefined).map((k) => [k, opt(k)])),
  };
  if (!to && data === '0x') throw new RequestError(`${where}: needs "to" or "data"`);
  if (tx.gasPrice !== undefined && (tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined)) {
    throw new RequestError(`${where}: gasPrice and maxFeePerGas exclude each other`);
  }
  if (tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined && BigInt(tx.maxPriorityFeePerGas) > BigInt(tx.maxFeePerGas)) {
    throw new RequestError(`${where}: maxPriorityFeePerGas is above maxFeePerGas`);
  }
  let legacyType: boolean | undefined;
  if (raw.type !== undefined) {
    const type = readUint(raw.type, `${where}: type`, 255n);
    if (type !== 0n && type !== 2n) throw new RequestError(`${where}: type ${type} transactions are not supported (0 or 2)`);
    legacyType = type === 0n;
    if (legacyType && (tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined)) throw new RequestError(`${where}: a type 0 transaction has a gasPrice, not maxFeePerGas`);
    if (!legacyType && tx.gasPrice !== undefined) throw new RequestError(`${where}: a type 2 transaction has maxFeePerGas, not a gasPrice`);
  }
  return legacyType === undefined ? tx : { ...tx, legacyType };
}

function checkChain(v: unknown, chainId: number, where: string, rpcCode?: number): void {
  if (v === undefined) return;
  const id = readUint(v, `${where}: chainId`);
  if (id !== BigInt(chainId)) throw new RequestError(`${where}: the request is for chain ${id}, the wallet is on chain ${chainId}`, rpcCode);
}

/** EIP-5792: optional capabilities may be ignored; a non-optional one this wallet lacks is refused (5700). */
function checkCapabilities(v: unknown, where: string): void {
  if (v === undefined) return;
  if (!isObject(v)) throw new RequestError(`${where}: capabilities: expected an object`);
  for (const [name, cap] of Object.entries(v)) {
    if (!(isObject(cap) && cap.optional === true)) throw new RequestError(`${where}: the capability "${name.slice(0, 40)}" is not supported by this wallet`, 5700);
  }
}

/** Gas, fees and nonce are all set and the nonces follow each other (stage 'prepared'). */
function checkPrepared(txs: readonly Tx[], where: string): void {
  let next: bigint | undefined;
  for (const [i, tx] of txs.entries()) {
    const w = txs.length > 1 ? `${where}: call ${i + 1}` : where;
    if (tx.gas === undefined || tx.nonce === undefined) throw new RequestError(`${w}: not prepared (no gas or nonce): prepare the request first`);
    if (tx.gasPrice === undefined && (tx.maxFeePerGas === undefined || tx.maxPriorityFeePerGas === undefined)) throw new RequestError(`${w}: not prepared (no fees): prepare the request first`);
    if (next !== undefined && BigInt(tx.nonce) !== next) throw new RequestError(`${w}: the nonces of the calls do not follow each other`);
    next = BigInt(tx.nonce) + 1n;
  }
  if (new Set(txs.map((t) => t.gasPrice === undefined)).size > 1) throw new RequestError(`${where}: the calls mix fee types`);
}

function parseSendTransaction(params: readonly unknown[], ctx: ParseContext, stage: Stage): TxRequest {
  const where = 'eth_sendTransaction';
  if (params.length !== 1) throw new RequestError(`${where}: expected [transaction]`);
  const raw = params[0];
  if (!isObject(raw)) throw new RequestError(`${where}: expected a transaction object`);
  if (raw.from !== undefined) ownAddress(raw.from, ctx.address, `${where}: from`);
  checkChain(raw.chainId, ctx.chainId, where);
  const allowed = ['from', 'to', 'value', 'data', 'gas', ...FEE_KEYS, 'chainId', 'type'];
  const { legacyType, ...tx } = readTx(raw, where, stage, allowed);
  const legacy = legacyType ?? tx.gasPrice !== undefined;
  if (stage === 'prepared') checkPrepared([tx], where);
  return { method: where, from: readAddress(ctx.address, where), chainId: ctx.chainId, txs: [tx], legacy };
}

function parseSendCalls(params: readonly unknown[], ctx: ParseContext, stage: Stage): TxRequest {
  const where = 'wallet_sendCalls';
  if (params.length !== 1 || !isObject(params[0])) throw new RequestError(`${where}: expected [{ version, chainId, calls, … }]`);
  const req = params[0];
  onlyKeys(req, ['version', 'id', 'chainId', 'from', 'calls', 'capabilities', 'atomicRequired'], where);
  if (typeof req.version !== 'string' || req.version.length > 16) throw new RequestError(`${where}: version: expected a string`);
  // an app-chosen bundle id is not used (the wallet makes its own), and nothing of it reaches the chain
  if (req.id !== undefined && (typeof req.id !== 'string' || req.id.length > 4096)) throw new RequestError(`${where}: id: expected a string`);
  if (req.from !== undefined) ownAddress(req.from, ctx.address, `${where}: from`);
  // a smart account's calls are one user operation (atomic); a key's are consecutive transactions
  if (req.atomicRequired === true && !ctx.atomic) throw new RequestError('Atomicity is not supported by this wallet (eoa)', 5760);
  if (req.atomicRequired !== undefined && typeof req.atomicRequired !== 'boolean') throw new RequestError(`${where}: atomicRequired: expected true or false`);
  checkChain(req.chainId, ctx.chainId, where, 5710);
  checkCapabilities(req.capabilities, where);
  if (!Array.isArray(req.calls) || req.calls.length === 0 || req.calls.length > MAX_CALLS) throw new RequestError(`${where}: between 1 and ${MAX_CALLS} calls`, 5740);
  const allowed = stage === 'page' ? ['to', 'value', 'data', 'capabilities'] : ['to', 'value', 'data', 'gas', ...FEE_KEYS];
  const txs = req.calls.map((call, i) => {
    const w = `${where}: call ${i + 1}`;
    if (isObject(call)) checkCapabilities(call.capabilities, w);
    const { legacyType: _none, ...tx } = readTx(call, w, stage, allowed);
    return tx;
  });
  if (stage === 'prepared') checkPrepared(txs, where);
  const legacy = txs[0]!.gasPrice !== undefined;
  return { method: where, from: readAddress(ctx.address, where), chainId: ctx.chainId, txs, legacy, version: req.version };
}

/** Parses a signing request's params; throws RequestError with the field and the reason. */
export function parseRequest(method: string, params: readonly unknown[], ctx: ParseContext, stage: Stage): SigningRequest {
  switch (method) {
    case 'personal_sign': {
      const [message, address] = params;
      if (params.length !== 2 || typeof message !== 'string') throw new RequestError('personal_sign: expected [message, address]');
      const who = ownAddress(address, ctx.address, 'personal_sign');
      // hex is taken as the bytes to sign; anything else as UTF-8 text
      const bytes = /^0x([0-9a-fA-F]{2})*$/.test(message) ? (message.toLowerCase() as Hex) : stringToHex(message);
      return { method, address: who, message: bytes };
    }
    case 'eth_signTypedData_v4': {
      if (params.length !== 2) throw new RequestError('eth_signTypedData_v4: expected [address, typedData]');
      const who = ownAddress(params[0], ctx.address, 'eth_signTypedData_v4');
      return { method, address: who, typedData: normaliseTypedData(params[1], ctx.chainId) };
    }
    case 'eth_sendTransaction':
      return parseSendTransaction(params, ctx, stage);
    case 'wallet_sendCalls':
      return parseSendCalls(params, ctx, stage);
    default:
      throw new RequestError(`${method.slice(0, 60)} is not supported by this wallet`, 4200);
  }
}

function txFields(tx: Tx): Record<string, Hex> {
  return Object.fromEntries(Object.entries(tx).filter(([, v]) => v !== null && v !== undefined)) as Record<string, Hex>;
}

/** The params of a normalised request (JSON): what prepare returns and sign takes. */
export function requestParams(r: SigningRequest): unknown[] {
  switch (r.method) {
    case 'personal_sign':
      return [r.message, r.address];
    case 'eth_signTypedData_v4':
      return [r.address, r.typedData];
    case 'eth_sendTransaction':
      return [{ from: r.from, ...txFields(r.txs[0]!), chainId: quantity(BigInt(r.chainId)), type: r.legacy ? '0x0' : '0x2' }];
    case 'wallet_sendCalls':
      return [{ version: r.version, chainId: quantity(BigInt(r.chainId)), from: r.from, atomicRequired: false, calls: r.txs.map(txFields) }];
  }
}
