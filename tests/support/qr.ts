/**
 * A QR code reader for tests, written from ISO/IEC 18004 and independent of the encoder the
 * plugins use (`qrcode`): so "the QR decodes to the address" is checked by a second
 * implementation. It reads a module grid (from pixels, or from an SVG of 1×1 squares), then
 * the format information (BCH, nearest valid code), unmasks, reads the codewords in the
 * zig-zag order, de-interleaves the blocks, checks every block's Reed-Solomon syndromes
 * (a misread grid fails instead of decoding to something else), and parses numeric,
 * alphanumeric and byte segments. Versions 1-10 (an address needs at most 4).
 */

type Grid = readonly (readonly boolean[])[];

/** EC codewords per block and the block groups [count, data codewords] per version (1-10) and level. */
const BLOCKS: Record<number, Record<'L' | 'M' | 'Q' | 'H', [number, ...[number, number][]]>> = {
  1: { L: [7, [1, 19]], M: [10, [1, 16]], Q: [13, [1, 13]], H: [17, [1, 9]] },
  2: { L: [10, [1, 34]], M: [16, [1, 28]], Q: [22, [1, 22]], H: [28, [1, 16]] },
  3: { L: [15, [1, 55]], M: [26, [1, 44]], Q: [18, [2, 17]], H: [22, [2, 13]] },
  4: { L: [20, [1, 80]], M: [18, [2, 32]], Q: [26, [2, 24]], H: [16, [4, 9]] },
  5: { L: [26, [1, 108]], M: [24, [2, 43]], Q: [18, [2, 15], [2, 16]], H: [22, [2, 11], [2, 12]] },
  6: { L: [18, [2, 68]], M: [16, [4, 27]], Q: [24, [4, 19]], H: [28, [4, 15]] },
  7: { L: [20, [2, 78]], M: [18, [4, 31]], Q: [18, [2, 14], [4, 15]], H: [26, [4, 13], [1, 14]] },
  8: { L: [24, [2, 97]], M: [22, [2, 38], [2, 39]], Q: [22, [4, 18], [2, 19]], H: [26, [4, 14], [2, 15]] },
  9: { L: [30, [2, 116]], M: [22, [3, 36], [2, 37]], Q: [20, [4, 16], [4, 17]], H: [24, [4, 12], [4, 13]] },
  10: { L: [18, [2, 68], [2, 69]], M: [26, [4, 43], [1, 44]], Q: [24, [6, 19], [2, 20]], H: [28, [6, 15], [2, 16]] },
};

const EC_LEVELS = ['M', 'L', 'H', 'Q'] as const; // by the two format bits 00, 01, 10, 11
const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

export class QrReadError extends Error {
  override name = 'QrReadError';
}

/** The 15-bit format code of 5 data bits: BCH(15,5) with generator 0x537, masked with 0x5412. */
function formatCode(data: number): number {
  let rem = data << 10;
  for (let i = 14; i >= 10; i--) if ((rem >> i) & 1) rem ^= 0x537 << (i - 10);
  return ((data << 10) | rem) ^ 0x5412;
}

function popcount(n: number): number {
  let c = 0;
  for (; n; n &= n - 1) c++;
  return c;
}

/** Alignment pattern centres of a version (the standard's spacing rule). */
function alignmentCentres(version: number): number[] {
  if (version === 1) return [];
  const size = version * 4 + 17;
  const count = Math.floor(version / 7) + 2;
  const step = Math.ceil((size - 13) / (count * 2 - 2)) * 2;
  const out = [6];
  for (let pos = size - 7; out.length < count; pos -= step) out.splice(1, 0, pos);
  return out;
}

function functionModules(version: number): boolean[][] {
  const n = version * 4 + 17;
  const f = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  const box = (r0: number, c0: number, h: number, w: number) => {
    for (let r = r0; r < r0 + h; r++) for (let c = c0; c < c0 + w; c++) if (r >= 0 && c >= 0 && r < n && c < n) f[r]![c] = true;
  };
  box(0, 0, 9, 9); // finder, separator, format information
  box(0, n - 8, 9, 8);
  box(n - 8, 0, 8, 9); // includes the dark module
  box(6, 0, 1, n); // timing
  box(0, 6, n, 1);
  const centres = alignmentCentres(version);
  for (const r of centres) {
    for (const c of centres) {
      if ((r === 6 && c === 6) || (r === 6 && c === n - 7) || (r === n - 7 && c === 6)) continue;
      box(r - 2, c - 2, 5, 5);
    }
  }
  if (version >= 7) {
    box(0, n - 11, 6, 3);
    box(n - 11, 0, 3, 6);
  }
  return f;
}

const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i + j) % 2) + ((i * j) % 3)) % 2 === 0,
];

/* GF(256) with the QR polynomial 0x11d, for the syndrome check. */
const EXP = new Array<number>(512);
const LOG = new Array<number>(256);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;
}
const gfMul = (a: number, b: number) => (a === 0 || b === 0 ? 0 : EXP[LOG[a]! + LOG[b]!]!);

/** True when the block (data then EC codewords) has all-zero syndromes: no error. */
function blockIsClean(block: readonly number[], ecCount: number): boolean {
  for (let i = 0; i < ecCount; i++) {
    const alpha = EXP[i]!;
    let s = 0;
    for (const c of block) s = gfMul(s, alpha) ^ c;
    if (s !== 0) return false;
  }
  return true;
}

