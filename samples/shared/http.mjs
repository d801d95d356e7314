// The server kit's HTTP pieces the local stack's servers share: a request body read within a
// bound, and the headers every answer carries.
//
// A body larger than its bound is refused without reading it all: when the request declares a
// larger Content-Length, before a byte is read; else as soon as the bytes read pass the bound
// (the rest is not read). The refusal (BodyTooLargeError, status 413) names the bound and asks
// for the connection to close (`headers`), since the unread rest of the body would otherwise be
// taken for the next request; each server answers it in its own format.

/** The headers every answer of the stack's servers carries (no caching unless it says so, no MIME sniffing, no referrer). */
export const BASE_HEADERS = Object.freeze({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });

/** A request body larger than the bound: HTTP 413, and the connection closes after the answer. */
export class BodyTooLargeError extends Error {
  /** @param {number} max the bound, in bytes */
  constructor(max) {
    super(`Request body larger than ${max} bytes`);
    this.name = 'BodyTooLargeError';
    this.status = 413;
    this.max = max;
    /** headers the answer must carry */
    this.headers = Object.freeze({ connection: 'close' });
  }
}

/**
 * Reads the request body, at most `max` bytes.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} max
 * @returns {Promise<Buffer>}
 * @throws {BodyTooLargeError} past the bound (declared or read)
 */
export function readBody(req, max) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > max) {
      reject(new BodyTooLargeError(max));
      return;
    }
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    const onData = (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > max) {
        // stop reading: the answer goes out, then the connection closes (BodyTooLargeError.headers)
        req.off('data', onData);
        req.pause();
        reject(new BodyTooLargeError(max));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}
