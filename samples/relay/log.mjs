// Log lines that a client cannot forge.
//
// Anything a client controls (a method name, an error text that may carry it) goes through
// `logText`: it is truncated, JSON-quoted (so \n, \r, ESC and the other C0 controls become escapes)
// and the characters JSON leaves alone but terminals and viewers act on (DEL, the C1 controls such as
// CSI U+009B, U+2028/U+2029 line separators, bidirectional overrides) are escaped as \uXXXX too.
// A logged line is therefore always one line, with no terminal escape sequences in it.

const UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * @param {unknown} value client-controlled text
 * @param {number} [max] characters kept before "…"
 * @returns {string} a quoted, escaped, single-line rendering
 */
export function logText(value, max = 80) {
  const s = typeof value === 'string' ? value : String(value);
  const cut = s.length > max ? `${s.slice(0, max)}…` : s;
  return JSON.stringify(cut).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A line sink that never emits a control character, whatever it is given (defence in depth for
 * lines built from fixed text and logText pieces).
 * @param {(line: string) => void} write
 * @returns {(line: string) => void}
 */
export function safeSink(write) {
  return (line) => write(line.replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
