/**
 * Bitcoin address validation with checksums, no library: bech32 (BIP-173, SegWit v0) and
 * bech32m (BIP-350, v1+ such as Taproot) for `bc1…` / `tb1…` / `bcrt1…`, and base58check for
 * legacy P2PKH / P2SH (`1…` / `3…`, `m…` / `n…` / `2…`). Inputs are bounded (at most 90
 * characters), so a hostile string costs nothing.
 */

/** Which chain an address belongs to: signet and testnet4 share testnet's encodings. */
export type BitcoinAddressNetwork = 'mainnet' | 'testnet' | 'regtest';

const MAX_ADDRESS = 90;
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;
const HRP: Readonly<Record<BitcoinAddressNetwork, string>> = { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' };
/** base58check version bytes: P2PKH, P2SH. Regtest uses testnet's. */
const VERSIONS: Readonly<Record<BitcoinAddressNetwork, readonly number[]>> = { mainnet: [0x00, 0x05], testnet: [0x6f, 0xc4], regtest: [0x6f, 0xc4] };

function polymod(values: readonly number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const c of hrp) out.push(c.charCodeAt(0) >> 5);
  out.push(0);
  for (const c of hrp) out.push(c.charCodeAt(0) & 31);
  return out;
}

/** The witness program of a segwit address for `hrp`, or undefined. */
function decodeSegwit(address: string, hrp: string): { version: number; program: number[] } | undefined {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined;
  const a = address.toLowerCase();
  const sep = a.lastIndexOf('1');
  if (a.slice(0, sep) !== hrp || a.length - sep - 1 < 7) return undefined;
  const data: number[] = [];
  for (const c of a.slice(sep + 1)) {
    const v = BECH32_CHARSET.indexOf(c);
    if (v < 0) return undefined;
    data.push(v);
  }
  const version = data[0]!;
  if (version > 16) return undefined;
  const check = polymod([...hrpExpand(hrp), ...data]);
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST)) return undefined;
  // 5-bit groups → bytes, no leftover bits beyond padding
  let acc = 0;
  let bits = 0;
  const program: number[] = [];
  for (const v of data.slice(1, -6)) {
    acc = (acc << 5) | v;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      program.push((acc >> bits) & 0xff);
    }
  }
  if (bits >= 5 || ((acc << (8 - bits)) & 0xff) !== 0) return undefined;
  if (program.length < 2 || program.length > 40) return undefined;
  if (version === 0 && program.length !== 20 && program.length !== 32) return undefined;
  return { version, program };
}

// --- SHA-256 (FIPS 180-4), for base58check only --------------------------------

const K = /*#__PURE__*/ Uint32Array.from(
  '428a2f98 71374491 b5c0fbcf e9b5dba5 3956c25b 59f111f1 923f82a4 ab1c5ed5 d807aa98 12835b01 243185be 550c7dc3 72be5d74 80deb1fe 9bdc06a7 c19bf174 e49b69c1 efbe4786 0fc19dc6 240ca1cc 2de92c6f 4a7484aa 5cb0a9dc 76f988da 983e5152 a831c66d b00327c8 bf597fc7 c6e00bf3 d5a79147 06ca6351 14292967 27b70a85 2e1b2138 4d2c6dfc 53380d13 650a7354 766a0abb 81c2c92e 92722c85 a2bfe8a1 a81a664b c24b8b70 c76c51a3 d192e819 d6990624 f40e3585 106aa070 19a4c116 1e376c08 2748774c 34b0bcb5 391c0cb3 4ed8aa4a 5b9cca4f 682e6ff3 748f82ee 78a5636f 84c87814 8cc70208 90befffa a4506ceb bef9a3f7 c67178f2'
    .split(' ')
    .map((h) => parseInt(h, 16)),
);

export function sha256(msg: Uint8Array): Uint8Array {
  const h = Uint32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const len = Math.ceil((msg.length + 9) / 64) * 64;
  const buf = new Uint8Array(len);
  buf.set(msg);
  buf[msg.length] = 0x80;
  const view = new DataView(buf.buffer);
  view.setUint32(len - 4, (msg.length * 8) >>> 0);
  view.setUint32(len - 8, Math.floor((msg.length * 8) / 2 ** 32));
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < len; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15]!, 7) ^ rotr(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3);
      const s1 = rotr(w[i - 2]!, 17) ^ rotr(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh! + (rotr(e!, 6) ^ rotr(e!, 11) ^ rotr(e!, 25)) + ((e! & f!) ^ (~e! & g!)) + K[i]! + w[i]!) | 0;
      const t2 = ((rotr(a!, 2) ^ rotr(a!, 13) ^ rotr(a!, 22)) + ((a! & b!) ^ (a! & c!) ^ (b! & c!))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d! + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = (h[i]! + v!) | 0));
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  h.forEach((v, i) => ov.setUint32(i * 4, v));
  return out;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58checkPayload(address: string): Uint8Array | undefined {
  let n = 0n;
  let zeros = 0;
  while (zeros < address.length && address[zeros] === '1') zeros++;
  for (const ch of address) {
    const v = BASE58.indexOf(ch);
    if (v < 0) return undefined;
    n = n * 58n + BigInt(v);
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  const bytes = Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
  if (bytes.length !== 25) return undefined;
  const payload = bytes.subarray(0, 21);
  const check = sha256(sha256(payload));
  for (let i = 0; i < 4; i++) if (check[i] !== bytes[21 + i]) return undefined;
  return payload;
}

/** The network an address belongs to (regtest's legacy addresses read as testnet), or undefined when it is no valid address. */
export function bitcoinAddressNetwork(address: unknown): BitcoinAddressNetwork | undefined {
  if (typeof address !== 'string' || address.length < 14 || address.length > MAX_ADDRESS) return undefined;
  for (const network of ['regtest', 'mainnet', 'testnet'] as const) {
    if (address.toLowerCase().startsWith(`${HRP[network]}1`)) return decodeSegwit(address, HRP[network]) ? network : undefined;
  }
  const payload = base58checkPayload(address);
  if (!payload) return undefined;
  if (VERSIONS.mainnet.includes(payload[0]!)) return 'mainnet';
  if (VERSIONS.testnet.includes(payload[0]!)) return 'testnet';
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
