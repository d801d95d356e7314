/**
 * The Retry-After header (RFC 9110 section 10.2.3): delta-seconds or an HTTP-date in any of its
 * three forms (section 5.6.7), read into a wait from now.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = MONTHS.join('|');
/** IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT */
const IMF_FIXDATE = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\\d{2}) (${MONTH}) (\\d{4}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`);
/** Obsolete RFC 850 date: Sunday, 06-Nov-94 08:49:37 GMT */
const RFC850_DATE = new RegExp(`^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (\\d{2})-(${MONTH})-(\\d{2}) (\\d{2}):(\\d{2}):(\\d{2}) GMT$`);
/** Obsolete asctime date: Sun Nov  6 08:49:37 1994 */
const ASCTIME_DATE = new RegExp(`^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (${MONTH}) ([ \\d]\\d) (\\d{2}):(\\d{2}):(\\d{2}) (\\d{4})$`);

/** Milliseconds since the epoch of an HTTP-date (RFC 9110 section 5.6.7, all three forms), or undefined. */
export function parseHttpDate(value: string, now: number = Date.now()): number | undefined {
  let parts: [day: string, month: string, year: number, h: string, m: string, s: string] | undefined;
  let match = IMF_FIXDATE.exec(value);
  if (match) parts = [match[1]!, match[2]!, Number(match[3]), match[4]!, match[5]!, match[6]!];
  else if ((match = RFC850_DATE.exec(value))) {
    // Two-digit years: the most recent year with those digits not more than 50 years ahead.
    let year = 2000 + Number(match[3]);
    if (year > new Date(now).getUTCFullYear() + 50) year -= 100;
    parts = [match[1]!, match[2]!, year, match[4]!, match[5]!, match[6]!];
  } else if ((match = ASCTIME_DATE.exec(value))) {
    parts = [match[2]!.trim(), match[1]!, Number(match[6]), match[3]!, match[4]!, match[5]!];
  }
  if (!parts) return undefined;
  const [day, month, year, h, m, s] = parts;
  const d = Number(day);
  const mon = MONTHS.indexOf(month);
  const [hh, mm, ss] = [Number(h), Number(m), Number(s)];
  if (d < 1 || d > 31 || hh > 23 || mm > 59 || ss > 60) return undefined;
  const at = Date.UTC(year, mon, d, hh, mm, Math.min(ss, 59));
  // 31 Feb and the like roll over into the next month: not a date.
  if (new Date(at).getUTCDate() !== d) return undefined;
  return at;
}

/**
 * Parses a Retry-After header into ms from `now`: delta-seconds (digits, a
 * fraction tolerated) or an HTTP-date (a past date gives 0). Undefined when
 * absent or invalid: negative numbers, garbage, dates in other formats.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value === null || value === undefined) return undefined;
  const v = value.trim();
  if (v === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.min(Math.round(Number(v) * 1000), Number.MAX_SAFE_INTEGER);
  const at = parseHttpDate(v, now);
  if (at === undefined) return undefined;
  return Math.max(0, at - now);
}
