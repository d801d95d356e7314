/**
 * Validation of the option the plugin owns, `onrampProviders` (the host's own payment providers).
 * In the manifest's bundle, so kept small: one pass, messages naming the path.
 */
import type { ValidationIssue } from 'latchkey';

/** At most this many host providers. */
const MAX_PROVIDERS = 16;
const ID = /^[a-z0-9-]{1,32}$/;
const CAIP2 = /^(eip155|solana):[-_a-zA-Z0-9]{1,32}$/;
const NAMESPACES = ['eip155', 'solana'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An absolute http(s) URL without credentials, of at most 2048 characters (or a data:image URL when `image`). */
export function isUrl(v: unknown, image?: boolean): boolean {
  if (typeof v !== 'string' || v.length > 2048) return false;
  if (image && /^data:image\/[a-z0-9.+-]+[;,]/i.test(v)) return true;
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
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
  const seen = new Set<string>(['coinbase', 'meld']);
  list.forEach((p: unknown, i) => {
    const at = (key: string, message: string) => issues.push({ path: `onrampProviders.${i}${key ? `.${key}` : ''}`, message });
    if (!isObject(p)) return at('', 'Expected an object');
    const { id, name, checkoutUrl, namespaces, networks, feeRange, iconUrl } = p;
    if (typeof id !== 'string' || !ID.test(id)) at('id', 'Expected 1-32 characters of a-z, 0-9 and -');
    else if (seen.has(id)) at('id', `Duplicate provider id ${id}`);
    else seen.add(id);
    if (typeof name !== 'string' || !name.trim() || name.length > 64) at('name', 'Expected 1-64 characters');
    if (!isUrl(checkoutUrl)) at('checkoutUrl', 'Expected an http(s) URL');
    const ns = namespaces ?? ['eip155'];
    if (!Array.isArray(ns) || !ns.length || !ns.every((n) => NAMESPACES.includes(n as string))) at('namespaces', 'Expected a list of eip155 and solana');
    if (networks !== undefined) {
      const ok = Array.isArray(networks) && networks.length <= 64 && networks.every((n) => typeof n === 'string' && CAIP2.test(n) && (!Array.isArray(ns) || ns.includes(n.split(':')[0])));
      if (!ok) at('networks', "Expected at most 64 CAIP-2 ids of the provider's namespaces");
    }
    if (feeRange !== undefined) {
      const { min, max } = isObject(feeRange) ? feeRange : {};
      const pct = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= 100;
      if (!pct(min) || !pct(max) || min > max) at('feeRange', 'Expected { min, max } percentages, min <= max');
    }
    if (iconUrl !== undefined && !isUrl(iconUrl, true)) at('iconUrl', 'Expected an http(s) or data:image URL');
  });
  return issues;
}
