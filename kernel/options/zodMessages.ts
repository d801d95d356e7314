/**
 * zod-3-style messages for zod 4 (mini). The schema messages (docs/errors.md#validation-messages) are zod 3's defaults:
 * 'Required', 'Expected X, received Y', 'Invalid email', "Invalid enum value. Expected 'x' | 'y',
 * received 'q'", and 'Invalid input' for everything else. zod/mini has no message locale, so
 * every schema parsed with {@link zodErrorMap} gets these texts. A message set on a schema
 * itself (`z.string({ error: '…' })`) still wins, as zod gives it precedence.
 */
import type * as z from 'zod/mini';
/** The fields of a zod 4 raw issue (as an error map sees it) that {@link formatIssue} reads. */
export interface RawIssueLike {
  readonly code?: string;
  readonly input?: unknown;
  readonly expected?: string;
  readonly received?: string;
  readonly values?: readonly unknown[];
  readonly format?: string;
  readonly inst?: unknown;
}

/** zod 3's name for the type of a value (its `getParsedType`). */
export function zod3TypeName(value: unknown): string {
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return 'string';
    case 'number':
      return Number.isNaN(value) ? 'nan' : 'number';
    case 'boolean':
      return 'boolean';
    case 'function':
      return 'function';
    case 'bigint':
      return 'bigint';
    case 'symbol':
      return 'symbol';
    default:
      break;
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const v = value as { then?: unknown; catch?: unknown };
  if (typeof v.then === 'function' && typeof v.catch === 'function') return 'promise';
  if (typeof Map !== 'undefined' && value instanceof Map) return 'map';
  if (typeof Set !== 'undefined' && value instanceof Set) return 'set';
  if (typeof Date !== 'undefined' && value instanceof Date) return 'date';
  return 'object';
}

/** zod 4 `expected` names that zod 3 spelled differently. */
const ZOD3_EXPECTED: Readonly<Record<string, string>> = { record: 'object', tuple: 'array', int: 'integer' };

function quoteValue(v: unknown): string {
  return typeof v === 'string' ? `'${v}'` : String(v);
}

/** String(v), or '[object Object]' for a value String cannot convert (a null-prototype object). */
function text(v: unknown): string {
  try {
    return String(v);
  } catch {
    return Object.prototype.toString.call(v);
  }
}

function isLiteralSchema(inst: unknown): boolean {
  return (inst as { _zod?: { def?: { type?: string } } } | undefined)?._zod?.def?.type === 'literal';
}

/** Message for one raw zod 4 issue, in zod 3's words. Pure. */
export function formatIssue(issue: RawIssueLike): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined && issue.received === undefined) return 'Required';
      const expected = issue.expected ?? 'unknown';
      if (expected === 'int' && typeof issue.input === 'number' && !Number.isNaN(issue.input)) {
        return 'Expected integer, received float';
      }
      const received = issue.received === 'NaN' ? 'nan' : zod3TypeName(issue.input);
      return `Expected ${ZOD3_EXPECTED[expected] ?? expected}, received ${received}`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? 'Invalid email' : 'Invalid input';
    case 'invalid_value': {
      if (isLiteralSchema(issue.inst) || !issue.values?.length) return 'Invalid input';
      return `Invalid enum value. Expected ${issue.values.map(quoteValue).join(' | ')}, received '${text(issue.input)}'`;
    }
    default:
      return 'Invalid input';
  }
}

/** zod error map giving zod-3 texts; pass as `schema.safeParse(data, { error: zodErrorMap })`. */
export const zodErrorMap: z.core.$ZodErrorMap = (issue) => formatIssue(issue as RawIssueLike);

