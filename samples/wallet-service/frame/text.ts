/**
 * Text for the approval: invisible and direction-changing characters made visible, amounts in units,
 * dates. Plain functions, unit-tested; every text the approval shows goes through `Shown.text`.
 */

/**
 * Characters that are invisible, or change how the text around them is ordered or joined: format
 * characters (Cf: bidi embeddings, overrides and isolates U+202A–202E / U+2066–2069, marks
 * U+200E/200F/061C, zero-width U+200B–200D, U+2060–2064, U+FEFF, tags U+E0000–E007F, …), controls
 * (Cc, but tab and line feed in multi-line text), line and paragraph separators, and the blank
 * fillers that render as nothing (U+115F, U+1160, U+3164, U+FFA0, U+17B4, U+17B5, U+034F, U+180B–180F).
 */
const HIDDEN = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\uffa0]/gu;

export const codePoint = (ch: string) => `⟨U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;

/** Collects whether any shown text had hidden characters (the approval then warns). */
export class Shown {
  hidden = false;

  /** `s` with every hidden character written as ⟨U+XXXX⟩ (tab and line feed kept when `multiline`). */
  text(s: string, multiline = false): string {
    return s.replace(HIDDEN, (ch) => {
      if (multiline && (ch === '\n' || ch === '\t')) return ch;
      this.hidden = true;
      return codePoint(ch);
    });
  }
}

const MAX_SHOWN = 4000;

/** Long text is cut, and says so (how much more there is). */
export function clip(text: string, max = MAX_SHOWN): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/** A personal_sign message: its UTF-8 text when the bytes are text (controls other than tab and newlines make it hex), else null. */
export function messageText(hex: string): string | null {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) return null;
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 + i * 2, 4 + i * 2), 16);
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) ? null : text;
  } catch {
    return null;
  }
}

/** A smallest-unit amount in whole units, up to `digits` decimals; a non-zero amount below that shows as "<0.000001", never as 0. */
export function formatUnits(value: bigint, decimals: number, digits = 6): string {
  const neg = value < 0n;
  const v = neg ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = v / base;
  const frac = (v % base).toString().padStart(decimals, '0').slice(0, digits).replace(/0+$/, '');
  if (whole === 0n && frac === '' && v !== 0n) return `${neg ? '-' : ''}<0.${'0'.repeat(digits - 1)}1`;
  return `${neg ? '-' : ''}${whole.toString()}${frac ? `.${frac}` : ''}`;
}

/** Unix seconds as a UTC date and time; null is "never". */
export function formatTime(seconds: string | null): string {
  if (seconds === null) return 'Never';
  const ms = Number(seconds) * 1000;
  if (!Number.isFinite(ms) || ms > 8.64e15) return 'Never';
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
