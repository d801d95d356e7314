/**
 * A small structural validator for the kernel options, in place of zod at startup (zod alone
 * was about a third of the kernel's startup code). It follows zod 4's rules for the schema
 * parts the options use (what is an object, a record, when a union reports its option's
 * issues, the order of issues) and raises zod's raw issues, worded by the same
 * {@link formatIssue} as `zodErrorMap`; so the messages are the zod-3 texts of docs/errors.md#validation-messages.
 * kernel/options/testing/zodSchema.ts holds the same schema in zod, and check.test.ts
 * compares both on generated inputs.
 */
import type { ValidationIssue } from '../errors/kernel';
import { formatIssue, type RawIssueLike } from './zodMessages';

interface Issue extends RawIssueLike {
  readonly path: readonly PropertyKey[];
  /** zod's `continue`: a check's issue that does not abort (a union may report it alone). */
  readonly continue?: boolean;
}

/** Validates `value` found at `path`, adding its issues to `out`. */
export type Check = (value: unknown, path: readonly PropertyKey[], out: Issue[]) => void;

type Obj = Record<PropertyKey, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** zod's isPlainObject (what a record accepts). */
function isPlainObject(v: unknown): v is Obj {
  if (!isObject(v)) return false;
  const ctor = v.constructor;
  if (typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  return isObject(proto) && Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf');
}

const typed =
  (expected: string, ok: (v: unknown) => boolean, then?: Check): Check =>
  (v, path, out) => {
    if (!ok(v)) out.push({ code: 'invalid_type', expected, input: v, path });
    else then?.(v, path, out);
  };

/** A string, matching `pattern` when given. */
export const string = (pattern?: RegExp): Check =>
  typed('string', (v) => typeof v === 'string', pattern && ((v, path, out) => {
    if (!pattern.test(v as string)) out.push({ code: 'invalid_format', format: 'regex', input: v, path, continue: true });
  }));

export const boolean: Check = typed('boolean', (v) => typeof v === 'boolean');

/** A finite number. */
export const number: Check = (v, path, out) => {
  if (typeof v === 'number' && Number.isFinite(v)) return;
  const received = typeof v === 'number' ? (Number.isNaN(v) ? 'NaN' : String(v)) : undefined;
  out.push({ code: 'invalid_type', expected: 'number', input: v, path, ...(received ? { received } : {}) });
};

export const optional =
  (check: Check): Check =>
  (v, path, out) => {
    if (v !== undefined) check(v, path, out);
  };

/** One of `values` (zod's enum: "Invalid enum value. Expected …"). */
export const oneOf =
  (values: readonly unknown[]): Check =>
  (v, path, out) => {
    if (!values.includes(v)) out.push({ code: 'invalid_value', values, input: v, path });
  };

/** Exactly `value` (zod's literal: "Invalid input"). */
export const literal =
  (value: unknown): Check =>
  (v, path, out) => {
    if (v !== value) out.push({ code: 'invalid_value', input: v, path });
  };

export const array = (item: Check): Check =>
  typed('array', Array.isArray, (v, path, out) => {
    const list = v as unknown[];
    for (let i = 0; i < list.length; i++) item(list[i], [...path, i], out);
  });

/** Fails with 'Invalid input' unless one option passes (or exactly one fails without aborting, whose issues it gives). */
export const union =
  (...options: Check[]): Check =>
  (v, path, out) => {
    const results: Issue[][] = [];
    for (const option of options) {
      const issues: Issue[] = [];
      option(v, path, issues);
      if (issues.length === 0) return;
      results.push(issues);
    }
    const soft = results.filter((r) => r.every((i) => i.continue === true));
    if (soft.length === 1) out.push(...soft[0]!);
    else out.push({ code: 'invalid_union', input: v, path });
  };

/** An object: `shape`'s keys (absent = undefined), then, with `rest`, every other enumerable key. Unknown keys pass. */
export const object = (shape: Readonly<Record<string, Check>>, rest?: Check): Check =>
  typed('object', isObject, (v, path, out) => {
    const o = v as Obj;
    for (const key of Object.keys(shape)) shape[key]!(o[key], [...path, key], out);
    if (!rest) return;
    for (const key in o) {
      if (!Object.prototype.hasOwnProperty.call(shape, key) && key !== '__proto__') rest(o[key], [...path, key], out);
    }
  });

/** A record of string keys (or, with `keys`, only those keys, each optional) to `value`. */
export const record = (value: Check, keys?: readonly string[]): Check =>
  typed('record', isPlainObject, (v, path, out) => {
    const o = v as Obj;
    const unknownKeys: PropertyKey[] = [];
    for (const key of Reflect.ownKeys(o)) {
      if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(o, key)) continue;
      if (keys ? !keys.includes(key as string) : typeof key === 'symbol') {
        if (keys) unknownKeys.push(key);
        else out.push({ code: 'invalid_key', input: key, path: [...path, key] });
        continue;
      }
      value(o[key as string], [...path, key], out);
    }
    if (unknownKeys.length) out.push({ code: 'unrecognized_keys', input: o, path, continue: true });
  });

/** The issues of `value` against `check`, as `{ path: 'a.0.b', message }` in zod-3 words. */
export function issuesOf(check: Check, value: unknown): ValidationIssue[] {
  const out: Issue[] = [];
  check(value, [], out);
  return out.map((i) => ({ path: i.path.map(String).join('.'), message: formatIssue(i) }));
}
