import net from 'node:net';

/** Asks the OS for `count` distinct free TCP ports on 127.0.0.1 (held open together so they differ). */
export async function getFreePorts(count: number): Promise<number[]> {
  const servers: net.Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < count; i++) {
      const server = net.createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
      });
      ports.push((server.address() as net.AddressInfo).port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
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
    const first = net.createServer();
    const second = net.createServer();
    try {
      await new Promise<void>((resolve, reject) => {
        first.once('error', reject);
        first.listen(0, '127.0.0.1', () => resolve());
      });
      const port = (first.address() as net.AddressInfo).port;
      if (port >= 65535) continue;
      const ok = await new Promise<boolean>((resolve) => {
        second.once('error', () => resolve(false));
        second.listen(port + 1, '127.0.0.1', () => resolve(true));
      });
      if (ok) return port;
    } finally {
      await Promise.all([first, second].map((s) => new Promise<void>((r) => (s.listening ? s.close(() => r()) : r()))));
    }
  }
  throw new Error(`no free pair of neighbouring ports found in ${attempts} attempts`);
}
