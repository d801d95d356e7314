/**
 * EIP-5792 `wallet_sendCalls` through the session: the section-5 rule (every call's 'to', and
 * its 'data' when present, start with 0x) checked before anything reaches the wallet, on both
 * request paths (the universal adapter's sendCalls and a raw EIP-1193 request through the
 * connector's provider), and the answer read in both versions of the EIP.
 */
import type { AdapterRequests } from 'latchkey';
import { InvalidParamsRpcError } from 'latchkey/errors';
import { UnexpectedWalletResponseError } from './errors';

type SendCallsRequest = AdapterRequests['eip155']['calls'];

/** A bundle larger than this is refused before it is sent (wallets cap far lower). */
const MAX_CALLS = 256;


function invalid(details: string): InvalidParamsRpcError {
  return new InvalidParamsRpcError({ details: `wallet_sendCalls: ${details}` });
}

/** Throws InvalidParamsRpcError unless `calls` is a non-empty list whose 'to' and 'data' start with 0x (spec section 5). */
function assertCalls(calls: unknown): void {
  if (!Array.isArray(calls) || calls.length === 0) throw invalid('calls must be a non-empty list.');
  if (calls.length > MAX_CALLS) throw invalid(`at most ${MAX_CALLS} calls in one bundle.`);
  calls.forEach((call: unknown, i) => {
    const c = call as { to?: unknown; data?: unknown } | null;
    if (typeof c !== 'object' || c === null) throw invalid(`call ${i} is not an object.`);
    if (typeof c.to !== 'string' || !c.to.startsWith('0x')) throw invalid(`call ${i}: 'to' must start with 0x.`);
    if (c.data !== undefined && (typeof c.data !== 'string' || !c.data.startsWith('0x'))) throw invalid(`call ${i}: 'data' must start with 0x.`);
  });
}

/** Checks the params of a raw `wallet_sendCalls` request ([{ calls, … }]). */
export function assertSendCallsParams(params: unknown): void {
  const first = Array.isArray(params) ? (params[0] as { calls?: unknown } | undefined) : undefined;
  if (typeof first !== 'object' || first === null) throw invalid('params must be [{ calls, … }].');
  assertCalls(first.calls);
}

/** The EIP-5792 (v2) request for `request` from `from` on `chainId`. */
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

/** The bundle id of a wallet's answer: `{ id }` (EIP-5792 v2) or the id itself (v1). */
export function bundleId(response: unknown): string {
  if (typeof response === 'string' && response !== '' && response.length <= 256) return response;
  const id = (response as { id?: unknown } | null | undefined)?.id;
  if (typeof id === 'string' && id !== '' && id.length <= 256) return id;
  throw new UnexpectedWalletResponseError('wallet_sendCalls', response);
}
