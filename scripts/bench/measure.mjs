// One run of one page in a fresh headless Chromium: load, wait for the connect button, click, time the
// modal, weigh the heap and the JS that had arrived, then the page's own flow. With `profileDir`, the
// click's CPU profile is saved and summed up (profile.mjs).
import { launchBrowser } from './chromium.mjs';
import { allWalletsFlow, walletConnectFlow } from './flows.mjs';
import { openFigures, probe } from './probe.mjs';
import { saveProfile } from './profile.mjs';
import { PAGES } from './settings.mjs';

/** One run of `page`: its figures; `profileDir` (e.g. --profile's folder) saves the click's CPU profile there. */
export async function measure(origin, page, outputs, query = '', profileDir = undefined) {
  const browser = await launchBrowser(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const tab = await context.newPage();
    const errors = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.addInitScript(probe);
    await tab.goto(`${origin}/${page}.html${query}`, { waitUntil: 'load' });
    try {
      await tab.waitForFunction(() => window.__bench.readyAt !== null, null, { timeout: 30_000 });
    } catch {
      throw new Error(`the connect button never became usable${errors.length ? ` (page errors: ${errors.join('; ')})` : ''}`);
    }
    const { readyAt, resources } = await tab.evaluate(() => window.__bench);
    // Let start-up work settle before clicking, as a user would not click within the first frame.
    await tab.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
    await tab.waitForTimeout(1000); // a page idle for a second, as a visitor's before the click

    const cdp = await context.newCDPSession(tab);
    await cdp.send('Performance.enable');
    const scriptSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
    await tab.evaluate(() => window.__bench.arm());
    const scriptBefore = await scriptSeconds();
    const profiler = profileDir ? await context.newCDPSession(tab) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 50 });
      await profiler.send('Profiler.start');
    }
    await tab.getByRole('button', { name: 'Connect Wallet' }).first().click();
    try {
      await tab.waitForFunction(() => window.__bench.visibleAt !== null, null, { timeout: 10_000 });
    } catch {
      throw new Error(`no visible [role=dialog] within 10 s of the click${errors.length ? ` (page errors: ${errors.join('; ')})` : ''}`);
    }
    await tab.waitForFunction(() => window.__bench.listAt !== null, null, { timeout: 10_000 }).catch(() => {});
    const { clickAt, visibleAt, listAt } = await tab.evaluate(() => window.__bench);
    if (profiler) await saveProfile((await profiler.send('Profiler.stop')).profile, page, clickAt, visibleAt, origin, profileDir);

    // the open: script run until the card stood still (three like frames), then the whole window's record
    await tab.waitForFunction(() => window.__bench.open.stillAt !== null, null, { timeout: 10_000 }).catch(() => {});
    const scriptOpenMs = ((await scriptSeconds()) - scriptBefore) * 1000;
    await tab.waitForFunction(() => window.__bench.open.done, null, { timeout: 10_000 });
    const scriptWindowMs = ((await scriptSeconds()) - scriptBefore) * 1000;
    const open = openFigures(await tab.evaluate(() => window.__bench.open), clickAt);
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value;

    let js = 0;
    let react = 0;
    const files = [];
    for (const r of resources) {
      const url = new URL(r.name);
      if (url.origin !== origin || !url.pathname.endsWith('.js')) continue;
      const info = outputs.get(url.pathname.slice(1));
      if (!info) continue;
      files.push(url.pathname.slice(1));
      if (info.react) react += info.gzip;
      else js += info.gzip;
    }
    const listMs = listAt === null ? null : listAt - clickAt;
    // The page's own flow after the common figures (so the heap above stays comparable).
    const flow = PAGES[page].flow;
    const extra = flow === 'allWallets' ? await allWalletsFlow(tab) : flow === 'walletConnect' ? await walletConnectFlow(tab) : {};
    return { readyMs: readyAt, clickMs: visibleAt - clickAt, listMs, ...open, scriptOpenMs, scriptWindowMs, heap, jsGzip: js, reactGzip: react, files, errors, ...extra };
  } finally {
    await browser.close();
  }
}
