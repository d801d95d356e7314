/**
 * The one gate for URLs that reach an `href` or a `src`. Wallet images, directory and
 * store links, explorer links and wallet deep links come from pages (EIP-6963
 * announcements), remote directories and host options: each goes through
 * {@link sanitizeUrl} right before it is rendered, for the use it is rendered in.
 *
 * The scheme is read with the WHATWG URL parser, the one the browser uses when it follows
 * the link, so obfuscations (`java\tscript:`, leading control characters, mixed case,
 * entities are not decoded by React either) are judged as the browser would judge them.
 * Pure and DOM-free (a `document`, when there is one, only gives the base of relative URLs).
 */

/**
 * What a URL is rendered as:
 * - `'link'`: an `<a href>` the visitor opens (store, homepage, explorer): http(s) only.
 * - `'image'`: an `<img src>`: http(s), raster or SVG `data:image/…` (an SVG in an `<img>`
 *   runs no script), and `blob:` URLs of the page's own origin.
 * - `'deepLink'`: an `<a href>` that opens a wallet app: http(s) (universal links) or a
 *   custom scheme written `scheme://…` (`metamask://`), never one a browser runs or reads
 *   locally (`javascript:`, `vbscript:`, `data:`, `blob:`, `file:`, `about:`, …).
 */
export type UrlUse = 'link' | 'image' | 'deepLink';

/** Longest link or deep link accepted (characters). */
export const MAX_LINK_LENGTH = 4096;
/** Longest image URL accepted (characters): room for an inline `data:` icon, not for a payload. */
export const MAX_IMAGE_URL_LENGTH = 262_144;

/** Image types an `<img>` may show from a `data:` URL. */
const DATA_IMAGE = /^image\/(png|jpeg|jpg|gif|webp|avif|bmp|svg\+xml|x-icon|vnd\.microsoft\.icon)\s*[;,]/i;

/** Schemes never allowed as a deep link: they run script, read local data or open browser internals. */
const NEVER_DEEP_LINK = /^(javascript|vbscript|livescript|data|blob|file|filesystem|about|view-source|jar|chrome|chrome-extension|moz-extension|ms-browser-extension|resource|wss?|ftp)$/;

const SCHEME = /^[a-z][a-z0-9+.-]*$/;

/** The page's base for relative URLs (http(s) pages only), else undefined. */
function base(): string | undefined {
  const uri = (globalThis as { document?: { baseURI?: unknown } }).document?.baseURI;
  return typeof uri === 'string' && /^https?:/i.test(uri) ? uri : undefined;
}

/**
 * `url` when it is safe to render for `use`, as the browser would read it (the parser's
 * `href`), else `undefined`. Anything that is not a string, is empty or too long, or has a
 * scheme the use does not allow, is refused. Relative URLs resolve against the page (links
 * and images only).
 *
 * ```ts
 * sanitizeUrl('https://rabby.io', 'link')              // 'https://rabby.io/'
 * sanitizeUrl('javascript:alert(1)//', 'deepLink')     // undefined
 * sanitizeUrl('data:text/html,<script>…', 'image')    // undefined
 * sanitizeUrl('metamask://', 'deepLink')               // 'metamask://'
 * ```
 */
export function sanitizeUrl(url: unknown, use: UrlUse = 'link'): string | undefined {
  if (typeof url !== 'string') return undefined;
  const max = use === 'image' ? MAX_IMAGE_URL_LENGTH : MAX_LINK_LENGTH;
  if (url.length === 0 || url.length > max) return undefined;
  let parsed: URL;
  try {
    // An absolute URL ignores the base; a relative one resolves against the page (never for deep links).
    parsed = new URL(url, use === 'deepLink' ? undefined : base());
  } catch {
    return undefined;
  }
  const scheme = parsed.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    // Credentials in a link are a phishing device ('https://metamask.io@evil.example').
    if (use !== 'image' && (parsed.username || parsed.password)) return undefined;
    return parsed.href;
  }
  if (use === 'image') {
    if (scheme === 'data') return DATA_IMAGE.test(parsed.pathname) ? parsed.href : undefined;
    if (scheme === 'blob') {
      const own = (globalThis as { location?: { origin?: string } }).location?.origin;
      return own && own !== 'null' && parsed.origin === own ? parsed.href : undefined;
    }
    return undefined;
  }
  if (use === 'deepLink') {
    if (!SCHEME.test(scheme) || NEVER_DEEP_LINK.test(scheme)) return undefined;
    // A wallet scheme is written scheme://… ; 'mailto:x', 'tel:1', 'intent:…' are not wallet links.
    if (!parsed.href.toLowerCase().startsWith(`${scheme}://`)) return undefined;
    return parsed.href;
  }
  return undefined;
}
