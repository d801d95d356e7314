/**
 * Test support: a TCP connection to the relay that never finishes its WebSocket upgrade (silent, or
 * stopped part-way through a request), from a chosen loopback source address.
 */
import { connect as tcpConnect, type Socket } from 'node:net';

export interface Held {
  readonly socket: Socket;
  /** everything the relay sent on it */
  received: string;
  /** ms from connect to close, once closed */
  readonly closed: Promise<number>;
}

/** Connects from `from` and sends `partial` (or nothing); resolves once connected. */
export function holdConnection(port: number, from: string, partial?: string): Promise<Held> {
  return new Promise((res, rej) => {
    const socket = tcpConnect({ host: '127.0.0.1', port, localAddress: from });
    let opened = 0;
    const held = { socket, received: '', closed: new Promise<number>((r) => socket.once('close', () => r(Date.now() - opened))) };
    socket.on('data', (d: Buffer) => (held.received += d.toString('latin1')));
    socket.once('error', () => {}); // a refused one is reset: seen as its close
    socket.once('connect', () => {
      opened = Date.now();
      if (partial) socket.write(partial);
      res(held);
    });
    socket.once('close', () => rej(new Error('closed before connecting')));
  });
}
