// Builds the demo dapp and the sample mobile wallet with esbuild and serves them on 127.0.0.1,
// next to two local anvil chains, a local Solana chain (litesvm), the local WalletConnect relay, the
// embedded-wallet service (with its dev mailbox and the local OpenID provider that stands in for the
// social logins), the data service and the local payment provider (on-ramp checkout).
// This file starts the services and wires them together; the builds, the demo server, its CSPs and
// /config.json live in the files next to it (re-exported here).
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startRelay } from '../relay/server.mjs';
import { startWalletService } from '../wallet-service/server.mjs';
import { startSolana } from '../solana/server.mjs';
import { boolean, port as portSetting } from '../shared/env.mjs';
import { assertDistinctPorts, localOrigins, localUrl, PORT_ENV, PORTS, STACK_CHAINS } from '../shared/ports.mjs';
import { startAnvil } from './anvil.mjs';
import { STACK_ACCOUNT_FACTORY, startBundler } from './bundler.mjs';
import { stackConfig } from './config-json.mjs';
import { walletCsp } from './csp.mjs';
import { startStackDataService } from './data.mjs';
import { buildDemo } from './demo-build.mjs';
import { startStackOnramp } from './onramp.mjs';
import { DEV_ACCOUNTS_FILE, REPO_ROOT } from './paths.mjs';
import { sharedBuild } from './shared-build.mjs';
import { startServer } from './static-server.mjs';
import { buildWallet } from './wallet-build.mjs';

/** The two chains of the local stack: ids, names, default ports and their variables (samples/shared/ports.mjs). */
export { STACK_CHAINS };

/** The projectId the demo uses; the stack's wallet service allows it on the demo's origins. */
export const DEMO_PROJECT_ID = 'latchkey-demo';

/** What each dev wallet's Solana account gets at start (lamports): 100 SOL. */
export const DEV_WALLET_SOLANA_FUNDING = 100_000_000_000n;

/**
 * Funds the Solana accounts of the dev wallets (samples/dev-wallet/accounts.json) from the
 * chain's faucet. Resolves with the addresses funded.
 * @param {{ airdrop(address: string, lamports: bigint): Promise<string> }} solana
 */
export async function fundDevWallets(solana) {
  const accounts = JSON.parse(await readFile(DEV_ACCOUNTS_FILE, 'utf8'));
  const addresses = (accounts.solana ?? []).map((a) => a.address);
  for (const address of addresses) await solana.airdrop(address, DEV_WALLET_SOLANA_FUNDING);
  return addresses;
}

/**
 * Starts the whole local stack, each part on its default port of STACK.md (samples/shared/ports.mjs):
 * the two anvil chains (31337 and 1), the local Solana chain (HTTP, and WebSocket on the next port; the
 * dev wallets' Solana accounts funded), the local WalletConnect relay, the embedded-wallet service in dev
 * mode (with /dev/mailbox and a local OpenID provider), the data service (it deploys the dev contracts
 * and a Uniswap V2 exchange on chain 31337 and indexes both chains), the local payment provider (it pays
 * buyers from anvil's dev account 7 and reports purchases to the data service) and the demo server,
 * which also serves the sample mobile wallet at /wallet/; and the ERC-4337 parts of chain 31337 (the EntryPoint v0.8
 * and the SimpleAccountFactory at their public addresses, and the bundler, Alto: ./bundler.mjs).
 * Options win over env (PORT, ANVIL_PORT_1, ANVIL_PORT_2, SOLANA_PORT, RELAY_PORT, WALLET_PORT,
 * WALLET_OIDC_PORT, DATA_PORT, ONRAMP_PORT, BUNDLER_PORT, NEXT_APP_PORT (the Next.js example's port, whose origin the wallet
 * and data services allow); RELAY_LOG=1 logs the relay's traffic, WALLET_LOG=1 the wallet
 * service's, DATA_LOG=1 the data service's; WALLET_DATA_DIR is the wallet service's PGlite folder,
 * default .cache/wallet-service, `:memory:` for none; DATA_PGLITE_DIR / DATABASE_URL choose the data
 * service's database; ONRAMP_LOG=1 logs the payments; BUNDLER_LOG=1 the bundler's (Alto's) log; DATA_ONRAMP_SECRET is the secret the provider reports
 * with, random per start by default; WALLET_RESEND_INTERVAL is the wallet service's resend window in seconds;
 * DEMO_BUILD_DIR is a folder where several stacks share one build of the demo and the sample wallet).
 * @param {{ port?: number, anvilPorts?: number[], solanaPort?: number, relayPort?: number, walletPort?: number, oidcPort?: number, dataPort?: number, onrampPort?: number, bundlerPort?: number, nextAppPort?: number, relayLog?: boolean | ((line: string) => void), quiet?: boolean, env?: Record<string,string|undefined> }} [opts]
 */
