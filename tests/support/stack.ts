/**
 * The demo stack for integration and end-to-end tests: `samples/start.mjs` in a
 * child process on free ports (two anvil chains, the local Solana chain, the local
 * WalletConnect relay, the embedded-wallet service with its dev mailbox and local OpenID
 * provider, the data service with the dev contracts, and the demo server, which also serves
 * the sample wallet at /wallet/). One stack per test file: start it in beforeAll, stop it in
 * afterAll. The services keep their databases in memory or in a temporary folder: every
 * stack starts empty.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './artifacts';
import { getFreePortPair, getFreePorts } from './ports';

export { getFreePort, getFreePortPair, getFreePorts, isPortInUse } from './ports';
export { saveArtifact } from './artifacts';

export interface StackChain {
  readonly chainId: number;
  readonly name: string;
  readonly rpcUrl: string;
}

export interface StackToken {
  readonly chainId: number;
  readonly address: `0x${string}`;
  readonly symbol: string;
  readonly decimals: number;
  readonly name: string;
}

export interface StackNft {
  readonly chainId: number;
  readonly address: `0x${string}`;
  readonly name: string;
  readonly symbol: string;
}

/** The dev stack's Uniswap V2 exchange on chain 31337 (`exchange` in /config.json). */
export interface StackExchange {
  readonly chainId: number;
  readonly router: `0x${string}`;
  readonly factory: `0x${string}`;
  readonly weth: `0x${string}`;
  /** The ETH (WETH) / LKD pool. */
  readonly pair: `0x${string}`;
}

/** The local Solana chain (samples/solana), as /config.json's `solana` describes it. */
export interface StackSolana {
  /** http://127.0.0.1:PORT */
  readonly rpcUrl: string;
  /** ws://127.0.0.1:PORT+1 */
  readonly wsUrl: string;
  /** `solana:` + the first 32 characters of the genesis hash */
  readonly caipNetworkId: string;
  readonly port: number;
  readonly wsPort: number;
}

export interface TestStack {
  /** http://127.0.0.1:PORT/ */
  readonly demoUrl: string;
  readonly configUrl: string;
  readonly port: number;
  /** [chain 31337, chain 1] */
  readonly chains: readonly StackChain[];
  readonly anvilPorts: readonly number[];
  /** The local Solana chain; the dev wallets' Solana accounts are funded. */
  readonly solana: StackSolana;
  /** The local WalletConnect relay, ws://127.0.0.1:PORT (also `relayUrl` in /config.json). */
  readonly relayUrl: string;
  readonly relayPort: number;
  /** The embedded-wallet service (frame page at /frame, API, dev mailbox): http://127.0.0.1:PORT (`walletServiceUrl` in /config.json). */
  readonly walletServiceUrl: string;
  readonly walletServicePort: number;
  /** GET: the mails the wallet service sent, JSON `[{ to, subject, text, code, sentAt }]`, newest last. */
  readonly devMailboxUrl: string;
  /** The local OpenID provider standing in for the social logins (`oidcIssuer` in /config.json). */
  readonly oidcIssuer: string;
  /** The data service (blockchain API), http://127.0.0.1:PORT (also `dataServiceUrl` in /config.json). */
  readonly dataServiceUrl: string;
  readonly dataPort: number;
  /** The local payment provider (on-ramp checkout at /checkout), http://127.0.0.1:PORT (`onrampUrl` in /config.json). */
  readonly onrampUrl: string;
  readonly onrampPort: number;
  /** The dev account the provider pays buyers from. */
  readonly onrampFunder: string;
  /** The dev ERC-20 first: LKD on chain 31337 (also `tokens` in /config.json). */
  readonly tokens: readonly StackToken[];
  /** The dev ERC-721 (also `nfts` in /config.json). */
  readonly nfts: readonly StackNft[];
  /** Uniswap V2 with an ETH/LKD pool (also `exchange` in /config.json). */
  readonly exchange: StackExchange;
  /** The sample mobile wallet page: http://127.0.0.1:PORT/wallet/ */
  readonly walletUrl: string;
  /** The wagmi sample (samples/wagmi-app), built on its first request: http://127.0.0.1:PORT/wagmi/ */
  readonly wagmiUrl: string;
  /** False when the sample wallet did not build (its page then lists the errors). */
  readonly walletBuildOk: boolean;
  readonly walletBuildErrors: readonly string[];
  /** False when the demo did not build and the fallback page (dev wallet only) is served. */
  readonly buildOk: boolean;
  readonly buildErrors: readonly string[];
  /** Everything the child printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

export interface StartTestStackOptions {
  /** Fail when the demo did not build (default true: e2e tests need the real demo). */
  readonly requireDemoBuild?: boolean;
  readonly timeoutMs?: number;
  /** Print the relay's per-method log into `output()` (default false). */
  readonly relayLog?: boolean;
}

