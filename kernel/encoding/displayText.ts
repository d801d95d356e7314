/**
 * The one cleaner for text that hostile parties name and the modal shows: wallet names (from
 * EIP-6963, the wallet standard, a WalletConnect peer), token symbols and names (from a contract
 * or an aggregator), a provider's descriptions. React escapes markup, so what is removed here is
 * what would mislead a visitor even when escaped: control characters, zero-width characters,
 * bidirectional overrides and isolates (which can make "Evil‮tellaW" read as another name),
 * the byte-order mark and the replacement character. Kept small: wallet discovery, which runs
 * before the connect button works, uses it.
 */

/** Controls other than line breaks and tabs, zero-width and bidi formatting characters, BOM, U+FFFD: removed. */
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\0-\x08\x0e-\x1f\x7f-\x84\x86-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufffd]/g;

/**
 * `value` as text fit to show: hidden characters removed (with `dropMarkup`, also `<` and `>`),
 * line breaks, tabs and runs of whitespace made one space, the ends trimmed, and the text cut to
 * `max` characters (code points, so a surrogate pair is never split). Undefined when `value` is
 * not a string or nothing printable is left.
 */
export function displayText(value: unknown, max: number, dropMarkup?: boolean): string | undefined {
  if (typeof value !== 'string') return undefined;
  let text = value.replace(dropMarkup ? /[<>]/g : HIDDEN, '').replace(HIDDEN, '').replace(/[\s\x85]+/g, ' ').trim();
  if (text.length > max) text = [...text].slice(0, max).join('').trimEnd();
  return text || undefined;
}
