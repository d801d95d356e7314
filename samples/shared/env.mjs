// One reader for the settings of the local stack's servers. Each checker takes a setting's value,
// either the text of an environment variable or a value passed in code, and the name to report
// (the variable, or the option), and returns the parsed value; an unset value (undefined, null or
// blank text) gives the default `def` (undefined without one). A value that does not fit throws
// EnvError: `<name>: expected <what was expected>, got <the value>` (secrets are never shown).
// `readEnv(env)` binds the same checkers to an environment. No dependencies, so that the plain-Node
// servers, the TypeScript services (bundled by esbuild) and jest all import this one file.

/** A setting of a server's configuration is wrong: the server refuses to start. */
export class ConfigError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'ConfigError';
  }
}

const HIDDEN = Symbol('hidden');

/** One setting (a variable or an option) does not hold what is expected. */
export class EnvError extends ConfigError {
  /** @param {string} variable @param {string} expected @param {unknown} [got] left out: the value is not shown */
  constructor(variable, expected, got = HIDDEN) {
    super(`${variable}: expected ${expected}${got === HIDDEN ? '' : `, got ${show(got)}`}`);
    this.name = 'EnvError';
    this.variable = variable;
    this.expected = expected;
  }
}

/** @param {unknown} v */
function show(v) {
  if (typeof v === 'string') return JSON.stringify(v.length > 100 ? `${v.slice(0, 100)}…` : v);
  if (typeof v === 'bigint' || typeof v === 'function' || typeof v === 'symbol') return String(v);
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** @param {unknown} v */
const isUnset = (v) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** @param {number} min @param {number} max */
function integerText(min, max) {
  const low = min > Number.MIN_SAFE_INTEGER;
  const high = max < Number.MAX_SAFE_INTEGER;
  if (low && high) return `an integer from ${min} to ${max}`;
  if (low) return `an integer of at least ${min}`;
  if (high) return `an integer of at most ${max}`;
  return 'an integer';
}

/** An integer in [min, max]: a number, or its decimal text. */
export function integer(value, what, { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER, def } = {}) {
  if (isUnset(value)) return def;
  const n = typeof value === 'string' ? (/^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min || n > max) throw new EnvError(what, integerText(min, max), value);
  return n;
}

/** A TCP port: 0 to 65535 (0: the system picks a free one). */
export function port(value, what, def) {
  return integer(value, what, { min: 0, max: 65535, def });
}

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off)$/i;

/** true or false: a boolean, or 1/0, true/false, yes/no, on/off. */
export function boolean(value, what, def) {
  if (isUnset(value)) return def;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && TRUE.test(value.trim())) return true;
  if (typeof value === 'string' && FALSE.test(value.trim())) return false;
  throw new EnvError(what, '1 or 0 (true/false, yes/no, on/off)', value);
}

/**
 * Text; with `pattern`, text it matches (`expected` says what in words). `secret` leaves the value
 * out of the message.
 */
export function string(value, what, { pattern, expected, secret = false, def } = {}) {
  if (isUnset(value)) return def;
  if (typeof value !== 'string' || (pattern && !pattern.test(value))) throw new EnvError(what, expected ?? (pattern ? `text matching ${pattern}` : 'text'), secret ? HIDDEN : value);
  return value;
}

/** @param {readonly string[]} protocols */
function protocolText(protocols) {
  const p = protocols.map((x) => x.replace(/:$/, ''));
  if (p.length === 2 && p[1] === `${p[0]}s`) return `${p[0]}(s)`;
  return p.join(' or ');
}

/** A URL of one of `protocols` (default http: and https:), returned as given; `credentials: false` refuses user:password@. */
export function url(value, what, { protocols = ['http:', 'https:'], credentials = true, def } = {}) {
  if (isUnset(value)) return def;
  const kind = protocolText(protocols);
  const expected = `${/^[aeiouh]/.test(kind) ? 'an' : 'a'} ${kind} URL${credentials ? '' : ' without credentials'}`;
  let u;
  try {
    u = new URL(String(value));
  } catch {
    throw new EnvError(what, expected, value);
  }
  if (typeof value !== 'string' || !protocols.includes(u.protocol) || (!credentials && (u.username || u.password))) {
    throw new EnvError(what, expected, credentials ? value : `${u.protocol}//…`);
  }
  return value.trim();
}

