/**
 * Bitcoin address validation with checksums, on audited codecs: bech32 (BIP-173, SegWit v0) and
 * bech32m (BIP-350, v1+ such as Taproot) from @scure/base for `bc1…` / `tb1…` / `bcrt1…`, and
 * base58check (latchkey/encoding) for legacy P2PKH / P2SH (`1…` / `3…`, `m…` / `n…` / `2…`).
 * Inputs are bounded (at most 90 characters), so a hostile string costs nothing.
 */
import { bech32, bech32m } from '@scure/base';
import { base58checkDecode } from 'latchkey/encoding';

/** Which chain an address belongs to: signet and testnet4 share testnet's encodings. */
export type BitcoinAddressNetwork = 'mainnet' | 'testnet' | 'regtest';

const MAX_ADDRESS = 90;
const HRP: Readonly<Record<BitcoinAddressNetwork, string>> = { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' };
/** base58check version bytes: P2PKH, P2SH. Regtest uses testnet's. */
const VERSIONS: Readonly<Record<BitcoinAddressNetwork, readonly number[]>> = { mainnet: [0x00, 0x05], testnet: [0x6f, 0xc4], regtest: [0x6f, 0xc4] };

/**
 * True for a segwit address of `hrp`: witness version 0 under bech32's checksum, 1 to 16 under
 * bech32m's (the library refuses mixed case, characters outside the charset and bad checksums),
 * a program of 2 to 40 bytes without leftover bits, and 20 or 32 bytes for version 0.
 */
function isSegwit(address: string, hrp: string): boolean {
  for (const [codec, v0] of [[bech32, true], [bech32m, false]] as const) {
    const decoded = codec.decodeUnsafe(address, MAX_ADDRESS);
    const version = decoded?.words[0];
    if (decoded?.prefix !== hrp || version === undefined || (version === 0) !== v0 || version > 16) continue;
    const program = codec.fromWordsUnsafe(decoded.words.slice(1));
    if (!program || program.length < 2 || program.length > 40) return false;
    return version !== 0 || program.length === 20 || program.length === 32;
  }
  return false;
}

/** The version byte of a legacy (base58check) address, or undefined. */
function legacyVersion(address: string): number | undefined {
  try {
    const payload = base58checkDecode(address, MAX_ADDRESS);
    return payload.length === 21 ? payload[0] : undefined;
  } catch {
    return undefined; // not base58, or a bad checksum
  }
}

/** The network an address belongs to (regtest's legacy addresses read as testnet), or undefined when it is no valid address. */
export function bitcoinAddressNetwork(address: unknown): BitcoinAddressNetwork | undefined {
  if (typeof address !== 'string' || address.length < 14 || address.length > MAX_ADDRESS) return undefined;
  for (const network of ['regtest', 'mainnet', 'testnet'] as const) {
    if (address.toLowerCase().startsWith(`${HRP[network]}1`)) return isSegwit(address, HRP[network]) ? network : undefined;
  }
  const version = legacyVersion(address);
  if (version === undefined) return undefined;
  if (VERSIONS.mainnet.includes(version)) return 'mainnet';
  if (VERSIONS.testnet.includes(version)) return 'testnet';
  return undefined;
}

/**
 * True for a valid address (checksum included); with `network`, one of that network
 * (a legacy testnet address is also a regtest address).
 */
export function isBitcoinAddress(address: unknown, network?: BitcoinAddressNetwork): boolean {
  const found = bitcoinAddressNetwork(address);
  if (!found) return false;
  if (!network) return true;
  if (found === network) return true;
  // legacy (base58) testnet and regtest addresses are the same
  return network === 'regtest' && found === 'testnet' && !String(address).toLowerCase().startsWith('tb1');
}