export async function startStack(opts = {}) {
  const env = opts.env ?? process.env;
  const log = opts.quiet ? () => {} : (...a) => console.log(...a);
  /** An option, else its variable (PORT_ENV), else the default of STACK.md (PORTS); checked by the shared reader. */
  const portOf = (option, name) => portSetting(option ?? env[PORT_ENV[name]], PORT_ENV[name], PORTS[name]);
  /** A flag of the environment (1/0, true/false, …), off by default. */
  const flag = (name) => boolean(env[name], name, false);
  const port = portOf(opts.port, 'demo');
  const anvilPorts = STACK_CHAINS.map((c, i) => portSetting(opts.anvilPorts?.[i] ?? env[c.env], c.env, c.defaultPort));
  const relayPort = portOf(opts.relayPort, 'relay');
  const solanaPort = portOf(opts.solanaPort, 'solana');
  if (solanaPort === 65535) throw new Error('SOLANA_PORT: the WebSocket needs the next port; choose a port below 65535');
  const relayLog = opts.relayLog ?? flag('RELAY_LOG');
  const walletPort = portOf(opts.walletPort, 'wallet');
  const oidcPort = portOf(opts.oidcPort, 'oidc');
  const walletDataDir = env.WALLET_DATA_DIR || join(REPO_ROOT, '.cache', 'wallet-service');
  const dataPort = portOf(opts.dataPort, 'data');
  const onrampPort = portOf(opts.onrampPort, 'onramp');
  const bundlerPort = portOf(opts.bundlerPort, 'bundler');
  // The apps the local services serve: the demo, and the Next.js example (samples/next-app, `next start` on NEXT_APP_PORT).
  const nextAppPort = portOf(opts.nextAppPort, 'nextApp');
  assertDistinctPorts([
    ['PORT', port],
    ...STACK_CHAINS.map((c, i) => [c.env, anvilPorts[i]]),
    ['RELAY_PORT', relayPort],
    ['SOLANA_PORT', solanaPort],
    ['SOLANA_PORT + 1 (its WebSocket)', solanaPort + 1],
    ['WALLET_PORT', walletPort],
    ['WALLET_OIDC_PORT', oidcPort],
    ['DATA_PORT', dataPort],
    ['ONRAMP_PORT', onrampPort],
    ['BUNDLER_PORT', bundlerPort],
  ]);
  const appOrigins = [port, nextAppPort].flatMap(localOrigins);
  // the data service accepts purchases from the local payment provider with this secret
  const onrampSecret = env.DATA_ONRAMP_SECRET || randomBytes(24).toString('base64url');

  const started = [];
  /** The build folder this stack made (deleted at stop; a DEMO_BUILD_DIR is not). */
  let ownOutdir;
  const stop = async () => {
    await Promise.allSettled(started.splice(0).reverse().map((s) => s.stop()));
    if (ownOutdir) await rm(ownOutdir, { recursive: true, force: true }).catch(() => {});
    ownOutdir = undefined;
  };
  try {
    const anvilStarts = STACK_CHAINS.map(async (c, i) => {
      const node = await startAnvil({ port: anvilPorts[i], chainId: c.chainId });
      started.push(node);
      return node;
    });
    // the data service follows the chains once they answer (and deploys the dev contracts)
    const dataStart = Promise.all(anvilStarts).then(async (nodes) => {
      const data = await startStackDataService({
        port: dataPort,
        chains: STACK_CHAINS.map((c, i) => ({ chainId: c.chainId, name: c.name, rpcUrl: nodes[i].url })),
        corsOrigins: port === 0 ? '*' : appOrigins,
        env,
        onrampSecret,
        log: flag('DATA_LOG') ? (line) => console.log(`[data-service] ${line}`) : false,
      });
      started.push(data);
      return data;
    });
    // the ERC-4337 parts on chain 31337: the EntryPoint and the account factory, and the bundler (Alto)
    const bundlerStart = anvilStarts[0].then(async (node) => {
      const bundler = await startBundler({
        rpcUrl: node.url,
        chainId: node.chainId,
        port: bundlerPort,
        log: flag('BUNDLER_LOG') ? (line) => console.log(`[bundler] ${line}`) : false,
      });
      started.push(bundler);
      return bundler;
    });
    // the payment provider reports to the data service, so it follows it
    const onrampStart = Promise.all([dataStart, ...anvilStarts]).then(async ([data, ...nodes]) => {
      const onramp = await startStackOnramp({
        port: onrampPort,
        chains: STACK_CHAINS.map((c, i) => ({ chainId: c.chainId, name: c.name, rpcUrl: nodes[i].url })),
        dataServiceUrl: data.url,
        dataSecret: onrampSecret,
        redirectOrigins: localOrigins(port),
        env,
        log: flag('ONRAMP_LOG') ? (line) => console.log(`[onramp] ${line}`) : false,
      });
      started.push(onramp);
      return onramp;
    });
    // allSettled: when one part fails, wait for the others so that stop() catches every child.
    const walletService = (async () => {
      // Dev mode: the dev mailbox, the Farcaster stand-in, the local OpenID provider and anvil funding.
      // The demo's and the Next.js example's origins are allowed for the demo's projectId; the chains are the anvil nodes started here.
      const service = await startWalletService({
        // the one setting taken from the stack's env: tests shorten the resend window
        env: env.WALLET_RESEND_INTERVAL ? { WALLET_RESEND_INTERVAL: env.WALLET_RESEND_INTERVAL } : {},
        dev: true,
        host: '127.0.0.1',
        port: walletPort,
        devOidcPort: oidcPort,
        dataDir: walletDataDir,
        log: flag('WALLET_LOG'),
        projects: [{ projectId: DEMO_PROJECT_ID, name: 'Latchkey demo', origins: appOrigins }],
        // chain 31337 has the ERC-4337 parts: its users may switch to a smart account, sent through the stack's bundler
        chains: STACK_CHAINS.map((c, i) => ({
          chainId: c.chainId,
          name: c.name,
          rpcUrl: localUrl(anvilPorts[i]),
          ...(i === 0 ? { smartAccounts: { bundlerUrl: `${localUrl(bundlerPort)}/rpc`, factory: STACK_ACCOUNT_FACTORY } } : {}),
        })),
      });
      started.push({ stop: () => service.stop() });
      return service;
    })();
    const [relayResult, buildResult, solanaResult, walletResult, dataResult, onrampResult, bundlerResult, ...anvilResults] = await Promise.allSettled([
      (async () => {
        try {
          const relay = await startRelay({ port: relayPort, log: relayLog });
          started.push(relay);
          return relay;
        } catch (err) {
          if (err?.code === 'EADDRINUSE') {
            throw new Error(`relay: port ${relayPort} on 127.0.0.1 is already in use (another relay?). Stop it or set RELAY_PORT to another port.`);
          }
          throw err;
        }
      })(),
      (async () => {
        // DEMO_BUILD_DIR: built once for several stacks (tests), kept at stop
        if (env.DEMO_BUILD_DIR) return sharedBuild(resolve(env.DEMO_BUILD_DIR));
        const demo = await buildDemo();
        ownOutdir = demo.outdir;
        const wallet = await buildWallet({ outdir: demo.outdir });
        return { demo, wallet };
      })(),
      (async () => {
        // WebSocket on SOLANA_PORT + 1, where @solana/web3.js looks for it
        const solana = await startSolana({ port: solanaPort, wsPort: solanaPort + 1, log: false });
        started.push(solana);
        await fundDevWallets(solana);
        return solana;
      })(),
      walletService,
      dataStart,
      onrampStart,
      bundlerStart,
      ...anvilStarts,
    ]);
    // an anvil failure also fails dataStart: report the anvil's own error first
    const failed = [relayResult, buildResult, solanaResult, ...anvilResults, walletResult, dataResult, onrampResult, bundlerResult].find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    const relay = relayResult.value;
    const data = dataResult.value;
    const onramp = onrampResult.value;
    const bundler = bundlerResult.value;
    const bundlerInfo = { url: bundler.url, entryPoint: bundler.entryPoint, factory: bundler.factory, chainId: bundler.chainId };
    const { demo: build, wallet } = buildResult.value;
    const walletServiceInfo = walletResult.value;
    const anvils = anvilResults.map((r) => r.value);
    const solana = solanaResult.value;
    if (!build.ok) {
      console.warn(
        `\n[latchkey] The demo did not build; serving a fallback page that only loads the dev wallet.\n  ${build.errors.join('\n  ')}\n`,
      );
    }
    if (!wallet.ok) console.warn(`\n[latchkey] The sample wallet did not build; /wallet/ shows why.\n  ${wallet.errors.join('\n  ')}\n`);
    const chains = STACK_CHAINS.map((c, i) => ({ chainId: c.chainId, name: c.name, rpcUrl: anvils[i].url }));
    const solanaInfo = { rpcUrl: solana.rpcUrl, wsUrl: solana.wsUrl, caipNetworkId: solana.caipNetworkId };
    const config = stackConfig({ chains, solana: solanaInfo, relay, walletService: walletServiceInfo, data, onramp, bundler: bundlerInfo, build });
    const csp = walletCsp({ relayUrl: relay.url, rpcUrls: chains.map((c) => c.rpcUrl) });
    const server = await startServer({ port, outdir: build.outdir, config, wallet: { errors: wallet.errors, csp } });
    started.push({ stop: () => server.close() });
    log(`[latchkey] demo built ${build.ok ? 'ok' : 'WITH ERRORS (fallback page)'}; sample wallet built ${wallet.ok ? 'ok' : 'WITH ERRORS'}`);
    return {
      demoUrl: `${server.url}/`,
      configUrl: `${server.url}/config.json`,
      walletUrl: `${server.url}/wallet/`,
      wagmiUrl: `${server.url}/wagmi/`,
      port: server.port,
      chains,
      solana: { ...solanaInfo, port: solana.port, wsPort: solana.wsPort },
      relayUrl: relay.url,
      relayPort: relay.port,
      walletServiceUrl: walletServiceInfo.url,
      walletServicePort: walletServiceInfo.port,
      devMailboxUrl: `${walletServiceInfo.url}/dev/mailbox`,
      oidcIssuer: walletServiceInfo.oidcIssuer,
      walletFrameJsGzipBytes: walletServiceInfo.frameJsGzipBytes,
      dataServiceUrl: data.url,
      dataPort: data.port,
      onrampUrl: onramp.url,
      onrampPort: onramp.port,
      onrampFunder: onramp.funder,
      tokens: data.tokens,
      nfts: data.nfts,
      exchange: data.exchange,
      ens: data.ens,
      ensDeployMs: data.ensMs,
      bundler: { ...bundlerInfo, port: bundler.port, deployMs: bundler.deployMs, readyMs: bundler.readyMs, bundleCached: bundler.bundleCached },
      buildOk: build.ok,
      buildErrors: build.errors,
      walletBuildOk: wallet.ok,
      walletBuildErrors: wallet.errors,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
