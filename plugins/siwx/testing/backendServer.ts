/**
 * A small reference backend for `backendSiwx` (the protocol in ../backend.ts), for tests: it
 * hands out one-time nonces, verifies a posted session (the message must carry a nonce it
 * issued, the text must be what the data gives, the signature must recover to the account)
 * and keeps sessions in memory. A real host keeps them in its own session store.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyMessage, type Hex } from 'viem';
import { formatSiwxMessage, generateNonce, isSession, sameAccount } from '../message';
import type { SiwxSession } from '../types';

export interface SiwxBackend {
  readonly url: string;
  readonly sessions: SiwxSession[];
  readonly requests: string[];
  close(): Promise<void>;
}

const MAX_BODY = 64 * 1024;
const MAX_NONCES = 1000;

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'));
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startSiwxBackend(): Promise<SiwxBackend> {
  const nonces = new Set<string>();
  const sessions: SiwxSession[] = [];
  const requests: string[] = [];
  const verified = async (s: SiwxSession): Promise<boolean> => {
    if (!isSession(s) || formatSiwxMessage(s.data) !== s.message || !nonces.delete(s.data.nonce)) return false;
    return verifyMessage({ address: s.data.accountAddress as Hex, message: s.message, signature: s.signature as Hex }).catch(() => false);
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method} ${url.pathname}`);
    const chainId = url.searchParams.get('chainId') ?? '';
    const address = url.searchParams.get('address') ?? '';
    try {
      if (req.method === 'GET' && url.pathname === '/siwx/nonce') {
        if (nonces.size >= MAX_NONCES) nonces.clear();
        const nonce = generateNonce();
        nonces.add(nonce);
        return send(res, 200, { nonce });
      }
      if (req.method === 'POST' && url.pathname === '/siwx/session') {
        const s = (await readJson(req)) as SiwxSession;
        if (!(await verified(s))) return send(res, 401, { error: 'invalid signature or nonce' });
        const i = sessions.findIndex((x) => sameAccount(x.data, s.data.chainId, s.data.accountAddress));
        if (i >= 0) sessions.splice(i, 1);
        sessions.push(s);
        return send(res, 200, { ok: true });
      }
      if (req.method === 'GET' && url.pathname === '/siwx/sessions') {
        return send(res, 200, { sessions: sessions.filter((s) => sameAccount(s.data, chainId, address)) });
      }
      if (req.method === 'PUT' && url.pathname === '/siwx/sessions') {
        const body = (await readJson(req)) as { sessions?: unknown };
        // This reference only signs out (an empty list); a host may also accept verified sessions here.
        if (!Array.isArray(body?.sessions) || body.sessions.length > 0) return send(res, 400, { error: 'sessions must be an empty list' });
        sessions.splice(0, sessions.length);
        return send(res, 200, { ok: true });
      }
      if (req.method === 'DELETE' && url.pathname === '/siwx/session') {
        for (let i = sessions.length - 1; i >= 0; i--) if (sameAccount(sessions[i]!.data, chainId, address)) sessions.splice(i, 1);
        return send(res, 200, { ok: true });
      }
      send(res, 404, { error: 'not found' });
    } catch (err) {
      send(res, 400, { error: (err as Error).message });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siwx`,
    sessions,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
