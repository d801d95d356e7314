#!/usr/bin/env node
// `npm run bench`: a plain React page against the same page with Latchkey (React entry, EVM plugin,
// browser wallets), loaded alternately in headless Chromium. Prints medians side by side, ratios
// and the budgets:
//   JS (gzip) before the connect button works, excluding React  ≤ 60 KiB
//   click → modal visible                                        ≤ plain + 2 frames (33.4 ms)
//   JS heap with the modal open                                  ≤ 2 × plain
//   with the email and socials plugins registered too, JS before the button works ≤ Latchkey + 1 KiB
// and, printed beside them with issue 14's goals: the page with every first-party plugin registered
// (its entry generated from package.json's ./plugins/* exports), click → Connect view's wallet list
// painted, and the size of the WalletConnect path (its chunks, the QR library) in that page's build;
// a page with a remote directory of 5,000 wallets (served here at /directory/getWallets): click on
// "All Wallets" → first rows visible, with the directory in memory (and, as information, the first
// opening, which fetches it); a page with the WalletConnect plugin and the local relay (samples/relay,
// started here on a free port): on a warm page, click on "WalletConnect" → the pairing view's first
// paint and → the QR code with the pairing URI, counted in frames (rAF callbacks after the click).
// Options: --runs N (default 5, or BENCH_RUNS), --no-warmup, --json FILE (also write the raw figures),
// --pages a,b (measure only these pages and the plain one; names as in PAGES in settings.mjs), --profile DIR (a CPU
// profile of each page's last click, from the click to the modal visible: DIR/<page>.cpuprofile, opens in
// Chromium's DevTools; the heaviest functions by self time are printed).
// Exits 0 whatever the budgets say; 1 only when a page cannot be built or measured.
// The parts: settings.mjs (pages, budgets, goals), build.mjs and page-html.mjs (the pages), server.mjs,
// measure.mjs (one run in Chromium, with probe.mjs, flows.mjs and profile.mjs), report.mjs (the tables).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, describeOutputs } from './build.mjs';
import { measure } from './measure.mjs';
import { writeHtml } from './page-html.mjs';
import { medians, printReport } from './report.mjs';
import { serve } from './server.mjs';
import { BUDGET, GOAL, PAGES } from './settings.mjs';

// ---------------------------------------------------------------- arguments
const argv = process.argv.slice(2);
const argValue = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const RUNS = Number(argValue('--runs') ?? process.env.BENCH_RUNS ?? 5);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`bench: --runs must be a positive integer (got ${argValue('--runs') ?? process.env.BENCH_RUNS})`);
  process.exit(1);
}
const WARMUP = !argv.includes('--no-warmup');
const JSON_OUT = argValue('--json');
/** --pages a,b: measure only these pages (and the plain one), e.g. while working on one of them. */
const ONLY = argValue('--pages')?.split(',');
const PROFILE_DIR = argValue('--profile');

async function main() {
  const outdir = await mkdtemp(join(tmpdir(), 'latchkey-bench-'));
  let server;
  let relay;
  let exitCode = 0;
  try {
    process.stdout.write('Building the pages… ');
    const built = await build(outdir);
    const outputs = await describeOutputs(outdir, built.metafile);
    for (const page of built.pages) await writeHtml(outdir, page);
    console.log('done');
    for (const [file, info] of outputs) if (info.mixed) console.warn(`warning: ${file} mixes React with other code; counted as non-React`);
    if (built.errors.latchkey) {
      exitCode = 1;
      console.error(`\nFAIL: the Latchkey page did not build, so only the plain page is measured:\n  ${built.errors.latchkey.split('\n').join('\n  ')}\n`);
    }

    server = await serve(outdir);
    // The local WalletConnect relay (samples/relay), in this process, on a free port.
    if (built.pages.includes('walletconnect') || built.pages.includes('all')) {
      const { startRelay } = await import('../../samples/relay/server.mjs');
      relay = await startRelay({ port: 0, log: false });
    }
    const pages = built.pages.filter((p) => !ONLY || p === 'plain' || ONLY.includes(p));
    const results = Object.fromEntries(pages.map((p) => [p, []]));
    const failures = {};
    const runOnce = async (page, keep) => {
      if (failures[page]) return;
      try {
        const query = page === 'walletconnect' || page === 'all' ? `?relay=${encodeURIComponent(relay.url)}` : '';
        const r = await measure(server.origin, page, outputs, query, keep && results[page].length === RUNS - 1 ? PROFILE_DIR : undefined);
        if (keep) results[page].push(r);
        process.stdout.write('.');
      } catch (err) {
        failures[page] = err.message;
        process.stdout.write('x');
      }
    };
    process.stdout.write(`Measuring ${RUNS} run(s) per page, alternating${WARMUP ? ', after one warm-up each' : ''} `);
    if (WARMUP) for (const page of pages) await runOnce(page, false);
    for (let i = 0; i < RUNS; i++) for (const page of pages) await runOnce(page, true);
    console.log(' done\n');
    for (const [page, msg] of Object.entries(failures)) {
      exitCode = 1;
      console.error(`FAIL: the ${PAGES[page].title} page could not be measured: ${msg}\n`);
    }

    const med = medians(pages, results);
    printReport({ runs: RUNS, med, results, built, outputs });
    if (JSON_OUT) {
      await writeFile(resolve(JSON_OUT), JSON.stringify({ runs: RUNS, budget: BUDGET, goal: GOAL, allPlugins: built.allPlugins ?? [], medians: med, results, failures, buildErrors: built.errors }, null, 2));
      console.log(`Raw figures written to ${JSON_OUT}`);
    }
  } finally {
    await relay?.stop();
    await server?.close();
    await rm(outdir, { recursive: true, force: true });
  }
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`bench failed: ${err?.stack ?? err}`);
    process.exit(1);
  },
);
