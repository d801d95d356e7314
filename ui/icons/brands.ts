/**
 * Marks of the social login providers, the on-ramp providers and well-known tokens: simple
 * geometric marks drawn for Latchkey in each brand's colour (not the companies' logo files),
 * as SVG data URIs, so they need no network, never come from a third-party host and pass
 * `img-src data:`. They load with the views that show them (the Connect view's social row,
 * the on-ramp list, the token chooser), never with the start entry.
 */
import { CHAIN_ICONS } from './chains';

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`)}`;
const disc = (fill: string, stroke?: string) => `<circle cx="16" cy="16" r="${stroke ? 15.5 : 16}" fill="${fill}"${stroke ? ` stroke="${stroke}"` : ''}/>`;
/** A letter (or two) centred on the disc, in a system sans-serif font. */
const letter = (text: string, fill = '#fff', size = 17) =>
  `<text x="16" y="${16 + size * 0.36}" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" fill="${fill}">${text}</text>`;

/** Social login providers (the socials plugin's buttons), by provider id. */
export const SOCIAL_MARKS: Readonly<Record<string, string>> = {
  google: svg(
    `${disc('#fff', '#dadce0')}<path fill="none" stroke-width="3.4" d="M22.2 11.6A7.5 7.5 0 0 0 8.9 13" stroke="#EA4335"/><path fill="none" stroke-width="3.4" d="M8.9 13a7.5 7.5 0 0 0 0 6" stroke="#FBBC05"/><path fill="none" stroke-width="3.4" d="M8.9 19a7.5 7.5 0 0 0 13.3 1.6" stroke="#34A853"/><path fill="none" stroke-width="3.4" d="M22.2 20.6a7.5 7.5 0 0 0 1.3-4.6H16" stroke="#4285F4"/>`,
  ),
  x: svg(`${disc('#000')}<path fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" d="M10.5 9.5l11 13M21.5 9.5l-11 13"/>`),
  discord: svg(
    `${disc('#5865F2')}<path fill="#fff" d="M9 11.5c2-1.6 4.3-2 7-2s5 .4 7 2c1.2 2.4 1.8 5.2 1.6 8.6-1.6 1.3-3.2 2-4.8 2.4l-1-1.8c-1 .3-1.9.4-2.8.4s-1.8-.1-2.8-.4l-1 1.8c-1.6-.4-3.2-1.1-4.8-2.4-.2-3.4.4-6.2 1.6-8.6z"/><circle cx="12.8" cy="16.3" r="1.6" fill="#5865F2"/><circle cx="19.2" cy="16.3" r="1.6" fill="#5865F2"/>`,
  ),
  github: svg(
    `${disc('#24292f')}<path fill="#fff" d="M16 7.5a8.5 8.5 0 0 0-2.7 16.6v-3c-2.4.5-2.9-1-2.9-1-.4-1-1-1.3-1-1.3-.8-.5.1-.5.1-.5.9.1 1.4.9 1.4.9.8 1.3 2 1 2.5.7.1-.6.3-1 .6-1.2-1.9-.2-3.9-1-3.9-4.2 0-.9.3-1.7.9-2.3-.1-.2-.4-1.1.1-2.3 0 0 .7-.2 2.3.9a8 8 0 0 1 4.2 0c1.6-1.1 2.3-.9 2.3-.9.5 1.2.2 2.1.1 2.3.6.6.9 1.4.9 2.3 0 3.3-2 4-3.9 4.2.3.3.6.8.6 1.6v3.9A8.5 8.5 0 0 0 16 7.5z"/>`,
  ),
  apple: svg(
    `${disc('#000')}<path fill="#fff" d="M16 12.2c1.4-1 2.9-1.3 4.2-.9 1 .3 1.8 1 2.3 1.7-2.6 1.6-2.2 5.4.5 6.4-.6 1.8-1.9 4.1-3.4 4.1-1 0-1.4-.6-2.9-.6s-2 .6-2.9.6c-1.8 0-4.4-3.9-4.4-7.4 0-3.5 2.3-4.9 4.2-4.9 1 0 1.8.5 2.4 1z"/><path fill="#fff" d="M16.2 11.3c-.2-1.8 1.1-3.6 3-3.8.2 1.9-1.2 3.7-3 3.8z"/>`,
  ),
  facebook: svg(`${disc('#1877F2')}<path fill="#fff" d="M17.6 25v-7.3h2.5l.4-2.9h-2.9v-1.8c0-.8.3-1.4 1.4-1.4h1.6V9a20 20 0 0 0-2.3-.1c-2.3 0-3.8 1.4-3.8 3.9v2h-2.5v2.9h2.5V25z"/>`),
  farcaster: svg(`${disc('#855DCD')}<path fill="#fff" d="M10 9.5h12v2h1.5l-1 2.5v8.5h-3V18a3.5 3.5 0 0 0-7 0v4.5h-3V14l-1-2.5H10z"/>`),
};

/** On-ramp providers (the Buy view), by provider id. */
export const ONRAMP_MARKS: Readonly<Record<string, string>> = {
  coinbase: svg(`${disc('#0052FF')}<circle cx="16" cy="16" r="9" fill="#fff"/><rect x="13" y="13" width="6" height="6" rx="1" fill="#0052FF"/>`),
  meld: svg(`${disc('#14142B')}<path fill="none" stroke="#B9A6FF" stroke-width="2.6" stroke-linejoin="round" stroke-linecap="round" d="M9 22V10.5l7 7.5 7-7.5V22"/>`),
};

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

const TOKEN_MARKS: Readonly<Record<string, string>> = {
  ETH: CHAIN_ICONS.ethereum,
  WETH: CHAIN_ICONS.ethereum,
  SOL: CHAIN_ICONS.solana,
  BTC: CHAIN_ICONS.bitcoin,
  USDC: svg(`${disc('#2775CA')}${letter('$', '#fff', 18)}<circle cx="16" cy="16" r="10.5" fill="none" stroke="#fff" stroke-width="1.6"/>`),
  USDT: svg(`${disc('#26A17B')}<path fill="#fff" d="M9.5 9h13v3h-5v2c3 .2 5 .8 5 1.6s-2 1.4-5 1.6V24h-3v-6.8c-3-.2-5-.8-5-1.6s2-1.4 5-1.6v-2h-5z"/>`),
  DAI: svg(`${disc('#F5AC37')}<path fill="none" stroke="#fff" stroke-width="2.4" d="M11 9.5h4.5a6.5 6.5 0 0 1 0 13H11zM8.5 14.5h15M8.5 17.5h15"/>`),
};

/** The mark of a token by its symbol: a well-known token's, else its monogram. */
export function tokenMark(symbol: string): string {
  return TOKEN_MARKS[symbol.toUpperCase()] ?? monogram(symbol);
}

/** The mark of a social provider, or undefined for one the set has no mark for. */
export function socialMark(provider: string): string | undefined {
  return SOCIAL_MARKS[provider];
}

/** The mark of an on-ramp provider: the host's `iconUrl` when it gave one, a known provider's mark, else the name's monogram. */
export function onrampMark(id: string, name: string, iconUrl?: string): string {
  return iconUrl ?? ONRAMP_MARKS[id] ?? monogram(name);
}
