/**
 * Offline wallet images: a rounded tile in the wallet's brand colour with up to
 * two initials, as an SVG data URI. Works without network and costs ~300 bytes.
 */

/** Up to two letters for a name: initials of the first two words, else the first two characters. */
export function monogramLetters(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length > 1 ? `${[...words[0]!][0]}${[...words[1]!][0]}` : [...words[0]!].slice(0, 2).join('');
  return letters.toUpperCase();
}

/** '#abc' or '#aabbcc' → [r, g, b] (0-255), undefined for anything else. */
export function parseHexColor(color: string): [number, number, number] | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return undefined;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Text colour with the better contrast on `background`: '#ffffff' or '#111111'. */
export function monogramTextColor(background: string): string {
  const rgb = parseHexColor(background);
  if (!rgb) return '#ffffff';
  const l = luminance(rgb);
  // contrast against white: 1.05 / (l + 0.05); against #111: (l + 0.05) / 0.0556
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.0556 ? '#ffffff' : '#111111';
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** SVG data URI of a monogram tile for `name` on `color` (a #hex colour; grey when invalid). */
export function monogramDataUri(name: string, color: string): string {
  const bg = parseHexColor(color) ? color.trim() : '#6b7280';
  const letters = escapeXml(monogramLetters(name));
  const size = letters.length > 1 ? 26 : 32;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="16" fill="${bg}"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="${monogramTextColor(bg)}">${letters}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
