/**
 * ERC-4337 on a local anvil chain, from the compiled artifacts that `@account-abstraction/contracts`
 * 0.8.0 publishes (eth-infinitism's release): the EntryPoint v0.8 and the SimpleAccountFactory.
 * Nothing is recompiled.
 *
 * Both go through the deterministic deployment proxy (0x4e59…956c, which anvil has from genesis)
 * with the salts of the public deployments, so they land at the addresses they have on every
 * public chain: the EntryPoint at 0x4337…f108 (viem's `entryPoint08Address`) and the factory at
 * 0x13E9…5944. {@link accountAbstractionAddresses} computes both from the artifacts; the deploy
 * checks that code is there afterwards. Deploying twice is a no-op (the code is already there).
 *
 * Callers may pass the folder the artifacts resolve from (see ./artifacts.ts).
 */
import { concat, encodeDeployData, getContractAddress, toHex, type Account, type Address, type Hex } from 'viem';
import { DeployError, loadArtifacts, type Artifact } from './artifacts';
import { openLocalChain } from './localChain';

export interface AaArtifacts {
  readonly entryPoint: Artifact;
  readonly factory: Artifact;
  /** The account the factory deploys (abi only is used: execute, executeBatch, owner). */
  readonly account: Artifact;
}

export interface AccountAbstractionAddresses {
  readonly entryPoint: Address;
  readonly factory: Address;
}

export interface DeployedAccountAbstraction extends AccountAbstractionAddresses {
  readonly chainId: number;
  /** Transactions sent (0 when both were already deployed). */
  readonly transactions: number;
  readonly ms: number;
}

/** The deterministic deployment proxy (Arachnid's CREATE2 factory): anvil has it at genesis. */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
/** The salt of the public EntryPoint v0.8 deployment. */
export const ENTRY_POINT_08_SALT: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9';
/** The salt of the public SimpleAccountFactory v0.8 deployment. */
export const SIMPLE_ACCOUNT_FACTORY_08_SALT: Hex = toHex(0n, { size: 32 });
/** Where the public deployments are (and where the artifacts land with the salts above). */
export const ENTRY_POINT_08: Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108';
export const SIMPLE_ACCOUNT_FACTORY_08: Address = '0x13E9ed32155810FDbd067D4522C492D6f68E5944';

export class AccountAbstractionDeployError extends DeployError {}

const ARTIFACT_PATHS = {
  entryPoint: '@account-abstraction/contracts/artifacts/EntryPoint.json',
  factory: '@account-abstraction/contracts/artifacts/SimpleAccountFactory.json',
  account: '@account-abstraction/contracts/artifacts/SimpleAccount.json',
} as const;

/** Reads the published artifacts (abi + creation bytecode). */
export function loadAccountAbstractionArtifacts(resolveFrom?: string): AaArtifacts {
  return loadArtifacts(ARTIFACT_PATHS, AccountAbstractionDeployError, resolveFrom);
}

/** The init code the deployment proxy runs for each contract (the factory's takes the EntryPoint's address). */
function initCodes(artifacts: AaArtifacts): { entryPoint: Hex; factory: Hex } {
  const entryPoint = artifacts.entryPoint.bytecode;
  const entryPointAddress = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: ENTRY_POINT_08_SALT, bytecode: entryPoint });
  const factory = encodeDeployData({ abi: artifacts.factory.abi, bytecode: artifacts.factory.bytecode, args: [entryPointAddress] });
  return { entryPoint, factory };
}

/** Where the EntryPoint and the factory land through the deployment proxy with the public salts. */
export function accountAbstractionAddresses(artifacts: AaArtifacts): AccountAbstractionAddresses {
  const codes = initCodes(artifacts);
  return {
    entryPoint: getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: ENTRY_POINT_08_SALT, bytecode: codes.entryPoint }),
    factory: getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: SIMPLE_ACCOUNT_FACTORY_08_SALT, bytecode: codes.factory }),
  };
}

export interface DeployAccountAbstractionOptions {
  readonly rpcUrl: string;
  readonly chainId: number;
  /** Who pays for the two deployments: an unlocked account of the node or a local account with a key (any funded one: the addresses do not depend on it). */
  readonly from: Address | Account;
  /** Folder @account-abstraction/contracts resolves from (default: the working directory). */
  readonly resolveFrom?: string;
}

/**
 * Deploys the EntryPoint v0.8, then the SimpleAccountFactory, through the deployment proxy (each
 * skipped when its code is already there), and checks that both have code at the public addresses.
 */
export async function deployAccountAbstraction(options: DeployAccountAbstractionOptions): Promise<DeployedAccountAbstraction> {
  const started = Date.now();
  const artifacts = loadAccountAbstractionArtifacts(options.resolveFrom);
  const addresses = accountAbstractionAddresses(artifacts);
  if (addresses.entryPoint !== ENTRY_POINT_08 || addresses.factory !== SIMPLE_ACCOUNT_FACTORY_08) {
    throw new AccountAbstractionDeployError(
      `the published artifacts land at ${addresses.entryPoint} / ${addresses.factory}, not at the public v0.8 addresses ${ENTRY_POINT_08} / ${SIMPLE_ACCOUNT_FACTORY_08}`,
    );
  }
  const { hashes, wallet, send, confirmAll, hasCode, requireCode } = await openLocalChain(options.rpcUrl, options.chainId, (m) => new AccountAbstractionDeployError(m));
  if (!(await hasCode(DETERMINISTIC_DEPLOYER))) {
    throw new AccountAbstractionDeployError(`the chain has no deterministic deployment proxy at ${DETERMINISTIC_DEPLOYER} (anvil has it unless started with --disable-default-create2-deployer)`);
  }
  const codes = initCodes(artifacts);
  const w = wallet(options.from);
  // anvil mines each transaction as it arrives, in order: the factory's constructor finds the EntryPoint
  if (!(await hasCode(addresses.entryPoint))) {
    await send(w.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: concat([ENTRY_POINT_08_SALT, codes.entryPoint]) } as never));
  }
  if (!(await hasCode(addresses.factory))) {
    await send(w.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: concat([SIMPLE_ACCOUNT_FACTORY_08_SALT, codes.factory]) } as never));
  }
  await confirmAll('account abstraction');
  await requireCode({ ...addresses });
  return { chainId: options.chainId, ...addresses, transactions: hashes.length, ms: Date.now() - started };
}
