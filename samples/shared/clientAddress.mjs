// The key a server's per-client limits count by. An IPv4 address (or an IPv4-mapped IPv6 one) is
// one client; an IPv6 address counts by its /64 prefix, because one subscriber line or one cloud
// host gets a whole /64 and could otherwise be 2^64 "clients" (security review M7).
import { isIPv4, isIPv6 } from 'node:net';

/** Expands an IPv6 text address to its 8 hextets (numbers), or undefined when it is not one. */
function hextets(address) {
  let text = address.split('%')[0]; // a zone id (fe80::1%eth0) names an interface, not a host
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    // an embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4): two hextets
    const [a, b, c, d] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  const parts = [...head, ...Array(Math.max(0, fill)).fill('0'), ...rest];
  if (parts.length !== 8) return undefined;
  return parts.map((p) => parseInt(p, 16));
}

/**
 * The limit key for a socket's remote address: `a.b.c.d` for IPv4 (also when mapped into IPv6),
 * `xxxx:xxxx:xxxx:xxxx::/64` for IPv6, and the text itself (trimmed, at most 64 characters) for
 * anything else, so that a malformed value still counts as one client rather than none.
 */
export function clientAddressKey(address) {
  const raw = String(address ?? '').trim();
  if (isIPv4(raw)) return raw;
  if (!isIPv6(raw)) return raw.slice(0, 64) || 'unknown';
  const h = hextets(raw);
  if (!h) return raw.slice(0, 64);
  const mapped = h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff;
  if (mapped) return `${h[6] >> 8}.${h[6] & 0xff}.${h[7] >> 8}.${h[7] & 0xff}`;
  return `${h.slice(0, 4).map((x) => x.toString(16)).join(':')}::/64`;
}
