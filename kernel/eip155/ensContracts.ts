/**
 * Where ENS lives on a network, and whether a network's identity is looked up at all
 * (docs/connection.md#account-sync): the rule the evm plugin (the account's name and avatar) and
 * the send plugin (a name typed as receiver) share. No ENS code here: the resolution is in ./ens.
 */
import type { CaipNetwork } from '../types';

/** The ENS contracts resolution starts from. A Universal Resolver is used when known; else the registry. */
export interface EnsContracts {
  readonly universalResolver?: `0x${string}`;
  readonly registry?: `0x${string}`;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * ENS's Universal Resolver on Ethereum mainnet: viem's `mainnet.contracts.ensUniversalResolver`
 * (ensContracts.test.ts checks they agree). Not imported from `viem/chains`, whose index brings
 * every chain's configuration (Tempo's with a WebAssembly miner) into the importing chunk.
 */
export const MAINNET_ENS_UNIVERSAL_RESOLVER = '0xeeeeeeee14d718c2b47d9923deab1335e144eeee';
const MAINNET_CHAIN_ID = 1;

function address(entry: { readonly address?: unknown } | undefined): `0x${string}` | undefined {
  return typeof entry?.address === 'string' && ADDRESS.test(entry.address) ? (entry.address as `0x${string}`) : undefined;
}

/**
 * The ENS contracts of `network`, or undefined when its identity is not looked up:
 * - eip155 networks only;
 * - the network's own `contracts.ensUniversalResolver` / `contracts.ensRegistry` (viem's chain
 *   shape): configuring them is the host's opt-in, so such a network resolves even when it is
 *   marked `testnet` (the dev stack's chain 31337 names its registry so);
 * - Ethereum mainnet (`eip155:1`, not marked testnet) with nothing configured: viem's mainnet
 *   Universal Resolver, so a host on mainnet has names with no configuration;
 * - any other network, a testnet without ENS configured included, has none (the profile stays
 *   cleared, per the account-sync rule that skips testnet identities).
 */
export function ensContracts(network: CaipNetwork | undefined): EnsContracts | undefined {
  if (!network || network.chainNamespace !== 'eip155') return undefined;
  const universalResolver = address(network.contracts?.ensUniversalResolver);
  const registry = address(network.contracts?.ensRegistry);
  if (universalResolver || registry) return { ...(universalResolver ? { universalResolver } : {}), ...(registry ? { registry } : {}) };
  if (Number(network.id) === MAINNET_CHAIN_ID && !network.testnet) return { universalResolver: MAINNET_ENS_UNIVERSAL_RESOLVER };
  return undefined;
}

