// Types of http.mjs for TypeScript callers (the repository's tsconfig has no allowJs).
import type { IncomingMessage } from 'node:http';

/** The headers every answer of the stack's servers carries (no caching unless it says so, no MIME sniffing, no referrer). */
export declare const BASE_HEADERS: Readonly<{ 'cache-control': 'no-store'; 'x-content-type-options': 'nosniff'; 'referrer-policy': 'no-referrer' }>;

/** A request body larger than the bound: HTTP 413, and the connection closes after the answer. */
export declare class BodyTooLargeError extends Error {
  constructor(max: number);
  readonly status: 413;
  readonly max: number;
  /** Headers the answer must carry. */
  readonly headers: Readonly<{ connection: 'close' }>;
}

/** Reads the request body, at most `max` bytes; rejects with BodyTooLargeError past the bound (declared or read). */
export declare function readBody(req: IncomingMessage, max: number): Promise<Buffer>;
