/**
 * The one cleaner for text that hostile parties name and the modal shows: wallet names (from
 * EIP-6963, the wallet standard, a WalletConnect peer), token symbols and names (from a contract
 * or an aggregator), a provider's descriptions. React escapes markup, so what is removed here is
 * what would mislead a visitor even when escaped: control characters, zero-width characters,
 * bidirectional overrides and isolates (which can make "Evil‮tellaW" read as another name),
 * the byte-order mark and the replacement character.
 */

/** C0 and C1 control characters other than line breaks and tabs: removed ("A\u0007B" is "AB"). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;
/** Line breaks and tabs (with C1's next-line) separate words: they become spaces. */
const BREAK = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** Zero-width and bidi formatting characters, BOM, U+FFFD: removed. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufffd]/g;
const MARKUP = /[<>]/g;

export interface DisplayTextOptions {
  /** Also drop `<` and `>` (names of wallets the page announces: no reason to carry them). */
  readonly dropMarkup?: boolean;
}

/**
 * `value` as text fit to show: line breaks and tabs become spaces, other controls and invisible
 * and bidi characters are removed, runs of whitespace collapse to one space, the ends are trimmed, and the text is cut
 * to `max` characters (code points, so a surrogate pair is never split). Undefined when `value`
 * is not a string or nothing printable is left.
 */
export function displayText(value: unknown, max: number, options: DisplayTextOptions = {}): string | undefined {
  if (typeof value !== 'string') return undefined;
  let text = value.replace(BREAK, ' ').replace(CONTROL, '').replace(INVISIBLE, '');
  if (options.dropMarkup) text = text.replace(MARKUP, '');
  text = text.replace(/\s+/g, ' ').trim();
  if (text.length > max) text = Array.from(text).slice(0, max).join('').trimEnd();
  return text === '' ? undefined : text;
}
