/**
 * ENS on a local anvil chain, from the compiled artifacts that `@ensdomains/ens@0.6.2` (the
 * registry, `ENSRegistry`) and `@ensdomains/resolver@0.3.1` (`PublicResolver`, `ReverseRegistrar`)
 * publish: nothing is recompiled, so the contracts are the published ones byte for byte.
 *
 * The deployer (anvil's last dev account, the dev contracts' deployer) owns the root, creates
 * `eth` and `addr.reverse`, and writes each dev name's records itself as the owner of the node
 * at the time: the forward record (`addr`, the `avatar` text) on the public resolver, then the
 * reverse record (`name` on `<address>.addr.reverse`), and gives each name to its account. The
 * named accounts send nothing, so their balances and nonces are those of a fresh chain (tests
 * read them exactly). Last, `addr.reverse` goes to the reverse registrar, so any other account
 * sets its own primary name the usual way (`setName`).
 *
 * Callers may pass the folder the artifacts resolve from (see ./artifacts.ts).
 */
import { getAddress, getContractAddress, labelhash, namehash, zeroHash, type Address, type Hex } from 'viem';
import { DeployError, loadArtifacts, type Artifact } from './artifacts';
import { openLocalChain } from './localChain';

/** A name the stack registers for a dev account (by its index in `eth_accounts`). */
export interface DevEnsName {
  readonly name: string;
  readonly account: number;
  /** The `avatar` text record, when the name has one. */
  readonly avatar?: string;
}

/** A small SVG (a disc on a square), as a data: URL: an avatar the stack serves with no server at all. */
export const DEV_AVATAR =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#3b6cf6"/><circle cx="32" cy="26" r="12" fill="#fff"/><rect x="14" y="42" width="36" height="16" rx="8" fill="#fff"/></svg>',
  ).toString('base64');

/**
 * The dev stack's names. Accounts 4 and 5: account 0 is what most e2e files connect with and read
 * on the account button as an address, account 6 is the names test's; 4 and 5 show no name elsewhere.
 */
export const DEV_ENS_NAMES: readonly DevEnsName[] = [
  { name: 'alice.eth', account: 4, avatar: DEV_AVATAR },
  { name: 'bob.eth', account: 5 },
];

export interface EnsArtifacts {
  readonly registry: Artifact;
  readonly resolver: Artifact;
  readonly reverseRegistrar: Artifact;
}

export interface DevEns {
  readonly chainId: number;
  readonly registry: Address;
  readonly publicResolver: Address;
  readonly reverseRegistrar: Address;
  readonly deployer: Address;
  /** The names registered, with the address each resolves to. */
  readonly names: readonly (DevEnsName & { readonly address: Address })[];
  readonly transactions: number;
  readonly ms: number;
}

export class EnsDeployError extends DeployError {}

const ARTIFACT_PATHS = {
  registry: '@ensdomains/ens/build/contracts/ENSRegistry.json',
  resolver: '@ensdomains/resolver/build/contracts/PublicResolver.json',
  reverseRegistrar: '@ensdomains/resolver/build/contracts/ReverseRegistrar.json',
} as const;

/** Reads the published truffle artifacts (abi + creation bytecode). */
export function loadEnsArtifacts(resolveFrom?: string): EnsArtifacts {
  return loadArtifacts(ARTIFACT_PATHS, EnsDeployError, resolveFrom);
}

/** The reverse node of `address`: namehash('<lower-case hex, no 0x>.addr.reverse'). */
function reverseNode(address: Address): Hex {
  return namehash(`${address.slice(2).toLowerCase()}.addr.reverse`);
}

export interface DeployEnsOptions {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly names?: readonly DevEnsName[];
  /** Folder the @ensdomains packages resolve from (default: the working directory). */
  readonly resolveFrom?: string;
}

