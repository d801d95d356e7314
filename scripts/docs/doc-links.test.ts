/**
 * Links into docs/ lead somewhere. Code comments point at the page and heading that describes
 * what they implement (`docs/connection.md#network-switching`), and the READMEs link the same
 * pages. Every such link must name a page that exists and, with an anchor, a heading on it: the
 * anchor is GitHub's slug of the heading (lower case, punctuation dropped, spaces to hyphens, a
 * repeated heading gets -1, -2, …). A renamed heading or page fails here, naming each link it
 * broke. Pointers to the numbered sections of the old external spec are not allowed back.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const DOCS = join(ROOT, 'docs');
const SOURCE_DIRS = ['kernel', 'plugins', 'ui', 'samples', 'scripts', 'tests'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', '.next', '.git', 'coverage']);
const CODE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) walk(path, keep, out);
    else if (keep(path)) out.push(path);
  }
  return out;
}

/** GitHub's anchor for a heading's text. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown text's headings (outside fenced code), repeats numbered as GitHub does. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string> | null>();
function pageAnchors(file: string): Set<string> | null {
  if (!anchorCache.has(file)) anchorCache.set(file, existsSync(file) ? anchorsOf(readFileSync(file, 'utf8')) : null);
  return anchorCache.get(file)!;
}

/** What is wrong with a link to `file` (absolute) and `anchor`, or undefined. */
function problem(file: string, anchor: string | undefined): string | undefined {
  const anchors = pageAnchors(file);
  if (!anchors) return 'no such page';
  if (anchor !== undefined && !anchors.has(anchor)) return `no heading with the anchor #${anchor}`;
  return undefined;
}

/** `docs/<page>.md#<anchor>` pointers in a source file's text, resolved from the repository root. */
function codeLinkProblems(text: string, where: string, root = ROOT): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?<![\w./-])docs\/([\w.-]+\.md)(?:#([\w-]+))?/g)) {
    const anchor = m[2]?.replace(/-+$/, '');
    const why = problem(join(root, 'docs', m[1]!), anchor);
    if (why) out.push(`${where}: ${m[0]}: ${why}`);
  }
  return out;
}

/** Markdown links (`[text](target)`) whose target is a page in docs/ (or a heading of this page, for docs/ pages). */
function markdownLinkProblems(text: string, file: string, docsDir = DOCS): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, mailto:, …
    const hash = target.indexOf('#');
    const path = hash === -1 ? target : target.slice(0, hash);
    const anchor = hash === -1 ? undefined : target.slice(hash + 1);
    const resolved = path === '' ? file : resolve(dirname(file), path);
    if (!resolved.startsWith(docsDir + sep) || !resolved.endsWith('.md')) continue;
    const why = problem(resolved, anchor);
    if (why) out.push(`${relative(ROOT, file)}: (${target}): ${why}`);
  }
  return out;
}

const codeFiles = SOURCE_DIRS.flatMap((dir) => walk(join(ROOT, dir), (f) => CODE.test(f)));
const markdownFiles = [
  join(ROOT, 'README.md'),
  ...walk(DOCS, (f) => f.endsWith('.md')),
  ...SOURCE_DIRS.flatMap((dir) => walk(join(ROOT, dir), (f) => f.endsWith('.md'))),
];

describe('links into docs/', () => {
  it('has the pages the code points at', () => {
    for (const page of ['modal', 'connection', 'embedded-wallet', 'account-features', 'errors', 'chunks', 'migrating']) {
      expect([page, existsSync(join(DOCS, `${page}.md`))]).toEqual([page, true]);
    }
  });

  it('every docs/<page>.md#<anchor> in code names a page and one of its headings', () => {
    const problems = codeFiles.flatMap((f) => codeLinkProblems(readFileSync(f, 'utf8'), relative(ROOT, f)));
    expect(problems).toEqual([]);
    // the code does point at the pages (the scan is not looking at nothing)
    const count = codeFiles.reduce((n, f) => n + (readFileSync(f, 'utf8').match(/docs\/[\w-]+\.md#/g)?.length ?? 0), 0);
    expect(count).toBeGreaterThan(200);
  });

  it('every markdown link to a docs/ page names a page and one of its headings', () => {
    const problems = markdownFiles.flatMap((f) => markdownLinkProblems(readFileSync(f, 'utf8'), f));
    expect(problems).toEqual([]);
  });

  it('no pointer to the numbered sections of the external spec comes back', () => {
    const pointer = /\bspec(?:'s)? (?:sections?|§) ?\d|\bspec §/i;
    const found = [...codeFiles, ...markdownFiles].filter((f) => pointer.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));
    expect(found).toEqual([]);
  });
});

describe('the check fires', () => {
  const page = ['docs', 'modal.md'].join('/');

  it('slugs headings as GitHub does', () => {
    expect(slug('Sign in with a wallet message')).toBe('sign-in-with-a-wallet-message');
    expect(slug('E-mail login')).toBe('e-mail-login');
    expect(slug('Defaults (HTTP RPC)')).toBe('defaults-http-rpc');
    expect(slug('The `tokens` option: 1.5 times')).toBe('the-tokens-option-15-times');
    expect([...anchorsOf('# A\n## Errors\n```\n# not a heading\n```\n### Errors\n')]).toEqual(['a', 'errors', 'errors-1']);
  });

  it('reports an unknown page and an unknown heading in code', () => {
    const text = `// see ${page}#opening-rules, ${page}#no-such-heading and ${['docs', 'nowhere.md'].join('/')}`;
    expect(codeLinkProblems(text, 'x.ts')).toEqual([
      `x.ts: ${page}#no-such-heading: no heading with the anchor #no-such-heading`,
      `x.ts: ${['docs', 'nowhere.md'].join('/')}: no such page`,
    ]);
  });

  it('reports a broken markdown link into docs/, and leaves other links alone', () => {
    const readme = join(ROOT, 'plugins', 'send', 'README.md');
    const text = '[a](../../docs/modal.md#closing) [b](../../docs/modal.md#closed) [c](https://example.com/docs/x.md) [d](../evm/README.md#nothing)';
    expect(markdownLinkProblems(text, readme)).toEqual(['plugins/send/README.md: (../../docs/modal.md#closed): no heading with the anchor #closed']);
  });
});
