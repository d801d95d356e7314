/**
 * The ENS reads of ./ens behind a dynamic import: viem's ENS helpers and the ENSIP-15
 * normalization tables (tens of KiB) load on the first call, not with the plugin code that
 * imports `latchkey/eip155` (the evm plugin's adapter, the send form).
 */
import type { EnsContracts } from './ensContracts';
import type { EnsIdentity, EnsResolution, EnsTransport } from './ens';

/** The address `name` resolves to (normalized first), and its avatar; see ./ens. */
export async function resolveEnsName(transport: EnsTransport, contracts: EnsContracts, name: string): Promise<EnsResolution> {
  return (await import('./ens')).resolveEnsName(transport, contracts, name);
}

/** The primary name of `address` (counted only when it resolves back) and its avatar; see ./ens. */
export async function lookupEnsIdentity(transport: EnsTransport, contracts: EnsContracts, address: string): Promise<EnsIdentity> {
  return (await import('./ens')).lookupEnsIdentity(transport, contracts, address);
}
