// What each server's launcher (samples/*/server.mjs) does when node runs it as a program: start
// the server, print its ready line, and stop it on SIGINT / SIGTERM.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Whether the module at `moduleUrl` (its `import.meta.url`) is the program node was asked to run.
 * @param {string} moduleUrl
 */
export function isMain(moduleUrl) {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(resolve(process.argv[1])).href;
}

/**
 * Runs a server as the program. `start()` failing prints `[name] ` + `startError(err)` (default
 * `could not start: <message>`) and exits 1. Once it listens, `started(server)` may print a line
 * for people, and with `--json` the line `<marker> <JSON of ready(server)>` is printed for the
 * stack. SIGINT or SIGTERM stops it and exits 0; a second signal while it stops exits 130 at once.
 * @template {{ stop(): Promise<unknown> }} S
 * @param {{ name: string, marker: string, start: () => Promise<S>, ready: (server: S) => object, started?: (server: S) => void, startError?: (err: any) => string }} opts
 */
export async function runServer({ name, marker, start, ready, started, startError }) {
  let server;
  try {
    server = await start();
  } catch (err) {
    console.error(`[${name}] ${startError ? startError(err) : `could not start: ${err?.message ?? err}`}`);
    process.exit(1);
  }
  started?.(server);
  if (process.argv.includes('--json')) console.log(`${marker} ${JSON.stringify(ready(server))}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(130);
    stopping = true;
    await server.stop().catch((err) => console.error(`[${name}] stop: ${err?.message ?? err}`));
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