const READY = 'LATCHKEY_STACK ';

export async function startTestStack(options: StartTestStackOptions = {}): Promise<TestStack> {
  const { requireDemoBuild = true, timeoutMs = 90_000, relayLog = false } = options;
  // The Solana chain needs two neighbouring ports (HTTP P, WebSocket P + 1).
  const solanaPort = await getFreePortPair();
  let ports: number[];
  do ports = await getFreePorts(8);
  while (ports.some((p) => p === solanaPort || p === solanaPort + 1));
  const [port, anvil1, anvil2, relayPort, walletPort, oidcPort, dataPort, onrampPort] = ports;
  // detached: the child leads its own process group, so a hard kill also reaches anvil.
  const child = spawn(process.execPath, [join(REPO_ROOT, 'samples/start.mjs'), '--no-install', '--json'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      ANVIL_PORT_1: String(anvil1),
      ANVIL_PORT_2: String(anvil2),
      RELAY_PORT: String(relayPort),
      SOLANA_PORT: String(solanaPort),
      RELAY_LOG: relayLog ? '1' : '0',
      WALLET_PORT: String(walletPort),
      WALLET_OIDC_PORT: String(oidcPort),
      WALLET_DATA_DIR: ':memory:',
      DATA_PORT: String(dataPort),
      // a database of its own for every test stack (several may run at once), deleted at stop
      DATA_PGLITE_DIR: 'temp',
      ONRAMP_PORT: String(onrampPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await killGroup(child, exited);
  };

  let info: any;
  try {
    info = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`stack did not start within ${timeoutMs} ms`)), timeoutMs);
      const onData = () => {
        const line = out.split('\n').find((l) => l.startsWith(READY));
        if (line) {
          clearTimeout(timer);
          child.stdout!.off('data', onData);
          resolve(JSON.parse(line.slice(READY.length)));
        }
      };
      child.stdout!.on('data', onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`stack exited with code ${code} before it was ready`));
      });
    });
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n--- stack output ---\n${out}`);
  }
  if (requireDemoBuild && !info.buildOk) {
    await stop();
    throw new Error(`the demo did not build:\n${info.buildErrors.join('\n')}`);
  }
  return {
    demoUrl: info.demoUrl,
    configUrl: info.configUrl,
    port: info.port,
    chains: info.chains,
    anvilPorts: [anvil1!, anvil2!],
    solana: info.solana,
    relayUrl: info.relayUrl,
    relayPort: info.relayPort,
    walletServiceUrl: info.walletServiceUrl,
    walletServicePort: info.walletServicePort,
    devMailboxUrl: info.devMailboxUrl,
    oidcIssuer: info.oidcIssuer,
    dataServiceUrl: info.dataServiceUrl,
    dataPort: info.dataPort,
    onrampUrl: info.onrampUrl,
    onrampPort: info.onrampPort,
    onrampFunder: info.onrampFunder,
    tokens: info.tokens,
    nfts: info.nfts,
    exchange: info.exchange,
    walletUrl: info.walletUrl,
    wagmiUrl: info.wagmiUrl,
    walletBuildOk: info.walletBuildOk,
    walletBuildErrors: info.walletBuildErrors,
    buildOk: info.buildOk,
    buildErrors: info.buildErrors,
    output: () => out,
    stop,
  };
}

async function killGroup(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  // SIGTERM to the leader only: start.mjs stops anvil and the server itself.
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((r) => (timer = setTimeout(() => r(true), 8000))),
  ]);
  clearTimeout(timer);
  if (timedOut) {
    signal('SIGKILL');
    await exited;
  } else {
    // anything left in the group (should be nothing)
    signal('SIGKILL');
  }
}
