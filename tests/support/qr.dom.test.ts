/** The test QR reader against an independent encoder (`qrcode`): every level, every mode, versions 1-10. */
import { create } from 'qrcode';
import { decodeQrGrid, gridFromPixels, gridFromSquaresPath, QrReadError } from './qr';

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
];

describe('test QR reader', () => {
  it.each(SAMPLES)('reads %s at every error-correction level', (text) => {
    for (const level of ['L', 'M', 'Q', 'H'] as const) expect(decodeQrGrid(grid(text, level))).toBe(text);
  });

  it('reads the 1×1-square SVG path and rendered pixels of a grid', () => {
    const text = SAMPLES[0]!;
    const g = grid(text, 'M');
    let d = '';
    g.forEach((row, y) => row.forEach((dark, x) => (d += dark ? `M${x} ${y}h1v1h-1z` : '')));
    expect(decodeQrGrid(gridFromSquaresPath(d, g.length))).toBe(text);
    // 5 px per module with a 20 px white border, as a browser would draw it
    const scale = 5, border = 20, width = g.length * scale + border * 2;
    const data = new Uint8ClampedArray(width * width * 4).fill(255);
    g.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (!dark) return;
        for (let py = 0; py < scale; py++) for (let px = 0; px < scale; px++) data.fill(20, ((border + y * scale + py) * width + border + x * scale + px) * 4, ((border + y * scale + py) * width + border + x * scale + px) * 4 + 3);
      }),
    );
    expect(decodeQrGrid(gridFromPixels({ width, height: width, data }))).toBe(text);
  });

  it('refuses a grid with a flipped module instead of reading something else', () => {
    const g = grid(SAMPLES[0]!, 'M');
    g[12]![12] = !g[12]![12]; // a data module (not a finder, timing or alignment module)
    expect(() => decodeQrGrid(g)).toThrow(QrReadError);
  });
});
