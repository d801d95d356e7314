import { useMemo } from 'react';
import { create } from 'qrcode';

/** The dark modules of a QR code as one SVG path (a 1×1 square per module). */
function qrPath(text: string): { size: number; d: string } {
  const qr = create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  let d = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y * size + x]) d += `M${x} ${y}h1v1h-1z`;
  }
  return { size, d };
}

/**
 * A QR code of `value` as an image with an accessible name; a quiet zone of 4 modules, dark on
 * white in both themes. Each module is a whole number of pixels (at most `size` in all), so
 * edges stay sharp for a camera.
 */
export function QrCode({ value, label, size = 200 }: { readonly value: string; readonly label: string; readonly size?: number }) {
  const { size: n, d } = useMemo(() => qrPath(value), [value]);
  const margin = 4;
  const box = n + margin * 2;
  const px = box * Math.max(2, Math.floor(size / box));
  return (
    <svg
      role="img"
      aria-label={label}
      width={px}
      height={px}
      viewBox={`${-margin} ${-margin} ${box} ${box}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', borderRadius: 12, display: 'block', margin: '0 auto' }}
      data-testid="receive-qr"
    >
      <rect x={-margin} y={-margin} width={box} height={box} fill="#fff" />
      <path d={d} fill="#141414" />
    </svg>
  );
}