/** Deploys the registry, the public resolver and the reverse registrar, and registers `names` (default {@link DEV_ENS_NAMES}). */
export async function deployEns(options: DeployEnsOptions): Promise<DevEns> {
  const started = Date.now();
  const artifacts = loadEnsArtifacts(options.resolveFrom);
  const names = options.names ?? DEV_ENS_NAMES;
  const { client, accounts, hashes, wallet, send, confirmAll, requireCode } = await openLocalChain(options.rpcUrl, options.chainId, (m) => new EnsDeployError(m));
  const deployer = accounts[accounts.length - 1]!;
  for (const n of names) if (!accounts[n.account]) throw new EnsDeployError(`the node has no account ${n.account} for ${n.name}`);
  const w = wallet(deployer);
  // anvil mines each transaction as it arrives, in order: the contracts land at the deployer's next nonces
  let nonce = await client.getTransactionCount({ address: deployer });
  const deploy = async (artifact: Artifact, args: readonly unknown[]): Promise<Address> => {
    await send(w.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args } as never));
    return getContractAddress({ from: deployer, nonce: BigInt(nonce++) });
  };
  const registry = await deploy(artifacts.registry, []);
  const publicResolver = await deploy(artifacts.resolver, [registry]);
  // before addr.reverse exists: its constructor asks the owner of addr.reverse (an older registrar) to hand over
  const reverseRegistrar = await deploy(artifacts.reverseRegistrar, [registry, publicResolver]);
  const write = (address: Address, abi: Artifact['abi'], functionName: string, args: readonly unknown[]) =>
    send(w.writeContract({ address, abi, functionName, args } as never));
  const onRegistry = (fn: string, args: readonly unknown[]) => write(registry, artifacts.registry.abi, fn, args);
  const onResolver = (fn: string, args: readonly unknown[]) => write(publicResolver, artifacts.resolver.abi, fn, args);
  await onRegistry('setSubnodeOwner', [zeroHash, labelhash('eth'), deployer]);
  await onRegistry('setSubnodeOwner', [zeroHash, labelhash('reverse'), deployer]);
  await onRegistry('setSubnodeOwner', [namehash('reverse'), labelhash('addr'), deployer]);
  const registered: (DevEnsName & { address: Address })[] = [];
  for (const n of names) {
    const [label, parent] = [n.name.slice(0, n.name.indexOf('.')), n.name.slice(n.name.indexOf('.') + 1)];
    if (parent !== 'eth') throw new EnsDeployError(`${n.name}: only names under eth are registered here`);
    const address = accounts[n.account]!;
    const node = namehash(n.name);
    await onRegistry('setSubnodeRecord', [namehash('eth'), labelhash(label), deployer, publicResolver, 0n]);
    await onResolver('setAddr', [node, address]);
    if (n.avatar) await onResolver('setText', [node, 'avatar', n.avatar]);
    await onRegistry('setOwner', [node, address]);
    // the primary name: the reverse node, written while the deployer owns addr.reverse
    const reverse = reverseNode(address);
    await onRegistry('setSubnodeRecord', [namehash('addr.reverse'), labelhash(address.slice(2).toLowerCase()), deployer, publicResolver, 0n]);
    await onResolver('setName', [reverse, n.name]);
    await onRegistry('setOwner', [reverse, address]);
    registered.push({ ...n, address });
  }
  await onRegistry('setSubnodeOwner', [namehash('reverse'), labelhash('addr'), reverseRegistrar]);
  await confirmAll('ENS');
  await requireCode({ registry, publicResolver, reverseRegistrar });
  const owner = (await client.readContract({ address: registry, abi: artifacts.registry.abi, functionName: 'owner', args: [namehash('addr.reverse')] })) as Address;
  if (getAddress(owner) !== reverseRegistrar) throw new EnsDeployError(`addr.reverse is owned by ${owner}, expected the reverse registrar ${reverseRegistrar}`);
  return { chainId: options.chainId, registry, publicResolver, reverseRegistrar, deployer, names: registered, transactions: hashes.length, ms: Date.now() - started };
}
