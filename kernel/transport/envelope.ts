/** The JSON-RPC 2.0 response envelope, checked before any answer is used (a node is hostile input). */
import type { RpcErrorObject } from '../errors/transport';

/** One JSON-RPC 2.0 response object that passed {@link checkEnvelope}. */
export type RpcAnswer =
  | { readonly id: unknown; readonly result: unknown; readonly error?: undefined }
  | { readonly id: unknown; readonly error: RpcErrorObject };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A short rendering of a JSON value for error messages (never the whole of a hostile value). */
export function show(v: unknown): string {
  if (v === undefined) return 'missing';
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = typeof v;
  }
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

/**
 * Checks one JSON-RPC 2.0 response object: an object, "jsonrpc" "2.0", an "id",
 * exactly one of "result" and "error", and an error with an integer code and a
 * string message. Returns the answer, or why it is not one.
 */
export function checkEnvelope(value: unknown): RpcAnswer | string {
  if (!isObject(value)) return `the answer is ${Array.isArray(value) ? 'an array' : show(value)}, not an object`;
  if (value.jsonrpc !== '2.0') return `"jsonrpc" is ${show(value.jsonrpc)}, not "2.0"`;
  if (!('id' in value)) return 'the answer has no "id"';
  const hasResult = 'result' in value;
  const hasError = 'error' in value;
  if (hasResult && hasError) return 'the answer has both "result" and "error"';
  if (!hasResult && !hasError) return 'the answer has neither "result" nor "error"';
  if (hasResult) return { id: value.id, result: value.result };
  const e = value.error;
  if (!isObject(e) || !Number.isInteger(e.code) || typeof e.message !== 'string') return `malformed "error": ${show(e)}`;
  return { id: value.id, error: { code: e.code as number, message: e.message, ...('data' in e ? { data: e.data } : {}) } };
}
