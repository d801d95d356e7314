/**
 * A real Uniswap V2 exchange on a local anvil chain, from the compiled artifacts that
 * `@uniswap/v2-core` (factory, pair) and `@uniswap/v2-periphery` (Router02, WETH9) publish:
 * nothing is recompiled, so the router is byte for byte the one on mainnet.
 *
 * Deterministic addresses: anvil's dev account 8 deploys WETH9, the factory and the router with
 * its nonces 0, 1 and 2 on a fresh chain (it sends nothing else in the dev stack), so the
 * addresses below are the same at every `npm start`. The pool ETH/LKD is created and funded by
 * account 9, the LKD deployer (it holds the supply); the pair's address is CREATE2 and depends
 * only on the factory and the two tokens.
 *
 * The router computes pair addresses itself (`UniswapV2Library.pairFor`) from an init-code hash
 * compiled into it. {@link verifyInitCodeHash} checks that the published router carries the hash
 * of the published pair bytecode (it does: 0x96e8ac42…845f), and the deploy checks that the
 * factory's pair lands where the router looks for it; otherwise every router call would revert.
 *
 * Callers may pass the folder the artifacts resolve from (see ./artifacts.ts).
 */
import { encodePacked, getAddress, getContractAddress, keccak256, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { DeployError, loadArtifacts, type Artifact } from './artifacts';
import { openLocalChain } from './localChain';

export interface UniswapArtifacts {
  readonly factory: Artifact;
  readonly router: Artifact;
  readonly weth: Artifact;
  readonly pair: Artifact;
  readonly erc20: Artifact;
}

export interface ExchangeAddresses {
  readonly router: Address;
  readonly factory: Address;
  readonly weth: Address;
}

export interface DeployExchangeOptions {
  readonly rpcUrl: string;
  readonly chainId: number;
  /** The ERC-20 paired with ETH (the dev token, LKD). */
  readonly token: Address;
  /** Liquidity added to the pool, in wei and in the token's smallest unit. Default: 100 ETH and 240 000 LKD (1 ETH = 2400 LKD, the stack's prices). */
  readonly liquidity?: { readonly eth: bigint; readonly token: bigint };
  /** Folder the @uniswap packages resolve from (default: the working directory). */
  readonly resolveFrom?: string;
}

export interface DevExchange extends ExchangeAddresses {
  readonly chainId: number;
  readonly deployer: Address;
  /** Who funded the pool (the token's holder). */
  readonly liquidityProvider: Address;
  readonly token: Address;
  /** The ETH (WETH) / token pair. */
  readonly pair: Address;
  readonly reserves: { readonly eth: bigint; readonly token: bigint };
  readonly transactions: number;
  readonly ms: number;
}

/** The init-code hash of UniswapV2Pair that Router02 (and every V2 fork of mainnet) computes pair addresses with. */
export const UNISWAP_V2_INIT_CODE_HASH = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f' as const;
/** anvil dev account that deploys the exchange (index 8 of `test test … junk`). */
export const EXCHANGE_DEPLOYER_INDEX = 8;
export const DEFAULT_POOL = { eth: parseEther('100'), token: parseUnits('240000', 18) } as const;

export class ExchangeDeployError extends DeployError {}

const ARTIFACT_PATHS = {
  factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  pair: '@uniswap/v2-core/build/UniswapV2Pair.json',
  router: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  weth: '@uniswap/v2-periphery/build/WETH9.json',
  erc20: '@uniswap/v2-periphery/build/ERC20.json',
} as const;

/** Reads the published artifacts (abi + creation bytecode) of the two packages. */
export function loadUniswapArtifacts(resolveFrom?: string): UniswapArtifacts {
  return loadArtifacts(ARTIFACT_PATHS, ExchangeDeployError, resolveFrom);
}

/**
 * The pair bytecode's hash, and whether the router's bytecode carries it (as the constant its
 * `pairFor` uses). Both must hold for router calls to find the pools the factory creates.
 */
export function verifyInitCodeHash(artifacts: UniswapArtifacts): { readonly pairInitCodeHash: Hex; readonly routerMatches: boolean } {
  const pairInitCodeHash = keccak256(artifacts.pair.bytecode);
  const routerMatches = artifacts.router.bytecode.toLowerCase().includes(pairInitCodeHash.slice(2).toLowerCase());
  return { pairInitCodeHash, routerMatches };
}

/** The pair address the router computes for two tokens (CREATE2 by the factory, salt keccak(token0, token1)). */
export function pairAddress(factory: Address, a: Address, b: Address, initCodeHash: Hex = UNISWAP_V2_INIT_CODE_HASH): Address {
  const [t0, t1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
  const salt = keccak256(encodePacked(['address', 'address'], [t0, t1]));
  return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecodeHash: initCodeHash });
}

