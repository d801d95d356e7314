/**
 * ENS reads through a kernel transport (RpcTransport.forNetwork: never the wallet), on viem's ENS
 * helpers: names normalized with `normalize` (ENSIP-15) and hashed with `namehash`, avatar records
 * turned into image URLs with `parseAvatarRecord`. With a Universal Resolver (mainnet, or a
 * network that names one) viem's `getEnsName` / `getEnsAddress` / `getEnsAvatar` do the work; with
 * only a registry (the dev stack) the classic path: `registry.resolver(node)`, then the resolver's
 * `addr`, `name` and `text`, and a primary name counts only when it resolves back to the address.
 *
 * A name that has no resolver, no record or a reverting resolver reads as null; a failing node
 * (the transport's error) is thrown.
 */
import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  createClient,
  custom,
  getAddress,
  isAddress,
  parseAbi,
  zeroAddress,
  type Address,
  type Client,
  type Hex,
} from 'viem';
import { readContract } from 'viem/actions';
import { getEnsAddress, getEnsAvatar, getEnsName, namehash, normalize, parseAvatarRecord } from 'viem/ens';
import type { EnsContracts } from './ensContracts';

/** The slice of a kernel transport (RpcTransport.forNetwork) the reads use. */
export interface EnsTransport {
  request<T = unknown>(request: { readonly method: string; readonly params?: unknown }): Promise<T>;
}

/** A primary name and its avatar (an image URL), each null when there is none. */
export interface EnsIdentity {
  readonly name: string | null;
  readonly avatar: string | null;
}

/** A name looked up: normalized, the address it resolves to (null when none), and its avatar. */
export interface EnsResolution {
  readonly name: string;
  readonly address: Address | null;
  readonly avatar: string | null;
}

const REGISTRY_ABI = parseAbi(['function resolver(bytes32 node) view returns (address)']);
const RESOLVER_ABI = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function name(bytes32 node) view returns (string)',
  'function text(bytes32 node, string key) view returns (string)',
]);

function clientOf(transport: EnsTransport): Client {
  // no retries here: the kernel's transport has its own policy
  return createClient({ transport: custom({ request: (args) => transport.request(args as never) }, { retryCount: 0 }) });
}

/** A contract that reverted or answered nothing: "no record" rather than a failure. */
function isNoRecord(err: unknown): boolean {
  if (!(err instanceof BaseError)) return false;
  return Boolean(err.walk((e) => e instanceof ContractFunctionRevertedError || e instanceof ContractFunctionZeroDataError));
}

async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (isNoRecord(err)) return null;
    throw err;
  }
}

/** ENSIP-15 normalization; null for a name that cannot be normalized (it has no records then). */
export function normalizeEnsName(name: string): string | null {
  try {
    return normalize(name.trim());
  } catch {
    return null;
  }
}

async function resolverOf(client: Client, registry: Address, node: Hex): Promise<Address | null> {
  const resolver = await orNull(readContract(client, { address: registry, abi: REGISTRY_ABI, functionName: 'resolver', args: [node] }));
  return resolver && resolver !== zeroAddress ? resolver : null;
}

async function avatarOf(client: Client, record: string | null | undefined): Promise<string | null> {
  if (!record) return null;
  try {
    return await parseAvatarRecord(client, { record });
  } catch {
    return null; // a record that is no image URL (or an NFT that cannot be read) shows no avatar
  }
}

/** Registry path: the forward record and the avatar text of a normalized name. */
async function registryForward(client: Client, registry: Address, name: string, withAvatar: boolean): Promise<{ address: Address | null; avatar: string | null }> {
  const node = namehash(name);
  const resolver = await resolverOf(client, registry, node);
  if (!resolver) return { address: null, avatar: null };
  const read = (functionName: 'addr' | 'text', args: readonly unknown[]) =>
    orNull(readContract(client, { address: resolver, abi: RESOLVER_ABI, functionName, args } as never) as Promise<string>);
  const [addr, record] = await Promise.all([read('addr', [node]), withAvatar ? read('text', [node, 'avatar']) : null]);
  const address = addr && isAddress(addr) && addr !== zeroAddress ? getAddress(addr) : null;
  return { address, avatar: address ? await avatarOf(client, record) : null };
}

/** The address `name` resolves to, and its avatar. A name that does not normalize resolves to nothing. */
export async function resolveEnsName(transport: EnsTransport, contracts: EnsContracts, name: string): Promise<EnsResolution> {
  const normalized = normalizeEnsName(name);
  if (!normalized) return { name: name.trim(), address: null, avatar: null };
  const client = clientOf(transport);
  if (contracts.universalResolver) {
    const universalResolverAddress = contracts.universalResolver;
    const address = await getEnsAddress(client, { name: normalized, universalResolverAddress });
    const avatar = address ? await getEnsAvatar(client, { name: normalized, universalResolverAddress }).catch(() => null) : null;
    return { name: normalized, address: address ? getAddress(address) : null, avatar };
  }
  if (!contracts.registry) return { name: normalized, address: null, avatar: null };
  return { name: normalized, ...(await registryForward(client, contracts.registry, normalized, true)) };
}

/**
 * The primary name of `address` and its avatar. A reverse record counts only when it is a
 * normalized name whose forward record is `address` again (anyone may write any name in their
 * own reverse record).
 */
export async function lookupEnsIdentity(transport: EnsTransport, contracts: EnsContracts, address: string): Promise<EnsIdentity> {
  if (!isAddress(address, { strict: false })) return { name: null, avatar: null };
  const client = clientOf(transport);
  if (contracts.universalResolver) {
    const universalResolverAddress = contracts.universalResolver;
    const name = await getEnsName(client, { address: getAddress(address), universalResolverAddress });
    const avatar = name ? await getEnsAvatar(client, { name, universalResolverAddress }).catch(() => null) : null;
    return { name: name ?? null, avatar };
  }
  if (!contracts.registry) return { name: null, avatar: null };
  const reverse = namehash(`${address.slice(2).toLowerCase()}.addr.reverse`);
  const resolver = await resolverOf(client, contracts.registry, reverse);
  if (!resolver) return { name: null, avatar: null };
  const claimed = await orNull(readContract(client, { address: resolver, abi: RESOLVER_ABI, functionName: 'name', args: [reverse] }));
  if (!claimed || normalizeEnsName(claimed) !== claimed) return { name: null, avatar: null };
  const forward = await registryForward(client, contracts.registry, claimed, true);
  if (!forward.address || forward.address.toLowerCase() !== address.toLowerCase()) return { name: null, avatar: null };
  return { name: claimed, avatar: forward.avatar };
}
