/** The drawing helpers of the bundled marks (chains, tokens, social and on-ramp providers): a 32-unit SVG as a data URI. */

/** `body` in a 32 × 32 SVG, as a `data:image/svg+xml` URI (an `<img>` draws it: its scripts, if any, never run). */
export const svg = (body: string): string =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`)}`;

/** The round background of a mark, with an optional outline (a white disc on a white card). */
export const disc = (fill: string, stroke?: string): string =>
  `<circle cx="16" cy="16" r="${stroke ? 15.5 : 16}" fill="${fill}"${stroke ? ` stroke="${stroke}"` : ''}/>`;

/** A letter (or two) centred on the disc, in a system sans-serif font; `text` must be markup-safe. */
export const letter = (text: string, fill = '#fff', size = 17): string =>
  `<text x="16" y="${16 + size * 0.36}" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" fill="${fill}">${text}</text>`;

/** A hue (degrees) from a text, so that the same name always has the same colour. */
function hue(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) % 360;
  return h;
}

/**
 * A mark for a name the set has no brand for (a host's own on-ramp, an unlisted token): its
 * first letter on a disc whose colour comes from the name (white on a dark enough colour: AA).
 */
export function monogram(name: string): string {
  const first = [...name.trim()][0]?.toUpperCase() ?? '?';
  const safe = first.replace(/[<>&"']/g, '?');
  return svg(`${disc(`hsl(${hue(name)},55%,36%)`)}${letter(safe)}`);
}
