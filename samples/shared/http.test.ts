/**
 * The server kit's bounded body read (http.mjs), on a real HTTP server: a body within the bound
 * arrives whole; one past it, declared or streamed without a length, is refused with 413 and the
 * connection closes.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BASE_HEADERS, BodyTooLargeError, readBody } from './http.mjs';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    try {
      const body = await readBody(req, 1024);
      res.writeHead(200, { ...BASE_HEADERS, 'content-type': 'text/plain' }).end(`${body.length}`);
    } catch (err) {
      if (!(err instanceof BodyTooLargeError)) throw err;
      res.writeHead(err.status, { ...BASE_HEADERS, ...err.headers, 'content-type': 'text/plain' }).end(err.message);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Posts `chunks` (no Content-Length when `declare` is false); resolves with status, headers and text. */
function post(chunks: string[], declare = true): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const length = chunks.reduce((n, c) => n + Buffer.byteLength(c), 0);
    const req = request({ port, host: '127.0.0.1', method: 'POST', path: '/', headers: declare ? { 'content-length': length } : { 'transfer-encoding': 'chunked' } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    for (const c of chunks) req.write(c);
    req.end();
  });
}

it('hands over a body within the bound, with the headers every answer carries', async () => {
  const r = await post(['a'.repeat(1000), 'b'.repeat(24)]);
  expect(r).toMatchObject({ status: 200, text: '1024' });
  expect(r.headers).toMatchObject({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
});

it('refuses a declared length past the bound before reading it, and closes the connection', async () => {
  const r = await post(['x'.repeat(64 * 1024)]);
  expect(r).toMatchObject({ status: 413, text: 'Request body larger than 1024 bytes' });
  expect(r.headers['connection']).toBe('close');
});

it('refuses a streamed body (no length) once it passes the bound', async () => {
  const r = await post(['y'.repeat(800), 'y'.repeat(800)], false);
  expect(r).toMatchObject({ status: 413, text: 'Request body larger than 1024 bytes' });
  expect(r.headers['connection']).toBe('close');
  expect(new BodyTooLargeError(5)).toMatchObject({ name: 'BodyTooLargeError', status: 413, max: 5, message: 'Request body larger than 5 bytes' });
});
