import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * Where free ports are looked for: below the kernel's ephemeral range (Linux:
 * /proc/sys/net/ipv4/ip_local_port_range, 32768-60999 by default). A port the OS hands out for
 * `listen(0)` or as the source port of an outgoing connection comes from that range, so a port
 * picked there can be taken by any socket of any process in the time between the pick and the
 * server's `listen` (tens of seconds for a stack on a loaded machine); below it, only another
 * explicit pick can take it. Undefined where the range is unknown (then the OS picks).
 */
function pickRange(): readonly [number, number] | undefined {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? [10_000, low - 1] : undefined;
  } catch {
    return undefined;
  }
}
const RANGE = pickRange();

/** Listens on `port` (0: the OS picks); resolves with the server, or undefined when the port is taken. */
function hold(port: number): Promise<net.Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (err: NodeJS.ErrnoException) => (port !== 0 && (err.code === 'EADDRINUSE' || err.code === 'EACCES') ? resolve(undefined) : reject(err)));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** A held free port: a random one in RANGE (a few tries), else one the OS picks. */
async function holdFree(avoid: ReadonlySet<number>): Promise<net.Server> {
  for (let i = 0; RANGE && i < 50; i++) {
    const port = RANGE[0] + Math.floor(Math.random() * (RANGE[1] - RANGE[0]));
    if (avoid.has(port)) continue;
    const server = await hold(port);
    if (server) return server;
  }
  return (await hold(0))!;
}

const portOf = (server: net.Server) => (server.address() as net.AddressInfo).port;
const release = (servers: readonly net.Server[]) => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));

/** Finds `count` distinct free TCP ports on 127.0.0.1 (held open together so they differ). */
export async function getFreePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    const ports = new Set<number>();
    while (ports.size < count) {
      const server = await holdFree(ports);
      servers.push(server);
      ports.add(portOf(server));
    }
    return [...ports];
  } finally {
    await release(servers);
  }
}

export async function getFreePort(): Promise<number> {
  return (await getFreePorts(1))[0]!;
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function isPortInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A free port P whose neighbour P + 1 is free too (the Solana RPC convention: HTTP on P,
 * WebSocket on P + 1). Both are held while checking, then released.
 */
export async function getFreePortPair(attempts = 50): Promise<number> {
  for (let i = 0; i < attempts; i++) {
    const first = await holdFree(new Set());
    const port = portOf(first);
    const second = port < 65535 ? await hold(port + 1) : undefined;
    await release(second ? [first, second] : [first]);
    if (second) return port;
  }
  throw new Error(`no free pair of neighbouring ports found in ${attempts} attempts`);
}
