/**
 * Display helpers (docs/modal.md#display-formatting): balances with 3 decimals,
 * token values with 2, and addresses cut to 4 characters at the start and 6
 * at the end.
 */

/** The ellipsis put in the middle of a truncated address (one character, U+2026). */
export const TRUNCATION_MARK = '\u2026';

/**
 * Keeps the first `start` and last `end` characters with '…' between. The
 * `0x` prefix COUNTS toward `start` (as in AppKit): '0x1234…abcdef' has '0x12'
 * at the start. A string that would not get shorter is returned unchanged.
 */
export function truncateAddress(address: string, start = 4, end = 6): string {
  const head = Math.max(0, Math.floor(start));
  const tail = Math.max(0, Math.floor(end));
  if (address.length <= head + tail + TRUNCATION_MARK.length) return address;
  return `${address.slice(0, head)}${TRUNCATION_MARK}${tail > 0 ? address.slice(-tail) : ''}`;
}

/** Writes a number in plain decimal notation ('1e-7' → '0.0000001'). */
function plainDecimal(value: string | number | bigint): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const text = String(value).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const sign = m[1] === '-' ? '-' : '';
  let int = m[2] ?? '';
  let frac = m[3] ?? '';
  const exp = m[4] ? Number(m[4]) : 0;
  if (Math.abs(exp) > 400) return undefined;
  if (exp > 0) {
    frac = frac.padEnd(exp, '0');
    int += frac.slice(0, exp);
    frac = frac.slice(exp);
  } else if (exp < 0) {
    int = int.padStart(-exp + 1, '0');
    frac = int.slice(int.length + exp) + frac;
    int = int.slice(0, int.length + exp);
  }
  return `${sign}${int || '0'}${frac ? `.${frac}` : ''}`;
}

/**
 * A balance for display: cut (never rounded up, so it never shows more than
 * the account holds) to `decimals` fraction digits, trailing zeros dropped.
 * '1.23456' → '1.234'; '2.5000' → '2.5'; '0.0004' → '0'. Invalid input → '0'.
 */
export function formatBalance(value: string | number | bigint | undefined | null, decimals = 3): string {
  if (value === undefined || value === null) return '0';
  const plain = plainDecimal(value);
  if (plain === undefined) return '0';
  const negative = plain.startsWith('-');
  const [intRaw = '0', fracRaw = ''] = plain.replace(/^-/, '').split('.');
  const int = intRaw.replace(/^0+(?=\d)/, '');
  const frac = fracRaw.slice(0, Math.max(0, Math.floor(decimals))).replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/**
 * A token's fiat value for display: rounded to exactly `decimals` fraction
 * digits with thousands separators ('1234.5' → '1,234.50'). Invalid input
 * shows as zero.
 */
export function formatTokenValue(value: string | number | undefined | null, decimals = 2): string {
  const n = typeof value === 'number' ? value : Number(value ?? 0);
  const digits = Math.min(20, Math.max(0, Math.floor(decimals)));
  const safe = Number.isFinite(n) ? n : 0;
  const text = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    safe,
  );
  return text === `-${(0).toFixed(digits)}` ? text.slice(1) : text;
}
