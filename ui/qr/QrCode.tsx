import { useMemo } from 'react';
import { create } from 'qrcode';

/** Modules of light margin on each side: the QR standard (ISO/IEC 18004) asks for 4. */
export const QR_QUIET_ZONE = 4;

/** The dark modules of a QR code as one SVG path (a 1×1 square per module) and its side in modules. */
function qrPath(text: string): { readonly modules: number; readonly d: string } {
  const { size, data } = create(text, { errorCorrectionLevel: 'M' }).modules;
  let d = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y * size + x]) d += `M${x} ${y}h1v1h-1z`;
  }
  return { modules: size, d };
}

export interface QrCodeProps {
  /** The text the code carries (a link, an address); also on `data-value` for tests and tools. */
  readonly value: string;
  /** The image's accessible name. */
  readonly label: string;
  /** The most pixels the code may take per side (default 240); it is drawn at whole pixels per module. */
  readonly size?: number;
  readonly testId?: string;
}

/**
 * A QR code as an image with an accessible name: dark on white in both themes, a quiet zone of
 * 4 modules, each module a whole number of pixels (at least 2) so a camera sees sharp edges.
 */
export function QrCode({ value, label, size = 240, testId }: QrCodeProps) {
  const { modules, d } = useMemo(() => qrPath(value), [value]);
  const box = modules + QR_QUIET_ZONE * 2;
  const px = box * Math.max(2, Math.floor(size / box));
  const origin = -QR_QUIET_ZONE;
  return (
    <svg
      role="img"
      aria-label={label}
      data-value={value}
      data-testid={testId}
      width={px}
      height={px}
      viewBox={`${origin} ${origin} ${box} ${box}`}
      shapeRendering="crispEdges"
      className="lk-qr"
    >
      <rect x={origin} y={origin} width={box} height={box} fill="#fff" />
      <path d={d} fill="#141414" />
    </svg>
  );
}
