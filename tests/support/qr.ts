/**
 * Reading QR codes in tests, with jsqr: a decoder independent of the encoder the plugins use
 * (`qrcode`), so "the QR decodes to the address" is checked by a second implementation. It reads
 * RGBA pixels (a screenshot, or a module grid drawn here) and corrects errors as the standard
 * allows; what it cannot read is a QrReadError.
 */
import jsQR from 'jsqr';

export class QrReadError extends Error {
  override name = 'QrReadError';
}

/** RGBA pixels, row by row (an ImageData, or what a test builds). */
export interface Pixels {
  readonly width: number;
  readonly height: number;
  readonly data: ArrayLike<number>;
}

type Grid = readonly (readonly boolean[])[];

/** The QR standard's quiet zone: 4 light modules around the symbol. */
const QUIET_ZONE = 4;

/** The text of the QR code in `image`; QrReadError when there is none it can read. */
export function readQr(image: Pixels): string {
  const data = image.data instanceof Uint8ClampedArray ? image.data : Uint8ClampedArray.from(image.data);
  const code = jsQR(data, image.width, image.height);
  if (!code) throw new QrReadError(`No readable QR code in the ${image.width}×${image.height} image`);
  return code.data;
}

/** A module grid (true: dark) drawn at `scale` pixels a module, inside a light quiet zone. */
export function pixelsOfGrid(grid: Grid, scale = 4): Pixels {
  const width = (grid.length + 2 * QUIET_ZONE) * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  grid.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let py = 0; py < scale; py++) {
        const start = (((QUIET_ZONE + y) * scale + py) * width + (QUIET_ZONE + x) * scale) * 4;
        for (let i = start; i < start + scale * 4; i += 4) data.fill(0, i, i + 3);
      }
    }),
  );
  return { width, height: width, data };
}

/** The grid of an SVG path of 1×1 squares (`M{x} {y}h1v1h-1z`, as the QR views draw them). */
export function gridFromSquaresPath(d: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  for (const m of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) grid[Number(m[2])]![Number(m[1])] = true;
  return grid;
}
