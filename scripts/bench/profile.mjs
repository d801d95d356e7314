// The click's CPU profile: written as <dir>/<page>.cpuprofile, and where the page's own scripts spent it printed.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Writes the click's CPU profile and prints where the page's own scripts spent it: self time by function
 * and by file, from the click until the modal was visible and its wallet list painted (the profiler is
 * stopped then; a little of what follows the paint, such as a prewarm, may be in it).
 */
export async function saveProfile(profile, page, clickAt, visibleAt, origin, dir) {
  await mkdir(dir, { recursive: true }); // --profile DIR need not exist (a missing one failed every page's run)
  await writeFile(join(dir, `${page}.cpuprofile`), JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFunction = new Map();
  const byFile = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const { url, functionName, lineNumber, columnNumber } = byId.get(id).callFrame;
    if (!url.startsWith(origin)) return; // the browser's and the test driver's own work
    const file = url.slice(origin.length);
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + dt);
    byFile.set(file, (byFile.get(file) ?? 0) + dt);
    total += dt;
  });
  const ms = (us) => `${(us / 1000).toFixed(2).padStart(6)} ms`;
  console.log(`\n${page}: click → visible ${(visibleAt - clickAt).toFixed(1)} ms; the page's scripts ran ${ms(total).trim()} (profile in ${dir}/${page}.cpuprofile)`);
  for (const [k, us] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${ms(us)}  ${k}`);
  for (const [k, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${ms(us)}  ${k}`);
}
