/**
 * EIP-712 typed data (eth_signTypedData_v4) in its one canonical form: every value checked against
 * its declared type and written the way it is hashed (checksummed addresses, lowercase bytes, integers
 * as decimal strings, the domain's chainId a number), every struct with exactly its declared fields.
 * viem hashes only declared fields and would silently drop an extra one, so extra or missing fields are
 * refused here: what the approval lists is what is signed. EIP712Domain is rebuilt from the domain's
 * own fields (viem signs that), and a page-given EIP712Domain must name the same fields.
 */
import { isObject, onlyKeys, readAddress, readBytes, RequestError, type Hex } from './values';

export interface TypedField {
  readonly name: string;
  readonly type: string;
}

export interface TypedDataJson {
  readonly types: Readonly<Record<string, readonly TypedField[]>>;
  readonly primaryType: string;
  readonly domain: Readonly<TypedDomain>;
  readonly message: Readonly<Record<string, unknown>>;
}

export interface TypedDomain {
  name?: string;
  version?: string;
  chainId?: number;
  verifyingContract?: Hex;
  salt?: Hex;
}

const DOMAIN_FIELDS: readonly TypedField[] = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
  { name: 'salt', type: 'bytes32' },
];
const MAX_JSON = 256 * 1024;
const MAX_DEPTH = 8;
const MAX_VALUES = 4000;
const WHERE = 'eth_signTypedData_v4';
/** A type or field name (`__proto__` would set an object's prototype instead of a field). */
const isName = (s: string) => /^[A-Za-z_$][\w$]{0,63}$/.test(s) && s !== '__proto__';

function fail(message: string): never {
  throw new RequestError(`${WHERE}: ${message}`);
}

function readTypes(raw: unknown): Record<string, TypedField[]> {
  if (!isObject(raw)) fail('types: expected an object');
  const types: Record<string, TypedField[]> = {};
  for (const [name, fields] of Object.entries(raw)) {
    if (!isName(name)) fail(`types: "${name.slice(0, 40)}" is not a type name`);
    if (!Array.isArray(fields) || fields.length > 64) fail(`types.${name}: expected a list of fields`);
    const seen = new Set<string>();
    types[name] = fields.map((f, i) => {
      if (!isObject(f) || typeof f.name !== 'string' || typeof f.type !== 'string') fail(`types.${name}[${i}]: expected { name, type }`);
      onlyKeys(f, ['name', 'type'], `${WHERE}: types.${name}[${i}]`);
      if (!isName(f.name) || seen.has(f.name)) fail(`types.${name}[${i}]: bad or repeated field name`);
      seen.add(f.name);
      return { name: f.name, type: f.type };
    });
  }
  return types;
}

function readDomain(raw: unknown, given: TypedField[] | undefined, chainId: number): TypedDomain {
  if (raw === undefined) raw = {};
  if (!isObject(raw)) fail('domain: expected an object');
  onlyKeys(raw, DOMAIN_FIELDS.map((f) => f.name), `${WHERE}: domain`);
  const d: TypedDomain = {};
  if (raw.name !== undefined) d.name = typeof raw.name === 'string' ? raw.name : fail('domain.name: expected a string');
  if (raw.version !== undefined) d.version = typeof raw.version === 'string' ? raw.version : fail('domain.version: expected a string');
  if (raw.chainId !== undefined) {
    const id = Number(readInteger(raw.chainId, 'uint256', 'domain.chainId'));
    if (id !== chainId) fail(`the data is for chain ${id}, the wallet is on chain ${chainId}`);
    d.chainId = id;
  }
  if (raw.verifyingContract !== undefined) d.verifyingContract = readAddress(raw.verifyingContract, `${WHERE}: domain.verifyingContract`);
  if (raw.salt !== undefined) d.salt = readBytes(raw.salt, `${WHERE}: domain.salt`, 32);
  if (given) {
    for (const f of given) {
      const std = DOMAIN_FIELDS.find((s) => s.name === f.name);
      if (!std || std.type !== f.type) fail(`types.EIP712Domain: "${f.name}" is not a domain field of type ${std?.type ?? 'any'}`);
    }
    const names = (fields: readonly { name: string }[]) => fields.map((f) => f.name).sort().join(',');
    if (names(given) !== names(Object.keys(d).map((name) => ({ name })))) fail('types.EIP712Domain does not list the fields of the domain');
  }
  return d;
}

