import { useMemo } from 'react';
import { create } from 'qrcode';

/** A QR code of `value` as one SVG path (a square per dark module), with an accessible name. */
export function QrCode({ value, label, size = 220 }: { readonly value: string; readonly label: string; readonly size?: number }) {
  const { n, d } = useMemo(() => {
    const { size: count, data } = create(value, { errorCorrectionLevel: 'M' }).modules;
    let path = '';
    for (let y = 0; y < count; y++) for (let x = 0; x < count; x++) if (data[y * count + x]) path += `M${x} ${y}h1v1h-1z`;
    return { n: count, d: path };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      data-value={value}
      width={size}
      height={size}
      viewBox={`-2 -2 ${n + 4} ${n + 4}`}
      shapeRendering="crispEdges"
      className="lk-qr"
    >
      <path d={d} fill="#141414" />
    </svg>
  );
}
