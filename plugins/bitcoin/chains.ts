/**
 * Bitcoin chain ids: wallet-standard names (`bitcoin:mainnet`, `bitcoin:testnet`, …) and the
 * sats-connect network names (`Mainnet`, `Testnet`, …) ↔ the kernel's CAIP-2 ids
 * (`bip122:` + the first 32 hex characters of the genesis block hash).
 */
import type { CaipNetwork } from 'latchkey';
import type { BitcoinAddressNetwork } from './address';

/** Genesis references (CAIP-2) by wallet-standard chain name. */
export const BITCOIN_CHAINS: Readonly<Record<string, { readonly ref: string; readonly addresses: BitcoinAddressNetwork; readonly sats: string }>> = Object.freeze({
  mainnet: { ref: '000000000019d6689c085ae165831e93', addresses: 'mainnet', sats: 'Mainnet' },
  testnet: { ref: '000000000933ea01ad0ee984209779ba', addresses: 'testnet', sats: 'Testnet' },
  testnet4: { ref: '00000000da84f2bafbbc53dee25a72ae', addresses: 'testnet', sats: 'Testnet4' },
  signet: { ref: '00000008819873e925422c1ff0f99f7c', addresses: 'testnet', sats: 'Signet' },
  regtest: { ref: '0f9188f13cb7b2c71f2a335e3a4fc328', addresses: 'regtest', sats: 'Regtest' },
});

/** The chain name (`testnet`, …) of a CAIP-2 reference, or undefined. */
export function chainNameOf(ref: string): string | undefined {
  return Object.keys(BITCOIN_CHAINS).find((k) => BITCOIN_CHAINS[k]!.ref === ref);
}

/** CAIP-2 reference for a wallet-standard chain id (`bitcoin:testnet`) or a sats-connect name (`Testnet`). */
export function refOfWalletChain(chain: unknown): string | undefined {
  if (typeof chain !== 'string') return undefined;
  const name = chain.startsWith('bitcoin:') ? chain.slice('bitcoin:'.length) : chain;
  const entry = BITCOIN_CHAINS[name] ?? Object.values(BITCOIN_CHAINS).find((c) => c.sats === name);
  return entry?.ref;
}

/** Which addresses a network uses (from its CAIP-2 reference); mainnet when unknown. */
export function addressNetworkOf(network: CaipNetwork): BitcoinAddressNetwork {
  const name = chainNameOf(String(network.id));
  return name ? BITCOIN_CHAINS[name]!.addresses : network.testnet ? 'testnet' : 'mainnet';
}
