/**
 * What a call does, decoded with viem's ABI tools from the well-known ABIs (no hand-written ABI code):
 * ERC-20 approve / increaseAllowance / transfer / transferFrom / permit, ERC-721 and ERC-1155
 * setApprovalForAll / safeTransferFrom / safeBatchTransferFrom, Permit2 approve / permit, and the
 * multicall shapes (multicall(bytes[]), multicall(deadline, bytes[]), aggregate, aggregate3), whose
 * inner calls are decoded the same way. Anything else is 'unknown' with its selector and size: shown,
 * never hidden. Typed data (EIP-2612 and DAI permits, Permit2 signatures) is recognised by
 * `typedDataIntent`. Pure: unit-tested without a chain.
 */
import { decodeFunctionData, getAddress, parseAbi, type Hex } from 'viem';
import type { Intent } from '../shared/prepared';
import type { TypedDataJson } from '../shared/typed-data';

const ABI = parseAbi([
  // ERC-20 (approve and transferFrom share their selectors with ERC-721's)
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  // ERC-721 / ERC-1155
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] amounts, bytes data)',
  // Permit2 (AllowanceTransfer)
  'struct PermitDetails { address token; uint160 amount; uint48 expiration; uint48 nonce; }',
  'struct PermitSingle { PermitDetails details; address spender; uint256 sigDeadline; }',
  'struct PermitBatch { PermitDetails[] details; address spender; uint256 sigDeadline; }',
  'function approve(address token, address spender, uint160 amount, uint48 expiration)',
  'function permit(address owner, PermitSingle permitSingle, bytes signature)',
  'function permit(address owner, PermitBatch permitBatch, bytes signature)',
  // multicall
  'struct Call { address target; bytes callData; }',
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'function multicall(bytes[] data)',
  'function multicall(uint256 deadline, bytes[] data)',
  'function aggregate(Call[] calls)',
  'function aggregate3(Call3[] calls)',
]);

const MAX_DEPTH = 3;
const MAX_INNER = 32;
/** Deadlines at or beyond this (year 10889) mean "never". */
const NEVER = 1n << 48n;

/** An approval of at least half the type's range is an unlimited one (2^256-1 and its kin). */
export const isUnlimited = (amount: bigint, bits = 256) => amount >= 1n << BigInt(bits - 1);

const deadline = (v: bigint): string | null => (v >= NEVER - 1n ? null : v.toString());
const size = (data: Hex) => (data.length - 2) / 2;

type Args = readonly unknown[];
type Details = { token: Hex; amount: bigint; expiration: number | bigint };

function permit2Tokens(details: readonly Details[]) {
  return details.map((d) => ({ token: d.token, amount: d.amount.toString(), unlimited: isUnlimited(d.amount, 160), expiration: BigInt(d.expiration).toString() }));
}

function intentOf(to: Hex, functionName: string, args: Args, depth: number): Intent | undefined {
  const a = args as readonly any[];
  switch (functionName) {
    case 'approve':
      if (a.length === 2) return { kind: 'approve', fn: 'approve', token: to, spender: a[0], amount: String(a[1]), unlimited: isUnlimited(a[1]) };
      return { kind: 'permit2', via: 'approve', spender: a[1], tokens: permit2Tokens([{ token: a[0], amount: a[2], expiration: a[3] }]), deadline: null };
    case 'increaseAllowance':
      return { kind: 'approve', fn: 'increaseAllowance', token: to, spender: a[0], amount: String(a[1]), unlimited: isUnlimited(a[1]) };
    case 'transfer':
      return { kind: 'transfer', fn: 'transfer', token: to, from: null, to: a[0], amount: String(a[1]) };
    case 'transferFrom':
      return { kind: 'transfer', fn: 'transferFrom', token: to, from: a[0], to: a[1], amount: String(a[2]) };
    case 'permit':
      if (a.length === 7) {
        return { kind: 'permit', via: 'call', token: to, owner: a[0], spender: a[1], amount: String(a[2]), unlimited: isUnlimited(a[2]), deadline: deadline(a[3]) };
      } else {
        const p = a[1] as { details: Details | Details[]; spender: Hex; sigDeadline: bigint };
        const list = Array.isArray(p.details) ? p.details : [p.details];
        return { kind: 'permit2', via: 'permit', spender: p.spender, tokens: permit2Tokens(list), deadline: deadline(p.sigDeadline) };
      }
    case 'setApprovalForAll':
      return { kind: 'approveAll', collection: to, operator: a[0], approved: a[1] };
    case 'safeTransferFrom':
      return { kind: 'nftTransfer', collection: to, from: a[0], to: a[1], ids: [String(a[2])], amounts: a.length === 5 ? [String(a[3])] : null };
    case 'safeBatchTransferFrom':
      return { kind: 'nftTransfer', collection: to, from: a[0], to: a[1], ids: a[2].map(String), amounts: a[3].map(String) };
    case 'multicall':
    case 'aggregate':
    case 'aggregate3': {
      const inner: { target: Hex; data: Hex }[] =
        functionName === 'multicall'
          ? (a[a.length - 1] as Hex[]).map((data) => ({ target: to, data })) // self-calls (delegatecall): the sender stays the account
          : (a[0] as { target: Hex; callData: Hex }[]).map((c) => ({ target: c.target, data: c.callData }));
      if (depth >= MAX_DEPTH || inner.length > MAX_INNER) return undefined;
      return { kind: 'multicall', calls: inner.map((c) => ({ target: c.target, intent: decodeCall(c.target, c.data, depth + 1) })) };
    }
    default:
      return undefined;
  }
}

