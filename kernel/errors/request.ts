/**
 * The request errors the kernel's entry throws itself (an aborted call, a network without an
 * RPC URL). The others (HTTP statuses, timeouts, JSON-RPC answers: ./transport) are thrown only
 * by the request code, which loads on the first request; both are on `latchkey/errors`.
 */
import { LatchkeyError } from './base';

/** An RPC request whose AbortSignal fired (or whose transport was disposed). */
export class RequestAbortedError extends LatchkeyError {
  override name = 'RequestAbortedError';
  constructor(options: { details?: string; cause?: unknown } = {}) {
    super('Request was aborted', { code: 'ABORTED', ...options });
  }
}

/** A network has no RPC URL at all (custom, service or its own). */
export class MissingRpcUrlError extends LatchkeyError {
  override name = 'MissingRpcUrlError';
  constructor(caipNetworkId: string) {
    super(`No RPC URL for network ${caipNetworkId}`, { code: 'NO_RPC_URL', data: { caipNetworkId } });
  }
}