/** Decodes a module grid (true = dark), quiet zone excluded. */
export function decodeQrGrid(grid: Grid): string {
  const n = grid.length;
  const version = (n - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 10 || grid.some((row) => row.length !== n)) {
    throw new QrReadError(`A ${n}×${grid[0]?.length ?? 0} grid is not a QR code of version 1-10`);
  }
  const at = (r: number, c: number) => (grid[r]![c] ? 1 : 0);
  // Format information, first copy, most significant bit first.
  let format = 0;
  for (let c = 0; c <= 5; c++) format = (format << 1) | at(8, c);
  format = (format << 1) | at(8, 7);
  format = (format << 1) | at(8, 8);
  format = (format << 1) | at(7, 8);
  for (let r = 5; r >= 0; r--) format = (format << 1) | at(r, 8);
  let best = { data: -1, distance: 99 };
  for (let data = 0; data < 32; data++) {
    const d = popcount(formatCode(data) ^ format);
    if (d < best.distance) best = { data, distance: d };
  }
  if (best.distance > 3) throw new QrReadError('No valid format information');
  const level = EC_LEVELS[best.data >> 3]!;
  const mask = MASKS[best.data & 7]!;

  // Codewords in the zig-zag order, unmasked.
  const reserved = functionModules(version);
  const bits: number[] = [];
  let upward = true;
  for (let right = n - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let k = 0; k < n; k++) {
      const r = upward ? n - 1 - k : k;
      for (const c of [right, right - 1]) {
        if (reserved[r]![c]) continue;
        bits.push(at(r, c) ^ (mask(r, c) ? 1 : 0));
      }
    }
    upward = !upward;
  }
  const [ecPerBlock, ...groups] = BLOCKS[version]![level];
  const dataSizes = groups.flatMap(([count, size]) => new Array<number>(count).fill(size));
  const total = dataSizes.reduce((a, b) => a + b, 0) + dataSizes.length * ecPerBlock;
  const codewords: number[] = [];
  for (let i = 0; i < total; i++) {
    let byte = 0;
    for (let b = 0; b < 8; b++) byte = (byte << 1) | (bits[i * 8 + b] ?? 0);
    codewords.push(byte);
  }
  // De-interleave: data codewords column by column across blocks, then EC codewords.
  const blocks = dataSizes.map(() => [] as number[]);
  let p = 0;
  for (let i = 0; i < Math.max(...dataSizes); i++) for (let b = 0; b < blocks.length; b++) if (i < dataSizes[b]!) blocks[b]!.push(codewords[p++]!);
  for (let i = 0; i < ecPerBlock; i++) for (const block of blocks) block.push(codewords[p++]!);
  blocks.forEach((block, b) => {
    if (!blockIsClean(block, ecPerBlock)) throw new QrReadError(`Block ${b} has Reed-Solomon errors (a misread grid)`);
  });
  const data = blocks.flatMap((block, b) => block.slice(0, dataSizes[b]));

  // Segments.
  let pos = 0;
  const read = (count: number) => {
    let v = 0;
    for (let i = 0; i < count; i++) {
      const byte = data[(pos + i) >> 3] ?? 0;
      v = (v << 1) | ((byte >> (7 - ((pos + i) & 7))) & 1);
    }
    pos += count;
    return v;
  };
  const small = version <= 9;
  let out = '';
  const bytes: number[] = [];
  const flushBytes = () => {
    if (bytes.length) out += new TextDecoder().decode(new Uint8Array(bytes.splice(0)));
  };
  while (pos + 4 <= data.length * 8) {
    const mode = read(4);
    if (mode === 0) break;
    if (mode === 1) {
      flushBytes();
      let count = read(small ? 10 : 12);
      for (; count >= 3; count -= 3) out += String(read(10)).padStart(3, '0');
      if (count === 2) out += String(read(7)).padStart(2, '0');
      else if (count === 1) out += String(read(4));
    } else if (mode === 2) {
      flushBytes();
      let count = read(small ? 9 : 11);
      for (; count >= 2; count -= 2) {
        const v = read(11);
        out += ALNUM[Math.floor(v / 45)]! + ALNUM[v % 45]!;
      }
      if (count === 1) out += ALNUM[read(6)]!;
    } else if (mode === 4) {
      const count = read(small ? 8 : 16);
      for (let i = 0; i < count; i++) bytes.push(read(8));
    } else {
      throw new QrReadError(`Unsupported segment mode ${mode}`);
    }
  }
  flushBytes();
  return out;
}

/** The grid of an SVG path of 1×1 squares (`M{x} {y}h1v1h-1z`, as the QR views draw them). */
export function gridFromSquaresPath(d: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  for (const m of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) grid[Number(m[2])]![Number(m[1])] = true;
  return grid;
}

/**
 * The grid read from pixels (RGBA, row by row) of a rendered QR code: the dark area's bounds
 * give the symbol, the top-left finder's width (7 modules) the module size, and each module is
 * the colour at its centre.
 */
export function gridFromPixels(image: { readonly width: number; readonly height: number; readonly data: ArrayLike<number> }): boolean[][] {
  const dark = (x: number, y: number) => {
    const i = (y * image.width + x) * 4;
    return (image.data[i]! + image.data[i + 1]! + image.data[i + 2]!) / 3 < 128 && image.data[i + 3]! > 128;
  };
  let minX = image.width, minY = image.height, maxX = -1, maxY = -1;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!dark(x, y)) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) throw new QrReadError('No dark pixels');
  let run = 0;
  const row = minY + 1;
  while (minX + run <= maxX && dark(minX + run, row)) run++;
  const module = run / 7;
  // the nearest size a QR code has (17 + 4 × version)
  const n = 17 + 4 * Math.max(1, Math.round(((maxX - minX + 1) / module - 17) / 4));
  const step = (maxX - minX + 1) / n;
  return Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => dark(Math.floor(minX + (c + 0.5) * step), Math.floor(minY + (r + 0.5) * step))),
  );
}