/** Where WETH9, the factory and the router land when `deployer` deploys them from `nonce` on. */
export function exchangeAddresses(deployer: Address, nonce = 0): ExchangeAddresses {
  const at = (n: number) => getContractAddress({ from: deployer, nonce: BigInt(n) });
  return { weth: at(nonce), factory: at(nonce + 1), router: at(nonce + 2) };
}

/**
 * Deploys WETH9, the factory and Router02 from anvil's account 8, then creates and funds the
 * ETH/token pool from account 9 (approve + addLiquidityETH), and checks that the router finds
 * the pool (getPair equals the CREATE2 address and getAmountsOut answers).
 */
export async function deployExchange(options: DeployExchangeOptions): Promise<DevExchange> {
  const started = Date.now();
  const artifacts = loadUniswapArtifacts(options.resolveFrom);
  const { pairInitCodeHash, routerMatches } = verifyInitCodeHash(artifacts);
  if (pairInitCodeHash !== UNISWAP_V2_INIT_CODE_HASH || !routerMatches) {
    throw new ExchangeDeployError(
      `the published UniswapV2Pair hashes to ${pairInitCodeHash}; Router02 ${routerMatches ? 'carries it' : 'does not carry it'} (expected ${UNISWAP_V2_INIT_CODE_HASH})`,
    );
  }
  const liquidity = options.liquidity ?? DEFAULT_POOL;
  const { client, accounts, hashes, wallet, send, confirmAll, requireCode } = await openLocalChain(options.rpcUrl, options.chainId, (m) => new ExchangeDeployError(m));
  if (accounts.length <= EXCHANGE_DEPLOYER_INDEX + 1) throw new ExchangeDeployError(`the node has ${accounts.length} unlocked accounts; 10 are needed`);
  const deployer = accounts[EXCHANGE_DEPLOYER_INDEX]!;
  const provider = accounts[accounts.length - 1]!;

  const nonce = await client.getTransactionCount({ address: deployer });
  const addresses = exchangeAddresses(deployer, nonce);
  const dw = wallet(deployer);
  // anvil mines each transaction as it arrives, in order
  await send(dw.deployContract({ abi: artifacts.weth.abi, bytecode: artifacts.weth.bytecode }));
  await send(dw.deployContract({ abi: artifacts.factory.abi, bytecode: artifacts.factory.bytecode, args: [deployer] }));
  await send(dw.deployContract({ abi: artifacts.router.abi, bytecode: artifacts.router.bytecode, args: [addresses.factory, addresses.weth] }));
  const pw = wallet(provider);
  await send(pw.writeContract({ address: options.token, abi: artifacts.erc20.abi, functionName: 'approve', args: [addresses.router, liquidity.token] } as never));
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
  await send(
    pw.writeContract({
      address: addresses.router,
      abi: artifacts.router.abi,
      functionName: 'addLiquidityETH',
      args: [options.token, liquidity.token, liquidity.token, liquidity.eth, provider, deadline],
      value: liquidity.eth,
    } as never),
  );
  await confirmAll('exchange');
  await requireCode({ ...addresses });
  const pair = (await client.readContract({ address: addresses.factory, abi: artifacts.factory.abi, functionName: 'getPair', args: [addresses.weth, options.token] })) as Address;
  const expected = pairAddress(addresses.factory, addresses.weth, options.token);
  if (getAddress(pair) !== expected) throw new ExchangeDeployError(`the factory's pair is ${pair}, the router computes ${expected}`);
  const amounts = (await client.readContract({
    address: addresses.router,
    abi: artifacts.router.abi,
    functionName: 'getAmountsOut',
    args: [parseEther('1'), [addresses.weth, options.token]],
  })) as readonly bigint[];
  if (!(amounts[1]! > 0n)) throw new ExchangeDeployError('the router quotes nothing for 1 ETH');
  const [r0, r1] = (await client.readContract({ address: pair, abi: artifacts.pair.abi, functionName: 'getReserves' })) as readonly [bigint, bigint, number];
  const wethFirst = addresses.weth.toLowerCase() < options.token.toLowerCase();
  return {
    chainId: options.chainId,
    ...addresses,
    deployer,
    liquidityProvider: provider,
    token: options.token,
    pair,
    reserves: { eth: wethFirst ? r0 : r1, token: wethFirst ? r1 : r0 },
    transactions: hashes.length,
    ms: Date.now() - started,
  };
}
