/**
 * EIP-5792 `wallet_sendCalls` for chain adapters (public on 'latchkey/errors', next to the
 * InvalidParamsRpcError it throws): the section-5 rule
 * (every call's 'to', and its 'data' when present, start with 0x) checked before anything
 * reaches a wallet, the v2 request built from an `AdapterRequests['eip155']['calls']`, and the
 * bundle id read from an answer in either version of the EIP.
 *
 * Pure functions, imported only by the lazily loaded adapter code of the EVM and WalletConnect
 * plugins: a host's bundler keeps them out of the code that loads before the connect button works.
 * (Not on 'latchkey': every lazy module re-exports the kernel index to keep the kernel in one
 * chunk, so anything exported there lands in the chunk a host loads first.)
 */
import type { AdapterRequests } from '../adapter';
import { InvalidParamsRpcError } from './rpc';

type SendCallsRequest = AdapterRequests['eip155']['calls'];

/** A bundle larger than this is refused before it is sent (wallets cap far lower). */
export const MAX_SEND_CALLS = 256;
/** A wallet's answer longer than this is not taken as a bundle id. */
const MAX_BUNDLE_ID = 256;

function invalid(details: string): InvalidParamsRpcError {
  return new InvalidParamsRpcError({ details: `wallet_sendCalls: ${details}` });
}

/** Throws InvalidParamsRpcError unless `calls` is a non-empty list whose 'to' and 'data' start with 0x (docs/errors.md#validation-messages). */
function assertCalls(calls: unknown): void {
  if (!Array.isArray(calls) || calls.length === 0) throw invalid('calls must be a non-empty list.');
  if (calls.length > MAX_SEND_CALLS) throw invalid(`at most ${MAX_SEND_CALLS} calls in one bundle.`);
  calls.forEach((call: unknown, i) => {
    const c = call as { to?: unknown; data?: unknown } | null;
    if (typeof c !== 'object' || c === null) throw invalid(`call ${i} is not an object.`);
    if (typeof c.to !== 'string' || !c.to.startsWith('0x')) throw invalid(`call ${i}: 'to' must start with 0x.`);
    if (c.data !== undefined && (typeof c.data !== 'string' || !c.data.startsWith('0x'))) throw invalid(`call ${i}: 'data' must start with 0x.`);
  });
}

/** Checks the params of a raw `wallet_sendCalls` request ([{ calls, … }]); throws InvalidParamsRpcError otherwise. */
export function assertSendCallsParams(params: unknown): void {
  const first = Array.isArray(params) ? (params[0] as { calls?: unknown } | undefined) : undefined;
  if (typeof first !== 'object' || first === null) throw invalid('params must be [{ calls, … }].');
  assertCalls(first.calls);
}

/** The EIP-5792 (v2) params for `request` from `from` on `chainId`, after checking its calls (InvalidParamsRpcError). */
export function sendCallsParams(request: SendCallsRequest, chainId: number | string, from: string): [Record<string, unknown>] {
  assertCalls(request.calls);
  const calls = request.calls.map((c) => ({
    to: c.to,
    ...(c.data !== undefined ? { data: c.data } : {}),
    ...(c.value !== undefined ? { value: `0x${c.value.toString(16)}` } : {}),
  }));
  return [
    {
      version: '2.0.0',
      from,
      chainId: `0x${BigInt(chainId).toString(16)}`,
      atomicRequired: request.atomicRequired ?? false,
      calls,
      ...(request.capabilities ? { capabilities: request.capabilities } : {}),
    },
  ];
}

/** The bundle id of a wallet's answer: `{ id }` (EIP-5792 v2) or the id itself (v1); undefined for anything else. */
export function sendCallsBundleId(response: unknown): string | undefined {
  const id = typeof response === 'string' ? response : (response as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' && id !== '' && id.length <= MAX_BUNDLE_ID ? id : undefined;
}