/** An integer of a uintN/intN type, as a decimal string, range-checked. */
function readInteger(v: unknown, type: string, path: string): string {
  const m = /^(u?)int(\d{0,3})$/.exec(type)!;
  const bits = BigInt(m[2] || '256');
  let n: bigint | undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v)) n = BigInt(v);
  else if (typeof v === 'string' && /^-?[0-9]{1,78}$/.test(v)) n = BigInt(v);
  else if (typeof v === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(v)) n = BigInt(v);
  if (n === undefined) fail(`${path}: expected an integer (a number up to 2^53, else a string)`);
  const [min, max] = m[1] ? [0n, (1n << bits) - 1n] : [-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n];
  if (n < min || n > max) fail(`${path}: out of range for ${type}`);
  return n.toString();
}

class MessageReader {
  private count = 0;
  constructor(private readonly types: Record<string, TypedField[]>) {}

  value(type: string, v: unknown, path: string, depth: number): unknown {
    if (++this.count > MAX_VALUES || depth > MAX_DEPTH) fail('the message is too large or too deep');
    const array = /^(.*)\[(\d*)\]$/.exec(type);
    if (array) {
      if (!Array.isArray(v)) fail(`${path}: expected a list`);
      if (array[2] !== '' && v.length !== Number(array[2])) fail(`${path}: expected ${array[2]} items`);
      return v.map((item, i) => this.value(array[1]!, item, `${path}[${i}]`, depth + 1));
    }
    const fields = this.types[type];
    if (fields) return this.struct(fields, v, path, depth);
    if (type === 'address') return readAddress(v, `${WHERE}: ${path}`);
    if (type === 'bool') return typeof v === 'boolean' ? v : fail(`${path}: expected true or false`);
    if (type === 'string') return typeof v === 'string' ? v : fail(`${path}: expected a string`);
    if (type === 'bytes') return readBytes(v, `${WHERE}: ${path}`);
    const fixed = /^bytes(\d{1,2})$/.exec(type);
    if (fixed && Number(fixed[1]) >= 1 && Number(fixed[1]) <= 32) return readBytes(v, `${WHERE}: ${path}`, Number(fixed[1]));
    const int = /^u?int(\d{1,3})$/.exec(type);
    if (int && Number(int[1]) % 8 === 0 && Number(int[1]) >= 8 && Number(int[1]) <= 256) return readInteger(v, type, path);
    return fail(`${path}: unknown type "${type.slice(0, 40)}"`);
  }

  struct(fields: readonly TypedField[], v: unknown, path: string, depth: number): Record<string, unknown> {
    if (!isObject(v)) fail(`${path}: expected an object`);
    onlyKeys(v, fields.map((f) => f.name), `${WHERE}: ${path}`);
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      if (!(f.name in v)) fail(`${path}.${f.name}: missing`);
      out[f.name] = this.value(f.type, v[f.name], `${path}.${f.name}`, depth + 1);
    }
    return out;
  }
}

/** Parses (a JSON string or an object) and normalises typed data for the wallet on `chainId`. */
export function normaliseTypedData(raw: unknown, chainId: number): TypedDataJson {
  let value = raw;
  if (typeof value === 'string') {
    if (value.length > MAX_JSON) fail('the typed data is too large');
    try {
      value = JSON.parse(value);
    } catch {
      fail('the typed data is not valid JSON');
    }
  }
  if (!isObject(value)) fail('expected typed data');
  onlyKeys(value, ['types', 'primaryType', 'domain', 'message'], WHERE);
  if (typeof value.primaryType !== 'string' || !isObject(value.message)) fail('types, primaryType and message are required');
  const { EIP712Domain: givenDomain, ...types } = readTypes(value.types);
  if (!types[value.primaryType]) fail(`primaryType "${value.primaryType.slice(0, 40)}" is not defined in types`);
  const domain = readDomain(value.domain, givenDomain, chainId);
  const message = new MessageReader(types).struct(types[value.primaryType]!, value.message, 'message', 0);
  const domainType = DOMAIN_FIELDS.filter((f) => f.name in domain);
  return { types: { EIP712Domain: domainType, ...types }, primaryType: value.primaryType, domain, message };
}
