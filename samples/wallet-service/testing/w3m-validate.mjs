#!/usr/bin/env node
// Validates messages against @reown/appkit-wallet's published W3mFrameSchema (a dev dependency, used
// only here, in tests). Reads a JSON array of { dir: 'app' | 'frame', msg } on stdin and prints a JSON
// array of { ok, error? } in the same order. Runs as a child process: the package is ESM-only.
import { W3mFrameSchema } from '@reown/appkit-wallet';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const items = JSON.parse(input);
const out = items.map(({ dir, msg }) => {
  const schema = dir === 'app' ? W3mFrameSchema.appEvent : W3mFrameSchema.frameEvent;
  const r = schema.safeParse(msg);
  return r.success ? { ok: true } : { ok: false, error: r.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
});
process.stdout.write(JSON.stringify(out));
