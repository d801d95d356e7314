// The relay's HTTP side, up to the WebSocket upgrade: the plain HTTP answers (/health, /stats, 426),
// upgrade refusals, and the bounds on connections that have not become WebSockets (review M3):
//   - per client address, counted on the server's 'connection' event before any HTTP is read: an
//     address that already has maxPendingPerAddress connections not yet upgraded gets its next one
//     closed at once (behind a trusted proxy every connection is the proxy's: it limits its clients);
//   - a connection that has not sent its request (the upgrade) within upgradeTimeoutMs is closed
//     (headersTimeout / requestTimeout, checked every second at most);
//   - maxConnections is well above maxSockets, so pending connections cannot take the WebSockets' slots.
import { createServer, STATUS_CODES } from 'node:http';
import { clientAddressKey } from '../shared/clientAddress.mjs';
import { AddressCounter, isLocalRequest } from './limits.mjs';

/**
 * Answers an upgrade request with an HTTP error and closes the socket.
 * @param {import('node:stream').Duplex} socket @param {number} status @param {string} text
 */
export function refuse(socket, status, text) {
  if (!socket.writable) return void socket.destroy();
  const body = `${text}\n`;
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/**
 * The HTTP server (without its 'upgrade' handler).
 * @param {import('./config.mjs').RelayConfig} config
 * @param {() => Record<string, unknown>} stats what GET /stats answers
 * @param {{ refusedPending: number }} counters
 */
export function createFront(config, stats, counters) {
  const { upgradeTimeoutMs } = config;
  const options = { headersTimeout: upgradeTimeoutMs, requestTimeout: upgradeTimeoutMs, keepAliveTimeout: Math.min(5000, upgradeTimeoutMs), connectionsCheckingInterval: Math.min(1000, Math.ceil(upgradeTimeoutMs / 4)) };
  const http = createServer(options, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ ok: true }));
      return;
    }
    if (req.method === 'GET' && path === '/stats') {
      if (config.statsEndpoint && isLocalRequest(req)) {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify({ ok: true, ...stats() }));
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('Not found\n');
      }
      return;
    }
    res.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' });
    res.end('This is a WalletConnect relay: connect with a WebSocket.\n');
  });
  http.maxConnections = config.maxSockets + Math.max(1000, config.maxSockets);

  const pending = new AddressCounter(config.maxPendingPerAddress);
  let pendingCount = 0;
  /** @type {WeakMap<import('node:stream').Duplex, string>} connections not upgraded yet -> their address key */
  const pendingKey = new WeakMap();
  http.on('connection', (socket) => {
    if (config.trustProxy) return;
    const key = clientAddressKey(socket.remoteAddress);
    if (!pending.hasRoom(key)) {
      counters.refusedPending++;
      socket.destroy();
      return;
    }
    pending.add(key);
    pendingCount++;
    pendingKey.set(socket, key);
    socket.once('close', () => upgraded(socket));
  });

  /** The connection is a WebSocket now, or gone: it no longer counts as pending. @param {import('node:stream').Duplex} socket */
  const upgraded = (socket) => {
    const key = pendingKey.get(socket);
    if (key === undefined) return;
    pendingKey.delete(socket);
    pending.remove(key);
    pendingCount--;
  };

  return { http, upgraded, pendingConnections: () => pendingCount };
}