/** What a call to `to` with `data` does; `to` null deploys a contract. */
export function decodeCall(to: Hex | null, data: Hex, depth = 0): Intent {
  if (to === null) return { kind: 'deploy', size: size(data) };
  if (data === '0x') return { kind: 'send' };
  const selector = (data.length >= 10 ? data.slice(0, 10) : data) as Hex;
  try {
    const { functionName, args } = decodeFunctionData({ abi: ABI, data });
    const intent = intentOf(getAddress(to), functionName, (args ?? []) as Args, depth);
    if (intent) return intent;
  } catch {
    /* not one of the well-known functions, or malformed arguments */
  }
  return { kind: 'unknown', selector, size: size(data) };
}

/** The token contracts an intent names (for their decimals and symbols). */
export function tokensOf(intent: Intent | null): Hex[] {
  if (!intent) return [];
  switch (intent.kind) {
    case 'approve':
    case 'transfer':
    case 'permit':
      return [intent.token];
    case 'approveAll':
      return [intent.collection];
    case 'nftTransfer':
      return [intent.collection];
    case 'permit2':
      return intent.tokens.map((t) => t.token);
    case 'multicall':
      return intent.calls.flatMap((c) => tokensOf(c.intent));
    default:
      return [];
  }
}

// ---- typed data ------------------------------------------------------------------------------------

type Msg = Readonly<Record<string, unknown>>;
const has = (m: Msg, keys: readonly string[]) => keys.every((k) => k in m) && Object.keys(m).length === keys.length;
const big = (v: unknown) => BigInt(v as string);

/** EIP-2612 Permit, DAI's Permit and Permit2's signatures, from normalised typed data; else null. */
export function typedDataIntent(t: TypedDataJson): Intent | null {
  const m = t.message;
  const token = t.domain.verifyingContract;
  if (t.primaryType === 'Permit' && token && has(m, ['owner', 'spender', 'value', 'nonce', 'deadline'])) {
    const amount = big(m.value);
    return { kind: 'permit', via: 'signature', token, owner: m.owner as Hex, spender: m.spender as Hex, amount: amount.toString(), unlimited: isUnlimited(amount), deadline: deadline(big(m.deadline)) };
  }
  if (t.primaryType === 'Permit' && token && has(m, ['holder', 'spender', 'nonce', 'expiry', 'allowed'])) {
    // DAI: allowed = true gives an unlimited allowance; expiry 0 never expires
    const expiry = big(m.expiry);
    const amount = m.allowed === true ? (1n << 256n) - 1n : 0n;
    return { kind: 'permit', via: 'signature', token, owner: m.holder as Hex, spender: m.spender as Hex, amount: amount.toString(), unlimited: m.allowed === true, deadline: expiry === 0n ? null : deadline(expiry) };
  }
  if (t.domain.name !== 'Permit2') return null;
  if ((t.primaryType === 'PermitSingle' || t.primaryType === 'PermitBatch') && 'details' in m && 'spender' in m && 'sigDeadline' in m) {
    const list = (Array.isArray(m.details) ? m.details : [m.details]) as Msg[];
    const tokens = list.map((d) => ({ token: d.token as Hex, amount: big(d.amount), expiration: big(d.expiration) }));
    return { kind: 'permit2', via: 'signature', spender: m.spender as Hex, tokens: permit2Tokens(tokens), deadline: deadline(big(m.sigDeadline)) };
  }
  if (/^Permit(Batch)?(Witness)?TransferFrom$/.test(t.primaryType) && 'permitted' in m && 'spender' in m && 'deadline' in m) {
    const list = (Array.isArray(m.permitted) ? m.permitted : [m.permitted]) as Msg[];
    const tokens = list.map((d) => ({ token: d.token as Hex, amount: big(d.amount), unlimited: isUnlimited(big(d.amount), 160), expiration: null }));
    return { kind: 'permit2', via: 'signature', spender: m.spender as Hex, tokens: tokens.map((x) => ({ ...x, amount: x.amount.toString() })), deadline: deadline(big(m.deadline)) };
  }
  return null;
}
