// The local stack's default ports, one name per service: the table of ../shared/STACK.md, a
// contract people, tests and scripts rely on (change a value there first, never only here). Each
// port has an environment variable that moves it (PORT_ENV). No imports and no Node APIs, so that
// the plain-Node servers, the TypeScript services (bundled by esbuild), jest and the browser demo
// all read this one file.

/** The default port of each part of the local stack. */
export const PORTS = Object.freeze({
  /** The demo dapp and its /config.json (the sample mobile wallet at /wallet/ too). */
  demo: 5173,
  /** anvil, chain 31337. */
  anvil31337: 8545,
  /** anvil, chain 1 ("Ethereum (local)"). */
  anvil1: 8546,
  /** The local WalletConnect relay (ws). */
  relay: 8787,
  /** The embedded-wallet service (frame page, auth API, /dev/mailbox). */
  wallet: 8790,
  /** The data service (balances, history, names, swap quotes). */
  data: 8791,
  /** The local OpenID provider the wallet service starts in dev mode (social logins). */
  oidc: 8792,
  /** The local payment provider (on-ramp checkout). */
  onramp: 8793,
  /** The local Solana chain's HTTP JSON-RPC. */
  solana: 8899,
  /** The local Solana chain's WebSocket: the HTTP port + 1, where @solana/web3.js looks. */
  solanaWs: 8900,
  /** Where the Next.js example (samples/next-app) runs: the wallet and data services allow its origin. */
  nextApp: 3000,
  /** The ERC-4337 bundler (Alto) of chain 31337, JSON-RPC at /rpc. */
  bundler: 4337,
});

/** The environment variable that moves each port. */
export const PORT_ENV = Object.freeze({
  demo: 'PORT',
  anvil31337: 'ANVIL_PORT_1',
  anvil1: 'ANVIL_PORT_2',
  relay: 'RELAY_PORT',
  wallet: 'WALLET_PORT',
  data: 'DATA_PORT',
  oidc: 'WALLET_OIDC_PORT',
  onramp: 'ONRAMP_PORT',
  solana: 'SOLANA_PORT',
  solanaWs: 'SOLANA_WS_PORT',
  nextApp: 'NEXT_APP_PORT',
  bundler: 'BUNDLER_PORT',
});

/**
 * Throws when two parts of the stack would listen on one port, naming both settings: without it
 * the second part to start failed with "port in use" although nothing else ran (a Solana
 * WebSocket on SOLANA_PORT + 1 that is WALLET_PORT, say).
 * @param {readonly (readonly [setting: string, port: number])[]} entries each part's setting (as a user writes it) and port
 */
export function assertDistinctPorts(entries) {
  const seen = new Map();
  for (const [setting, port] of entries) {
    const other = seen.get(port);
    if (other !== undefined) throw new Error(`${other} and ${setting} are both port ${port}: give each part of the stack its own port`);
    seen.set(port, setting);
  }
}

/** The address every part of the local stack listens on by default. */
export const LOCAL_HOST = '127.0.0.1';

/** `http://127.0.0.1:<port>`, or with another scheme (`ws`). */
export function localUrl(port, scheme = 'http') {
  return `${scheme}://${LOCAL_HOST}:${port}`;
}

/** The two origins a browser may use for a local port: 127.0.0.1 and localhost. */
export function localOrigins(port) {
  return [`http://${LOCAL_HOST}:${port}`, `http://localhost:${port}`];
}

/** The EVM chains of the local stack (two anvil nodes), in the order of STACK.md. */
export const STACK_CHAINS = Object.freeze([
  Object.freeze({ chainId: 31337, name: 'Anvil', defaultPort: PORTS.anvil31337, env: PORT_ENV.anvil31337 }),
  Object.freeze({ chainId: 1, name: 'Ethereum (local)', defaultPort: PORTS.anvil1, env: PORT_ENV.anvil1 }),
]);

/** The stack's chains at their default ports, in the chain-list format of /config.json: `{ chainId, name, rpcUrl }`. */
export function defaultStackChains() {
  return STACK_CHAINS.map((c) => ({ chainId: c.chainId, name: c.name, rpcUrl: localUrl(c.defaultPort) }));
}
