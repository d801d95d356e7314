// DEMO_BUILD_DIR: one build of the demo and the sample wallet shared by several stacks (a test
// run starts one per worker), made under a lock by whichever stack comes first.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildDemo } from './demo-build.mjs';
import { buildWallet } from './wallet-build.mjs';

/**
 * The demo and the sample wallet built once into `dir` for several stacks (a test run starts one
 * per worker): the first stack builds under a lock and records the outcome in `dir/build.json`;
 * the others wait for it and serve the same files. Nobody deletes `dir` but its owner.
 * @param {string} dir
 * @returns {Promise<{ demo: { outdir: string, ok: boolean, errors: string[] }, wallet: { ok: boolean, errors: string[] } }>}
 */
export async function sharedBuild(dir) {
  const record = join(dir, 'build.json');
  const lock = `${dir}.lock`;
  const read = async () => JSON.parse(await readFile(record, 'utf8').catch(() => 'null'));
  for (const started = Date.now(); ; ) {
    const done = await read();
    if (done) return { demo: { outdir: dir, ok: done.ok, errors: done.errors }, wallet: done.wallet };
    const owner = await mkdir(lock).then(() => true, () => false);
    if (owner) {
      try {
        if (await read()) continue;
        const demo = await buildDemo({ outdir: dir });
        const wallet = await buildWallet({ outdir: dir });
        await writeFile(`${record}.tmp`, JSON.stringify({ ok: demo.ok, errors: demo.errors, wallet }));
        await rename(`${record}.tmp`, record);
        return { demo, wallet };
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
    }
    if (Date.now() - started > 300_000) throw new Error(`DEMO_BUILD_DIR: ${lock} held for 5 minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
