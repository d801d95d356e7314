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

/** A QR code of `value`, as an image with an accessible name. */
export function QrCode({ value, label, size = 240 }: { readonly value: string; readonly label: string; readonly size?: number }) {
  const { size: n, d } = useMemo(() => qrPath(value), [value]);
  const margin = 2;
  const box = n + margin * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      data-value={value}
      width={size}
      height={size}
      viewBox={`${-margin} ${-margin} ${box} ${box}`}
      shapeRendering="crispEdges"
      className="lk-qr"
    >
      <path d={d} fill="#141414" />
    </svg>
  );
}
