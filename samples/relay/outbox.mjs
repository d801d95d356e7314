// What one socket has been sent and what its client has provably read (review H3).
//
// ws `bufferedAmount` only counts what is still in the relay process; the kernel's socket buffers
// (and the peer's receive buffer) take several MB more before it grows, so a client that never reads
// looked like one with room. Instead every frame written counts as unread until the client proves it
// read past it: after a write the relay sends a WebSocket ping carrying 8 random bytes, and the pong
// that echoes them (RFC 6455 §5.5.3: sent by the client's WebSocket stack once it has read the ping,
// hence everything written before it) moves the read mark to where the ping was written. One probe is
// outstanding at a time; a pong with any other payload (unsolicited or forged) proves nothing.
// `unread` thus counts every byte queued for the socket anywhere: ws buffer, kernel, network.
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';

export class Outbox {
  /** @param {WebSocket} ws */
  constructor(ws) {
    this.ws = ws;
    /** bytes written since the socket opened */
    this.sent = 0;
    /** bytes the client has provably read */
    this.read = 0;
    /** @type {{ token: Buffer, offset: number, ticks: number } | null} the outstanding probe */
    this.probe = null;
    /** `sent` after the last fetch page: that page is unread while `read` is below it */
    this.pageEnd = 0;
  }

  get unread() {
    return this.sent - this.read;
  }

  get pageUnread() {
    return this.read < this.pageEnd;
  }

  /** Writes one text frame; returns its size in bytes. @param {string} text */
  write(text) {
    const buf = Buffer.from(text, 'utf8');
    this.ws.send(buf, { binary: false });
    this.sent += buf.length;
    this.ask();
    return buf.length;
  }

  /** Sends a probe when there is none outstanding and something is unread (or `always`). @param {boolean} [always] */
  ask(always = false) {
    if (this.probe || (!always && this.sent === this.read) || this.ws.readyState !== WebSocket.OPEN) return;
    this.probe = { token: randomBytes(8), offset: this.sent, ticks: 0 };
    try {
      this.ws.ping(this.probe.token);
    } catch {
      // closing socket
    }
  }

  /** A pong: returns the bytes it proves read (0 for a pong that answers no probe). @param {Buffer} data */
  pong(data) {
    const probe = this.probe;
    if (!probe || !probe.token.equals(data)) return 0;
    this.probe = null;
    const proved = probe.offset - this.read;
    this.read = probe.offset;
    this.ask();
    return proved;
  }
}
