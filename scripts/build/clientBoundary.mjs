// "use client" on the ESM library's entries that reach React.
//
// React Server Components (Next.js App Router) evaluate a module in the server graph unless it
// starts with the "use client" directive; React's server build has no createContext, hooks or
// DOM, so an entry that reaches React must be a client boundary. A server component may then
// import ConnectButton or LatchkeyProvider from `latchkey/react` and render it (a client
// reference); anything under it stays a server component.
//
// The rule, from esbuild's metafile: an entry whose static-import closure imports `react` or
// `react-dom` (external in dist/esm) starts with "use client". Only entry files get it: a chunk
// shared by a client entry and a server-safe one is evaluated wherever its importer is, and the
// directive means nothing inside a module graph that is already client code. The kernel entry
// must stay server-safe (createKernel and cookieToInitialState run in server components):
// the build fails if it reaches React.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { staticClosure } from '../size/closure.mjs';

export const USE_CLIENT = '"use client";\n';
const REACT = /^(react|react-dom)(\/|$)/;
/** Entries that must never be client boundaries: they run on a server. */
const SERVER_SAFE = ['.', './kernel', './errors', './networks', './signin'];

/**
 * Prepends the directive to every entry output (of `entries`: `{ subpath, source }`) whose
 * static closure reaches React. Returns the subpaths marked.
 */
export function markClientEntries(metafile, entries, root) {
  const marked = [];
  const done = new Set();
  for (const e of entries) {
    const closure = staticClosure(metafile, e.source, { cwd: root });
    if (!closure.externals.some((x) => REACT.test(x))) continue;
    if (SERVER_SAFE.includes(e.subpath)) {
      throw new Error(`${e.subpath} (${e.source}) reaches React statically: it must stay server-safe`);
    }
    marked.push(e.subpath);
    if (done.has(closure.entry)) continue;
    done.add(closure.entry);
    const file = join(root, closure.entry);
    const code = readFileSync(file, 'utf8');
    if (!code.startsWith(USE_CLIENT)) writeFileSync(file, USE_CLIENT + code);
  }
  return marked;
}
