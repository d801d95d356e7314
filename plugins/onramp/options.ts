/**
 * Validation of the option the plugin owns, `onrampProviders` (the host's own payment providers).
 * In the manifest's bundle, so kept small: one pass, messages naming the path.
 */
import type { ValidationIssue } from 'latchkey';

/** At most this many host providers. */
const MAX_PROVIDERS = 16;
const NAMESPACES = ['eip155', 'solana'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An absolute http(s) URL without credentials, of at most 2048 characters. */
function isUrl(v: unknown): boolean {
  try {
    const u = new URL(v as string);
    return typeof v === 'string' && v.length <= 2048 && /^https?:$/.test(u.protocol) && !u.username && !u.password;
  } catch {
    return false;
  }
}

/**
 * `onrampProviders`, if given: a list of at most 16 providers, each `{ id, name, checkoutUrl,
 * namespaces?, networks?, feeRange?, iconUrl? }` (see OnrampProviderOption), ids unique and
 * not a built-in provider's.
 */
export function validateOnrampOptions(options: Readonly<Record<string, unknown>>): ValidationIssue[] {
  const list = options['onrampProviders'];
  if (list === undefined) return [];
  if (!Array.isArray(list) || list.length > MAX_PROVIDERS) return [{ path: 'onrampProviders', message: `Expected a list of at most ${MAX_PROVIDERS} providers` }];
  const issues: ValidationIssue[] = [];
  const seen = ['coinbase', 'meld'];
  list.forEach((p: unknown, i) => {
    const check = (ok: unknown, key: string, message: string) => ok || issues.push({ path: `onrampProviders.${i}${key && '.'}${key}`, message: `Expected ${message}` });
    if (!check(isObject(p), '', 'an object')) return;
    const { id, name, checkoutUrl, namespaces = ['eip155'], networks = [], feeRange = { min: 0, max: 0 }, iconUrl } = p as Record<string, any>;
    check(typeof id === 'string' && /^[a-z0-9-]{1,32}$/.test(id) && !seen.includes(id), 'id', 'a new id: 1-32 of a-z, 0-9, -');
    seen.push(id);
    check(typeof name === 'string' && name.trim() && name.length <= 64, 'name', '1-64 characters');
    check(isUrl(checkoutUrl), 'checkoutUrl', 'an http(s) URL');
    const nsOk = check(Array.isArray(namespaces) && namespaces.length && namespaces.every((n) => NAMESPACES.includes(n)), 'namespaces', 'eip155 and/or solana');
    check(
      Array.isArray(networks) && networks.length <= 64 && networks.every((n) => /^[a-z0-9]+:[-\w]{1,32}$/.test(n) && (nsOk !== true || namespaces.includes(String(n).split(':')[0]))),
      'networks',
      '<= 64 CAIP-2 ids of its namespaces',
    );
    const pct = (v: unknown) => typeof v === 'number' && v >= 0 && v <= 100;
    check(isObject(feeRange) && pct(feeRange.min) && pct(feeRange.max) && (feeRange.min as number) <= (feeRange.max as number), 'feeRange', '{ min, max } in %, min <= max');
    check(iconUrl === undefined || isUrl(iconUrl), 'iconUrl', 'an http(s) URL');
  });
  return issues;
}
