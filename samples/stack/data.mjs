// The stack's data service: starts samples/data-service on the stack's chains, compiles the dev
// contracts (samples/contracts, cached by source hash), deploys them on chain 31337 from anvil's
// last dev account, gives the dev accounts LKD and NFTs and some activity, deploys a Uniswap V2
// exchange (WETH9, factory, Router02 from the published @uniswap artifacts, from account 8) with
// an ETH/LKD pool, then ENS (registry, public resolver, reverse registrar from the published
// @ensdomains artifacts, from account 9) with the dev names (samples/contracts/ens.ts), and waits
// until the service has indexed all of it.
import { join } from 'node:path';
import { DATA_CACHE_DIR, startDataService } from '../data-service/server.mjs';
import { loadTs, REPO_ROOT } from './load-ts.mjs';
import { nodeRpc } from './rpc.mjs';

/** The chain the dev contracts live on. */
export const DEV_CHAIN_ID = 31337;
/** Static USD prices of the dev stack (the README of the data service explains DATA_PRICES). */
export const STACK_PRICES = { '*:native': 3000 };
export const LKD_PRICE = 1.25;

/** JSON-RPC to the dev chain (anvil): 5 s a call, errors named by their method. */
const rpc = (url, method, params = []) => nodeRpc(url, method, params, { timeoutMs: 5000, nameMethod: true });

/**
 * @param {{
 *   port: number,
 *   chains: { chainId: number, name: string, rpcUrl: string }[],
 *   corsOrigins: string[] | '*',
 *   env?: Record<string, string | undefined>,
 *   onrampSecret?: string,
 *   log?: boolean | ((line: string) => void),
 * }} opts
 * @returns {Promise<{ url: string, port: number, tokens: object[], nfts: object[], exchange: { chainId: number, router: string, factory: string, weth: string, pair: string }, ens: { chainId: number, registry: string, publicResolver: string, reverseRegistrar: string, names: { name: string, address: string }[] }, ensMs: number, deployMs: number, compileCached: boolean, stop(): Promise<void> }>}
 */
export async function startStackDataService(opts) {
  const env = opts.env ?? process.env;
  const devChain = opts.chains.find((c) => c.chainId === DEV_CHAIN_ID);
  if (!devChain) throw new Error(`data service: the stack has no chain ${DEV_CHAIN_ID} for the dev contracts`);
  const [{ compileContracts }, { deployDevContracts, DEV_TOKEN, DEV_NFT }, { deployExchange, exchangeAddresses, EXCHANGE_DEPLOYER_INDEX }, { deployEns }] = await Promise.all([
    loadTs('samples/contracts/compile.ts'),
    loadTs('samples/contracts/deploy.ts'),
    loadTs('samples/contracts/exchange.ts'),
    loadTs('samples/contracts/ens.ts'),
  ]);
  // compile while the service starts
  const compiled = compileContracts({ sourcesDir: join(REPO_ROOT, 'samples/contracts'), cacheDir: join(REPO_ROOT, '.cache', 'contracts') });
  // the token's address is deterministic (deployer's first nonce on a fresh chain): price it up front
  const { getContractAddress } = await import('viem');
  const accounts = await rpc(devChain.rpcUrl, 'eth_accounts');
  const deployer = accounts[accounts.length - 1];
  const nonce = Number.parseInt(await rpc(devChain.rpcUrl, 'eth_getTransactionCount', [deployer, 'latest']), 16);
  const tokenAddress = getContractAddress({ from: deployer, nonce: BigInt(nonce) }).toLowerCase();
  // so are the exchange's (account 8's first nonces): the service quotes swaps over it from the start
  const exchangeDeployer = accounts[EXCHANGE_DEPLOYER_INDEX];
  const exchangeNonce = Number.parseInt(await rpc(devChain.rpcUrl, 'eth_getTransactionCount', [exchangeDeployer, 'latest']), 16);
  const exchange = exchangeAddresses(exchangeDeployer, exchangeNonce);
  let service;
  try {
    service = await startDataService({
      port: opts.port,
      // anvil answers WebSocket on its HTTP port: the indexer steps on each new head (the
      // 1 s poll is only the fallback; polling every 100 ms kept a core 10 % busy per stack)
      chains: opts.chains.map((c) => ({ ...c, wsUrl: c.rpcUrl.replace(/^http/, 'ws') })),
      databaseUrl: env.DATABASE_URL || undefined,
      pgliteDir: env.DATA_PGLITE_DIR || join(DATA_CACHE_DIR, 'pglite'),
      corsOrigins: opts.corsOrigins,
      prices: { ...STACK_PRICES, [`eip155:${DEV_CHAIN_ID}:${tokenAddress}`]: LKD_PRICE },
      onrampSecret: opts.onrampSecret || env.DATA_ONRAMP_SECRET || undefined,
      exchanges: [{ chainId: DEV_CHAIN_ID, ...exchange }],
      indexer: { pollMs: 1000 },
      log: opts.log ?? false,
    });
  } catch (err) {
    if (/already in use/.test(String(err?.message))) throw new Error(`${err.message} (DATA_PORT)`);
    throw err;
  }
  try {
    const { contracts, cached } = await compiled;
    const t0 = Date.now();
    const dev = await deployDevContracts({
      rpcUrl: devChain.rpcUrl,
      chainId: DEV_CHAIN_ID,
      contracts,
      nftBaseUri: (address) => `${service.url}/v1/nft/eip155:${DEV_CHAIN_ID}/${address}/`,
    });
    if (dev.token.address.toLowerCase() !== tokenAddress) throw new Error(`LKD landed at ${dev.token.address}, expected ${tokenAddress}`);
    const deployed = await deployExchange({ rpcUrl: devChain.rpcUrl, chainId: DEV_CHAIN_ID, token: dev.token.address, resolveFrom: REPO_ROOT });
    if (deployed.router !== exchange.router) throw new Error(`the Uniswap V2 router landed at ${deployed.router}, expected ${exchange.router}`);
    const ens = await deployEns({ rpcUrl: devChain.rpcUrl, chainId: DEV_CHAIN_ID, resolveFrom: REPO_ROOT });
    await service.waitForSync(DEV_CHAIN_ID, 30_000);
    return {
      url: service.url,
      port: service.port,
      tokens: [{ chainId: DEV_CHAIN_ID, address: dev.token.address, symbol: DEV_TOKEN.symbol, decimals: DEV_TOKEN.decimals, name: DEV_TOKEN.name }],
      nfts: [{ chainId: DEV_CHAIN_ID, address: dev.nft.address, name: DEV_NFT.name, symbol: DEV_NFT.symbol }],
      exchange: { chainId: DEV_CHAIN_ID, router: deployed.router, factory: deployed.factory, weth: deployed.weth, pair: deployed.pair },
      ens: {
        chainId: DEV_CHAIN_ID,
        registry: ens.registry,
        publicResolver: ens.publicResolver,
        reverseRegistrar: ens.reverseRegistrar,
        names: ens.names.map((n) => ({ name: n.name, address: n.address })),
      },
      ensMs: ens.ms,
      deployMs: Date.now() - t0,
      compileCached: cached,
      stop: () => service.stop(),
    };
  } catch (err) {
    await service.stop().catch(() => {});
    throw err;
  }
}
