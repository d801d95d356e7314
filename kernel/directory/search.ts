/**
 * Wallet search: case- and accent-insensitive token-prefix matching on name,
 * id and rdns, best matches first. Pure.
 */

/** What can be searched: directory wallets, list entries, connectors with an rdns. */
export interface Searchable {
  readonly id: string;
  readonly name: string;
  readonly rdns?: string | undefined;
}

interface Index {
  /** Lower-cased, accent-free name with separators removed ('trustwallet'). */
  readonly compact: string;
  readonly nameLower: string;
  readonly nameTokens: readonly string[];
  readonly otherTokens: readonly string[];
}

const indexCache = /*#__PURE__*/ new WeakMap<object, Index>();

/** Lower case, accents removed. */
export function normalizeText(s: string): string {
  return s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/**
 * Tokens of a text: split on anything not a letter or digit and on camelCase
 * humps ('MetaMask' → 'metamask', 'meta', 'mask'; 'io.metamask' → 'io', 'metamask').
 */
export function tokenize(s: string): string[] {
  const out = new Set<string>();
  for (const word of s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    out.add(word.toLowerCase());
    const humps = word.split(/(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u);
    if (humps.length > 1) for (const h of humps) if (h) out.add(h.toLowerCase());
  }
  return [...out];
}

function indexOf(w: Searchable): Index {
  let idx = indexCache.get(w);
  if (idx) return idx;
  const nameLower = normalizeText(w.name).trim();
  idx = {
    nameLower,
    compact: nameLower.replace(/[^\p{L}\p{N}]+/gu, ''),
    nameTokens: tokenize(w.name),
    otherTokens: [...tokenize(w.id), ...(w.rdns ? tokenize(w.rdns) : [])],
  };
  indexCache.set(w, idx);
  return idx;
}

/**
 * Score of `w` for a normalised query (0 = no match). Every query token must
 * prefix a token of the name, id or rdns; the whole query may also prefix the
 * name with its separators removed ('trustw' finds 'Trust Wallet').
 *
 * Ranks: exact name 1000 › name starts with the query 800 › every token prefixes
 * a name token 600 › some token only matches id/rdns 300. Within a rank the
 * list's own order (e.g. popularity) is kept.
 */
export function matchScore(w: Searchable, query: string, queryTokens: readonly string[] = tokenize(query)): number {
  const q = normalizeText(query).trim();
  if (!q) return 1;
  const idx = indexOf(w);
  if (idx.nameLower === q) return 1000;
  const qCompact = q.replace(/[^\p{L}\p{N}]+/gu, '');
  if (idx.nameLower.startsWith(q) || (qCompact !== '' && idx.compact.startsWith(qCompact))) return 800;
  if (queryTokens.length === 0) return 0;
  let inNameOnly = true;
  for (const t of queryTokens) {
    if (idx.nameTokens.some((n) => n.startsWith(t))) continue;
    if (idx.otherTokens.some((n) => n.startsWith(t))) {
      inNameOnly = false;
      continue;
    }
    return 0;
  }
  return inNameOnly ? 600 : 300;
}

/**
 * Wallets matching `query`, best first (stable within equal scores). An empty
 * or blank query returns the list as it is.
 */
export function searchWallets<T extends Searchable>(list: readonly T[], query: string): T[] {
  const q = query.trim();
  if (!q) return list.slice();
  const tokens = tokenize(q);
  const scored: { w: T; s: number; i: number }[] = [];
  list.forEach((w, i) => {
    const s = matchScore(w, q, tokens);
    if (s > 0) scored.push({ w, s, i });
  });
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  return scored.map((x) => x.w);
}
