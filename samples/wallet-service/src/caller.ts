/**
 * Who is calling the API: the key per-client limits count by (client-address key), and the app the
 * frame says it serves (its projectId and parent origin), which sessions are bound to.
 */
import type { IncomingMessage } from 'node:http';
import { clientAddressKey } from '../../shared/clientAddress.mjs';
import type { SessionApp } from './tokens';

/**
 * The key every per-client limit counts by: the client's address (the socket's, or the one the nearest
 * trusted proxy saw), an IPv6 address by its /64 (samples/shared/clientAddress.mjs).
 */
export function clientIp(req: IncomingMessage, trustProxy: number): string {
  const remote = req.socket.remoteAddress ?? 'unknown';
  if (trustProxy <= 0) return clientAddressKey(remote);
  const header = req.headers['x-forwarded-for'];
  const list = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  // the address the nearest trusted proxy saw: `trustProxy` hops from the right, counting the socket
  const chain = [...list, remote];
  return clientAddressKey(chain[chain.length - 1 - trustProxy] ?? chain[0] ?? remote);
}

/**
 * The app the frame serves (its projectId and its parent's origin), which the frame names in every call
 * (`x-latchkey-project`, `x-latchkey-origin`, URL-encoded): a session works only there (security review L5).
 */
export function appOf(req: IncomingMessage): SessionApp | null {
  const read = (name: string) => {
    const v = req.headers[name];
    if (typeof v !== 'string' || v.length === 0 || v.length > 1000) return undefined;
    try {
      return decodeURIComponent(v);
    } catch {
      return undefined;
    }
  };
  const projectId = read('x-latchkey-project');
  const origin = read('x-latchkey-origin');
  return projectId !== undefined && origin !== undefined ? { projectId, origin } : null;
}
