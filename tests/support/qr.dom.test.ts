/** The test QR reader (jsqr) against an independent encoder (`qrcode`): every level, every mode, versions 2 to 15. */
import { create } from 'qrcode';
import { gridFromSquaresPath, pixelsOfGrid, QrReadError, readQr } from './qr';

Object.assign(globalThis, { TextEncoder: require('node:util').TextEncoder, TextDecoder: require('node:util').TextDecoder });

function grid(text: string, level: 'L' | 'M' | 'Q' | 'H') {
  const { size, data } = create(text, { errorCorrectionLevel: level }).modules;
  return Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => Boolean(data[r * size + c])));
}

const SAMPLES = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  '0123456789012345678901234567890123456789',
  'HELLO WORLD $%*+-./:',
  'wc:' + 'ab'.repeat(20) + '@2?relay-protocol=irn',
  'ünïcödé ✓',
  // version 9 at level L, 15 at level H
  'wc:' + '0123456789abcdef'.repeat(8) + '@2?relay-protocol=irn&symKey=' + 'f'.repeat(64),
];

describe('test QR reader', () => {
  it.each(SAMPLES)('reads %s at every error-correction level', (text) => {
    for (const level of ['L', 'M', 'Q', 'H'] as const) expect(readQr(pixelsOfGrid(grid(text, level)))).toBe(text);
  });

  it('reads the 1×1-square SVG path of a grid, and a dark-on-light rendering at another scale and border', () => {
    const text = SAMPLES[0]!;
    const g = grid(text, 'M');
    let d = '';
    g.forEach((row, y) => row.forEach((dark, x) => (d += dark ? `M${x} ${y}h1v1h-1z` : '')));
    expect(gridFromSquaresPath(d, g.length)).toEqual(g);
    expect(readQr(pixelsOfGrid(gridFromSquaresPath(d, g.length)))).toBe(text);
    // 5 px per module, grey on white with a 20 px border, as a browser would draw it
    const scale = 5, border = 20, width = g.length * scale + border * 2;
    const data = new Uint8ClampedArray(width * width * 4).fill(255);
    g.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (!dark) return;
        for (let py = 0; py < scale; py++) for (let px = 0; px < scale; px++) data.fill(20, ((border + y * scale + py) * width + border + x * scale + px) * 4, ((border + y * scale + py) * width + border + x * scale + px) * 4 + 3);
      }),
    );
    expect(readQr({ width, height: width, data })).toBe(text);
  });

  it('corrects a flipped module (Reed-Solomon) and reads the same text, never another', () => {
    const g = grid(SAMPLES[0]!, 'M');
    g[12]![12] = !g[12]![12]; // a data module (not a finder, timing or alignment module)
    expect(readQr(pixelsOfGrid(g))).toBe(SAMPLES[0]);
  });

  it('refuses an image without a readable code: QrReadError', () => {
    const blank = { width: 100, height: 100, data: new Uint8ClampedArray(100 * 100 * 4).fill(255) };
    expect(() => readQr(blank)).toThrow(QrReadError);
    // the finder patterns kept, every other module darkened: beyond what error correction repairs
    const g = grid(SAMPLES[0]!, 'L').map((row, y) => row.map((dark, x) => ((x < 8 && y < 8) || (x < 8 && y > row.length - 9) || (x > row.length - 9 && y < 8) ? dark : (x + y) % 2 === 0)));
    expect(() => readQr(pixelsOfGrid(g))).toThrow(QrReadError);
  });
});