/** A list of non-empty texts: comma-separated text, or an array. */
export function list(value, what, def) {
  if (isUnset(value)) return def;
  const items = typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : value;
  if (!Array.isArray(items) || !items.every((s) => typeof s === 'string' && s.length > 0)) throw new EnvError(what, 'a comma-separated list', value);
  return [...items];
}

/** JSON text, parsed (a value that is not text is taken as already parsed). The text is not shown: it may hold secrets. */
export function json(value, what, def) {
  if (isUnset(value)) return def;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw new EnvError(what, 'valid JSON');
  }
}

const CHAIN_FORMS = '<chainId>=<rpcUrl>[,…] or a JSON array of { chainId, rpcUrl, name? }';

/**
 * The chain list of the stack's servers, in the format of /config.json (STACK.md):
 * `[{ chainId, rpcUrl, name?, …service fields }]`, as an array or its JSON text. The short form
 * `<chainId>=<rpcUrl>,…` (documented by the data service and the on-ramp provider) is read
 * here and nowhere else. Checks the fields every chain has (chainId, an http(s) rpcUrl, name) and that
 * each chain is listed once; other fields are returned as given, for the service to check.
 */
export function chainList(value, what, { max = 32, def } = {}) {
  if (isUnset(value)) return def;
  let items = value;
  if (typeof value === 'string') {
    items = value.trim().startsWith('[')
      ? json(value, what)
      : value.split(',').map((part) => {
          const m = /^\s*([0-9]+)\s*=\s*(\S+)\s*$/.exec(part);
          if (!m) throw new EnvError(what, CHAIN_FORMS, part);
          return { chainId: Number(m[1]), rpcUrl: m[2] };
        });
  }
  if (!Array.isArray(items)) throw new EnvError(what, CHAIN_FORMS, value);
  if (items.length === 0 || items.length > max) throw new EnvError(what, `1 to ${max} chains`, items.length);
  const seen = new Set();
  return items.map((c, i) => {
    const at = `${what}[${i}]`;
    if (typeof c !== 'object' || c === null || Array.isArray(c)) throw new EnvError(at, 'an object { chainId, rpcUrl, name? }', c);
    const chainId = integer(c.chainId, `${at}.chainId`, { min: 1 });
    if (chainId === undefined) throw new EnvError(`${at}.chainId`, 'a chain id (a positive integer)');
    if (seen.has(chainId)) throw new EnvError(what, 'each chain once', `chain ${chainId} twice`);
    seen.add(chainId);
    const rpcUrl = url(c.rpcUrl, `${at}.rpcUrl`);
    if (rpcUrl === undefined) throw new EnvError(`${at}.rpcUrl`, 'an http(s) URL');
    const name = string(c.name, `${at}.name`, { pattern: /^[^\n]{1,100}$/, expected: '1 to 100 characters' });
    return name === undefined ? { ...c, chainId, rpcUrl } : { ...c, chainId, rpcUrl, name };
  });
}

/**
 * The checkers bound to an environment: `readEnv(process.env).port('DATA_PORT', PORTS.data)` reads the
 * variable and names it in the error.
 * @param {Record<string, string | undefined>} [env]
 */
export function readEnv(env = process.env) {
  return {
    string: (name, opts) => string(env[name], name, opts),
    integer: (name, opts) => integer(env[name], name, opts),
    port: (name, def) => port(env[name], name, def),
    boolean: (name, def) => boolean(env[name], name, def),
    url: (name, opts) => url(env[name], name, opts),
    list: (name, def) => list(env[name], name, def),
    json: (name, def) => json(env[name], name, def),
    chains: (name, opts) => chainList(env[name], name, opts),
  };
}
