/**
 * docs/connection.md#session-methods: sign-in over the universal provider only when all chains are
 * eip155. Pure; the sign-in flow itself consults it.
 */

/** A configured network, or its CAIP-2 id ('eip155:1', 'solana:5eyk…'). */
export type SignInChain = { readonly chainNamespace: string } | string;

function namespaceOf(chain: SignInChain): string {
  return typeof chain === 'string' ? chain.split(':')[0]! : chain.chainNamespace;
}

/**
 * True when sign-in may go through the universal provider (one WalletConnect session):
 * there is at least one chain and every chain is eip155. A single Solana or Bitcoin chain
 * makes it false; so does an empty list (nothing to sign in on).
 */
export function canSignInOverUniversalProvider(networks: readonly SignInChain[]): boolean {
  return networks.length > 0 && networks.every((n) => namespaceOf(n) === 'eip155');
}
