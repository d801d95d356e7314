/**
 * The demo stack for integration and end-to-end tests: `samples/start.mjs` in a child process on
 * free ports (two anvil chains, the local Solana chain, the local WalletConnect relay, the
 * embedded-wallet service with its dev mailbox and local OpenID provider, the data service with
 * the dev contracts, and the demo server, which also serves the sample wallet at /wallet/).
 *
 * `startTestStack()` in a file's beforeAll, `stack.stop()` in its afterAll. In a run of the e2e
 * project (alone or in `npm test`, where int files that call it share it too) the stack is its
 * worker's shared stack (./sharedStacks.ts): started once for the run,
 * kept when a file's `stop()` is called, so a file sees what earlier files of its worker left on
 * the chains and in the services. `startTestStack({ fresh: true })` gives a file a stack of its
 * own, empty, stopped by its `stop()` (for a test of the stack itself, or one that needs a
 * pristine chain). The wallet service's resend window is 1 s in every test stack.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ExchangeConfig } from '../../samples/data-service/src/config';
import { attachSlot, demoBuildDir, runDir } from './sharedStacks';
import { freeStackPorts, readyInfo, spawnStack, stopStackGroup, TEST_RESEND_INTERVAL_S, type StackPorts } from './stackProcess';

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

/** The dev stack's Uniswap V2 exchange on chain 31337 (`exchange` in /config.json): the data service's, with its pool. */
export interface StackExchange extends ExchangeConfig {
  /** The ETH (WETH) / LKD pool. */
  readonly pair: `0x${string}`;
}

/** ENS on chain 31337 (`ens` in /config.json): the published registry, public resolver and reverse registrar, and the dev names. */
export interface StackEns {
  readonly chainId: number;
  readonly registry: `0x${string}`;
  readonly publicResolver: `0x${string}`;
  readonly reverseRegistrar: `0x${string}`;
  /** Each with its primary name set (alice.eth with an avatar record). */
  readonly names: readonly { readonly name: string; readonly address: `0x${string}` }[];
}

/** The ERC-4337 parts of chain 31337 (`bundler` in /config.json), and what starting them took. */
export interface StackBundler {
  /** The bundler's (Alto's) JSON-RPC: http://127.0.0.1:PORT/rpc */
  readonly url: string;
  readonly port: number;
  readonly chainId: number;
  /** The EntryPoint v0.8 (its public address). */
  readonly entryPoint: `0x${string}`;
  /** The SimpleAccountFactory v0.8 (its public address). */
  readonly factory: `0x${string}`;
  /** ms to deploy the EntryPoint and the factory. */
  readonly deployMs: number;
  /** ms from the chain answering to the bundler answering (keys funded, contracts deployed, Alto started). */
  readonly readyMs: number;
  /** False when Alto's bundle was made during this start (first start after an install). */
  readonly bundleCached: boolean;
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
  /** ENS on chain 31337 (also `ens` in /config.json). */
  readonly ens: StackEns;
  /** The ERC-4337 bundler of chain 31337 with its EntryPoint and account factory (also `bundler` in /config.json). */
  readonly bundler: StackBundler;
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
  /** The wallet service's resend window (ms): how long after a code or link the next one may be sent to that address. */
  readonly walletResendIntervalMs: number;
  /** True for the run's shared stack (./sharedStacks.ts): other files used it before, `stop()` leaves it running. */
  readonly shared: boolean;
  /** Everything the child printed (for failure messages). */
  output(): string;
  /** Stops a stack of the file's own; leaves a shared one running (the run stops it). */
  stop(): Promise<void>;
}

export interface StartTestStackOptions {
  /** Fail when the demo did not build (default true: e2e tests need the real demo). */
  readonly requireDemoBuild?: boolean;
  readonly timeoutMs?: number;
  /** Print the relay's per-method log into `output()` (default false; implies a stack of the file's own). */
  readonly relayLog?: boolean;
  /** A stack of the file's own, started now, empty, stopped by `stop()` (default: the run's shared stack, when the run has them). */
  readonly fresh?: boolean;
}

export async function startTestStack(options: StartTestStackOptions = {}): Promise<TestStack> {
  const { requireDemoBuild = true, timeoutMs = 180_000, relayLog = false, fresh = false } = options;
  const run = runDir();
  let stack: TestStack;
  if (run && !fresh && !relayLog) {
    const { slot, info } = await attachSlot(run, process.env['JEST_WORKER_ID'] ?? '1', timeoutMs);
    stack = toTestStack(info, slot.ports, true, () => readFileSync(slot.log, 'utf8'), async () => undefined);
  } else {
    stack = await startOwnStack(run, relayLog, timeoutMs);
  }
  if (requireDemoBuild && !stack.buildOk) {
    await stack.stop();
    throw new Error(`the demo did not build:\n${stack.buildErrors.join('\n')}`);
  }
  return stack;
}

async function startOwnStack(run: string | undefined, relayLog: boolean, timeoutMs: number): Promise<TestStack> {
  const ports = await freeStackPorts();
  const child = spawnStack({ ports, relayLog, ...(run ? { demoBuildDir: demoBuildDir(run) } : {}) });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await killChild(child, exited);
  };
  let info: Record<string, any>;
  try {
    info = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`stack did not start within ${timeoutMs} ms`)), timeoutMs);
      const onData = () => {
        const ready = readyInfo(out);
        if (!ready) return;
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve(ready);
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
  return toTestStack(info, ports, false, () => out, stop);
}

function toTestStack(info: Record<string, any>, ports: StackPorts, shared: boolean, output: () => string, stop: () => Promise<void>): TestStack {
  return {
    demoUrl: info.demoUrl,
    configUrl: info.configUrl,
    port: info.port,
    chains: info.chains,
    anvilPorts: [ports.anvil1, ports.anvil2],
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
    ens: info.ens,
    bundler: info.bundler,
    walletUrl: info.walletUrl,
    wagmiUrl: info.wagmiUrl,
    walletBuildOk: info.walletBuildOk,
    walletBuildErrors: info.walletBuildErrors,
    buildOk: info.buildOk,
    buildErrors: info.buildErrors,
    walletResendIntervalMs: TEST_RESEND_INTERVAL_S * 1000,
    shared,
    output,
    stop,
  };
}

/** Stops a stack child of this process (its whole process group). */
async function killChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await stopStackGroup(child.pid!);
  await exited;
}
